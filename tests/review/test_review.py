"""The review core (issue 30): ranks from the seat's information only, marks, summary, words."""

from __future__ import annotations

import json
import math

import pytest

import pakka.games
from pakka.review import Review, decision_seed, mark_for, review, review_scale, summary
from pakka.review.analysis import Alternative, Decision
from pakka.review.sample import sample_match
from tests.review.redeal import redeal

GAMES = ["anarchy", "pentagrammi", "norlanninnakki", "guandan"]


def _cut(game: str, seed: int = 5, share: float = 0.6) -> dict:
    """Most of a deal: the rest of the cards are still unseen, so they can be re-dealt."""
    full = sample_match(game, seed)
    return sample_match(game, seed, stop_after=int(len(full["actions"]) * share))


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_dealt_otherwise_give_the_same_review(game: str) -> None:
    record = _cut(game)
    other = redeal(record, seat=0)
    assert other["deck"] != record["deck"]
    a, b = review(record, 0, worlds=3), review(other, 0, worlds=3)
    assert a.decisions, "the seat made decisions"
    assert any(len(d.alternatives) > 1 for d in a.decisions)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


def test_another_seat_is_blind_to_its_hidden_cards_too() -> None:
    record = _cut("pentagrammi")
    again = redeal(record, seat=1)
    assert review(record, 1, worlds=2).to_json() == review(again, 1, worlds=2).to_json()


def test_a_peeking_review_would_be_caught() -> None:
    """The re-deal really moves cards the other seats hold: a review that read them (here:
    seeded from the whole deck) would differ, so the equality above means something."""
    record = _cut("norlanninnakki")
    other = redeal(record, seat=0)
    game = pakka.games.get("norlanninnakki")

    def peeking_seed(rec: dict) -> list[int]:
        state = game.new_match(seed=rec["seed"], deck=rec["deck"])
        return [decision_seed("x", 0, state.observation(s) or {}) for s in range(state.players)]

    assert peeking_seed(record) != peeking_seed(other)


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_of_the_seat_is_reviewed_with_the_played_move(game: str) -> None:
    record = sample_match(game, 2)
    r = review(record, 1)
    steps = [i for i, e in enumerate(record["actions"]) if e["seat"] == 1]
    assert [d.step for d in r.decisions] == steps
    for d in r.decisions:
        assert d.played in [a.action for a in d.alternatives]
        assert d.alternatives[0].loss == 0
        assert all(
            x.loss <= y.loss for x, y in zip(d.alternatives, d.alternatives[1:], strict=False)
        )
        if d.legal > 1:
            assert len(d.alternatives) >= min(3, d.legal)
            assert d.worlds > 0
            assert all(math.isfinite(a.value) for a in d.alternatives)
            assert d.words["en"]["reason"] and d.words["fi"]["reason"]
        for lang in ("en", "fi"):
            w = d.words[lang]
            assert len(w["labels"]) == len(d.alternatives)
            assert w["played"] in w["verdict"]
        if d.mark:
            played = next(a for a in d.alternatives if a.action == d.played)
            assert played.loss >= review_scale(game).inaccuracy
    assert r.summary("en") != r.summary("fi")


@pytest.mark.parametrize("game", GAMES)
def test_a_random_player_is_marked_in_every_game(game: str) -> None:
    """Marks really appear: a seat that plays at random (a fixed seed) against ``normal``
    bots makes a mistake or an inaccuracy in its deal, marked with the move the bot prefers,
    and the summary counts the marks and names the biggest."""
    r = review(sample_match(game, 1, levels={0: "random"}), 0)
    marked = [d for d in r.decisions if d.mark]
    assert marked, f"{game}: a random player's deal got no mark"
    th = review_scale(game)
    for d in marked:
        assert d.preferred != d.played
        assert d.loss >= th.inaccuracy
    worst = max(marked, key=lambda d: d.loss)
    mistakes = sum(d.mark == "mistake" for d in marked)
    inaccuracies = len(marked) - mistakes
    counts = [
        f"{n} {one if n == 1 else many}"
        for n, one, many in (
            (mistakes, "mistake", "mistakes"),
            (inaccuracies, "inaccuracy", "inaccuracies"),
        )
        if n
    ]
    w = worst.words["en"]
    assert r.summary("en") == (
        f"{', '.join(counts)}; biggest: {w['where']}, {w['played']} instead of {w['preferred']}"
    )
    fi = worst.words["fi"]
    assert r.summary("fi").endswith(f"{fi['where']}, {fi['played']} eikä {fi['preferred']}")


