"""No client ever receives a card the rules hide from it, over whole matches of every game.

Bots fill most seats; the test drives two person seats (one thread each, random legal
actions) and a spectator watches.  When the match is over its action log is replayed with
the engine, and for every version the cards each audience may know are read from the real
state (``card_locations()`` and ``visible_locations(seat)``), accumulated **per deal**: a
card seen in an earlier deal and dealt again is not known in the new one (a Norlanninnakki
throw-in starts a new deal here too: its cards are dealt again).  Every frame each client
received must name only cards its audience has seen in that deal by that version (events
may also name what was seen just before the change that caused them).

The change that ends a deal is checked exactly: its events may name only the cards of the
new deal its audience may know, plus the cards the end of the old deal shows everyone,
worked out from the rules and the state before the change (:func:`deal_end_reveal`): the
last trick or play, never a hand, the spare or the stock.

The same run checks that no frame carries another seat's token, and that a finished table
refuses actions, joins and starts.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

import pakka.games
from pakka.engine import Action, State
from pakka.games import anarchy
from tests.generic.harness import card_tokens
from tests.server.conftest import create, join, real_ws, ws_connect
from tests.server.test_ws import state

Audience = int | None
GAMES = {  # game: (deals to play in the default run; None = the whole match)
    "norlanninnakki": None,
    "pentagrammi": None,
    "anarchy": None,
    "guandan": 1,
}


pytestmark = pytest.mark.limits(
    messages_per_second=1e9,
    message_burst=10**9,
    address_messages_per_second=1e9,
    address_message_burst=10**9,
)
"""These people play as fast as the machine: no rate limit."""


def tokens_of(value: Any) -> set[str]:
    return {str(c) for c in card_tokens(value)}


def names(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def deal_key(st: State) -> tuple[int, int]:
    """Which deal the cards belong to: the deal number, and for Norlanninnakki the throw-ins
    of that deal (N5.3/N6.1: the same dealer deals the cards again, keeping the number)."""
    return st.deal_number(), getattr(st, "throw_ins", 0)


def deal_end_reveal(game: str, st: State, action: Action) -> set[str]:
    """The cards the change that ends a deal shows every audience, from the state before it.

    Exactly the deal's last trick (or play), per the rules and the engines:

    * Norlanninnakki (N9, N10) and Pentagrammi (P5-P7): the cards already in the last trick
      (public) and the card the last player adds (the ``play`` and ``trick`` events).  A
      deal that ends without play (a lone knocker, a throw-in) shows no card.
    * Anarchy (A6-A8): every committed card of the last trick (hidden until all have
      committed, then revealed together), the card the last player commits, in 3p the
      dummy's top card turned with them (A6.4, A8), and, when one of them is the joker in
      3p/4p, the spare turned up to replace it (A7.1).  The spare of a deal without a
      bomb is never shown; the joker it replaces is not named in the trick.
    * Guandan: the play that finishes the deal; the cards still in hands stay hidden.

    No deal end shows a hand, the stock, discards or passed cards.
    """
    played = action.to_json()
    if played.get("type") != "play":
        return set()
    locs = st.card_locations()
    cards = tokens_of(played)
    if game in ("norlanninnakki", "pentagrammi"):
        return cards | names(locs["trick"])
    if game == "anarchy":
        trick = [c for name, held in locs.items() if name.startswith("committed:") for c in held]
        trick.append(action.card)  # type: ignore[attr-defined]
        trick += locs.get("dummy_top") or locs["dummy"][-1:]
        if st.players < 5 and any(c.suit == anarchy.JOKER_SUIT for c in trick):
            trick += locs["spare"][-1:]  # the bomb: the spare replaces the joker
            trick = [c for c in trick if c.suit != anarchy.JOKER_SUIT]
        return names(trick)
    assert game == "guandan", game
    return cards


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
                    # only a race with another seat's move (one that began a break)
                    assert msg["code"] in ("illegal", "paused"), msg
                    latest = newest  # the refused move is lost: decide again on the newest state
                if msg["type"] == "state":
                    newest = msg
                    obs = msg["observation"]
                    pause = msg["present"].get("pause")
                    if pause is not None and pause["you_reading"]:  # read, then go on
                        self.ws.send_json({"type": "ready"})
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
    """Per version: its deal, per audience the cards known so far in that deal, and the
    cards the change to that version showed everyone as the end of a deal."""
    st = game.new_match(players=record["players"], options=record["options"], seed=record["seed"])
    deals: list[tuple[int, int]] = []
    known: dict[Audience, list[set[str]]] = {a: [] for a in audiences}
    reveals: list[set[str]] = [set()]
    actions = record["actions"]
    for v in range(len(actions) + 1):
        deal = deal_key(st)
        locs = st.card_locations()
        for a in audiences:
            now = {str(c) for name in st.visible_locations(a) for c in locs.get(name, ())}
            before = known[a][-1] if v and deals[-1] == deal else set()
            known[a].append(before | now)
        deals.append(deal)
        if v < len(actions):
            action = game.action_from_json(actions[v]["action"])
            reveal = deal_end_reveal(game.info.name, st, action)
            st.apply(actions[v]["seat"], action)
            reveals.append(reveal if deal_key(st) != deal else set())
    return deals, known, reveals


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
    contexts = {s: ws_connect(client, tid, t) for s, t in tokens.items()}
    contexts[None] = ws_connect(client, tid)
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

    deal_of, known, reveals = visibility(g, record, list(frames))
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
            # told in words too; the wild card values are a rule (the level's hearts) that
            # names no card's place
            said = {"events": msg["events"], "present": msg["present"]}
            rule = set(msg["present"]["wild"])
            if v and deal_of[v] != deal_of[v - 1]:
                # the change that ends a deal: the new deal as this audience sees it, what
                # it already knew of the old one (a deal's summary restates public piles)
                # and exactly what the end of the old one shows everyone (its last trick)
                told = tokens_of(said) - rule - allowed - known[a][v - 1] - reveals[v]
            else:
                told = tokens_of(said) - rule - allowed - (known[a][v - 1] if v else set())
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
    with ws_connect(client, tb, a["token"]) as ws:
        assert ws.receive_json()["code"] == "not_seated"
    auth = {"Authorization": f"Bearer {a['token']}"}
    assert client.get(f"/api/tables/{tb}/state", headers=auth).status_code in (403, 409)
    # the state a seat reads is its own, whatever it asks for
    with ws_connect(client, ta, a["token"]) as ws:
        msg = state(ws)
        assert msg["observation"]["seat"] == 0


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextlib.contextmanager
def logged_server(tmp_path: Path) -> Iterator[tuple[int, list[str]]]:
    """A real uvicorn (access log on) in a thread; every log line any logger writes."""
    import uvicorn

    from pakka.server.app import Settings, create_app

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'logs.sqlite3'}", bot_delay=0))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="debug")
    server = uvicorn.Server(config)
    records = _Records()
    loggers = [logging.getLogger(n) for n in ("", "uvicorn", "uvicorn.access", "uvicorn.error")]
    for logger in loggers:
        logger.addHandler(records)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "no server"
            time.sleep(0.02)
        yield port, records.lines
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        for logger in loggers:
            logger.removeHandler(records)


def test_seat_tokens_never_reach_the_logs(tmp_path: Path, toy: Any) -> None:
    """The token travelled in the WebSocket URL, and uvicorn logged it (issue 18, item 3):
    whoever read the logs could play any seat.  Now it goes in the first message, a token
    in a URL is refused, and the loggers redact one anyway."""
    from websockets.sync.client import connect

    with logged_server(tmp_path) as (port, lines):
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(
            f"{base}/api/tables", json={"game": "toy", "players": 2, "name": "Ann"}
        ).json()
        tid, token = made["table"]["id"], made["token"]
        with real_ws(port, tid, token) as ws:  # the protocol: the token in the first message
            hello = json.loads(ws.recv(timeout=10))
            assert hello["type"] == "hello" and hello["seat"] == 0
        url = f"ws://127.0.0.1:{port}/ws/tables/{tid}?token={token}"
        with connect(url) as ws:  # a client that puts it in the URL is refused
            err = json.loads(ws.recv(timeout=10))
            assert err["code"] == "bad_message" and "not taken in the URL" in err["message"]
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
        auth = {"Authorization": f"Bearer {token}"}
        assert httpx.post(f"{base}/api/tables/{tid}/leave", headers=auth).status_code == 200
        httpx.get(f"{base}/api/tables/{tid}/state?token={token}")
    text = "\n".join(lines)
    assert f"/ws/tables/{tid}" in text, "the handshakes were not logged at all"
    assert token not in text
    assert "token=[redacted]" in text


def test_leaving_revokes_the_token_and_closes_its_sockets(client: TestClient) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid, token = made["table"]["id"], made["token"]
    with ws_connect(client, tid, token) as ws, ws_connect(client, tid, token) as again:
        for sock in (ws, again):
            assert sock.receive_json()["seat"] == 0
        auth = {"Authorization": f"Bearer {token}"}
        assert client.post(f"/api/tables/{tid}/leave", headers=auth).status_code == 200
        for sock in (ws, again):
            while (msg := sock.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "not_seated" and "given up" in msg["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                sock.receive_json()
            assert closed.value.code == 4403
    with ws_connect(client, tid, token) as ws:
        assert ws.receive_json()["code"] == "not_seated"
    assert client.post(f"/api/tables/{tid}/leave", headers=auth).status_code == 403


def test_tokens_expire_with_their_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat token works while its table is open (a day by default) or playing, and for
    an hour after the match (for a rematch); then it is refused."""
    from datetime import UTC, datetime, timedelta

    from pakka.server import storage

    def play_out(tid: str, token: str) -> None:
        with ws_connect(client, tid, token) as ws:
            while (msg := state(ws))["observation"]["result"] is None:
                if msg["legal_actions"]:
                    ws.send_json({"type": "action", "action": msg["legal_actions"][0]})

    bot = [{"kind": "person"}, {"kind": "bot"}]
    waiting = create(client, players=2, name="Ann", options={"deals": 1})
    playing = create(client, players=2, name="Bea", seats=bot, options={"deals": 1})
    over = create(client, players=2, name="Cid", seats=bot, options={"deals": 1})
    play_out(over["table"]["id"], over["token"])
    in_two_days = (datetime.now(UTC) + timedelta(days=2)).isoformat(timespec="seconds")
    monkeypatch.setattr(storage, "now", lambda: in_two_days)

    tid = waiting["table"]["id"]
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Dan"})
    assert r.status_code == 410 and "closed" in r.json()["detail"]
    with ws_connect(client, tid, waiting["token"]) as ws:
        err = ws.receive_json()
        assert err["code"] == "not_seated" and "expired" in err["message"]
    with ws_connect(client, playing["table"]["id"], playing["token"]) as ws:
        assert ws.receive_json()["seat"] == 0  # a match in play keeps its tokens
    auth = {"Authorization": f"Bearer {over['token']}"}
    r = client.post(f"/api/tables/{over['table']['id']}/rematch", headers=auth)
    assert r.status_code == 403 and "expired" in r.json()["detail"]
