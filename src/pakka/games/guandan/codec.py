"""Guandan codec: every canonical play class gets one fixed index, computed here.

A *play class* is what canonical move generation (``legal_plays(..., canonical=True)``)
keeps apart: the type, the key, how many natural cards of each rank and how many wild
cards the play uses (for straight flushes also the suit and which window positions the
wilds fill).  Plays in one class differ only in which interchangeable physical cards they
spend.  :data:`CLASSES` enumerates every class that can occur at some level; the index
of a class does not depend on the level.  The environment applies the class's canonical
representative (the lowest card kinds of each rank, as ``canonical=True`` picks them),
which is always one of the engine's full-mode legal plays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

import numpy as np
from numpy.typing import NDArray

from pakka.cards import SUITS
from pakka.engine import Action, MatchResult, State
from pakka.env.codec import Codec, ObsLayout, ObsWriter
from pakka.games.guandan import (
    PASS,
    GuandanCardsPlayed,
    GuandanView,
    Play,
    Return,
    play_of_event,
)
from pakka.games.guandan.combos import (
    BJ_KIND,
    BOMB_TYPES,
    KIND_CARDS,
    TYPES,
    card_kind,
    level_rank,
    rank_label,
    wild_kind,
    window_key,
    window_ranks,
)
from pakka.games.guandan.moves import hand_counts, raw_plays, to_play
from pakka.games.guandan.rules import LEVELS

__all__ = ["CLASSES", "GuandanCodec", "class_of"]

PlayClass = tuple[Any, ...]
"""``(type, param, pattern)``; see :func:`_enumerate`."""

SEATS: Final = 4
RANKS: Final = tuple(range(2, 15))
BJ: Final = 15
RJ: Final = 16
WILD_PAIR: Final = 0
"""The ``p`` of a full house whose pair is two wild cards."""


def _enumerate() -> list[PlayClass]:
    """Every play class, in index order (``TYPES`` order, then rank/window, then pattern).

    * ``single``: ``(r, (nat,))`` - one natural card of rank ``r`` (2..A, 15 = BJ, 16 = RJ),
      or ``nat = 0``: the wild card itself (``r`` = the level rank).
    * ``pair``/``triple``: ``(r, (nat,))`` - ``nat`` natural cards of ``r``, the rest wilds.
    * ``full_house``: ``((t, p), (m_t, m_p))`` - triple rank ``t``, pair rank ``p`` (2..A,
      15/16 a joker pair, 0 two wilds), with ``m_t``/``m_p`` natural cards, the rest wilds.
    * ``straight``/``tube``/``plate``: ``(start, counts)`` - window start (1 = low ace) and
      natural cards per window rank (ascending, a low ace last), the rest wilds.
    * ``straight_flush``: ``((start, suit), present)`` - suit index (S H D C) and 0/1 per
      window rank, 0 = filled by a wild.
    * ``bomb``: ``((size, r), (nat,))``; ``joker_bomb``: ``(0, ())``.
    """
    out: list[PlayClass] = []
    for r in RANKS:
        out += [("single", r, (1,)), ("single", r, (0,))]
    out += [("single", BJ, (1,)), ("single", RJ, (1,))]
    for r in RANKS:
        out += [("pair", r, (m,)) for m in (2, 1, 0)]
    out += [("pair", BJ, (2,)), ("pair", RJ, (2,))]
    for r in RANKS:
        out += [("triple", r, (m,)) for m in (3, 2, 1)]
    for t in RANKS:
        for p in RANKS:
            if p != t:
                for m in ((3, 2), (3, 1), (2, 2), (2, 1), (1, 2)):
                    out.append(("full_house", (t, p), m))
        for p in (BJ, RJ):
            out += [("full_house", (t, p), (m, 2)) for m in (3, 2, 1)]
        out.append(("full_house", (t, WILD_PAIR), (3, 0)))
    wild_slots5 = [
        tuple(0 if i in holes else 1 for i in range(5))
        for holes in [
            (),
            *[(i,) for i in range(5)],
            *[(i, j) for i in range(5) for j in range(i + 1, 5)],
        ]
    ]
    for start in range(1, 11):
        out += [("straight", start, pat) for pat in wild_slots5]
    for start in range(1, 13):
        for a in (2, 1, 0):
            for b in (2, 1, 0):
                for c in (2, 1, 0):
                    if a + b + c >= 4:
                        out.append(("tube", start, (a, b, c)))
    for start in range(1, 14):
        for a in (3, 2, 1):
            for b in (3, 2, 1):
                if a + b >= 4:
                    out.append(("plate", start, (a, b)))
    for size in range(4, 11):
        for r in RANKS:
            for nw in range(min(2, size - 1) + 1):
                if size - nw <= 8:
                    out.append(("bomb", (size, r), (size - nw,)))
    for start in range(1, 11):
        for suit in range(4):
            out += [("straight_flush", (start, suit), pat) for pat in wild_slots5]
    out.append(("joker_bomb", 0, ()))
    return out


CLASSES: Final = _enumerate()
"""Every play class in index order (the action index is ``PLAY0 + position``)."""
PASS_INDEX: Final = 0
PLAY0: Final = 1
RETURN0: Final = PLAY0 + len(CLASSES)
NUM_ACTIONS: Final = RETURN0 + 54
_INDEX: Final = {c: PLAY0 + i for i, c in enumerate(CLASSES)}

_LABEL_RANK: Final = {
    **{str(r): r for r in range(2, 11)},
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "BJ": BJ,
    "RJ": RJ,
}


def _start(key: str) -> int:
    low = key.split("-")[0]
    return 1 if low == "A" else _LABEL_RANK[low]


def class_of(play: Play, level: int) -> PlayClass:
    """The class of a (full-mode or canonical) play at a level (rank 2..14)."""
    combo = play.combo
    assert combo is not None, "a pass has no class"
    kinds = [card_kind(c) for c in play.cards]
    wk = wild_kind(level)
    w = kinds.count(wk)
    nat: Counter[int] = Counter(k // 4 + 2 for k in kinds if k != wk and k < BJ_KIND)
    jokers = [k for k in kinds if k >= BJ_KIND]
    t, key = combo.type, combo.key
    if t in ("single", "pair", "triple"):
        r = _LABEL_RANK[key]
        return (t, r, (len(jokers) if r >= BJ else nat[r],))
    if t == "full_house":
        tr = _LABEL_RANK[key]
        others = [r for r in nat if r != tr]
        if others:
            p = others[0]
            mp = nat[p]
        elif jokers:
            p, mp = (BJ if jokers[0] == BJ_KIND else RJ), 2
        else:
            p, mp = WILD_PAIR, 0
        return (t, (tr, p), (nat[tr], mp))
    if t in ("straight", "tube", "plate"):
        start = _start(key)
        length = {"straight": 5, "tube": 3, "plate": 2}[t]
        return (t, start, tuple(nat[r] for r in window_ranks(start, length)))
    if t == "straight_flush":
        start = _start(key)
        suit = next(k % 4 for k in kinds if k != wk)
        return (t, (start, suit), tuple(nat[r] for r in window_ranks(start, 5)))
    if t == "bomb":
        size, label = key.split("x")
        r = _LABEL_RANK[label]
        return (t, (int(size), r), (len(kinds) - w,))
    return ("joker_bomb", 0, ())


def index_of(play: Play, level: int) -> int:
    """The action index of a play (``PASS_INDEX`` for a pass)."""
    if play.combo is None:
        return PASS_INDEX
    return _INDEX[class_of(play, level)]


def describe_class(c: PlayClass) -> str:
    t, param, pat = c
    if t in ("single", "pair", "triple"):
        wild = {"single": 1, "pair": 2, "triple": 3}[t] - (pat[0] if param < BJ else 0)
        if param >= BJ:
            wild = 0
        return f"{t} {rank_label(param)}: {pat[0]} natural, {wild} wild"
    if t == "full_house":
        tr, p = param
        pair = "two wilds" if p == WILD_PAIR else f"pair {rank_label(p)} x{pat[1]}"
        return f"full_house {rank_label(tr)}: triple x{pat[0]}, {pair}, {5 - sum(pat)} wild"
    if t in ("straight", "tube", "plate"):
        length = {"straight": 5, "tube": 3, "plate": 2}[t]
        n = 5 if t == "straight" else 6
        return f"{t} {window_key(param, length)}: naturals per rank {pat}, {n - sum(pat)} wild"
    if t == "straight_flush":
        start, suit = param
        return (
            f"straight_flush {SUITS[suit]} {window_key(start, 5)}: "
            f"naturals per rank {pat}, {5 - sum(pat)} wild"
        )
    if t == "bomb":
        size, r = param
        return f"bomb {size}x{rank_label(r)}: {pat[0]} natural, {size - pat[0]} wild"
    return "joker_bomb"


def canonical_plays(obs: GuandanView) -> dict[int, Play]:
    """The legal plays of the observer in canonical mode, by action index."""
    table = obs.table
    level = level_rank(table.level)
    top = table.top
    to_beat = None if top is None else play_of_event(top, table.level).combo
    raws = raw_plays(hand_counts(obs.hand or ()), level, to_beat, canonical=True)
    out: dict[int, Play] = {}
    if to_beat is not None:
        out[PASS_INDEX] = PASS
    for raw in raws:
        play = to_play(raw, level)
        i = index_of(play, level)
        if i in out:
            raise AssertionError(f"{play} and {out[i]} share the index {i}")
        out[i] = play
    return out


LEVEL_COUNT: Final = len(LEVELS)
PHASES: Final = ("return", "play", "over")


class GuandanCodec(Codec):
    game_name: ClassVar[str] = "guandan"
    version: ClassVar[str] = "guandan-1"
    reward_doc: ClassVar[str] = (
        "Zero at every step but the last.  When the match ends the two seats of the "
        "winning team get +1 and the two others -1 (zero-sum)."
    )
    score_scale: ClassVar[float] = 12
    encoding_doc: ClassVar[str] = f"""\
