"""Every outbound frame of every registered game is exactly its receiver's projection.

For each audience (every seat and a spectator) each ``state`` frame must carry exactly
``state.observation(seat)``, that seat's legal actions, and the change's events filtered by
``Event.visible_to(seat)``; what an observation itself may show is the games' own generic
privacy test.  The toy game is also checked for hidden cards by name.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pakka.games
from pakka.server.frames import jsonable
from tests.server.conftest import create, join, ws_connect
from tests.server.test_ws import state, until

STEPS = 25
REAL_GAMES = ["anarchy", "guandan", "norlanninnakki", "pentagrammi"]


def other_hands(truth: Any, seat: int | None) -> set[str]:
    """Cards in other seats' hands that ``seat`` holds no copy of (toy cards are unique)."""
    own = {str(c) for c in truth.hands[seat]} if seat is not None else set()
    return {str(c) for s, hand in enumerate(truth.hands) if s != seat for c in hand} - own


def _after_break(msg: dict[str, Any]) -> bool:
    return msg["type"] == "state" and msg["present"].get("pause") is None


@pytest.mark.parametrize("game", ["toy", *REAL_GAMES])
def test_each_frame_is_the_receivers_projection(
    game: str, client: TestClient, app: FastAPI
) -> None:
    if game not in pakka.games.names():
        pytest.skip(f"{game} is not registered yet")
    g = pakka.games.get(game)
    n = g.info.default_players
    made = create(client, game=game, players=n, name="P0")
    tid = made["table"]["id"]
    tokens = {0: made["token"]} | {s: join(client, tid, f"P{s}")["token"] for s in range(1, n)}
    room = app.state.registry.rooms[tid]
    rng = random.Random(7)
    contexts = [ws_connect(client, tid, tokens[s]) for s in range(n)]
    contexts.append(ws_connect(client, tid))
    opened = [c.__enter__() for c in contexts]
    try:
        audience: dict[int | None, Any] = {s: opened[s] for s in range(n)} | {None: opened[n]}
        latest = {s: state(ws) for s, ws in audience.items()}
        events: list[Any] = []
        for _ in range(STEPS):
            truth = room.state
            for seat, frame in latest.items():
                assert frame["version"] == room.version
                assert frame["observation"] == jsonable(truth.observation(seat))
                legal = truth.legal_actions(seat) if seat is not None else []
                assert frame["legal_actions"] == [a.to_json() for a in legal]
                assert frame["events"] == [
                    jsonable(e.to_json()) for e in events if e.visible_to(seat)
                ]
                if game == "toy":  # (events, and the presentation told from them, may
                    # name last deal's cards, now re-dealt)
                    text = json.dumps({**frame, "events": [], "present": {}})
                    assert not [c for c in other_hands(truth, seat) if f'"{c}"' in text]
            if truth.is_over():
                break
            seat = rng.choice(sorted(truth.to_act()))
            action = rng.choice(latest[seat]["legal_actions"])
            events = truth.clone().apply(seat, g.action_from_json(action))
            version = room.version
            audience[seat].send_json({"type": "action", "action": action})
            latest = {s: state(ws, version + 1) for s, ws in audience.items()}
            if room.paused() is not None:  # the break between deals: nothing is asked
                assert all(f["legal_actions"] == [] for f in latest.values())
                for s in range(n):
                    audience[s].send_json({"type": "ready"})
                latest = {s: until(ws, _after_break) for s, ws in audience.items()}
                events = []  # the frames that end the break tell no events
    finally:
        for c in contexts:
            c.__exit__(None, None, None)
