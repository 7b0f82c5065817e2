"""A new match starts when every seated person has asked for it, during a match or after
it (Guandan's rule: restarting puts both teams back at level 2, so all must agree); the
table's trick time is a table setting."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create, join


def people(client: TestClient) -> tuple[str, dict[str, str], dict[str, str]]:
    made = create(client, players=3, name="Ann", seats=[{"kind": "person"}] * 2 + [{"kind": "bot"}])
    tid = made["table"]["id"]
    bea = join(client, tid, "Bea")
    ann = {"Authorization": f"Bearer {made['token']}"}
    return tid, ann, {"Authorization": f"Bearer {bea['token']}"}


def test_a_new_match_needs_every_person(client: TestClient) -> None:
    tid, ann, bea = people(client)
    table = client.get(f"/api/tables/{tid}").json()
    assert table["status"] == "playing" and table["match"] == 1 and table["new_match"] == []
    asked = client.post(f"/api/tables/{tid}/rematch", headers=ann).json()
    assert asked["status"] == "playing" and asked["match"] == 1 and asked["new_match"] == [0]
    again = client.post(f"/api/tables/{tid}/rematch", headers=ann).json()
    assert again["new_match"] == [0] and again["match"] == 1  # asking twice counts once
    both = client.post(f"/api/tables/{tid}/rematch", headers=bea).json()
    assert both["match"] == 2 and both["status"] == "playing" and both["new_match"] == []


def test_a_request_can_be_taken_back(client: TestClient) -> None:
    tid, ann, bea = people(client)
    client.post(f"/api/tables/{tid}/rematch", headers=ann)
    back = client.delete(f"/api/tables/{tid}/rematch", headers=ann).json()
    assert back["new_match"] == [] and back["match"] == 1
    still = client.post(f"/api/tables/{tid}/rematch", headers=bea).json()
    assert still["new_match"] == [1] and still["match"] == 1


def test_who_may_ask(client: TestClient) -> None:
    made = create(client, players=2, name="Ann")
    tid = made["table"]["id"]
    ann = {"Authorization": f"Bearer {made['token']}"}
    early = client.post(f"/api/tables/{tid}/rematch", headers=ann)
    assert early.status_code == 409 and "no match has started" in early.json()["detail"]
    join(client, tid, "Bea")
    watcher = client.post(f"/api/tables/{tid}/rematch")
    assert watcher.status_code in (401, 403)


def test_the_trick_time_is_a_table_setting(client: TestClient) -> None:
    plain = create(client, players=2)["table"]
    assert plain["trick_seconds"] == 1.5
    slow = create(client, players=2, trick_seconds=3)["table"]
    assert slow["trick_seconds"] == 3
    assert client.get(f"/api/tables/{slow['id']}").json()["trick_seconds"] == 3
    bad = client.post("/api/tables", json={"game": "toy", "players": 2, "trick_seconds": 60})
    assert bad.status_code == 422