**Indices.** `0` passes (legal only when following).  `1..{RETURN0 - 1}` are the
{len(CLASSES)} *play classes*: what canonical move generation
(`legal_plays(hand, level, to_beat, canonical=True)`) keeps apart - the type, the key, and
how many natural cards of each rank and how many wild cards (the heart of the level
rank) the play uses; for straight flushes also the suit and which window positions the
wilds fill.  Plays of one class differ only in which interchangeable cards they spend.
The table is enumerated in code (`pakka.games.guandan.codec.CLASSES`) and does not depend on the
level: a class whose natural cards or wilds are impossible at the current level is
simply never enabled.  `{RETURN0}..{NUM_ACTIONS - 1}` return a card to the tribute payer
(the 54 card kinds: `S2 H2 D2 C2 S3 ... CA BJ RJ`, rank-major).

**Applying a class.** The environment plays the class's canonical representative: within
each rank the lowest card kinds (suits `S H D C`, both copies of a card before the next
suit), with a wild-free straight made two-suited at its highest possible rank - exactly
the play `legal_plays(..., canonical=True)` lists, which is always one of the engine's
full-mode legal plays.  Every engine play maps to the index of its class
(`pakka.games.guandan.codec.index_of`); the mask enables exactly the classes of the legal plays,
one index per canonical legal play (tested for bijection).

