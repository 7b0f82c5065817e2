"""The REST lobby: games, create, join, start, leave, list, invites, docs."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create, join


def test_games_come_from_the_registry(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert (toy["min_players"], toy["max_players"]) == (2, 4)
    options = {o["name"]: o for o in toy["options"]}
    assert options["tie"] == {
        "name": "tie",
        "type": "choice",
        "default": "dead",
        "choices": ["dead", "split"],
        "range": None,
        "nullable": False,
        "help": "dead: tied top cards go to the dead pile; split: each wins itself",
    }
    assert options["deals"]["type"] == "int" and options["deals"]["default"] == 2
    assert options["deals"]["range"] == [1, 10]
    assert toy["seat_direction"] == "clockwise" and toy["teams"] == []
    assert client.get("/api/games/toy").json()["title"] == "High or Low"
    assert client.get("/api/games/nope").status_code == 404


def test_create_join_and_autostart(client: TestClient) -> None:
    made = create(client, players=3, name="Ann", options={"deals": 1})
    table = made["table"]
    assert made["seat"] == 0 and len(made["token"]) > 20
    assert table["status"] == "open" and table["options"] == {"deals": 1, "tie": "dead"}
    assert [s["taken"] for s in table["seats"]] == [True, False, False]
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert table["id"] in listed

    b = join(client, table["id"], "Bea", seat=2)
    assert b["seat"] == 2
    r = client.post(f"/api/tables/{table['id']}/join", json={"name": "Cid", "seat": 2})
    assert r.status_code == 409 and "seat 2 is taken; free seats: 1" in r.json()["detail"]
    r = client.post(
        f"/api/tables/{table['id']}/start", headers={"Authorization": f"Bearer {b['token']}"}
    )
    assert r.status_code == 409 and "seats 1 are still free" in r.json()["detail"]

    c = join(client, table["id"], "  Cid  ")
    assert c["seat"] == 1 and c["table"]["seats"][1]["name"] == "Cid"
    assert c["table"]["status"] == "playing" and c["table"]["match"] == 1
    r = client.post(f"/api/tables/{table['id']}/join", json={"name": "Dan"})
    assert r.status_code == 409 and "every seat" in r.json()["detail"]
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()]
    playing = client.get("/api/tables", params={"status": "playing"}).json()
    assert table["id"] in [t["id"] for t in playing]


def test_tokens_are_secret_and_checked(client: TestClient) -> None:
    made = create(client, players=2, name="Ann")
    tid = made["table"]["id"]
    public = client.get(f"/api/tables/{tid}").json()
    assert made["token"] not in str(public) and "token" not in str(public)
    for headers, status in (
        ({}, 403),
        ({"Authorization": "Bearer wrong"}, 403),
        ({"Authorization": "Basic abc"}, 401),
    ):
        r = client.post(f"/api/tables/{tid}/start", headers=headers)
        assert r.status_code == status, r.text


def test_bad_create_requests_say_what_is_wrong(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, 404, "unknown game 'chess'"),
        ({"game": "toy", "players": 7}, 422, "2-4 players, not 7"),
        ({"game": "toy", "options": {"colour": 1}}, 422, "unknown option 'colour'"),
        ({"game": "toy", "options": {"tie": "x"}}, 422, "tie must be one of dead, split"),
        ({"game": "toy", "players": 2, "seats": [{"kind": "bot"}]}, 422, "one seat for each"),
        ({"game": "toy", "name": "x" * 40}, 422, "at most 32"),
        ({"game": "toy", "seats": [{"kind": "alien"}] * 3}, 422, "'person' or 'bot'"),
        ({"game": "toy", "surprise": 1}, 422, "Extra inputs"),
    ]
    for body, status, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.text, (body, r.text)


def test_private_tables_invites_and_leaving(client: TestClient) -> None:
    made = create(client, players=2, name="Ann", public=False)
    table = made["table"]
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()]
    code = table["code"]
    assert client.get(f"/api/invites/{code.lower()}").json()["id"] == table["id"]
    assert client.get("/api/invites/ZZZZZZ").status_code == 404
    r = client.get(f"/join/{code}", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == f"/table.html?id={table['id']}"

    auth = {"Authorization": f"Bearer {made['token']}"}
    left = client.post(f"/api/tables/{table['id']}/leave", headers=auth).json()
    assert left["seats"][0]["taken"] is False and left["seats"][0]["name"] is None
    assert client.post(f"/api/tables/{table['id']}/leave", headers=auth).status_code == 403


def test_all_bot_table_plays_itself_and_replays(client: TestClient) -> None:
    made = create(client, players=3, seats=[{"kind": "bot", "level": "random"}] * 3)
    tid = made["table"]["id"]
    assert made["token"] is None
    for _ in range(200):
        if client.get(f"/api/tables/{tid}").json()["status"] == "over":
            break
    matches = client.get(f"/api/tables/{tid}/matches").json()
    assert matches[0]["over"] and matches[0]["result"]["winners"]
    steps = matches[0]["actions"]
    first = client.get(f"/api/tables/{tid}/matches/1/replay", params={"step": 0}).json()
    assert first["action"] is None and first["observation"]["hand"] is None
    one = client.get(f"/api/tables/{tid}/matches/1/replay", params={"step": 1}).json()
    assert one["actor"] is not None and one["action"]["type"] == "bid"
    last = client.get(f"/api/tables/{tid}/matches/1/replay", params={"step": steps}).json()
    assert last["observation"]["result"] == matches[0]["result"]
    mine = client.get(f"/api/tables/{tid}/matches/1/replay", params={"seat": 1}).json()
    assert mine["observation"]["seat"] == 1 and len(mine["observation"]["hand"]) == 4
    assert client.get(f"/api/tables/{tid}/matches/2/replay").status_code == 404


def test_openapi_docs_and_web_client_are_served(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/tables" in spec["paths"] and "/api/tables/{table_id}/join" in spec["paths"]
    assert client.get("/docs").status_code == 404  # off by default: Swagger UI is on a CDN
    page = client.get("/")
    assert page.status_code == 200 and "pakka" in page.text
    assert client.get("/table.html").status_code == 200
    about = client.get("/api").json()
    assert about["protocol"] == 2 and "toy" in about["games"]


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        content=b'{"game": "toy", "name": "' + b"x" * 70_000 + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 413 and "limited to 65536 bytes" in r.json()["detail"]


def test_tables_of_games_no_longer_registered_are_not_listed(client: TestClient) -> None:
    from pakka import plugins

    made = create(client, players=2, name="Ann")
    client.app.state.registry.rooms.clear()  # type: ignore[attr-defined]  # as after a restart
    plugins.unregister("toy")
    try:
        listed = client.get("/api/tables")
        assert listed.status_code == 200
        assert made["table"]["id"] not in [t["id"] for t in listed.json()]
        gone = client.get(f"/api/tables/{made['table']['id']}")
        assert gone.status_code == 409 and "unknown game 'toy'" in gone.json()["detail"]
    finally:
        plugins.register(__import__("tests.generic.toy", fromlist=["TOY"]).TOY)
