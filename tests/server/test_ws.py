"""The WebSocket protocol: play, privacy, errors to the sender only, spectators, reconnect."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from pakka.server import protocol as P
from pakka.server.protocol import MAX_MESSAGE_BYTES
from tests.server.conftest import create, join, ws_connect

Msg = dict[str, Any]


def until(ws: WebSocketTestSession, pred: Callable[[Msg], bool], limit: int = 500) -> Msg:
    """The first message satisfying ``pred`` (raising if it takes implausibly long)."""
    for _ in range(limit):
        msg: Msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("no such message")


def state(ws: WebSocketTestSession, version: int | None = None) -> Msg:
    return until(
        ws, lambda m: m["type"] == "state" and (version is None or m["version"] == version)
    )


def two_people(client: TestClient) -> tuple[str, str, str]:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    other = join(client, tid, "Bea")
    return tid, made["token"], other["token"]


def connect(client: TestClient, tid: str, token: str | None = None) -> Any:
    return ws_connect(client, tid, token)


def test_a_person_plays_a_whole_match_against_a_bot(client: TestClient) -> None:
    made = create(client, players=2, name="Ann", seats=[{"kind": "person"}, {"kind": "bot"}])
    tid, token = made["table"]["id"], made["token"]
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    with connect(client, tid, token) as ws:
        hello = ws.receive_json()
        assert hello == {"type": "hello", "protocol": 2, "table": tid, "seat": 0, "name": "Ann"}
        seen = 0
        msg = state(ws)
        while True:
            assert msg["version"] >= seen
            seen = msg["version"]
            obs = msg["observation"]
            assert obs["seat"] == 0 and obs["game"] == "toy"
            if obs["result"] is not None:
                break
            pause = msg["present"].get("pause")
            if pause is not None:  # between deals: read the summary, then go on
                assert msg["legal_actions"] == []
                if pause["you_reading"]:
                    ws.send_json({"type": "ready"})
                msg = state(ws)
            elif msg["legal_actions"] and 0 in obs["to_act"]:
                action = msg["legal_actions"][-1]
                ws.send_json({"type": "action", "action": action})
                # the state that acknowledges it (the bot may move first in a simultaneous
                # step, and it may be Ann's turn again at once): the log holds her action
                while True:
                    msg = until(ws, lambda m: m["type"] in ("state", "error"))
                    assert msg["type"] == "state", msg
                    done = room.state.log[seen : msg["version"]]
                    if (0, action) in [(s, a.to_json()) for s, a in done]:
                        break
            else:
                msg = state(ws)
        assert obs["result"]["scores"] == obs["scores"]
    table = client.get(f"/api/tables/{tid}").json()
    assert table["status"] == "over"
    auth = {"Authorization": f"Bearer {token}"}
    again = client.post(f"/api/tables/{tid}/rematch", headers=auth).json()
    assert again["status"] == "playing" and again["match"] == 2
    # the only person at the table asks again during play: a new match at once
    restarted = client.post(f"/api/tables/{tid}/rematch", headers=auth).json()
    assert restarted["status"] == "playing" and restarted["match"] == 3


def test_each_seat_sees_only_its_own_cards(client: TestClient, app: FastAPI) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    with connect(client, tid, t0) as ws0, connect(client, tid, t1) as ws1:
        sockets = {0: ws0, 1: ws1}
        latest = {s: state(ws) for s, ws in sockets.items()}
        for _ in range(40):
            truth = room.state
            assert truth is not None
            for seat, msg in latest.items():
                assert msg["version"] == room.version
                assert msg["observation"]["seat"] == seat
                hidden = [
                    str(c)
                    for loc, cards in truth.card_locations().items()
                    if loc not in truth.visible_locations(seat)
                    for c in cards
                ]
                text = json.dumps(msg)
                assert not [c for c in hidden if f'"{c}"' in text], (seat, msg)
            if truth.is_over():
                break
            seat = min(truth.to_act())
            version = room.version
            sockets[seat].send_json({"type": "action", "action": latest[seat]["legal_actions"][0]})
            latest = {s: state(ws, version + 1) for s, ws in sockets.items()}
        assert room.state.is_over()


def test_errors_go_to_the_sender_only_and_change_nothing(client: TestClient, app: FastAPI) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    with connect(client, tid, t0) as ws0, connect(client, tid, t1) as ws1:
        s0 = state(ws0)
        state(ws1)
        version = room.version
        before = room.state.full_state()
        to_act = min(room.state.to_act())
        actor, waiter = (ws0, ws1) if to_act == 0 else (ws1, ws0)
        bad: list[tuple[Any, str, str]] = [
            ("{not json", "bad_json", "not JSON"),
            ("[1, 2]", "bad_message", "a JSON object"),
            ({"type": "dance"}, "bad_message", "unknown message type 'dance'"),
            ({"type": "action"}, "bad_message", "action: Field required"),
            ({"type": "action", "action": {"type": "bid"}, "seat": 1}, "bad_message", "seat"),
            ({"type": "action", "action": {"type": "bid", "bid": "sky"}}, "illegal", "high/low"),
            ({"type": "action", "action": {"type": "play", "cards": ["S2"]}}, "illegal", "bid"),
            ({"type": "ping", "protocol": 99}, "protocol", "speaks 2"),
            ("x" * (MAX_MESSAGE_BYTES + 1), "too_large", "limit"),
        ]
        for message, code, words in bad:
            actor.send_text(message if isinstance(message, str) else json.dumps(message))
            err = until(actor, lambda m: m["type"] == "error")
            assert err["code"] == code, (message, err)
            assert words in err["message"], (message, err)
            # short: the state whose legal actions apply, not the actions again (issue 31)
            assert err["legal_actions"] == [] and err["version"] == version, (message, err)
            if code == "illegal":
                assert f"seat {to_act} cannot" in err["message"]
                assert err["message"].endswith(f"actions of version {version}")
        # the seat that is not to act is told so, with no legal actions
        waiter.send_json({"type": "action", "action": {"type": "bid", "bid": "high"}})
        err = until(waiter, lambda m: m["type"] == "error")
        assert "it is not your turn; waiting for seat" in err["message"]
        assert room.version == version and room.state.full_state() == before
        # a legal move now: each side's very next state is it, so no error leaked across
        actor.send_json({"type": "action", "action": {"type": "bid", "bid": "low"}})
        nxt_actor = until(actor, lambda m: m["type"] in ("state", "error"))
        assert nxt_actor["type"] == "state" and nxt_actor["version"] == version + 1
        for _ in range(5):
            nxt = waiter.receive_json()
            assert nxt["type"] != "error"
            if nxt["type"] == "state":
                break
        assert nxt["version"] == version + 1
        assert s0["version"] == version


def test_wrong_token_and_unknown_table_are_refused(client: TestClient) -> None:
    tid, _t0, _t1 = two_people(client)
    with connect(client, tid, "not-a-token") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "not_seated"
        assert "does not hold a seat" in err["message"]
        try:
            ws.receive_json()
            raise AssertionError("socket should be closed")
        except WebSocketDisconnect as exc:
            assert exc.code == 4403
    with connect(client, "nosuchtable") as ws:
        err = ws.receive_json()
        assert "no table" in err["message"]


def test_spectators_see_no_hands_and_cannot_act(client: TestClient) -> None:
    tid, _t0, _t1 = two_people(client)
    with connect(client, tid) as ws:
        hello = ws.receive_json()
        assert hello["seat"] is None
        msg = state(ws)
        assert msg["observation"]["hand"] is None and msg["legal_actions"] == []
        ws.send_json({"type": "action", "action": {"type": "bid", "bid": "high"}})
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "not_seated" and "spectators cannot act" in err["message"]
        ws.send_json({"type": "ping"})
        assert until(ws, lambda m: m["type"] != "table") == {"type": "pong"}


def test_reconnect_gives_the_current_view(client: TestClient, app: FastAPI) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    with connect(client, tid, t0) as ws0, connect(client, tid, t1) as ws1:
        for _ in range(3):
            seat = min(room.state.to_act())
            ws = ws0 if seat == 0 else ws1
            version = room.version
            ws.send_json({"type": "action", "action": room.state.legal_actions(seat)[0].to_json()})
            state(ws, version + 1)
        before = room.state.observation(0)
        version = room.version
    with connect(client, tid, t0) as ws0:
        msg = state(ws0)
        assert msg["version"] == version and msg["observation"] == before
        table = until(ws0, lambda m: m["type"] == "table" and m["table"]["seats"][0]["connected"])
        assert table["table"]["seats"][1]["connected"] is False
    assert (
        client.get(f"/api/tables/{tid}/state", headers={"Authorization": f"Bearer {t0}"}).json()[
            "observation"
        ]
        == before
    )


def test_hint_offers_a_legal_action(client: TestClient, app: FastAPI) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    seat = min(room.state.to_act())
    with connect(client, tid, t0 if seat == 0 else t1) as ws:
        msg = state(ws)
        ws.send_json({"type": "hint"})
        hint = until(ws, lambda m: m["type"] == "hint")
        assert hint["action"] in msg["legal_actions"] and hint["engine"]
        offered = [o["action"] for o in hint["alternatives"]]
        assert offered[0] == hint["action"] and len(set(map(str, offered))) == len(offered)
        assert all(a in msg["legal_actions"] for a in offered)
        ws.send_json({"type": "hint", "lang": "fi"})  # the why in the asked language
        assert until(ws, lambda m: m["type"] == "hint")["text"]


def test_a_hint_for_a_seat_not_to_act_says_so_in_its_language(
    client: TestClient, app: FastAPI
) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    waiting = next(s for s in (0, 1) if s not in room.state.to_act())
    with connect(client, tid, t0 if waiting == 0 else t1) as ws:
        state(ws)
        ws.send_json({"type": "hint", "lang": "fi"})
        hint = until(ws, lambda m: m["type"] == "hint")
        assert hint["action"] is None and hint["text"] == "Ei vihjettä: ei ole vuorosi."


def test_an_action_that_cannot_be_saved_is_not_applied(
    client: TestClient, app: FastAPI, monkeypatch: Any
) -> None:
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    seat = min(room.state.to_act())
    before, version = room.state.full_state(), room.version

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(app.state.registry.storage, "append_action", broken)
    with connect(client, tid, t0 if seat == 0 else t1) as ws:
        msg = state(ws)
        ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
        err = until(ws, lambda m: m["type"] == "error" or m.get("version", version) != version)
        assert err["type"] == "error" and "nothing changed" in err["message"]
        assert room.version == version and room.state.full_state() == before
        monkeypatch.undo()
        ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
        assert state(ws, version + 1)["version"] == version + 1


def test_state_frames_are_exactly_what_the_state_schema_describes(client: TestClient) -> None:
    """The server builds ``state`` frames as plain JSON (not through pydantic, for speed):
    each one must read as a :class:`StateMsg` and be what pydantic itself would send."""
    tid, t0, t1 = two_people(client)
    with (
        connect(client, tid, t0) as ws0,
        connect(client, tid, t1) as ws1,
        connect(client, tid) as spectator,
    ):
        frames = [state(ws0), state(ws1), state(spectator)]
        mover, msg = next(
            (ws, f) for ws, f in zip((ws0, ws1), frames[:2], strict=True) if f["legal_actions"]
        )
        mover.send_json({"type": "action", "action": msg["legal_actions"][0]})
        v = msg["version"] + 1
        frames += [state(ws0, v), state(ws1, v), state(spectator, v)]
    assert any(f["events"] for f in frames)
    for frame in frames:
        assert P.StateMsg.model_validate(frame).model_dump(mode="json") == frame
        assert list(frame) == list(P.StateMsg.model_fields)


def test_select_says_what_chosen_cards_mean_and_changes_nothing(
    client: TestClient, app: FastAPI
) -> None:
    """The browser asks the server's one selection rule (pakka.selection) when its lookup
    of ``present.keys`` finds nothing: the reply names the actions or says why not."""
    tid, t0, t1 = two_people(client)
    room = app.state.registry.rooms[tid]
    seat = min(room.state.to_act())
    with connect(client, tid, t0 if seat == 0 else t1) as ws:
        msg = state(ws)
        card = msg["present"]["hand"][0]
        ws.send_json({"type": "select", "cards": [card]})  # bidding: no card may be played
        reply = until(ws, lambda m: m["type"] == "selection")
        assert reply["actions"] == [] and reply["version"] == msg["version"]
        assert "cannot be played now" in reply["text"]
        ws.send_json({"type": "select", "cards": [], "choice": 1})
        reply = until(ws, lambda m: m["type"] == "selection")
        assert reply == {"type": "selection", "version": msg["version"], "actions": [1], "text": ""}
        ws.send_json({"type": "select", "cards": ["X9"]})
        error = until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "bad_message" and "X9" in error["message"]
        assert room.version == msg["version"]  # nothing changed
    with connect(client, tid) as watcher:
        state(watcher)
        watcher.send_json({"type": "select", "cards": []})
        assert until(watcher, lambda m: m["type"] == "error")["code"] == "not_seated"