**Action features.** `codec.action_features()` is a `({NUM_ACTIONS}, 26)` float array, one
distinct row per index (columns `pakka.games.guandan.codec.FEATURE_NAMES`: type one-hot, key rank
or window start / 16, a full house's pair rank / 16, cards / 10, wilds / 2, the class's
natural cards per rank / 8, the suit of a straight flush or returned card, bomb, pass and
return flags), for models that score actions by their features instead of by a fixed
output head.

**Seats** in the observation are relative: row 0 is the observer, row 2 the partner,
rows 1 and 3 the opponents (1 = the next to play after the observer)."""

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def build_layout(self) -> ObsLayout:
        lay = ObsLayout()
        lay.add("hand", 54, "own hand: count of each card kind (S2 H2 D2 C2 S3 ... BJ RJ)", high=2)
        lay.add("level", LEVEL_COUNT, "one-hot level of this deal (2..A)")
        lay.add("wild", 54, "the wild card kind of this deal (heart of the level)")
        lay.add(
            "team_levels", LEVEL_COUNT, "one-hot level: row 0 own team, row 1 opponents", rows=2
        )
        lay.add("owner", 3, "deal owner: own team, opponents, none (first deal)")
        lay.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        lay.add("deal", 1, "deal number / 50", high=100)
        lay.add("to_act", SEATS, "relative seats that may act now")
        lay.add("leader", SEATS, "one-hot relative seat that led this deal's first trick")
        lay.add("cards_left", SEATS, "cards held by each relative seat / 27", high=2)
        lay.add(
            "place", SEATS, "finishing place of each relative seat (1st..4th), one-hot", rows=SEATS
        )
        lay.add(
            "known", 54, "cards each relative seat is publicly known to hold", rows=SEATS, high=2
        )
        lay.add("played", 54, "cards each relative seat has played this deal", rows=SEATS, high=2)
        lay.add("top_type", len(TYPES), "type of the play to beat, one-hot (all zero when leading)")
        lay.add("top_cards", 54, "cards of the play to beat", high=2)
        lay.add("top_seat", SEATS, "relative seat of the play to beat")
        lay.add("passes", SEATS, "relative seats that passed on the current top play")
        lay.add("tribute", 54, "cards given in tribute this deal", high=2)
        lay.add("returns", 54, "cards returned this deal", high=2)
        lay.add("anti_tribute", 1, "the tribute was cancelled (anti-tribute)")
        lay.add("my_return", 54, "the return card this seat has chosen (not yet revealed)")
        return lay

    def fill(self, w: ObsWriter, obs: GuandanView, pending: Sequence[int]) -> None:
        table = obs.table
        me = obs.seat
        assert me is not None, "a spectator has no observation vector"
        level = level_rank(table.level)
        w.cards("hand", obs.hand or (), card_kind)
        w.set("level", LEVELS.index(table.level))
        w.set("wild", wild_kind(level))
        for row, team in ((0, me % 2), (1, 1 - me % 2)):
            w.set("team_levels", LEVELS.index(table.levels[team]), row=row)
        owner = table.owner
        w.set("owner", 2 if owner is None else (0 if owner == me % 2 else 1))
        w.set("phase", PHASES.index(obs.phase))
        w.set("deal", 0, obs.deal / 50)
        for s in obs.to_act:
            w.set("to_act", self.rel(obs, s))
        w.set("leader", self.rel(obs, table.leader))
        for p in obs.players:
            r = self.rel(obs, p.seat)
            w.set("cards_left", r, p.cards / 27)
            if p.place is not None:
                w.set("place", p.place - 1, row=r)
            w.cards("known", p.known, card_kind, row=r)
        for e in obs.history:
            if isinstance(e, GuandanCardsPlayed):
                w.cards("played", e.cards, card_kind, row=self.rel(obs, e.seat))
        top = table.top
        if top is not None:
            w.set("top_type", TYPES.index(top.combo))
            w.cards("top_cards", top.cards, card_kind)
            w.set("top_seat", self.rel(obs, top.seat))
        for s in table.passes:
            w.set("passes", self.rel(obs, s))
        for t in table.tribute:
            w.cards("tribute", [t.card], card_kind)
        for back in table.returns:
            w.cards("returns", [back.card], card_kind)
        w.set("anti_tribute", 0, float(table.anti_tribute))
        if table.my_return is not None:
            w.cards("my_return", [table.my_return], card_kind)

    # --- actions -------------------------------------------------------------------------

    def encode(self, obs: GuandanView, action: Action) -> tuple[int, ...]:
        if isinstance(action, Return):
            return (RETURN0 + card_kind(action.card),)
        if isinstance(action, Play):
            return (index_of(action, level_rank(obs.table.level)),)
        raise TypeError(f"not a Guandan action: {action!r}")

    def legal_sequences(
        self, obs: GuandanView, legal: Sequence[Action]
    ) -> dict[tuple[int, ...], Action]:
        """Index -> engine action: returns as they are, plays by their class's canonical
        representative (``legal`` is only consulted for returns)."""
        if obs.phase == "return":
            return {self.encode(obs, a): a for a in legal}
        if obs.phase != "play":
            return {}
        return {(i,): p for i, p in canonical_plays(obs).items()}

    def state_sequences(
        self, state: State[Any, Any], seat: int, obs: GuandanView
    ) -> Mapping[tuple[int, ...], Action]:
        if seat not in state.to_act():
            return {}
        if obs.phase == "return":
            return self.legal_sequences(obs, state.legal_actions(seat))
        return self.legal_sequences(obs, ())

    def rewards(self, result: MatchResult) -> list[float]:
        return [1.0 if r == 1 else -1.0 for r in result.ranks]

    def action_table(self) -> list[tuple[int, int, str]]:
        rows: list[tuple[int, int, str]] = [(PASS_INDEX, PASS_INDEX, "pass")]
        first = PLAY0
        for i in range(1, len(CLASSES) + 1):
            if i == len(CLASSES) or CLASSES[i][0] != CLASSES[first - PLAY0][0]:
                t = CLASSES[first - PLAY0][0]
                rows.append((first, PLAY0 + i - 1, f"{t} classes ({PLAY0 + i - first} indices)"))
                first = PLAY0 + i
        rows.append((RETURN0, NUM_ACTIONS - 1, "return a card kind (S2 H2 D2 C2 S3 ... BJ RJ)"))
        return rows

    def describe(self, index: int) -> str:
        if index == PASS_INDEX:
            return "pass"
        if PLAY0 <= index < RETURN0:
            return describe_class(CLASSES[index - PLAY0])
        if RETURN0 <= index < NUM_ACTIONS:
            return f"return {KIND_CARDS[index - RETURN0]}"
        return "out of range"

    def spec_appendix(self) -> str:
        counts = Counter(c[0] for c in CLASSES)
        lines = [
            "## Play classes by type",
            "",
            "| type | classes | what varies |",
            "|---|---:|---|",
        ]
        varies = {
            "single": "rank (2..A, BJ, RJ); natural card or the wild itself",
            "pair": "rank; 2, 1 or 0 natural cards (rest wild); BJ BJ, RJ RJ",
            "triple": "rank; 3, 2 or 1 natural cards",
            "full_house": "triple rank x pair (another rank, a joker pair, or two wilds) x "
            "natural counts (m_t, m_p) with at most 2 wilds",
            "straight": "window A-5 .. 10-A x which of the 5 ranks (at most 2) are wilds",
            "tube": "window A-3 .. Q-A x natural cards per rank (0-2 each, at most 2 wilds)",
            "plate": "window A-2 .. K-A x natural cards per rank (1-3 each, at most 2 wilds)",
            "bomb": "size 4..10 x rank x wilds (0-2; at most 8 natural cards)",
            "straight_flush": "window x suit x which ranks (at most 2) are wilds",
            "joker_bomb": "the four jokers",
        }
        for t in TYPES:
            lines.append(f"| {t} | {counts[t]} | {varies[t]} |")
        lines += [
            "",
            f"Total: {len(CLASSES)} play classes, plus pass and 54 returns = "
            f"{NUM_ACTIONS} actions.",
            "",
            "## Every index",
            "",
            "<details><summary>All play classes (index: description)</summary>",
            "",
            "| index | class |",
            "|---:|---|",
        ]
        for i, c in enumerate(CLASSES):
            lines.append(f"| {PLAY0 + i} | {describe_class(c)} |")
        lines += ["", "</details>"]
        return "\n".join(lines)

    def action_features(self) -> NDArray[np.float32]:
        """One row of features per action index (see ``encoding_doc``); rows are distinct."""
        return _FEATURES.copy()


FEATURE_NAMES: Final = (
    *[f"type_{t}" for t in TYPES],
    "rank",
    "second_rank",
    "size",
    "wilds",
    *[f"naturals_{i}" for i in range(5)],
    *[f"suit_{s}" for s in SUITS],
    "bomb",
    "pass",
    "return",
)
"""Columns of :meth:`GuandanCodec.action_features`: type one-hot; key rank (or window
start, 1 = low ace; jokers 15, 16) / 16; the pair rank of a full house / 16; cards / 10;
wilds / 2; natural cards per rank of the class pattern / 8; the suit of a straight flush
or a returned card; bomb, pass and return flags."""


def _features() -> NDArray[np.float32]:
    col = {name: i for i, name in enumerate(FEATURE_NAMES)}
    feats = np.zeros((NUM_ACTIONS, len(FEATURE_NAMES)), np.float32)
    feats[PASS_INDEX, col["pass"]] = 1
    for i, (t, param, pat) in enumerate(CLASSES):
        row = feats[PLAY0 + i]
        row[col[f"type_{t}"]] = 1
        second = 0
        if t in ("single", "pair", "triple"):
            rank, size = param, {"single": 1, "pair": 2, "triple": 3}[t]
        elif t == "full_house":
            (rank, second), size = param, 5
        elif t in ("straight", "tube", "plate"):
            rank, size = param, {"straight": 5, "tube": 6, "plate": 6}[t]
        elif t == "straight_flush":
            rank, size = param[0], 5
            row[col[f"suit_{SUITS[param[1]]}"]] = 1
        elif t == "bomb":
            size, rank = param
        else:
            rank, size = RJ, 4
        naturals = sum(pat) if t != "joker_bomb" else 4
        if t == "full_house" and second >= BJ:
            naturals = pat[0] + 2
        row[col["rank"]] = rank / 16
        row[col["second_rank"]] = second / 16
        row[col["size"]] = size / 10
        row[col["wilds"]] = (size - naturals) / 2
        for k, m in enumerate(pat):
            row[col[f"naturals_{k}"]] = m / 8
        row[col["bomb"]] = float(t in BOMB_TYPES)
    for k in range(54):
        row = feats[RETURN0 + k]
        row[col["return"]] = 1
        row[col["size"]] = 0.1
        if k < BJ_KIND:
            row[col["rank"]] = (k // 4 + 2) / 16
            row[col[f"suit_{SUITS[k % 4]}"]] = 1
        else:
            row[col["rank"]] = (BJ + k - BJ_KIND) / 16
    return feats


_FEATURES: Final = _features()
