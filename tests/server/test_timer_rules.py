"""The turn timer hands an absent person's seat to a bot; rules texts are served."""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pakka import plugins, rulebook
from pakka.server.app import Settings, create_app
from tests.server.conftest import join, ws_connect
from tests.server.test_ws import state, until


def test_a_bot_plays_for_an_absent_person_until_they_return(
    client: TestClient, app: FastAPI
) -> None:
    lobby = app.state.services.lobby
    # the API refuses timers under 5 s; the lobby itself takes any, which keeps this fast
    room = client.portal.call(  # type: ignore[union-attr]
        lobby.create,
        "toy",
        2,
        {"deals": 1},
        [("person", "random"), ("person", "random")],
        True,
        0.3,
        0.0,
    )
    t0 = join(client, room.id, "Ann")["token"]
    t1 = join(client, room.id, "Bea")["token"]
    assert room.rec.status == "playing"
    # Ann's page stays open but she does not act, Bea has gone: bots take over (while
    # nobody at all is connected the table waits for its people: issue 31)
    with ws_connect(client, room.id, t0) as idle:
        until(idle, lambda m: m["type"] == "table")
        deadline = time.monotonic() + 10
        while room.version < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert room.version >= 3
        view = client.get(f"/api/tables/{room.id}").json()
        assert all(s["away"] for s in view["seats"])
        with ws_connect(client, room.id, t0) as ws:  # she comes back
            until(ws, lambda m: m["type"] == "table" and not m["table"]["seats"][0]["away"])
            msg = state(ws)
            assert msg["observation"]["seat"] == 0
    assert t1  # Bea stays away: a bot keeps playing for her


def test_rules_are_served_when_the_docs_have_them(db_url: str, tmp_path: Path, toy: object) -> None:
    docs = tmp_path / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "rules" / "toy.md").write_text("# High or Low\n\nBid *high* or *low*.\n", "utf-8")
    (docs / "rules" / "toy.fi.md").write_text("# Ylös vai alas\n", "utf-8")
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0, docs_dir=docs))) as client:
        meta = client.get("/api/games/toy").json()
        assert meta["rules"] == ["en", "fi"]
        fi = client.get("/api/games/toy/rules", params={"lang": "fi"}).json()
        assert fi == {"game": "toy", "lang": "fi", "markdown": "# Ylös vai alas\n"}
        en = client.get("/api/games/toy/rules", params={"lang": "sv"}).json()
        assert en["lang"] == "en" and "Bid *high*" in en["markdown"]
        assert client.get("/api/games/nope/rules").status_code == 404
    with TestClient(create_app(Settings(db_url=db_url, docs_dir=tmp_path / "none"))) as client:
        r = client.get("/api/games/toy/rules")
        assert r.status_code == 404 and "no rules text" in r.json()["detail"]


def test_every_games_rules_come_from_the_installed_package(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no docs directory given: the texts packaged in each game's folder (see pakka.rulebook)
    monkeypatch.delenv("PAKKA_DOCS", raising=False)
    listed = {g["name"] for g in client.get("/api/games").json()}
    names = plugins.shipped()
    assert {"anarchy", "pentagrammi", "norlanninnakki", "guandan"} == set(names) <= listed
    for name in names:
        assert client.get(f"/api/games/{name}").json()["rules"] == ["en", "fi"]
        for lang in ("en", "fi"):
            got = client.get(f"/api/games/{name}/rules", params={"lang": lang}).json()
            packaged = resources.files(f"pakka.games.{name}") / rulebook.file_name(lang)
            assert got == {"game": name, "lang": lang, "markdown": packaged.read_text("utf-8")}
    assert client.get("/api/games/toy").json()["rules"] == []
