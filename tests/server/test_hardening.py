"""HTTP hardening: security headers, no CDN docs by default, the WebSocket's Origin, and
display names that cannot hide characters or pass for a bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pakka import engine
from pakka.server.app import Settings, create_app
from tests.server.conftest import create


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/table.html", "/api", "/api/tables/nope", "/healthz"):
        r = client.get(path)
        policy = r.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self' " in policy, path
        assert "'unsafe-inline'" not in policy and "http" not in policy  # nothing from afar
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["Referrer-Policy"] == "no-referrer"


def test_the_api_docs_are_off_unless_asked_for(
    client: TestClient, db_url: str, tmp_path: Path, toy: engine.Game
) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/openapi.json").status_code == 200
    other = f"sqlite:///{tmp_path / 'docs.sqlite3'}"
    with TestClient(create_app(Settings(db_url=other, api_docs=True))) as with_docs:
        r = with_docs.get("/docs")
        assert r.status_code == 200 and "cdn.jsdelivr.net" in r.headers["Content-Security-Policy"]


def test_a_page_from_another_site_cannot_open_a_socket(client: TestClient) -> None:
    tid = create(client, players=2)["table"]["id"]
    url = f"/ws/tables/{tid}"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(url, headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert "evil.example" in refused.value.reason
    # the server's own pages may (TestClient's host is testserver)
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"type": "auth"})
        assert ws.receive_json()["type"] == "hello"


def test_other_origins_may_be_allowed(db_url: str, toy: engine.Game) -> None:
    settings = Settings(db_url=db_url, allowed_origins=("https://cards.example.org/",))
    with TestClient(create_app(settings)) as client:
        tid = create(client, players=2)["table"]["id"]
        headers = {"Origin": "https://cards.example.org"}
        with client.websocket_connect(f"/ws/tables/{tid}", headers=headers) as ws:
            ws.send_json({"type": "auth"})
            assert ws.receive_json()["type"] == "hello"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann\u200b\u200bLee", "AnnLee"),  # zero-width spaces
        ("Bob\u202egnp.exe", "Bobgnp.exe"),  # a right-to-left override
        ("Cid\u2066x\u2069", "Cidx"),  # isolates
        ("  Dan\t\nEve  ", "Dan Eve"),
        ("Eve\u0007\u001b[31m", "Eve[31m"),  # control characters
        ("Ｆｒａｎｋ", "Frank"),  # full-width letters
        ("Botond", "Botond"),  # a name that only starts like one
    ],
)
def test_display_names_lose_invisible_and_reordering_characters(
    client: TestClient, name: str, shown: str
) -> None:
    tid = create(client, players=2)["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": name})
    assert r.status_code == 200, r.text
    assert r.json()["table"]["seats"][0]["name"] == shown


@pytest.mark.parametrize(
    "name",
    ["Bot", "bot 2 (hard)", "B0T", "Botti 1", "robot", "🤖 Ann", "\u200b\u202e", "b\u200bot"],
)
def test_names_that_pass_for_a_bot_or_are_blank_are_refused(client: TestClient, name: str) -> None:
    tid = create(client, players=2)["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": name})
    assert r.status_code == 422, r.text
    assert "bot" in r.json()["detail"] or "blank" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["taken"] is False


# --- issue 31, item 11: look-alike names ---------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "\u0412\u043e\u0442 2 (hard)",  # "Вот": Cyrillic Ve, o, te
        "\u0392\u03bft 2 (hard)",  # "Βοt": Greek Beta, omicron
        "\u0412\u043e\u0442ti 3 (vaikea)",  # "Воtti", Cyrillic then Latin
        "\u0299\u1d0f\u1d1b",  # small capitals
        "Player 2",
        "pelaaja 1",
        "P1ayer",
    ],
)
def test_names_that_imitate_a_bot_or_a_seat_label_are_refused(
    client: TestClient, name: str
) -> None:
    tid = create(client, players=2)["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": name})
    assert r.status_code == 422, r.text  # before: 200
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["taken"] is False


@pytest.mark.parametrize("name", ["Ann", "ann", "ANN", "\u0410nn", "Änn", "4nn"])
def test_a_name_that_looks_like_another_seats_is_refused(client: TestClient, name: str) -> None:
    tid = create(client, players=3, name="Ann")["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": name})
    assert r.status_code == 409, r.text  # before: 200, two seats called Ann
    assert "looks like 'Ann', the name of seat 0" in r.json()["detail"]
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Anna"}).status_code == 200


def test_combining_mark_stacks_are_cut(client: TestClient) -> None:
    tid = create(client, players=2)["table"]["id"]
    stacked = "Z" + "\u0351" * 20 + "ed" + "\u0489" * 5  # "Zalgo": marks piled on letters
    r = client.post(f"/api/tables/{tid}/join", json={"name": stacked})
    assert r.status_code == 200, r.text
    shown = r.json()["table"]["seats"][0]["name"]
    assert shown == "Z\u0351\u0351ed\u0489\u0489"  # before: all 30 marks, spilling over lines