def test_a_games_review_scale_comes_from_its_own_kit() -> None:
    """A game is one folder: its thresholds and worlds live in its bot kit, and a game
    whose kit names none (or that brings no kit) gets the defaults."""
    from pakka import plugins
    from pakka.bots import kit_for
    from pakka.bots.base import RandomPolicy
    from pakka.bots.kit import BotKit, ReviewScale

    assert review_scale("guandan").unit == "review_unit_levels"
    assert review_scale("guandan").worlds_total is not None
    assert {review_scale(g).worlds for g in GAMES} != {ReviewScale().worlds}
    scale = ReviewScale(inaccuracy=0.01, mistake=0.02, worlds=2)
    plugins.set_companion("bots", "pentagrammi", BotKit(policy=RandomPolicy(), review=scale))
    try:
        assert review_scale("pentagrammi") == scale
        assert mark_for("pentagrammi", 0.015, 0.0) == "inaccuracy"
        plugins.set_companion("bots", "pentagrammi", BotKit(policy=RandomPolicy()))
        assert review_scale("pentagrammi") == ReviewScale()
    finally:
        plugins.forget_companion("bots", "pentagrammi")  # the shipped kit is read again
    assert kit_for("pentagrammi").review.worlds == 32


def test_marks_by_thresholds_and_noise() -> None:
    th = review_scale("anarchy")
    assert mark_for("anarchy", th.mistake, 0.1) == "mistake"
    assert mark_for("anarchy", th.inaccuracy, 0.1) == "inaccuracy"
    assert mark_for("anarchy", th.inaccuracy * 0.9, 0.0) == ""
    assert mark_for("anarchy", th.mistake * 2, th.mistake * 2) == ""  # within the noise


def _decision(step: int, trick: int, mark: str, loss: float, played: str, best: str) -> Decision:
    game = pakka.games.get("pentagrammi")
    p, b = (
        game.action_from_json({"type": "play", "cards": [played]}),
        game.action_from_json({"type": "play", "cards": [best]}),
    )
    alts = (Alternative(b, 1.0, 0.1, 0.0, 0.0), Alternative(p, 1.0 - loss, 0.1, loss, 0.1))
    words = {
        lang: {"where": f"{lang} trick {trick}", "played": played, "preferred": best}
        for lang in ("en", "fi")
    }
    return Decision(step, 1, trick, "play", p, alts, 8, 4, mark, words)


def test_summary_counts_and_names_the_biggest() -> None:
    ds = [
        _decision(3, 2, "inaccuracy", 0.5, "SK", "S4"),
        _decision(9, 7, "mistake", 2.0, "HK", "H4"),
        _decision(12, 8, "mistake", 1.5, "CK", "C4"),
    ]
    assert (
        summary("pentagrammi", ds, "en")
        == "2 mistakes, 1 inaccuracy; biggest: en trick 7, HK instead of H4"
    )
    assert (
        summary("pentagrammi", ds, "fi")
        == "2 virhettä, 1 epätarkkuus; suurin: fi trick 7, HK eikä H4"
    )
    assert summary("pentagrammi", ds[:0], "en") == "No mistakes or inaccuracies in 0 decisions."
    assert Review("pentagrammi", 0, tuple(ds)).to_json()["summary"]["fi"].startswith("2 virhettä")


def test_reviews_are_reproducible() -> None:
    record = sample_match("guandan", 4, stop_after=40)
    assert review(record, 2, worlds=2).to_json() == review(record, 2, worlds=2).to_json()


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 9"):
        review(sample_match("pentagrammi", 1, stop_after=5), 9)
