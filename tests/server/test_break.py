"""The break between deals (issue 28): at a table with people the deal's summary is read
before the next deal's first decision is asked and before any bot moves.

Before, the next deal's first decision was live while the summary opened over it 1.5 s
later (clicks landed on the dialog), Guandan's tribute happened unseen behind it, and a
reload during the summary lost it.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import create, join, ws_connect
from tests.server.test_ws import until

Msg = dict[str, Any]


def _pause(msg: Msg) -> Msg | None:
    pause: Msg | None = msg["present"].get("pause")
    return pause


def _waiting(msg: Msg) -> list[int] | None:
    """Whom a state frame's break waits for (``None``: no state frame, or no break)."""
    pause = _pause(msg) if msg["type"] == "state" else None
    return None if pause is None else list(pause["waiting"])


def play_to_break(ws: WebSocketTestSession, seat: int, msg: Msg | None = None) -> Msg:
    """Play ``seat``'s first legal action whenever it may act (from ``msg`` on, if given),
    until a state frame says the table is in the break between deals; that frame."""
    while True:
        msg = msg or until(ws, lambda m: m["type"] == "state")
        if _pause(msg) is not None:
            return msg
        if msg["legal_actions"] and seat in msg["observation"]["to_act"]:
            ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
        msg = None


def test_a_person_reads_the_summary_before_the_next_deal_is_asked(client: TestClient) -> None:
    made = create(
        client,
        players=2,
        name="Ann",
        options={"deals": 3},
        seats=[{"kind": "person"}, {"kind": "bot", "level": "random"}],
    )
    tid, token = made["table"]["id"], made["token"]
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    with ws_connect(client, tid, token) as ws:
        msg = play_to_break(ws, 0)
        pause = _pause(msg)
        assert pause is not None
        # nothing of the next deal is asked: no legal actions, the prompt says why
        assert msg["legal_actions"] == [] and msg["present"]["actions"] == []
        assert pause["deal"] == 1 and pause["you_reading"] and pause["waiting"] == [0]
        assert pause["summary"]["kind"] == "deal" and pause["summary"]["rows"]
        assert msg["present"]["prompt"] == pause["text"] and "deal summary" in pause["text"]
        assert 0 < pause["seconds_left"] <= pause["seconds"] == 60
        assert any("Deal 2" in s for s in pause["coming"]), pause["coming"]
        version = msg["version"]
        # the bots wait too, and an action is refused, saying why
        time.sleep(0.3)
        assert room.version == version and room.movers() == []
        legal_now = room.state.legal_actions(min(room.state.to_act()))
        ws.send_json({"type": "action", "action": legal_now[0].to_json()})
        refused = until(ws, lambda m: m["type"] == "error")
        assert refused["code"] == "paused" and room.version == version
        ws.send_json({"type": "hint"})
        hint = until(ws, lambda m: m["type"] == "hint")
        assert hint["action"] is None and "summary" in hint["text"]
    # a reload during the break gets the summary again, in its language
    with ws_connect(client, tid, token) as ws:
        msg = until(ws, lambda m: m["type"] == "state")
        again = _pause(msg)
        assert again is not None and again["summary"] == pause["summary"]
        # past deal summaries can be reopened (the score sheet)
        ws.send_json({"type": "summaries"})
        sums = until(ws, lambda m: m["type"] == "summaries")
        assert sums["match"] == 1 and sums["deals"] == [pause["summary"]]
        ws.send_json({"type": "ready"})
        after = until(ws, lambda m: m["type"] == "state" and _pause(m) is None)
        assert after["version"] >= version
        if 0 in after["observation"]["to_act"]:
            assert after["legal_actions"]
        # on to the second break: the summaries now hold both deals
        msg = play_to_break(ws, 0, after)
        assert _pause(msg)["deal"] == 2  # type: ignore[index]
        ws.send_json({"type": "summaries"})
        sums = until(ws, lambda m: m["type"] == "summaries")
        assert [d["title"] for d in sums["deals"]] == ["Deal 1 is over", "Deal 2 is over"]


def test_the_break_waits_for_every_person_and_names_who_is_reading(client: TestClient) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 2})
    tid = made["table"]["id"]
    bea = join(client, tid, "Bea")
    with ws_connect(client, tid, made["token"]) as ann, ws_connect(client, tid, bea["token"]) as b:
        room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
        while room.paused() is None:  # both play their first legal action
            for ws, seat in ((ann, 0), (b, 1)):
                state = room.state
                if seat in state.to_act() and room.paused() is None:
                    action = state.legal_actions(seat)[0].to_json()
                    ws.send_json({"type": "action", "action": action, "version": room.version})
                    until(ws, lambda m: m["type"] in ("state", "error"))
        ann.send_json({"type": "ready"})
        seen = until(b, lambda m: _waiting(m) == [1])
        assert _pause(seen)["you_reading"]  # type: ignore[index]
        told = until(ann, lambda m: _waiting(m) == [1])
        assert told["present"]["prompt"] == "Waiting for Bea to read the deal summary"
        assert room.paused() is not None
        b.send_json({"type": "ready"})
        until(ann, lambda m: m["type"] == "state" and _pause(m) is None)
        assert room.paused() is None and room.state.to_act()


@pytest.mark.limits(summary_seconds=0.5)
def test_a_friend_who_has_gone_is_waited_for_only_so_long(client: TestClient) -> None:
    made = create(
        client,
        players=2,
        name="Ann",
        options={"deals": 2},
        seats=[{"kind": "person"}, {"kind": "bot", "level": "random"}],
    )
    with ws_connect(client, made["table"]["id"], made["token"]) as ws:
        paused = play_to_break(ws, 0)
        started = time.monotonic()
        msg = until(ws, lambda m: m["type"] == "state" and _pause(m) is None)
        assert time.monotonic() - started >= 0.3  # nobody said ready: the time ran out
        assert msg["version"] >= paused["version"] and msg["observation"]["result"] is None


def test_tables_of_bots_alone_do_not_wait(client: TestClient) -> None:
    made = create(
        client,
        players=2,
        options={"deals": 10},
        seats=[{"kind": "bot", "level": "random"}] * 2,
        bot_delay=0,
    )
    tid = made["table"]["id"]
    frames: list[Msg] = []
    with ws_connect(client, tid) as ws:
        while not frames or frames[-1]["observation"]["result"] is None:
            frames.append(until(ws, lambda m: m["type"] == "state"))
    # (the table plays from its creation: the spectator may come in late, but it sees the
    # end of a deal and the next one begin)
    assert len({m["observation"]["deal"] for m in frames}) >= 2
    assert not any(_pause(m) for m in frames)
