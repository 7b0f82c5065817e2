"""Errors cost little to answer (issue 31, item 6).

A 99-byte illegal action at a Guandan lead was answered with a 24.6 KB error listing 269
legal actions: at a third of one address's message rate the server sent 9.9 MB/s and used
91 % of a core.  Now errors a client causes name the state whose legal actions apply
(which the client has) instead of listing them again, and one address's messages are
limited on all its sockets together.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import create, ws_connect
from tests.server.test_ws import state, until

GUANDAN_PERSON = {
    "game": "guandan",
    "players": 4,
    "name": "Ann",
    "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * 3,
}


def _my_turn(ws: Any) -> dict[str, Any]:
    msg = state(ws)
    while not msg["legal_actions"]:
        msg = state(ws, msg["version"] + 1)
    return msg


def test_an_illegal_action_is_answered_briefly(client: TestClient) -> None:
    made = create(client, **GUANDAN_PERSON)
    with ws_connect(client, made["table"]["id"], made["token"]) as ws:
        msg = _my_turn(ws)
        legal = msg["legal_actions"]
        held = set(msg["observation"]["hand"])
        suit, rank = next(
            (suit, rank)
            for suit in "SHDC"
            for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
            if f"{suit}{rank}" not in held
        )
        # a single of a card Ann does not hold: well formed, against the rules
        wrong = {"type": "play", "cards": [suit + rank], "combo": {"type": "single", "key": rank}}
        ws.send_text(json.dumps({"type": "action", "action": wrong}))
        err = until(ws, lambda m: m["type"] == "error")
        size = len(json.dumps(err))
        assert err["code"] == "illegal"
        assert err["legal_actions"] == []  # before: every legal action again
        assert (err["match"], err["version"]) == (msg["match"], msg["version"])
        assert err["message"].startswith("seat 0 cannot ")
        n = len(legal)  # one when Ann's first decision is a forced tribute
        named = f"; legal: the {n} action{'s' if n != 1 else ''} of version {msg['version']}"
        assert named in err["message"]
        assert size < 600, size  # before: tens of kilobytes at a lead
        for raw in ("{", "[]", '{"type": "action"}'):  # not JSON, not an object, no action
            ws.send_text(raw)
            err = until(ws, lambda m: m["type"] == "error")
            assert err["legal_actions"] == [] and err["version"] == msg["version"], err


@pytest.mark.limits(
    address_messages_per_second=0.001,
    address_message_burst=5,
    messages_per_second=100,
    message_burst=100,
)
def test_messages_are_limited_per_address_on_all_its_sockets(client: TestClient) -> None:
    tid = create(client, players=2)["table"]["id"]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(ws_connect(client, tid)) for _ in range(3)]
        for ws in sockets:
            until(ws, lambda m: m["type"] == "table")
        answers = []
        for ws in sockets:
            for _ in range(2):
                ws.send_json({"type": "ping"})
                answers.append(until(ws, lambda m: m["type"] in ("pong", "error")))
    assert [a["type"] for a in answers].count("pong") == 5  # before: 6, each socket its own
    refused = next(a for a in answers if a["type"] == "error")
    assert refused["code"] == "rate_limited" and "from your address" in refused["message"]
