"""The heuristic's decisions: lead, follow, pass and return.

* Lead the weakest piece of the best decomposition (the combination that costs most turns
  and is least likely to win), longer combinations first among equals; with the partner at
  one or two cards a low single or pair for him; with an opponent at one or two cards what
  he cannot follow (or the highest single); types both opponents passed on are preferred.
* Follow an opponent with the card set that leaves the cheapest decomposition, or pass
  when beating would break the hand more than the lead is worth; the lead is worth much
  more when the opponent holding the trick is about to go out (then it bombs) or when it
  would let this hand go out.
* Pass when the partner holds the trick (unless this hand can go out now).
* Return the tribute card whose loss hurts the decomposition least (a low single).

Moves are generated in canonical mode (interchangeable cards merged) and the choice is
mapped back to the same cards and reading among the legal actions.  The heuristic draws no
random numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from pakka.cards import Card
from pakka.engine import Action
from pakka.games.guandan import PASS, GuandanState, GuandanView, Play, Return
from pakka.games.guandan.bots.hand import (
    Piece,
    Raw,
    _analyse,
    _clear_caches,
    _minus,
    _power,
    _raw_of_piece,
    _raw_power,
    hand_cost,
)
from pakka.games.guandan.bots.view import _passed_on, _View
from pakka.games.guandan.combos import (
    BOMB_TYPES,
    KIND_CARDS,
    TYPES,
    Combo,
    card_kind,
    reading_key,
    reading_value,
    readings,
    sort_kinds,
)
from pakka.games.guandan.moves import raw_plays, to_plays
from pakka.games.guandan.rules import PLAYERS

MAX_FOLLOWS: Final = 14
"""Non-bomb plays (the lowest) weighed when following."""
MAX_BOMBS: Final = 3
"""Bombs (the smallest) weighed when following."""

LEAD_SIZE_BONUS = 0.08
"""Leading: how much a longer piece is preferred among equally weak ones (a card's worth)."""
FOLLOW_GAIN = 0.3
"""Following: what taking the lead is worth, in turns, before the urgencies below."""
GAIN_HOLDER_NEAR = 1.0
"""Added when the opponent holding the trick has 5 cards or fewer but is not about to go
out (at 2 cards, or up to 4 against a play longer than a pair, 4.0 is added instead)."""
GAIN_HOLDER_MID = 0.35
"""Added when he has 6-9 cards.  1.0 was tried in issue 19 (the search overrules the
heuristic's passes most often there, by bombing): +0.10 ± 0.09 levels a deal against the
rule bot ai1 over seeds 0-299, but -0.04 ± 0.13 over the evaluation seeds 5000-5099, so it
was not kept (docs/bots.md)."""
BOMB_PENALTY = (0.3, 0.6)
"""What an unhurried bomb costs besides the cards: (the partner has played, he plays after)."""


@dataclass(frozen=True, slots=True)
class Style:
    """How a seat plays besides pakka's own rules: the opponents' model in ``hard``'s
    play-outs.  All zero is pakka's heuristic.

    ``low_single`` is added to the lead score of a single of ten or lower (not in the
    endgame nor to a short opponent): the competition's rule bots lead singles in about 40 %
    of their leads, the heuristic in 15-16 % (``benchmarks/rulebots.py --agreement``).
    ``early_bomb`` (turns) makes a bomb cheaper when nothing else beats an opponent who
    holds 10 cards or more: they bomb where the heuristic passes in 7-9 % of their follows,
    mostly then.
    """

    low_single: float = 0.0
    early_bomb: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Style:
        """``low_single=1.0,early_bomb=0.5`` (omitted parts stay 0); says what is allowed."""
        names = [f.name for f in fields(cls)]
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, eq, value = part.partition("=")
            if name not in names or not eq:
                raise ValueError(f"style part {part!r}: write NAME=NUMBER, NAME one of {names}")
            try:
                values[name] = float(value)
            except ValueError:
                raise ValueError(f"style part {part!r}: {value!r} is not a number") from None
        return cls(**values)


PAKKA = Style()
"""pakka's own play (the ``normal`` level)."""


def _to_action(raw: Raw, legal: Sequence[Action] | None, level: int) -> Action | None:
    """The legal action with the same cards and reading as a raw play.

    ``legal=None`` (the rollouts' fast path): the play itself, built from the raw play.
    """
    if legal is None:
        return to_plays([raw], level)[0]
    ctype, r, kinds = raw
    key = reading_key(ctype, r, len(kinds))
    cards = tuple(KIND_CARDS[k] for k in kinds)
    fallback: Action | None = None
    want: list[Card] | None = None
    for a in legal:
        if not isinstance(a, Play) or a.combo is None:
            continue
        if a.combo.type != ctype or a.combo.key != key or len(a.cards) != len(cards):
            continue
        if a.cards == cards:
            return a
        if want is None:
            want = sorted(cards, key=Card.sort_key)
        if sorted(a.cards, key=Card.sort_key) == want:
            return a
        if fallback is None:
            fallback = a
    return fallback


_BEATS: dict[tuple[tuple[int, ...], int, str, int], list[Raw]] = {}


def _beats(counts: Sequence[int], level: int, top: Combo) -> list[Raw]:
    """``raw_plays(counts, level, top, canonical=True)``, remembered (do not change it)."""
    key = (tuple(counts), level, top.type, top.value)
    found = _BEATS.get(key)
    if found is None:
        if len(_BEATS) > 20_000:
            _BEATS.clear()
        found = _BEATS[key] = raw_plays(list(counts), level, top, canonical=True)
    return found


# --- decisions -----------------------------------------------------------------------------


def _choose_return(view: _View, legal: Sequence[Action]) -> tuple[Action, str]:
    best: tuple[float, int, int] | None = None
    choice = legal[0]
    for i, a in enumerate(legal):
        if not isinstance(a, Return):
            continue
        k = card_kind(a.card)
        rest = _minus(view.counts, [k])
        if min(rest) < 0:
            continue
        key = (hand_cost(rest, view.level), _power(a.card.rank, view.level), i)
        if best is None or key < best:
            best, choice = key, a
    return choice, "return"


def _whole_hand(counts: Sequence[int], level: int) -> Play | None:
    """The play of the whole hand that comes first among the legal actions, if any.

    The legal order lists the non-bomb types in ``TYPES`` order, each by rising value,
    then the bombs by rising value.
    """
    kinds = sort_kinds((k for k in range(54) for _ in range(counts[k])), level)
    found = readings(list(kinds), level)
    if not found:
        return None
    n = len(kinds)

    def order(reading: tuple[str, int]) -> tuple[int, int, int]:
        ctype, r = reading
        v = reading_value(ctype, r, n, level)
        return (1, 0, v) if ctype in BOMB_TYPES else (0, TYPES.index(ctype), v)

    ctype, r = min(found, key=order)
    return to_plays([(ctype, r, kinds)], level)[0]


def _lead(
    view: _View,
    legal: Sequence[Action] | None,
    alts: list[Action] | None = None,
    style: Style = PAKKA,
    scores: list[tuple[float, Raw | None]] | None = None,
) -> tuple[Action, str]:
    """The lead; ``scores`` (if given) receives every piece with its score, higher is
    better (the player model of :mod:`~pakka.games.guandan.bots.belief`)."""
    level, counts = view.level, view.counts
    _, pieces = _analyse(tuple(counts), level)
    raws: list[tuple[Raw, Piece]] = []
    for p in pieces:
        raw = _raw_of_piece(p, counts, level)
        if raw is not None:
            raws.append((raw, p))
    n_hand = sum(counts)
    if n_hand <= 10:
        if legal is None:
            whole = _whole_hand(counts, level)
            if whole is not None:
                return whole, "out"
        else:
            for a in legal:
                if isinstance(a, Play) and len(a.cards) == n_hand:
                    return a, "out"
    plain = [(raw, p) for raw, p in raws if raw[0] not in BOMB_TYPES]
    opp_min = view.opp_min()
    partner = view.partner_cards()
    why = "lead"
    scored: list[tuple[float, int, Raw]] = []
    pool = plain or [(raw, p) for raw, p in raws]
    # one weak piece left besides winners: lead a winner first, the last piece then goes out
    endgame = sum(1 for _, p in plain if p[4] > 0.45) <= 1 and len(plain) >= 2
    passed = _passed_on(view.history, level)
    live = [o for o in view.opponents if not view.out[o]]
    for i, (raw, p) in enumerate(pool):
        ctype = raw[0]
        size = len(raw[2])
        pw = _raw_power(raw, level)
        # the weakest piece first; longer combinations first among equals, then lower
        score = p[4] + LEAD_SIZE_BONUS * min(size, 6) - 0.001 * pw - 0.3 * p[3]
        if raw[0] in BOMB_TYPES:
            score = -10 - 0.001 * pw
        elif endgame:
            score = -p[4]
        if opp_min < size:
            score += 0.3  # the short opponent cannot follow this
        if style.low_single and ctype == "single" and pw <= 10 and opp_min > 2 and not endgame:
            score += style.low_single
        if (
            ctype not in BOMB_TYPES
            and live
            and all(passed[o].get(ctype, 1 << 30) <= pw for o in live)
        ):
            score += 0.35  # the opponents passed on lower ones: they are short of this type
        if opp_min <= 2 and ctype in ("single", "pair") and size <= opp_min:
            # he may go out on it: lead it only high
            score -= 2.0 - 0.1 * (pw - 2)
        if partner <= 2 and ctype in ("single", "pair") and size == partner and opp_min > 2:
            score += 3.0 - 0.1 * pw
        scored.append((score, -i, raw))
    scored.sort(reverse=True)
    if scores is not None:
        scores.extend((sc, r) for sc, _, r in scored)
    raw = scored[0][2]
    if alts is not None:  # the next pieces, for the search
        for _, _, other in scored[1:4]:
            found = _to_action(other, legal, level)
            if found is not None:
                alts.append(found)
    if partner <= 2 and raw[0] in ("single", "pair") and len(raw[2]) == partner:
        why = "feed"
    elif opp_min <= 2:
        why = "high"
    act = _to_action(raw, legal, level)
    if act is None:  # not among the given actions (only when explaining another move)
        assert legal is not None
        for a in legal:
            if isinstance(a, Play) and a.combo is not None:
                return a, "other"
        return legal[0], "other"
    return act, why


def _follow(
    view: _View,
    legal: Sequence[Action] | None,
    alts: list[Action] | None = None,
    style: Style = PAKKA,
    scores: list[tuple[float, Raw | None]] | None = None,
) -> tuple[Action, str]:
    """The follow; ``scores`` (if given) receives every play it weighed and the pass (raw
    ``None``), each with the negative of its cost: higher is better."""
    level, counts = view.level, view.counts
    top = view.top
    assert top is not None
    pass_action: Action | None = PASS
    if legal is not None:
        pass_action = next((a for a in legal if isinstance(a, Play) and a.combo is None), None)
    n_hand = sum(counts)
    raws = _beats(counts, level, top)
    if not raws or pass_action is None:
        if pass_action is not None:
            return pass_action, "cannot"
        assert legal is not None
        return legal[0], "beat"
    for raw in raws:
        if len(raw[2]) == n_hand:
            act = _to_action(raw, legal, level)
            if act is not None:
                return act, "out"
    holder = view.top_seat
    if holder == view.partner:
        return pass_action, "partner"
    opp_min = view.opp_min()
    if opp_min <= 2:
        # an opponent is nearly out and could follow this: beat as high as possible
        fits = [r for r in raws if r[0] not in BOMB_TYPES and len(r[2]) <= opp_min]
        if fits:
            top_raw = max(fits, key=lambda r: _raw_power(r, level))
            act = _to_action(top_raw, legal, level)
            if act is not None:
                return act, "beat_high"
    before = hand_cost(counts, level)
    gain = FOLLOW_GAIN
    holder_cards = view.cards[holder] if holder is not None else 27
    if holder is not None and holder_cards == 0:
        # he went out with it: if it stands, his partner leads
        mate = (holder + 2) % PLAYERS
        holder_cards = 27 if view.out[mate] else view.cards[mate]
    urgent = holder_cards <= 2 or (holder_cards <= 4 and top.type not in ("single", "pair"))
    if urgent:
        gain += 4.0
    elif holder_cards <= 5:
        gain += GAIN_HOLDER_NEAR
    elif holder_cards <= 9:
        gain += GAIN_HOLDER_MID
    if view.opp_min() <= 3:
        gain += 0.5
    if view.partner_cards() <= 3:
        gain += 0.4
    # the partner plays after this seat and before the holder: he may beat it himself
    partner_later = not view.out[view.partner] and (holder is not None) and not urgent
    best: tuple[float, int] | None = None
    choice: Raw | None = None
    # the cheapest plays of each class are enough (keeps a decision in milliseconds)
    plain = [r for r in raws if r[0] not in BOMB_TYPES][:MAX_FOLLOWS]
    raws = plain + [r for r in raws if r[0] in BOMB_TYPES][:MAX_BOMBS]
    evals: list[tuple[float, int, Raw]] = []
    for i, raw in enumerate(raws):
        is_bomb = raw[0] in BOMB_TYPES
        rest = _minus(counts, raw[2])
        after = hand_cost(rest, level)
        g = gain
        plain_left = after
        if plain_left <= 1.05:
            g += 2.0  # the lead lets this hand go out
        score = after - g
        if is_bomb and not urgent:
            score += BOMB_PENALTY[1] if partner_later else BOMB_PENALTY[0]
            if not plain and holder_cards >= 10:
                score -= style.early_bomb
        key = (score, i)
        evals.append((score, i, raw))
        if best is None or key < best:
            best, choice = key, raw
    assert best is not None and choice is not None
    if scores is not None:
        scores.extend((-sc, r) for sc, _, r in evals)
        scores.append((-before, None))
    if alts is not None:  # passing and the next plays, in the heuristic's order, for the search
        ranked: list[tuple[float, int, Raw | None]] = [*evals, (before, -1, None)]
        ranked.sort(key=lambda e: (e[0], e[1]))
        for _, _, other in ranked[:4]:
            a = pass_action if other is None else _to_action(other, legal, level)
            if a is not None:
                alts.append(a)
    if best[0] >= before - 1e-9:
        return pass_action, "cheap"
    act = _to_action(choice, legal, level)
    if act is None:  # not among the given actions (only when explaining another move)
        return pass_action, "other"
    if choice[0] in BOMB_TYPES and top.type not in BOMB_TYPES:
        return act, "bomb" if urgent else "bomb_lead"
    return act, "beat"


def decide(obs: GuandanView, legal: Sequence[Action], style: Style = PAKKA) -> tuple[Action, str]:
    """The heuristic's action and the kind of reason for it."""
    _clear_caches()
    view = _View(obs)
    if any(isinstance(a, Return) for a in legal):
        return _choose_return(view, legal)
    if view.top is None:
        return _lead(view, legal, style=style)
    return _follow(view, legal, style=style)


def fast_action(state: GuandanState, seat: int, style: Style = PAKKA) -> Action:
    """The heuristic's play for ``seat`` in the play phase, without the legal list.

    The same decision as :func:`decide` on ``seat``'s observation and legal actions (the
    view is read from the state, the chosen canonical play is built directly instead of
    being looked up among the full-mode legal plays); the engine applies it exactly as the
    legal action with the same cards and reading.  Checked against :func:`decide` in
    ``pakka/games/guandan/tests/test_bots.py``.
    """
    _clear_caches()
    view = _View.of_state(state, seat)
    if view.top is None:
        return _lead(view, None, style=style)[0]
    return _follow(view, None, style=style)[0]


def ranked_actions(obs: GuandanView, legal: Sequence[Action], limit: int = 4) -> list[Action]:
    """The heuristic's move first, then its next choices (the search's candidates).

    Only the move itself when it is forced by a rule people expect: going out, passing on
    the partner's trick, passing when nothing beats, beating high before an opponent goes
    out.  Returns are ranked by how little the hand misses them.
    """
    _clear_caches()
    view = _View(obs)
    returns = [a for a in legal if isinstance(a, Return)]
    if returns:
        returns.sort(
            key=lambda a: (
                hand_cost(_minus(view.counts, [card_kind(a.card)]), view.level),
                _power(a.card.rank, view.level),
            )
        )
        return list[Action](returns[:limit])
    alts: list[Action] = []
    if view.top is None:
        choice, _ = _lead(view, legal, alts)
    else:
        choice, _ = _follow(view, legal, alts)
    out = [choice]
    for a in alts:
        if a not in out:
            out.append(a)
    return out[:limit]


def canonical_actions(obs: GuandanView, legal: Sequence[Action]) -> list[Action]:
    """Every distinct play of the seat (interchangeable cards merged), as legal actions:
    the pass first when following, then the canonical plays in move-generation order."""
    view = _View(obs)
    if view.top is None:
        raws = raw_plays(list(view.counts), view.level, None, canonical=True)
        out: list[Action] = []
    else:
        raws = _beats(view.counts, view.level, view.top)
        out = [a for a in legal if isinstance(a, Play) and a.combo is None]
    for raw in raws:
        a = _to_action(raw, legal, view.level)
        if a is not None and a not in out:
            out.append(a)
    return out


class GuandanPolicy:
    """The ``normal`` player (and the search bot's rollout policy)."""

    def choose(self, obs: GuandanView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        action, _ = decide(obs, legal)
        return action
