"""The rule-bot harness (``benchmarks/rulebots/``): wire format and a refereed match.

The competition's bots are not part of pakka; a stand-in that reads the server's messages
plays their seats here.  When a git copy of their repository is on this machine
(``RULEBOTS_REPO``, default the team's mirror), the format check against the server message
recorded in their source and one deal against ai1 run too.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from benchmarks.rulebots import agreement, convert, harness, loader
from benchmarks.rulebots.check_format import compare, recorded_messages

from pakka.bots import Budget
from pakka.games.guandan import PASS, classify, legal_plays
from pakka.games.guandan.bots.policy import decide
from pakka.games.guandan.combos import BOMB_TYPES

REPO = os.environ.get("RULEBOTS_REPO", "/work/.mirror/AltmanD+guandan_mcc/repo")


def test_cards_round_trip() -> None:
    for label in ("S10", "H2", "DA", "CK", "BJ", "RJ"):
        assert convert.card_in(convert.card_out(label)) == label
    assert convert.card_out("S10") == "ST" and convert.card_out("RJ") == "HR"


def test_wild_stands_where_the_card_it_replaces_goes() -> None:
    play = next(p for p in legal_plays("H2 S6 D8 S10 H7", "2") if p.combo.type == "straight")
    assert convert.action_out(play, "2") == ["Straight", "6", ["S6", "H7", "D8", "H2", "ST"]]


def test_action_list_puts_pass_first_and_bombs_last() -> None:
    top = classify("S3", "2")[0]
    legal = legal_plays("S5 H5 C5 D5 S9 H9 BJ", "2", top)
    entries, acts = convert.action_list(legal, "2")
    assert entries[0] == convert.PASS_ENTRY and acts[0] == PASS
    assert entries[-1][0] == "Bomb" and all(e[0] == "Single" for e in entries[1:-1])
    assert sorted(map(str, acts)) == sorted(map(str, legal))


class StandIn:
    """A rule-bot seat that answers act messages with a seeded random index."""

    def __init__(self, name: str) -> None:
        self.rng = random.Random(name)
        self.stages: list[str] = []

    def send(self, msg: dict[str, Any]) -> int | None:
        json.dumps(msg)  # what the server sends is JSON
        self.stages.append(msg["stage"])
        if msg["type"] == "act":
            assert msg["indexRange"] == len(msg["actionList"]) - 1
            return self.rng.randrange(len(msg["actionList"]))
        return None


def test_a_refereed_match_tells_the_stand_in_every_stage() -> None:
    seats: list[StandIn] = []

    def make(name: str) -> StandIn:
        seats.append(StandIn(f"{name}{len(seats)}"))
        return seats[-1]

    record = harness.Match(3, "normal", "stand-in", 1, 0, 60, rule_bot=make).run()
    assert record["finished"] and record["pakka_won"] is True  # normal beats random play
    assert record["invalid"] == record["crash"] == record["notify_crash"] == 0
    assert record["deals"][0]["deal"] == 1 and len(record["deals"]) >= 4
    assert all(d["gain"] == harness.gain(d["order"], 1) for d in record["deals"])
    stages = set(seats[0].stages) | set(seats[1].stages)
    assert {"beginning", "play", "episodeOver", "gameOver", "gameResult"} <= stages
    assert {"tribute", "anti-tribute"} & stages
    assert len(record["pakka_decisions"]) > 0
    rows = harness.summarize([record])
    assert rows[0]["matches"] == 1 and rows[0]["pakka_won"] == 1


def test_summary_clusters_by_seed() -> None:
    def rec(seed: int, team: int, won: bool, gains: list[int]) -> dict[str, Any]:
        deals = [{"deal": i + 1, "gain": g} for i, g in enumerate(gains)]
        zero = {"invalid": 0, "crash": 0, "notify_crash": 0, "rule_decisions": 0}
        times = {"seconds": 1.0, "rule_seconds": 0.5, "pakka_seconds": 0.5}
        return {
            "seed": seed,
            "pakka_team": team,
            "rule": "ai1",
            "level": "normal",
            "finished": True,
            "pakka_won": won,
            "deals": deals,
            **zero,
            **times,
        }

    rows = harness.summarize(
        [
            rec(0, 0, True, [3, 1]),
            rec(0, 1, False, [-2]),
            rec(1, 0, True, [2]),
            rec(1, 1, True, [1, 1]),
        ]
    )
    row = rows[0]
    assert (row["matches"], row["pakka_won"], row["deals"]) == (4, 3, 6)
    assert row["gain"] == pytest.approx(6 / 6)
    assert row["wilson"][0] < 0.75 < row["wilson"][1]


needs_repo = pytest.mark.skipif(
    not os.path.isdir(REPO), reason="no git copy of AltmanD/guandan_mcc on this machine"
)


@needs_repo
def test_format_matches_the_recorded_server_message() -> None:
    loader.configure(REPO)
    msgs = [m for m in recorded_messages(loader.export_tree()) if m.get("curPos") == -1]
    msgs = [m for m in msgs if {c for e in m["actionList"] for c in e[2]} <= set(m["handCards"])]
    assert msgs
    r = compare(msgs[0])
    assert r["both"] == r["server"] == 1311 and not r["server_only"]
    assert len(r["harness_only"]) == 5 and r["blocks_equal"]


@needs_repo
def test_one_deal_against_ai1() -> None:
    loader.configure(REPO)
    record = harness.Match(0, "normal", "ai1", 0, 1, 60).run()
    assert len(record["deals"]) == 1 and not record["finished"]
    assert record["invalid"] == record["crash"] == record["notify_crash"] == 0
    assert record["rule_decisions"] > 0


def test_search_from_plays_normal_then_hard() -> None:
    bot = harness.pakka_bot("hard/60", 5, Budget(worlds=1, max_candidates=2))
    assert isinstance(bot, harness.SearchFrom) and bot.cards == 60
    calls: list[str] = []
    for name, part in (("normal", "before"), ("hard", "after")):
        inner = getattr(bot, part)
        act = inner.act
        inner.act = lambda view, legal, _act=act, _name=name: (
            calls.append(_name) or _act(view, legal)
        )
    record = harness.Match(
        3,
        "hard/12",
        "stand-in",
        0,
        1,
        60,
        budget=Budget(worlds=1, max_candidates=2),
        rule_bot=StandIn,
    )
    record.bots[0], record.bots[2] = (
        bot,
        harness.pakka_bot("hard/60", 7, Budget(worlds=1, max_candidates=2)),
    )
    result = record.run()
    assert len(result["deals"]) == 1 and result["invalid"] == 0
    assert calls[0] == "normal" and "hard" in calls
    assert calls.index("hard") > 0 and "normal" not in calls[calls.index("hard") :]


def test_seeing_from_sees_the_truth_only_at_the_end() -> None:
    bot = harness.pakka_bot("seeing/40", 5, Budget(worlds=1, max_candidates=2))
    assert isinstance(bot, harness.SearchFrom) and isinstance(bot.after, harness.Seeing)
    assert not isinstance(bot.before, harness.Seeing)
    seen: list[int] = []
    act = bot.after.act
    bot.after.act = lambda view, legal: (  # type: ignore[method-assign]
        seen.append(sum(p.cards for p in view.players)) or act(view, legal)
    )
    match = harness.Match(3, "normal", "stand-in", 0, 1, 60, rule_bot=StandIn)
    match.bots[0] = bot
    result = match.run()
    assert result["invalid"] == 0 and seen and max(seen) <= 40
    assert bot.after.truth is match.st  # the match hands the truth through to seeing


def test_paired_difference_is_seed_by_seed() -> None:
    def rec(seed: int, gains: list[int]) -> dict[str, Any]:
        return {"seed": seed, "deals": [{"deal": 1, "gain": g} for g in gains]}

    first = [rec(0, [1, -1]), rec(1, [2, 2])]
    second = [rec(0, [1, 1]), rec(1, [2, 2]), rec(2, [3, 3])]  # seed 2 is not in both
    c = harness.paired(first, second)
    assert c["seeds"] == 2 and c["diff"] == pytest.approx(0.5)
    assert c["first"] == pytest.approx(1.0) and c["second"] == pytest.approx(1.5)


def test_set_changes_a_heuristic_constant_and_refuses_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util
    from pathlib import Path

    import pakka.games.guandan.bots.policy as policy

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "rulebots.py"
    spec = importlib.util.spec_from_file_location("rulebots_command", path)
    assert spec is not None and spec.loader is not None
    command = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(command)
    monkeypatch.setattr(policy, "GAIN_HOLDER_MID", policy.GAIN_HOLDER_MID)
    monkeypatch.setattr(policy, "BOMB_PENALTY", policy.BOMB_PENALTY)
    assert command.apply_settings(["GAIN_HOLDER_MID=1.0", "BOMB_PENALTY=(0.1, 0.3)"]) == (
        "GAIN_HOLDER_MID=1.0, BOMB_PENALTY=(0.1, 0.3)"
    )
    assert policy.GAIN_HOLDER_MID == 1.0 and policy.BOMB_PENALTY == (0.1, 0.3)
    for bad, said in [
        ("MAX_BOMBS=9", "the constants are"),
        ("FOLLOW_GAIN=big", "a number or a tuple"),
        ("BOMB_PENALTY=1.0", "give the same kind"),
    ]:
        with pytest.raises(SystemExit, match=said):
            command.apply_settings([bad])
    assert policy.GAIN_HOLDER_MID == 1.0  # a refused setting changes nothing


def test_agreement_counts_the_heuristics_own_move_and_the_others() -> None:
    match = agreement.AgreementMatch(4, "normal", "stand-in", 1, 1, 60, rule_bot=StandIn)
    st = match.st
    while st.phase != "play" or st.top is not None:  # to the first lead
        seat = sorted(st.to_act())[0]
        st.apply(seat, st.legal_actions(seat)[0])
    seat = st.turn
    view, legal = st.view(seat), st.legal_actions(seat)
    mine, _ = decide(view, legal)
    keys = agreement.tally(view, legal, mine)
    assert {"lead|decisions", "lead|agree", "lead|top3"} <= set(keys)
    other = next(a for a in legal if agreement.move_type(a) != agreement.move_type(mine))
    keys = agreement.tally(view, legal, other)
    assert "lead|agree" not in keys
    assert f"lead|instead|{agreement.move_type(mine)} -> {agreement.move_type(other)}" in keys
    assert f"lead|rule leads|{agreement.move_type(other)}" in keys


def test_an_agreement_run_records_counters_that_add_up() -> None:
    record = agreement.AgreementMatch(5, "normal", "stand-in", 0, 1, 60, rule_bot=StandIn).run()
    counts = record["agreement"]
    for situation in ("lead", "follow"):
        n = counts[f"{situation}|decisions"]
        instead = sum(v for k, v in counts.items() if k.startswith(f"{situation}|instead|"))
        assert n > 0 and counts.get(f"{situation}|agree", 0) + instead == n
        assert counts.get(f"{situation}|top3", 0) >= counts.get(f"{situation}|agree", 0)
    leads = sum(v for k, v in counts.items() if k.startswith("lead|rule leads|"))
    assert leads == counts["lead|decisions"]
    # every follow is counted by whose trick it is and what the seat held, forced passes too
    held = [k for k in counts if k.startswith("passes|") and k.endswith("|decisions")]
    assert sum(counts[k] for k in held) > counts["follow|decisions"]
    beaters = sum(counts.get(f"passes|{t}|beater|decisions", 0) for t in ("opponent", "partner"))
    assert 0 < beaters <= counts["follow|decisions"]  # a seat with a beater has a choice
    for k in held:
        assert 0 <= counts.get(k.replace("|decisions", "|passed"), 0) <= counts[k]
    text = agreement.table([record])
    assert text.startswith("lead: ") and "follow: " in text and "instead:" in text
    assert "passes on the opponent's trick: holding" in text


def test_a_pass_holding_a_beater_is_counted_as_one() -> None:
    match = agreement.AgreementMatch(4, "normal", "stand-in", 1, 1, 60, rule_bot=StandIn)
    st = match.st
    while (
        st.phase != "play"
        or st.top is None
        or st.top_seat is None
        or (st.top_seat % 2 == st.turn % 2)
        or not any(
            agreement.move_type(a) not in ("pass", *BOMB_TYPES) for a in st.legal_actions(st.turn)
        )
    ):
        (seat,) = st.to_act()
        st.apply(seat, st.legal_actions(seat)[-1])
    view, legal = st.view(st.turn), st.legal_actions(st.turn)
    assert "passes|opponent|beater|passed" in agreement.tally(view, legal, PASS)
    forced = agreement.tally(view, [PASS], PASS)  # a forced pass: no beater, nothing else
    assert forced == [
        "passes|opponent|bombs or nothing|decisions",
        "passes|opponent|bombs or nothing|passed",
    ]
    beat = next(a for a in legal if agreement.move_type(a) not in ("pass", *BOMB_TYPES))
    keys = agreement.tally(view, legal, beat)
    assert (
        "passes|opponent|beater|decisions" in keys and "passes|opponent|beater|passed" not in keys
    )


def test_a_snapshot_plays_as_the_learned_level(tmp_path: Any) -> None:
    """``learned@PATH`` (``benchmarks/learned_curve.py``): the learned level with a training
    run's snapshot, not the shipped weights, through a whole refereed deal."""
    import numpy as np

    from pakka.bots.learned import LearnedBot, action_inputs, codec_for
    from pakka.bots.train import export
    from pakka.games import get
    from tests.bots.test_learned import guandan_sizes, random_network

    net = random_network(*guandan_sizes(), seed=3)
    path = tmp_path / "weights-003.npz"
    export(net, path)
    bot = harness.pakka_bot(f"learned@{path}", 5, None)
    assert isinstance(bot, LearnedBot)
    st = get("guandan").new_match(seed=2)
    view = st.view(st.turn)
    codec = codec_for(view, "guandan")
    _, rows = action_inputs(codec, view, st.legal_actions(st.turn), None)
    obs = codec.observe(view)
    assert np.allclose(bot.network.forward(obs, rows), net.forward(obs, rows), atol=1e-5)
    record = harness.Match(3, f"learned@{path}", "stand-in", 0, 1, 60, rule_bot=StandIn).run()
    assert len(record["deals"]) == 1
    assert record["invalid"] == record["crash"] == record["notify_crash"] == 0
