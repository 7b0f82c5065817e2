"""No client ever receives a card the rules hide from it, over whole matches of every game.

Bots fill most seats; the test drives two person seats (one thread each, random legal
actions) and a spectator watches.  When the match is over its action log is replayed with
the engine, and for every version the cards each audience may know are read from the real
state (``card_locations()`` and ``visible_locations(seat)``), accumulated **per deal**: a
card seen in an earlier deal and dealt again is not known in the new one.  Every frame each
client received must name only cards its audience has seen in that deal by that version
(events may also name what was seen just before the change that caused them).

The same run checks that no frame carries another seat's token, and that a finished table
refuses actions, joins and starts.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pakka.games
from pakka.server import protocol as P
from tests.generic.harness import card_tokens
from tests.server.conftest import create, join
from tests.server.test_ws import state

Audience = int | None
GAMES = {  # game: (deals to play in the default run; None = the whole match)
    "norlanninnakki": None,
    "pentagrammi": None,
    "anarchy": None,
    "guandan": 1,
}


@pytest.fixture(autouse=True)
def machine_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """These people play as fast as the machine: no rate limit."""
    monkeypatch.setattr(P, "RATE_PER_SECOND", 1e9)
    monkeypatch.setattr(P, "RATE_BURST", 1e9)


IN_PLAY = {"hand", "hidden", "committed", "trick", "played", "dummy"}
"""Locations whose cards the end of a deal may show (its last trick or showdown); never the
spare, the stock, discards or passed cards."""


ALL_CARDS = {
    name: {str(c) for c in pakka.games.get(name).deck(4, pakka.games.get(name).Options())}
    for name in GAMES
}


def tokens_of(value: Any) -> set[str]:
    return {str(c) for c in card_tokens(value)}


class Person(threading.Thread):
    """Plays one seat: a random legal action whenever the newest state offers some."""

    def __init__(self, ws: Any, seat: int, seed: int, stop_deal: int | None) -> None:
        super().__init__(daemon=True)
        self.ws, self.seat, self.rng, self.stop_deal = ws, seat, random.Random(seed), stop_deal
        self.frames: list[dict[str, Any]] = []
        self.failure: BaseException | None = None
        self.first: int | None = None

    def pending(self) -> int:
        return int(self.ws._send_rx.statistics().current_buffer_used)

    def run(self) -> None:
        latest: dict[str, Any] | None = None
        newest: dict[str, Any] | None = None
        try:
            while True:
                msg = self.ws.receive_json()
                self.frames.append(msg)
                if msg["type"] == "error":
                    assert msg["code"] == "illegal", msg  # only a race with a bot's move
                    latest = newest  # the refused move is lost: decide again on the newest state
                if msg["type"] == "state":
                    newest = msg
                    obs = msg["observation"]
                    if obs["result"] is not None:
                        return
                    first = self.first = obs["deal"] if self.first is None else self.first
                    if self.stop_deal is not None and obs["deal"] >= first + self.stop_deal:
                        return
                    latest = msg
                # act on the newest state once nothing newer is waiting
                if latest is not None and latest["legal_actions"] and not self.pending():
                    action = self.rng.choice(latest["legal_actions"])
                    self.ws.send_json(
                        {"type": "action", "action": action, "version": latest["version"]}
                    )
                    latest = None
        except BaseException as exc:
            self.failure = exc


def visibility(game: Any, record: dict[str, Any], audiences: list[Audience]) -> Any:
    """Per version: its deal, and per audience the cards known so far in that deal."""
    st = game.new_match(players=record["players"], options=record["options"], seed=record["seed"])
    deals: list[int] = []
    known: dict[Audience, list[set[str]]] = {a: [] for a in audiences}
    in_play: list[set[str]] = []
    actions = record["actions"]
    for v in range(len(actions) + 1):
        deal = st.deal_number()
        locs = st.card_locations()
        for a in audiences:
            now = {str(c) for name in st.visible_locations(a) for c in locs.get(name, ())}
            before = known[a][-1] if v and deals[-1] == deal else set()
            known[a].append(before | now)
        deals.append(deal)
        in_play.append(
            {str(c) for name, cards in locs.items() if name.split(":")[0] in IN_PLAY for c in cards}
        )
        if v < len(actions):
            st.apply(actions[v]["seat"], game.action_from_json(actions[v]["action"]))
    return deals, known, in_play


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_client_sees_a_hidden_card(game: str, client: TestClient, app: FastAPI) -> None:
    play_and_check(game, GAMES[game], client, app)


@pytest.mark.slow  # a whole Guandan match is 1-2 thousand actions
def test_no_client_sees_a_hidden_card_in_a_whole_guandan_match(
    client: TestClient, app: FastAPI
) -> None:
    play_and_check("guandan", None, client, app)


def play_and_check(game: str, deals: int | None, client: TestClient, app: FastAPI) -> None:
    g = pakka.games.get(game)
    n = g.info.default_players
    people = [0, 2]
    seats = [{"kind": "person"} if s in people else {"kind": "bot"} for s in range(n)]
    made = create(client, game=game, players=n, seats=seats, name="P0")
    tid = made["table"]["id"]
    tokens = {0: made["token"], 2: join(client, tid, "P2")["token"]}
    url = f"/ws/tables/{tid}"
    contexts = {s: client.websocket_connect(f"{url}?token={t}") for s, t in tokens.items()}
    contexts[None] = client.websocket_connect(url)
    sockets = {a: c.__enter__() for a, c in contexts.items()}
    try:
        players = [Person(sockets[s], s, seed=s, stop_deal=deals) for s in people]
        for p in players:
            p.start()
        for p in players:
            p.join(timeout=120)
            assert not p.is_alive(), f"seat {p.seat} is stuck"
            assert p.failure is None, p.failure
        room = app.state.registry.rooms[tid]
        record = room.state.to_json()
        last = room.version
        spectator: list[dict[str, Any]] = []
        while True:  # the spectator's frames up to the last version played
            msg = sockets[None].receive_json()
            spectator.append(msg)
            if msg["type"] == "state" and msg["version"] >= last:
                break
        frames: dict[Audience, list[dict[str, Any]]] = {p.seat: p.frames for p in players}
        frames[None] = spectator
        if deals is None:
            assert room.state.is_over()
            finished_table_refuses(client, app, tid, tokens, sockets)
    finally:
        for c in contexts.values():
            c.__exit__(None, None, None)

    deal_of, known, in_play = visibility(g, record, list(frames))
    checked = 0
    for a, got in frames.items():
        secret = {t for s, t in tokens.items() if s != a}
        for msg in got:
            text = str(msg)
            assert not [t for t in secret if t in text], f"{a} received another seat's token"
            if msg["type"] != "state":
                assert msg["type"] != "error" or tokens_of(msg) <= known[a][-1] | set().union(
                    *known[a]
                )
                continue
            v = msg["version"]
            allowed = known[a][v]
            shown = tokens_of({k: msg[k] for k in ("observation", "legal_actions", "legal_text")})
            leaked = shown - allowed
            assert not leaked, (
                f"{game}: {'spectator' if a is None else f'seat {a}'} at version {v} "
                f"(deal {deal_of[v]}) was shown hidden cards {sorted(leaked)}"
            )
            told = tokens_of(msg["events"]) - allowed - (known[a][v - 1] if v else set())
            if v and deal_of[v] != deal_of[v - 1]:
                # the change that ends a deal reveals its end (last trick, showdown, an
                # Anarchy spare played as a joker): the finished deal's cards are history
                told -= in_play[v - 1] | ALL_CARDS[game]
            assert not told, (
                f"{game}: {'spectator' if a is None else f'seat {a}'} at version {v} "
                f"was told hidden cards {sorted(told)} in events {msg['events']}"
            )
            checked += 1
    assert checked > len(record["actions"])


def finished_table_refuses(
    client: TestClient, app: FastAPI, tid: str, tokens: dict[int, str], sockets: Any
) -> None:
    room = app.state.registry.rooms[tid]
    before = (room.version, room.rec.status, room.state.to_json())
    ws = sockets[0]
    ws.send_json({"type": "action", "action": {"type": "play", "cards": ["S2"]}})
    while (msg := ws.receive_json())["type"] != "error":
        pass
    assert msg["code"] in ("illegal", "not_started"), msg
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Late"}).status_code == 409
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    assert client.post(f"/api/tables/{tid}/start", headers=auth).status_code == 409
    assert client.post(f"/api/tables/{tid}/rematch").status_code in (401, 403)
    assert (room.version, room.rec.status, room.state.to_json()) == before


def test_a_token_holds_its_own_seat_at_its_own_table_only(client: TestClient) -> None:
    a = create(client, players=2, name="Ann", options={"deals": 1})
    b = create(client, players=2, name="Bob", options={"deals": 1})
    ta, tb = a["table"]["id"], b["table"]["id"]
    join(client, ta, "Cid")
    view = client.get(f"/api/tables/{ta}").json()
    assert a["token"] not in str(view) and "token" not in str(view["seats"])
    with client.websocket_connect(f"/ws/tables/{tb}?token={a['token']}") as ws:
        assert ws.receive_json()["code"] == "not_seated"
    auth = {"Authorization": f"Bearer {a['token']}"}
    assert client.get(f"/api/tables/{tb}/state", headers=auth).status_code in (403, 409)
    # the state a seat reads is its own, whatever it asks for
    with client.websocket_connect(f"/ws/tables/{ta}?token={a['token']}") as ws:
        msg = state(ws)
        assert msg["observation"]["seat"] == 0
