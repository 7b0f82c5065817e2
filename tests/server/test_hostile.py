"""Hostile input: fuzzed WebSocket frames and REST requests never crash, never change a table.

Hypothesis builds malformed, oversized, wrongly typed and out-of-turn messages for every
inbound WebSocket type and bodies, paths and headers for every REST endpoint; each one must
get a clear error (a 4xx with a ``detail``, or one ``error`` frame naming what was wrong), no
5xx, and the table must be exactly as before.  Schemathesis then walks the OpenAPI document
in-process.  The per-connection rate limit is tested on its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from pakka.server import protocol as P
from pakka.server.app import MAX_BODY_BYTES
from pakka.server.limits import Limits
from tests.server.conftest import create, join, ws_connect
from tests.server.test_ws import state, until

FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.text(max_size=30),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
msg_type = st.one_of(
    st.sampled_from(["action", "hint", "ping", "ACTION", "", "pong", "state", "error"]),
    json_value,
)
action_body = st.one_of(
    json_value,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "bid", "pass", "commit", "bogus"])},
        optional={
            "cards": st.one_of(
                st.lists(st.sampled_from(["S2", "H5", "JK", "XX", "S99", ""]), max_size=6),
                json_value,
            ),
            "bid": json_value,
            "seat": json_value,
        },
    ),
)
inbound = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("action"), "action": action_body},
        optional={
            "version": json_value,
            "protocol": st.one_of(st.integers(-3, 5), json_value),
            "seat": st.integers(0, 3),
            "token": st.text(max_size=20),
        },
    ),
    st.fixed_dictionaries(
        {"type": st.just("hint")},
        optional={"lang": json_value, "protocol": json_value, "extra": json_value},
    ),
    st.fixed_dictionaries(
        {"type": st.just("ping")}, optional={"protocol": json_value, "x": json_value}
    ),
    st.dictionaries(st.text(max_size=10), json_value, max_size=5).map(dict),
    st.fixed_dictionaries({"type": msg_type}, optional={"action": json_value}),
)


def frames() -> st.SearchStrategy[str | bytes]:
    as_json = inbound.map(lambda m: json.dumps(m))
    return st.one_of(
        as_json,
        as_json,
        json_value.map(json.dumps),  # JSON that is not an object
        st.text(max_size=200),  # not JSON at all
        st.binary(max_size=200),
        st.integers(P.MAX_MESSAGE_BYTES - 10, P.MAX_MESSAGE_BYTES + 3000).map(
            lambda n: '{"type": "ping", "pad": "' + "x" * n + '"}'
        ),
        as_json.map(lambda s: s[: len(s) // 2]),  # cut off
    )


def snapshot(app: FastAPI, tid: str) -> Any:
    room = app.state.registry.rooms[tid]
    return (
        json.dumps(room.state.to_json(), sort_keys=True, default=str)
        if room.state is not None
        else None,
        room.version,
        room.rec.status,
        [(s.rec.kind, s.rec.name, s.rec.token_hash) for s in room.seats],
    )


def reply(ws: Any) -> dict[str, Any]:
    """The one answer to a frame (table/state broadcasts are skipped)."""
    return until(ws, lambda m: m["type"] in ("error", "pong", "hint"))


def send(ws: Any, frame: str | bytes) -> None:
    if isinstance(frame, bytes):
        ws.send_bytes(frame)
    else:
        ws.send_text(frame)


@pytest.mark.limits(
    messages_per_second=1e9,
    message_burst=10**9,
    address_messages_per_second=1e9,
    address_message_burst=10**9,
)
def test_fuzzed_frames_get_one_clear_error_and_change_nothing(
    client: TestClient, app: FastAPI
) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    tokens = {0: made["token"], 1: join(client, tid, "Bea")["token"]}
    room = app.state.registry.rooms[tid]
    to_act = min(room.state.to_act())
    idle = 1 - to_act if len(room.state.to_act()) == 1 else None
    legal = [a.to_json() for a in room.state.legal_actions(to_act)]
    with (
        ws_connect(client, tid, tokens[to_act]) as mover,
        ws_connect(client, tid, tokens[1 - to_act]) as other,
        ws_connect(client, tid) as spectator,
    ):
        for ws in (mover, other, spectator):
            state(ws)
        sockets = {"mover": mover, "other": other, "spectator": spectator}
        before = snapshot(app, tid)

        @FUZZ
        @given(frame=frames(), who=st.sampled_from(sorted(sockets)))
        def check(frame: str | bytes, who: str) -> None:
            if who == "mover" and isinstance(frame, str):
                try:
                    data = json.loads(frame)
                except ValueError:
                    data = None
                if isinstance(data, dict) and data.get("action") in legal:
                    return  # a legal move is not hostile
            send(sockets[who], frame)
            got = reply(sockets[who])
            if got["type"] == "error":
                assert got["code"] in P.ErrorCode.__args__  # type: ignore[attr-defined]
                assert got["message"] and len(got["message"]) < 2000
                if got["code"] == "too_large":
                    assert str(P.MAX_MESSAGE_BYTES) in got["message"]
            else:  # a well-formed ping or hint is answered
                assert got["type"] in ("pong", "hint")
            assert snapshot(app, tid) == before

        check()

        # out of turn, from the spectator, and with a seat field: refused by name
        action = {"type": "action", "action": legal[0]}
        spectator.send_json(action)
        assert reply(spectator)["code"] == "not_seated"
        if idle is not None:
            other.send_json(action)
            assert reply(other)["code"] == "illegal"
        mover.send_json({**action, "seat": 1 - to_act})
        assert "seat" in reply(mover)["message"]
        assert snapshot(app, tid) == before
        # and the table still works
        mover.send_json(action)
        assert state(mover, 1)["version"] == 1


def test_frames_over_the_rate_are_refused_then_the_socket_is_closed(
    client: TestClient, app: FastAPI
) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    with ws_connect(client, tid, made["token"]) as ws:
        until(ws, lambda m: m["type"] == "table")
        limits = Limits()
        for _ in range(limits.message_burst):
            ws.send_json({"type": "ping"})
        pongs = errors = 0
        for _ in range(limits.message_burst):
            got = reply(ws)
            pongs += got["type"] == "pong"
        assert pongs == limits.message_burst
        closed = False
        try:
            for _ in range(limits.message_strikes + 5):
                ws.send_json({"type": "ping"})
            while True:
                got = reply(ws)
                if got["type"] == "error":
                    assert got["code"] == "rate_limited"
                    assert "disconnected" in got["message"] or got["retry_after"] > 0
                    assert f"{limits.messages_per_second:g} a second" in got["message"]
                    errors += 1
        except WebSocketDisconnect as exc:
            closed = exc.code == 1008
        assert closed and errors >= limits.message_strikes - 5
    assert client.get(f"/api/tables/{tid}").status_code == 200


# --- REST -------------------------------------------------------------------------------

ENDPOINTS = [
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{tid}/join"),
    ("POST", "/api/tables/{tid}/start"),
    ("POST", "/api/tables/{tid}/rematch"),
    ("POST", "/api/tables/{tid}/leave"),
    ("GET", "/api/tables/{tid}/state"),
    ("GET", "/api/tables/{tid}"),
    ("GET", "/api/tables/{tid}/matches"),
    ("GET", "/api/tables/{tid}/matches/{n}/replay"),
    ("GET", "/api/invites/{code}"),
    ("GET", "/api/games/{game}"),
    ("GET", "/api/games/{game}/rules"),
    ("GET", "/api/tables"),
]
path_part = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(["0", "-1", "99999999999999999999", "..", "%00", "toy", "x" * 300]),
)
body = st.one_of(
    json_value,
    st.fixed_dictionaries(
        {},
        optional={
            "game": st.one_of(st.sampled_from(["toy", "anarchy", "nope"]), json_value),
            "players": st.one_of(st.integers(-5, 20), json_value),
            "options": st.one_of(
                st.dictionaries(
                    st.sampled_from(["deals", "x", "first_dealer", "par"]), json_value, max_size=3
                ),
                json_value,
            ),
            "seats": st.one_of(
                st.lists(
                    st.fixed_dictionaries(
                        {"kind": st.sampled_from(["bot", "person", "god"])},
                        optional={"level": json_value},
                    ),
                    max_size=12,
                ),
                json_value,
            ),
            "name": st.one_of(st.text(max_size=40), json_value),
            "seat": st.one_of(st.integers(-2, 12), json_value),
            "turn_seconds": json_value,
            "bot_delay": json_value,
            "public": json_value,
        },
    ),
)
headers = st.one_of(
    st.just({}),
    st.sampled_from(["Bearer", "Bearer ", "Basic abc", "Bearer nope", "bearer  x "]).map(
        lambda v: {"Authorization": v}
    ),
)


def test_fuzzed_rest_requests_get_a_4xx_with_a_detail_and_change_nothing(
    client: TestClient, app: FastAPI
) -> None:
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    code = made["table"]["code"]
    before = snapshot(app, tid)

    @FUZZ
    @given(
        endpoint=st.sampled_from(ENDPOINTS),
        tid_part=st.one_of(st.just(tid), path_part),
        other=path_part,
        payload=body,
        query=st.dictionaries(
            st.sampled_from(["status", "step", "seat", "lang"]), path_part, max_size=3
        ),
        auth=headers,
        raw=st.one_of(st.none(), st.binary(max_size=100)),
    )
    def check(
        endpoint: tuple[str, str],
        tid_part: str,
        other: str,
        payload: Any,
        query: dict[str, str],
        auth: dict[str, str],
        raw: bytes | None,
    ) -> None:
        method, template = endpoint
        tid_q, other_q = quote(tid_part, safe=""), quote(other, safe="")
        path = template.format(tid=tid_q, n=other_q, code=other_q or code, game=other_q)
        if method == "GET":
            r = client.get(path, params=query, headers=auth)
        elif raw is not None:
            r = client.post(path, content=raw, headers={**auth, "content-type": "application/json"})
        else:
            text = json.dumps(payload)  # Infinity and NaN too: Python's reader takes them
            r = client.post(
                path, content=text, headers={**auth, "content-type": "application/json"}
            )
        assert r.status_code < 500, (method, path, r.status_code, r.text)
        if r.status_code >= 400:
            assert r.json()["detail"], r.text
        # the existing table changes only through a valid request made with its token
        assert snapshot(app, tid)[:3] == before[:3] or r.status_code < 300

    check()
    # oversized bodies are refused before they are read
    r = client.post("/api/tables", content=b"{" + b" " * MAX_BODY_BYTES + b"}")
    assert r.status_code == 413 and str(MAX_BODY_BYTES) in r.json()["detail"]


# --- Schemathesis: the OpenAPI document, walked in-process ---------------------------------


@pytest.fixture
def running(client: TestClient) -> Iterator[TestClient]:
    yield client


def test_schemathesis_finds_no_server_error(running: TestClient, app: FastAPI) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    made = create(running, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    schema = schemathesis.openapi.from_dict(app.openapi())
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()

        @settings(
            max_examples=25,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy())
        def check(case: Any) -> None:
            params = case.path_parameters or {}
            # half the cases at the real table, so its checks run, not just 404s
            if params.get("table_id") and len(json.dumps(case.query or {}, default=str)) % 2:
                params["table_id"] = tid
            kwargs = case.as_transport_kwargs(base_url="http://testserver")
            kwargs.pop("base_url", None)
            r = running.request(**{k: v for k, v in kwargs.items() if k in _REQUEST_ARGS})
            if r.status_code >= 500:
                failures.append((case.method, case.formatted_path, r.status_code, r.text[:200]))

        check()
    assert not failures, failures[:5]


_REQUEST_ARGS = {"method", "url", "params", "headers", "json", "content", "data"}


# --- JSON that Python reads but JSON does not allow ---------------------------------------


def test_nan_infinity_and_lone_surrogates_in_a_body_are_a_422(client: TestClient) -> None:
    """Python's reader takes NaN, Infinity and a lone surrogate; they used to reach the
    validators and the error renderer and come back as 500s (issue 18, item 7)."""
    made = create(client, players=2, name="Ann")
    tid = made["table"]["id"]
    cases = [
        ("/api/tables", '{"game": "toy", "turn_seconds": NaN}', "NaN"),
        ("/api/tables", '{"game": "toy", "bot_delay": Infinity}', "Infinity"),
        ("/api/tables", '{"game": "toy", "players": -Infinity}', "-Infinity"),
        (f"/api/tables/{tid}/join", '{"name": "\\ud800"}', "surrogate"),
        (f"/api/tables/{tid}/join", '{"name": "A\\udfff", "seat": 1}', "surrogate"),
        ("/api/tables", '{"game": "toy", "options": {"\\ud800": 1}}', "surrogate"),
    ]
    for path, text, words in cases:
        r = client.post(path, content=text, headers={"content-type": "application/json"})
        assert r.status_code == 422, (path, text, r.status_code, r.text)
        assert words in r.json()["detail"], (text, r.text)
    table = client.get(f"/api/tables/{tid}").json()
    assert [s["taken"] for s in table["seats"]] == [True, False]


def test_deeply_nested_json_over_the_socket_is_refused_and_the_socket_stays(
    client: TestClient,
) -> None:
    """Lists nested 3,000 deep (6 KB) raised an uncaught RecursionError: the socket closed
    with no error frame and nothing logged (issue 18, item 8)."""
    made = create(client, players=2, name="Ann", options={"deals": 1})
    tid = made["table"]["id"]
    with ws_connect(client, tid, made["token"]) as ws:
        until(ws, lambda m: m["type"] == "table")
        for deep in (
            "[" * 3000 + "]" * 3000,
            '{"type": "action", "action": {"x": ' + "[" * 3000 + "]" * 3000 + "}}",
            '{"type": "ping", "x": ' + '{"a": ' * 100 + "1" + "}" * 100 + "}",
        ):
            ws.send_text(deep)
            err = reply(ws)
            assert err["type"] == "error" and err["code"] == "bad_json", err
            assert "nested deeper than" in err["message"]
        ws.send_text('{"type": "ping", "pad": NaN}')
        err = reply(ws)
        assert err["code"] == "bad_json" and "NaN" in err["message"]
        ws.send_json({"type": "ping"})
        assert reply(ws) == {"type": "pong"}
