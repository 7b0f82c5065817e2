"""The line client and the ``pakka`` command, driven through text streams."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pakka import plugins
from pakka.cli import LineClient, app
from tests.generic.toy import TOY

runner = CliRunner()


@pytest.fixture
def toy_registered() -> Iterator[None]:
    with plugins.registered(TOY):
        yield


def _client(lines: list[str], seed: int = 3) -> tuple[LineClient, io.StringIO]:
    state = TOY.new_match(players=3, seed=seed)
    out = io.StringIO()
    return LineClient(state, "en", io.StringIO("\n".join(lines) + "\n"), out), out


def test_a_person_plays_a_whole_match_by_number() -> None:
    client, out = _client(["1"] * 40)
    assert client.run() is True
    text = out.getvalue()
    assert client.state.is_over()
    assert "The match is over" in text and "won the match" in text
    assert "Hand:" in text and "Legal moves:" in text


def test_moves_can_be_typed_as_cards_in_any_notation() -> None:
    client, _ = _client([])
    hand = client.state.observation(0)["hand"]
    # bid first, then the first card of the hand typed with a suit symbol
    client.inp = io.StringIO(f"high\n{hand[0][1:]}{'♠♥♦♣'['SHDC'.index(hand[0][0])]}\n")
    while 0 not in client.state.to_act():
        seat = min(client.state.to_act())
        client.state.apply(seat, client.state.legal_actions(seat)[0])
    action = client.ask()
    assert str(action) == "high"
    client.state.apply(0, action)
    while 0 not in client.state.to_act():
        seat = min(client.state.to_act())
        client.state.apply(seat, client.state.legal_actions(seat)[0])
    assert str(client.ask()) == hand[0]


def test_bad_input_is_explained_and_asked_again() -> None:
    client, out = _client(["X9", "99", "S6 S5", "q"])
    while 0 not in client.state.to_act():
        seat = min(client.state.to_act())
        client.state.apply(seat, client.state.legal_actions(seat)[0])
    before = client.state.to_json()
    assert client.ask() is None
    text = out.getvalue()
    assert "Could not read that" in text or "Not allowed" in text
    assert "Not allowed: no legal action matches" in text
    assert client.state.to_json() == before


def test_finnish_prompts() -> None:
    state = TOY.new_match(players=2, seed=1)
    out = io.StringIO()
    LineClient(state, "fi", io.StringIO("1\n" * 30), out).run()
    assert "Sallitut siirrot" in out.getvalue() and "Ottelu päättyi" in out.getvalue()


def test_command_line_play_save_and_replay(toy_registered: None, tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    result = runner.invoke(
        app, ["play", "toy", "--seed", "5", "--save", str(record)], input="1\n" * 40
    )
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text())
    assert data["game"] == "toy" and data["seed"] == 5 and data["actions"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    winners = TOY.from_json(data).result().winners
    summary = replayed.output.split("The match is over")[-1]
    assert all(f"Player {w + 1}" in summary.splitlines()[-1] for w in winners)
    assert "won the match" in summary


def test_command_line_errors_are_clear(toy_registered: None) -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'; games are:" in result.output
    result = runner.invoke(app, ["play", "toy", "--players", "9"])
    assert result.exit_code == 2 and "2-4 players, not 9" in result.output
    result = runner.invoke(app, ["play", "toy", "--option", "tie=maybe"])
    assert result.exit_code == 2 and "tie must be one of dead, split" in result.output
    result = runner.invoke(app, ["play", "toy", "--option", "colour=red"])
    assert result.exit_code == 2 and "unknown option 'colour'" in result.output
    result = runner.invoke(app, ["games"])
    assert "toy" in result.output and "--option tie=dead" in result.output


def test_train_says_what_it_needs(tmp_path: Path) -> None:
    """``pakka train`` asks for a length, and without PyTorch says how to get it."""
    result = runner.invoke(app, ["train", "guandan", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--minutes or --deals" in result.output
    args = ["train", "guandan", "--deals", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--target", "luck"])
    assert result.exit_code == 2 and "rollout, worlds, deal" in result.output
    result = runner.invoke(app, [*args, "--worlds", "8"])
    assert result.exit_code == 2 and "--worlds needs --target worlds" in result.output
    result = runner.invoke(app, ["train", "anarchy", "--deals", "1", "--players", "9"])
    assert result.exit_code == 2 and "anarchy is played by 3 to 5, not 9" in result.output
    result = runner.invoke(app, [*args, "--lr", "0"])
    assert result.exit_code == 2 and "--lr must be above 0" in result.output
    try:
        import torch  # noqa: F401
    except ImportError:
        result = runner.invoke(app, ["train", "guandan", "--deals", "1", "--out", str(tmp_path)])
        assert result.exit_code == 2
        assert "pakka[train]" in result.output
