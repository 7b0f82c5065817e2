"""Practice at a table of one person and bots (issue 30), over the WebSocket: take back,
all hands, the coach, the practice mark, and the refusals anywhere else."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create
from tests.server.test_ws import connect, state, two_people, until

SEATS = [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]


def _practice_table(client: TestClient) -> tuple[str, str]:
    made = create(client, players=3, name="Ann", options={"deals": 2}, seats=SEATS)
    return made["table"]["id"], made["token"]


def _my_turn(ws: Any) -> dict[str, Any]:
    return until(
        ws,
        lambda m: (
            m["type"] == "state" and bool(m["legal_actions"]) and 0 in m["observation"]["to_act"]
        ),
    )


def _practice(ws: Any, op: str) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "practice" and m["op"] in (op, "error"))


def test_a_takeback_undoes_your_move_and_the_bots_replies(client: TestClient) -> None:
    tid, token = _practice_table(client)
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    store = client.app.state.registry.storage  # type: ignore[attr-defined]
    with connect(client, tid, token) as ws:
        first = _my_turn(ws)
        mine = first["version"]
        ws.send_json({"type": "action", "action": first["legal_actions"][0]})
        again = _my_turn(ws)  # the bots have replied (or it is my turn at once)
        assert again["version"] > mine
        ws.send_json({"type": "practice", "op": "takeback"})
        reply = _practice(ws, "takeback")
        assert reply["op"] == "takeback", reply
        back = reply["version"]
        assert back <= mine < again["version"]
        assert reply["undone"] >= again["version"] - back  # (bots may have moved on since)
        after = state(ws, back)
        assert after["legal_actions"] and 0 in after["observation"]["to_act"]
        assert back <= len(store.match(tid, 1).actions) < back + reply["undone"]
        assert room.practice
        # play on to the end with another move: the table works, the result says practice
        msg = after
        while msg["observation"]["result"] is None:
            if msg["present"].get("pause"):
                ws.send_json({"type": "ready"})  # read the summary: no 60 s break
            elif msg["legal_actions"] and 0 in msg["observation"]["to_act"]:
                ws.send_json({"type": "action", "action": msg["legal_actions"][-1]})
            msg = state(ws)
            while msg["version"] < room.version and msg["observation"]["result"] is None:
                msg = state(ws)
    assert store.match(tid, 1).result["practice"] is True
    review = client.post(f"/api/tables/{tid}/matches/1/review", params={"seat": 0}).json()
    assert review["practice"] is True
    listed = client.get(f"/api/tables/{tid}/matches").json()
    assert listed[0]["result"]["practice"] is True


def test_nothing_to_take_back_before_you_act(client: TestClient) -> None:
    tid, token = _practice_table(client)
    with connect(client, tid, token) as ws:
        state(ws)  # seat 0 has not acted: only its person acts for it
        ws.send_json({"type": "practice", "op": "takeback"})
        reply = _practice(ws, "takeback")
        assert reply["op"] == "error" and reply["code"] == "nothing_to_take_back"


def test_all_hands_and_the_coach(client: TestClient) -> None:
    tid, token = _practice_table(client)
    with connect(client, tid, token) as ws:
        msg = _my_turn(ws)
        ws.send_json({"type": "practice", "op": "hands"})
        hands = _practice(ws, "hands")
        assert len(hands["hands"]) == 3
        assert hands["hands"][0] == msg["observation"]["hand"]
        ws.send_json(
            {"type": "practice", "op": "coach", "action": msg["legal_actions"][0], "lang": "fi"}
        )
        coach = _practice(ws, "coach")
        assert coach["op"] == "coach", coach
        assert coach["mark"] in ("", "inaccuracy", "mistake")
        assert coach["preferred"] in msg["legal_actions"]
        assert coach["action"] == msg["legal_actions"][0]
        ws.send_json({"type": "practice", "op": "coach", "action": {"type": "nonsense"}})
        assert _practice(ws, "coach")["code"] == "illegal"


def test_practice_is_refused_at_a_table_of_people_and_to_spectators(client: TestClient) -> None:
    tid, ann, _ = two_people(client)
    with connect(client, tid, ann) as ws:
        state(ws)
        ws.send_json({"type": "practice", "op": "takeback"})
        reply = _practice(ws, "takeback")
        assert reply["code"] == "not_practice" and "one person and bots" in reply["message"]
    tid, _ = _practice_table(client)
    with connect(client, tid) as ws:
        state(ws)
        ws.send_json({"type": "practice", "op": "hands"})
        assert _practice(ws, "hands")["code"] == "not_practice"


def test_the_same_cards_are_dealt_again(client: TestClient) -> None:
    tid, token = _practice_table(client)
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    store = client.app.state.registry.storage  # type: ignore[attr-defined]
    dealt = room.game.from_json({**room.state.to_json(), "actions": []}).observation(0)["hand"]
    with connect(client, tid, token) as ws:
        first = _my_turn(ws)
        ws.send_json({"type": "action", "action": first["legal_actions"][0]})
        played = _my_turn(ws)
        ws.send_json({"type": "practice", "op": "redeal"})
        reply = _practice(ws, "redeal")
        assert reply["op"] == "redeal", reply
        assert reply["version"] == 0  # the first deal begins with the match
        assert reply["undone"] >= played["version"]
        again = state(ws, 0)
        assert again["observation"]["hand"] == dealt  # the same cards again
        assert len(store.match(tid, 1).actions) < reply["undone"]  # (the bots play on)


def test_the_practice_mark_survives_a_restart(db_url: str, toy: engine.Game) -> None:
    """A practice match whose server restarts before its end is still stored as practice."""
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0))) as client:
        tid, token = _practice_table(client)
        with connect(client, tid, token) as ws:
            _my_turn(ws)
            ws.send_json({"type": "practice", "op": "hands"})
            assert _practice(ws, "hands")["op"] == "hands"
        store = client.app.state.registry.storage  # type: ignore[attr-defined]
        assert store.match(tid, 1).practice is True

    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0))) as client:
        room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
        assert room.practice
        # a bot takes the person's seat and plays the match to its end
        left = client.post(f"/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {token}"})
        assert left.status_code == 200, left.text
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{tid}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish the match"
            time.sleep(0.05)
        listed = client.get(f"/api/tables/{tid}/matches").json()
        assert listed[0]["result"]["practice"] is True


def test_the_same_cards_from_another_seat(client: TestClient) -> None:
    """``redeal`` with a seat: the same deal again, the person now at that seat (its hand,
    its place) and its bot at the person's old seat; the token holds the new seat."""
    tid, token = _practice_table(client)
    room = client.app.state.registry.rooms[tid]  # type: ignore[attr-defined]
    store = client.app.state.registry.storage  # type: ignore[attr-defined]
    dealt = room.game.from_json({**room.state.to_json(), "actions": []})
    theirs = dealt.observation(1)["hand"]
    with connect(client, tid, token) as ws:
        first = _my_turn(ws)
        ws.send_json({"type": "action", "action": first["legal_actions"][0]})
        _my_turn(ws)
        # a seat the table does not have, and a seat with another op, are refused
        ws.send_json({"type": "practice", "op": "redeal", "seat": 3})
        bad = _practice(ws, "redeal")
        assert bad["code"] == "bad_seat" and "from 0 to 2" in bad["message"], bad
        ws.send_json({"type": "practice", "op": "takeback", "seat": 1})
        bad = _practice(ws, "takeback")
        assert bad["code"] == "bad_seat" and "redeal" in bad["message"], bad
        ws.send_json({"type": "practice", "op": "redeal", "seat": 1})
        reply = _practice(ws, "redeal")
        assert reply["op"] == "redeal" and reply["seat"] == 1 and reply["version"] == 0, reply
        with pytest.raises(WebSocketDisconnect) as closed:  # connect again, as seat 1
            until(ws, lambda m: False)
        assert closed.value.code == 4409
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [(s["seat"], s["kind"]) for s in seats] == [(0, "bot"), (1, "person"), (2, "bot")]
    assert seats[1]["name"] == "Ann"
    stored = store.load_table(tid).seats
    assert stored[0].kind == "bot" and stored[0].token_hash is None
    assert stored[1].kind == "person" and stored[1].token_hash is not None
    assert store.match(tid, 1).practice
    with connect(client, tid, token) as ws:
        assert ws.receive_json()["seat"] == 1
        msg = until(
            ws,
            lambda m: (
                m["type"] == "state"
                and bool(m["legal_actions"])
                and 1 in m["observation"]["to_act"]
            ),
        )
        assert msg["observation"]["hand"] == theirs  # seat 1's cards of this deal
        ws.send_json({"type": "action", "action": msg["legal_actions"][0]})
        after = state(ws)
        assert after["version"] > msg["version"]  # played from seat 1
        # practice goes on from the new seat; the old one is a bot's
        ws.send_json({"type": "practice", "op": "hands"})
        assert _practice(ws, "hands")["op"] == "hands"
