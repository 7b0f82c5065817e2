"""How often pakka's heuristic makes the rule bot's move: a diagnostic for opponent models.

``hard``'s play-outs assume that every seat plays pakka's heuristic.  Where the rule bots
play otherwise, a switch the play-outs call good may not be good against them (issue 19).
This counts, at every play-phase decision of a rule bot with more than one legal action,
whether the heuristic, given that seat's view and legal actions, would have made the same
move (the same combination type and rank, or both a pass; suits and wilds may differ), whether
the rule bot's move is among the heuristic's three favourites (``hard``'s candidates), what
each leads, and what the heuristic would have done instead.  (Not a test.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from benchmarks.rulebots import harness

from pakka.engine import Action
from pakka.games.guandan import GuandanView, Play
from pakka.games.guandan.bots.policy import PAKKA, Style, decide, ranked_actions
from pakka.games.guandan.combos import BOMB_TYPES

TOP = 8
"""Rows shown of each group of counters (the most frequent)."""
HELD = {
    "beater": "holding a beater that is not a bomb",
    "bombs or nothing": "holding only bombs or nothing",
}


def move_type(action: Action) -> str:
    """``pass``, a combination type (``single`` .. ``joker_bomb``) or ``return``."""
    if not isinstance(action, Play):
        return "return"
    return "pass" if action.combo is None else action.combo.type


def same_move(a: Action, b: Action) -> bool:
    """Both a pass, or the same combination type and rank (the cards' suits aside)."""
    if not isinstance(a, Play) or not isinstance(b, Play):
        return a == b
    if a.combo is None or b.combo is None:
        return a.combo is None and b.combo is None
    return (a.combo.type, a.combo.key, len(a.cards)) == (b.combo.type, b.combo.key, len(b.cards))


def holder_band(cards: int) -> str:
    """The hand size of the seat holding the trick, in bands."""
    for top, name in ((2, "1-2"), (5, "3-5"), (9, "6-9"), (15, "10-15")):
        if cards <= top:
            return name
    return "16+"


def passes(obs: GuandanView, legal: Sequence[Action], action: Action) -> list[str]:
    """What a pass tells about a hand: at every follow (forced passes too), whose trick it
    is, whether the seat held a beater that is not a bomb, and whether it passed."""
    top = obs.table.top
    if top is None or obs.seat is None:
        return []
    trick = "partner" if top.seat % 2 == obs.seat % 2 else "opponent"
    beater = any(move_type(a) not in ("pass", *BOMB_TYPES) for a in legal)
    held = "beater" if beater else "bombs or nothing"
    keys = [f"passes|{trick}|{held}|decisions"]
    if move_type(action) == "pass":
        keys.append(f"passes|{trick}|{held}|passed")
    return keys


def tally(
    obs: GuandanView, legal: Sequence[Action], action: Action, style: Style = PAKKA
) -> list[str]:
    """The counters one rule-bot decision adds (see :func:`table` for their meaning), the
    heuristic playing in ``style`` (a candidate model of the rule bots)."""
    if obs.phase != "play":
        return []
    top = obs.table.top
    keys = passes(obs, legal, action)
    if len(legal) < 2:
        return keys
    mine, _ = decide(obs, legal, style)
    situation = "lead" if top is None else "follow"
    keys.append(f"{situation}|decisions")
    if same_move(mine, action):
        keys.append(f"{situation}|agree")
    if any(same_move(a, action) for a in ranked_actions(obs, legal, 3)):
        keys.append(f"{situation}|top3")
    if top is None:
        keys += [f"lead|rule leads|{move_type(action)}", f"lead|heuristic leads|{move_type(mine)}"]
    if not same_move(mine, action):
        keys.append(f"{situation}|instead|{move_type(mine)} -> {move_type(action)}")
        if top is not None and move_type(action) in BOMB_TYPES and move_type(mine) == "pass":
            band = holder_band(obs.players[top.seat].cards)
            keys.append(f"follow|bombs where the heuristic passes|holder at {band} cards")
    return keys


class AgreementMatch(harness.Match):
    """A refereed match that also tallies the heuristic's agreement with the rule bots."""

    def __init__(self, *args: Any, style: Style = PAKKA, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.style = style
        self.agreement: Counter[str] = Counter()

    def rule_act(self, seat: int, legal: list[Action]) -> Action:
        view: GuandanView = self.st.view(seat)  # before the move changes the state
        action = super().rule_act(seat, legal)
        self.agreement.update(tally(view, legal, action, self.style))
        return action

    def run(self) -> harness.Record:
        record = super().run()
        record["agreement"] = dict(self.agreement)
        return record


def play_task(task: harness.Task, style: Style = PAKKA) -> harness.Record:
    seed, level, rule, team, deals, max_deals, budget = task
    return AgreementMatch(seed, level, rule, team, deals, max_deals, budget, style=style).run()


def play(
    tasks: list[harness.Task], jobs: int = 1, style: Style = PAKKA
) -> Iterator[harness.Record]:
    """As :func:`harness.play`, each record with its ``agreement`` counters."""
    return harness.play(tasks, jobs, partial(play_task, style=style))


def table(records: Sequence[harness.Record]) -> str:
    """The counters of ``records`` summed, as shares of the rule bots' decisions."""
    total: Counter[str] = Counter()
    for rec in records:
        total.update(rec.get("agreement", {}))
    lines = []
    for situation in ("lead", "follow"):
        n = total[f"{situation}|decisions"]
        if not n:
            continue
        lines.append(
            f"{situation}: {n} rule-bot decisions with a choice; the heuristic makes the same "
            f"move in {100 * total[f'{situation}|agree'] / n:.1f} %, the rule bot's move is "
            f"among its 3 favourites in {100 * total[f'{situation}|top3'] / n:.1f} %"
        )
        groups: dict[str, list[tuple[int, str]]] = {}
        for key, count in total.items():
            parts = key.split("|")
            if parts[0] == situation and len(parts) == 3:
                groups.setdefault(parts[1], []).append((count, parts[2]))
        for group, rows in groups.items():
            lines.append(f"  {group}:")
            for count, what in sorted(rows, reverse=True)[:TOP]:
                lines.append(f"    {100 * count / n:5.1f} %  {what}")
    for trick in ("opponent", "partner"):
        shares = []
        for held in ("beater", "bombs or nothing"):
            n = total[f"passes|{trick}|{held}|decisions"]
            if n:
                rate = 100 * total[f"passes|{trick}|{held}|passed"] / n
                shares.append(f"{HELD[held]} {rate:.1f} % of {n}")
        if shares:
            lines.append(f"passes on the {trick}'s trick: " + "; ".join(shares))
    return "\n".join(lines)
