"""Words and pictures for the terminal client: cards in suit colours, events as sentences,
and each game's ``table`` as a few lines of text.

Everything here works on the JSON shapes the clients receive (the observation envelope and
event dicts), never on a live state, so the same code draws a local match and a server's.
All strings come from :func:`pakka.i18n.t`.  Markup is Textual content markup; anything taken
from data is escaped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from textual.content import Content
from textual.markup import escape

from pakka.cards import SUIT_SYMBOLS, Card, parse_card
from pakka.errors import NotationError
from pakka.i18n import catalogue, t

JSON = dict[str, Any]
Names = Callable[[Any], str]

RED = "#c4001a"
BLACK = "#111111"
CARD_BG = "#f2f2ea"
WILD_BG = "#e3d4ff"
"""Background of Guandan's wild cards (the hearts of the level being played)."""


def wild_cards(obs: Mapping[str, Any]) -> set[str]:
    """Tokens of the wild cards in this observation (Guandan: hearts of the level)."""
    if obs.get("game") != "guandan":
        return set()
    level = (obs.get("table") or {}).get("level")
    return {f"H{level}"} if level else set()


def card_of(token: Any) -> Card | None:
    if not isinstance(token, str):
        return None
    try:
        return parse_card(token)
    except NotationError:
        return None


def is_red(card: Card) -> bool:
    if card.is_joker:
        return card.rank != 15  # the black joker is black; JK and RJ are drawn red
    return card.suit in ("H", "D")


def flow(lines: Sequence[str], width: int) -> Content:
    """Markup lines laid out for ``width`` cells, breaking only between entries.

    Entries are separated by two or more spaces; a line too long for ``width`` continues on
    the next line (indented by two) at an entry boundary, so a seat's name stays with its
    card.  An entry longer than the width is left to the widget's own wrapping.
    """
    out: list[Content] = []
    for line in lines:
        content = Content.from_markup(line)
        plain = content.plain
        if width <= 0 or content.cell_length <= width:
            out.append(content)
            continue
        pieces: list[Content] = []
        start = 0
        for m in re.finditer(r" {2,}", plain):
            pieces.append(content[start : m.start()])
            start = m.end()
        pieces.append(content[start:])
        current: Content | None = None
        for piece in pieces:
            if current is None:
                current = piece
            elif current.cell_length + 2 + piece.cell_length <= width:
                current = current + Content("  ") + piece
            else:
                out.append(current)
                current = Content("  ") + piece
        if current is not None:
            out.append(current)
    return Content("\n").join(out)


def card_markup(token: Any, style: str = "") -> str:
    """One card as a small face: ``♠8`` in black on a light card, ``♥8`` in red."""
    card = card_of(token)
    if card is None:
        return escape(str(token))
    colour = RED if is_red(card) else BLACK
    return f"[b {colour} on {CARD_BG}{' ' + style if style else ''}]{escape(card.pretty())}[/]"


def suit_markup(suit: str) -> str:
    """A suit symbol in its colour (``S H D C``)."""
    symbol = SUIT_SYMBOLS.get(suit)
    if symbol is None:
        return escape(suit)
    colour = RED if suit in ("H", "D") else BLACK
    return f"[b {colour} on {CARD_BG}]{symbol}[/]"


def cards_markup(tokens: Iterable[Any]) -> str:
    return " ".join(card_markup(c) for c in tokens) or "—"


def pretty_cards(tokens: Iterable[Any]) -> str:
    """Cards in the people form without colours (for plain sentences)."""
    out = []
    for tok in tokens:
        card = card_of(tok)
        out.append(card.pretty() if card is not None else str(tok))
    return " ".join(out)


def tr(key: str, lang: str, default: str | None = None, **fmt: Any) -> str:
    """``t`` with a fallback for keys that are data (contract names, phases…)."""
    if key in catalogue():
        return t(key, lang, **fmt)
    return default if default is not None else key


def word(kind: str, value: Any, lang: str) -> str:
    """A game word such as a contract or a bid: ``word_contract_best`` or the value itself."""
    return tr(f"word_{kind}_{value}", lang, str(value))


def action_label(action_json: Mapping[str, Any], lang: str, names: Names | None = None) -> str:
    """An action in words for buttons and the reading chooser."""
    kind = str(action_json.get("type", ""))
    if kind == "contract":
        return word("contract", action_json.get("contract"), lang)
    if kind == "bid":
        return word("bid", action_json.get("bid"), lang)
    cards = action_json.get("cards")
    rest = {k: v for k, v in action_json.items() if k not in ("type", "cards")}
    parts: list[str] = []
    if isinstance(cards, list):
        if not cards:
            if f"act_{kind}_none" in catalogue():
                return t(f"act_{kind}_none", lang)
            parts.append(t("tui_nothing", lang))
        else:
            parts.append(pretty_cards(cards))
    combo = rest.pop("combo", None)
    if isinstance(combo, Mapping):
        parts.append(
            f"({word('combo', combo.get('type'), lang)} {escape(str(combo.get('key', '')))})"
        )
    for k, v in rest.items():
        if isinstance(v, list):
            parts.append(f"{k}: {pretty_cards(v)}")
        elif v is not None:
            parts.append(f"{word('field', k, lang)}: {pretty_cards([v])}")
    label = " ".join(p for p in parts if p)
    verb = tr(f"act_{kind}", lang, "")
    if kind in ("play", "") or not verb:
        return label or word("action", kind, lang)
    return f"{verb} {label}".strip()


def pretty_notation(text: str, lang: str) -> str:
    """An action's notation for people: cards with suit symbols, ``left:S7`` in words."""
    out = []
    for token in text.split():
        prefix, sep, rest = token.rpartition(":")
        card = card_of(rest)
        shown = card.pretty() if card is not None else rest
        out.append(f"{word('dir', prefix, lang)} {shown}" if sep else shown)
    return ", ".join(out) if any(":" in tok for tok in text.split()) else " ".join(out)


def reading_labels(actions: Sequence[Any], lang: str) -> list[str]:
    """Labels that tell apart actions with the same cards (readings, directions)."""
    labels = [action_label(a.to_json(), lang) for a in actions]
    if len(set(labels)) == len(labels):
        return labels
    return [
        f"{label} — {pretty_notation(str(a), lang)}"
        for label, a in zip(labels, actions, strict=True)
    ]


# --- events -----------------------------------------------------------------------------


def _ts(key: str, lang: str, who: str, **fmt: Any) -> str:
    """``t`` with the seat's name as ``seat``; ``<key>_you`` when the seat is the person."""
    if who == t("you", lang) and f"{key}_you" in catalogue():
        key = f"{key}_you"
    return t(key, lang, seat=who, **fmt)


def _seat_list(names: Names, seats: Iterable[Any]) -> str:
    return ", ".join(names(s) for s in seats)


def describe_event(game: str, ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    """An event in one or more short sentences (plain text; may be empty)."""
    kind = str(ev.get("type", ""))
    handler = _HANDLERS.get((game, kind)) or _HANDLERS.get(("*", kind))
    try:
        if handler is not None:
            return handler(ev, names, lang)
        return [_generic(game, kind, ev, names, lang)]
    except Exception:  # an event shape this client does not know: say it plainly
        data = ", ".join(f"{k} {v}" for k, v in ev.items() if k != "type")
        return [f"{kind.replace('_', ' ')}: {data}"]


def _generic(game: str, kind: str, ev: Mapping[str, Any], names: Names, lang: str) -> str:
    fmt: dict[str, Any] = {}
    for k, v in ev.items():
        if k in ("seat", "winner", "leader", "dealer", "from", "to"):
            fmt[k] = names(v)
        elif k in ("holders", "seats", "winners", "finish_order") and isinstance(v, list):
            fmt[k] = _seat_list(names, v)
        elif isinstance(v, list):
            fmt[k] = pretty_cards(v)
        elif isinstance(v, str):
            fmt[k] = pretty_cards([v])
        else:
            fmt[k] = v
    for key in (f"ev_{game}_{kind}", f"ev_{kind}"):
        if key in catalogue():
            first = next((fmt[k] for k in ("seat", "from", "dealer", "leader") if k in fmt), None)
            if first == t("you", lang) and f"{key}_you" in catalogue():
                key = f"{key}_you"
            try:
                return t(key, lang, **fmt)
            except (KeyError, IndexError):
                break
    data = ", ".join(f"{k} {fmt[k]}" for k in fmt if k != "type")
    return kind.replace("_", " ") + (f": {data}" if data else "")


def _ev_contract(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    key = "ev_contract_auto" if ev.get("auto") else "ev_contract"
    return [_ts(key, lang, names(ev.get("seat")), contract=word("contract", ev["contract"], lang))]


def _ev_anarchy_trick(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    cards: list[str] = list(ev.get("cards", []))
    played_by: list[Any] = list(ev.get("played_by", range(len(cards))))
    captured_by: list[Any] = list(ev.get("captured_by", []))
    shown = ", ".join(
        f"{names(p)} {pretty_cards([c])}" for p, c in zip(played_by, cards, strict=False)
    )
    lines = [t("ev_trick_shown", lang, cards=shown)]
    if ev.get("bomb"):
        lines.append(t("ev_bomb", lang))
    card_of_seat = {str(p): c for p, c in zip(played_by, cards, strict=False)}
    groups: dict[str, list[str]] = {}
    for c, by in zip(cards, captured_by, strict=False):
        groups.setdefault(str(by), []).append(c)
    for by, taken in groups.items():
        own = card_of_seat.get(by)
        if by == "dead":
            lines.append(t("ev_dead", lang, cards=pretty_cards(taken)))
            continue
        others = [c for c in taken if c != own]
        who = names(int(by) if by.isdigit() else by)
        if not others:
            lines.append(_ts("ev_keeps", lang, who, card=pretty_cards([own or "?"])))
        else:
            lines.append(
                _ts(
                    "ev_captures",
                    lang,
                    who,
                    cards=pretty_cards(others),
                    card=pretty_cards([own or "?"]),
                )
            )
    return lines


def _ev_trick_winner(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    winner = names(ev.get("winner", ev.get("seat")))
    cards = ev.get("cards")
    if not cards:
        return [_ts("ev_trick_taken", lang, winner)]
    return [_ts("ev_trick_won", lang, winner, cards=pretty_cards(cards))]


def combo_text(combo: Any, lang: str) -> str:
    """A Guandan reading in words: ``pair 7``, ``straight 3-7``."""
    if not isinstance(combo, Mapping):
        return ""
    return f"{word('combo', combo.get('type'), lang)} {combo.get('key', '')}".strip()


def _ev_play(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    cards = ev.get("cards") if "cards" in ev else [ev.get("card")]
    if not cards:
        return [_ts("ev_pass", lang, names(ev.get("seat")))]
    line = _ts("ev_play", lang, names(ev.get("seat")), cards=pretty_cards(cards))
    if isinstance(ev.get("combo"), Mapping):
        line += f" ({combo_text(ev['combo'], lang)})"
    if ev.get("violation"):
        line += " " + t("ev_violation", lang)
    return [line]


def _ev_deal_scored(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    scores = ev.get("totals", ev.get("scores"))
    if not isinstance(scores, list):
        return [t("ev_deal_scored_plain", lang)]
    shown = ", ".join(f"{names(s)} {num(v)}" for s, v in enumerate(scores))
    return [t("ev_deal_scored", lang, scores=shown)]


def _ev_match_over(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    winners = ev.get("winners")
    if winners is None and isinstance(ev.get("winner"), int):  # Guandan: the winning team
        winners = [ev["winner"], ev["winner"] + 2]
    return [t("ev_match_over", lang, seats=_seat_list(names, winners or []))]


def _ev_deal_over(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    order = ", ".join(f"{i}. {names(s)}" for i, s in enumerate(ev.get("finish_order") or [], 1))
    levels = " / ".join(str(v) for v in ev.get("levels") or [])
    return [t("ev_deal_over", lang, order=order, levels=levels)]


def _ev_round(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    cards = ev.get("cards", [])
    shown = ", ".join(f"{names(s)} {pretty_cards([c])}" for s, c in enumerate(cards))
    winners = ev.get("winners", [])
    line = t("ev_trick_shown", lang, cards=shown)
    if len(winners) == 1:
        return [line, _ts("ev_round_won", lang, names(winners[0]))]
    return [line, t("ev_round_tie", lang, seats=_seat_list(names, winners))]


def _ev_bid(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    return [_ts("ev_bid", lang, names(ev.get("seat")), bid=word("bid", ev.get("bid"), lang))]


def _ev_declare(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    return [_ts("ev_bid", lang, names(ev.get("seat")), bid=word("bid", ev.get("declare"), lang))]


def _ev_committed(ev: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    return []  # the seats panel shows who has committed; the log would only be noise


_HANDLERS: dict[tuple[str, str], Callable[[Mapping[str, Any], Names, str], list[str]]] = {
    ("anarchy", "trick"): _ev_anarchy_trick,
    ("*", "trick"): _ev_trick_winner,
    ("*", "trick_won"): _ev_trick_winner,
    ("*", "contract"): _ev_contract,
    ("*", "play"): _ev_play,
    ("*", "deal_scored"): _ev_deal_scored,
    ("*", "match_over"): _ev_match_over,
    ("*", "game_over"): _ev_match_over,
    ("*", "round"): _ev_round,
    ("*", "bid"): _ev_bid,
    ("*", "declare"): _ev_declare,
    ("*", "committed"): _ev_committed,
    ("*", "passed"): _ev_committed,
    ("*", "return_chosen"): _ev_committed,
    ("*", "deal_over"): _ev_deal_over,
}


# --- seats, table and score sheet ---------------------------------------------------------


def seat_status(game: str, player: Mapping[str, Any], obs: Mapping[str, Any], lang: str) -> str:
    """A few words about one seat (markup): its bid, contract, commitment…"""
    bits: list[str] = []
    table = obs.get("table") or {}
    seat = player.get("seat")
    if player.get("committed") or (player.get("passed") and obs.get("phase") == "pass"):
        bits.append(f"[green]✓ {escape(t('tui_committed', lang))}[/]")
    elif seat in (obs.get("to_act") or []) and seat != obs.get("seat"):
        bits.append(f"[yellow]… {escape(t('tui_thinking', lang))}[/]")
    contract = player.get("contract")
    contracts = table.get("contracts")
    if contract is None and isinstance(contracts, list) and isinstance(seat, int):
        contract = contracts[seat] if seat < len(contracts) else None
    if contract:
        bits.append(escape(word("contract", contract, lang)))
    for key in ("bid", "declaration"):
        if player.get(key):
            bits.append(escape(word("bid", player[key], lang)))
    if game == "norlanninnakki":
        if not player.get("active") and obs.get("phase") == "play":
            bits.append(f"[dim]{escape(t('tui_resting', lang))}[/]")
        if player.get("bought") is not None:
            bits.append(escape(t("tui_bought", lang, n=player["bought"])))
        if obs.get("phase") == "play" and player.get("active"):
            bits.append(escape(t("tui_tricks", lang, n=player.get("tricks", 0))))
    me = obs.get("seat")
    n = int(obs.get("players_count") or 0)
    if game == "pentagrammi" and obs.get("phase") == "pass" and isinstance(me, int) and n:
        if seat == (me + 1) % n:
            bits.append(f"[cyan]{escape(t('tui_left_neighbour', lang))}[/]")
        elif seat == (me - 1) % n:
            bits.append(f"[cyan]{escape(t('tui_right_neighbour', lang))}[/]")
    if game == "pentagrammi" and obs.get("phase") == "play":
        bits.append(escape(t("tui_points", lang, n=player.get("points", 0))))
    if game == "guandan":
        if player.get("place"):
            bits.append(f"[b]{escape(t('tui_place', lang, n=player['place']))}[/]")
        me = obs.get("seat")
        if isinstance(me, int) and isinstance(seat, int) and seat != me and (seat - me) % 2 == 0:
            bits.append(f"[cyan]{escape(t('tui_partner', lang))}[/]")
        if player.get("known"):
            bits.append(f"{escape(t('tui_known', lang))} {cards_markup(player['known'])}")
    if table.get("dealer") == seat:
        bits.append(f"[dim]{escape(t('tui_dealer', lang))}[/]")
    return "  ".join(bits)


def shown_hand(obs: Mapping[str, Any], action_cards: Iterable[Counter[str]]) -> list[str]:
    """The cards to draw in the hand: the observation's hand, plus cards the seat holds
    outside it (Norlanninnakki's dealer holds the turned trump) and may play or discard."""
    hand = list(obs.get("hand") or [])
    table = obs.get("table") or {}
    if (
        obs.get("game") == "norlanninnakki"
        and table.get("turned_held")
        and table.get("dealer") == obs.get("seat")
        and table.get("turned")
        and table["turned"] not in hand
    ):
        hand.append(table["turned"])
    need: Counter[str] = Counter()
    for cards in action_cards:
        need |= cards
    extra = need - Counter(hand)
    hand += sorted(extra.elements())
    if obs.get("game") == "guandan":
        level = table.get("level")
        hand.sort(key=lambda tok: _guandan_order(tok, level))
    return hand


def _guandan_order(token: str, level: Any) -> tuple[float, int]:
    """Guandan's ranking for the hand: 2 … A, then the level's cards, then the jokers."""
    card = card_of(token)
    if card is None:
        return (99.0, 0)
    suit = "SHDCJ".index(card.suit) if card.suit in "SHDCJ" else 5
    if card.is_joker:
        return (20.0 + card.rank, suit)
    if level is not None and card.pretty()[1:] == str(level):
        return (14.5, suit)
    return (float(card.rank), suit)


def trick_pairs(trick: Any, obs: Mapping[str, Any], step: int = 1) -> list[tuple[Any, Any]]:
    """A trick as ``(seat, card)`` pairs, from any of the shapes the games use.

    ``[{"seat", "card"}, ...]``, ``{"leader", "cards"}`` (seats follow from the leader, every
    ``step``-th seat, skipping seats marked ``active: false``) or bare cards (seat unknown).
    """
    if isinstance(trick, Mapping):
        cards = list(trick.get("cards") or trick.get("plays") or [])
        leader = trick.get("leader")
        if cards and isinstance(cards[0], Mapping):
            return [(c.get("seat"), c.get("card")) for c in cards]
        if not isinstance(leader, int):
            return [(None, c) for c in cards]
        players = list(obs.get("players") or [])
        n = int(obs.get("players_count") or len(players) or 1)
        seats: list[int] = []
        seat = leader
        for _ in range(n * 2):
            active = players[seat].get("active", True) if seat < len(players) else True
            if active is not False:
                seats.append(seat)
            if len(seats) == len(cards):
                break
            seat = (seat + step) % n
        return list(zip(seats, cards, strict=False))
    out: list[tuple[Any, Any]] = []
    for e in trick or []:
        if isinstance(e, Mapping):
            out.append((e.get("seat"), e.get("card")))
        else:
            out.append((None, e))
    return out


def trick_line(pairs: Sequence[tuple[Any, Any]], names: Names) -> str:
    """A trick as ``name card`` pairs (markup)."""
    parts = []
    for seat, card in pairs:
        who = "" if seat is None else escape(names(seat)) + " "
        parts.append(f"{who}{card_markup(card)}")
    return "   ".join(parts)


def table_lines(obs: Mapping[str, Any], names: Names, lang: str) -> list[str]:
    """The game-specific public part of the table (markup lines)."""
    game = str(obs.get("game"))
    table = obs.get("table") or {}
    render = _TABLES.get(game, _table_generic)
    try:
        return render(table, obs, names, lang)
    except Exception:  # a table shape this renderer does not know yet: show it plainly
        return _table_generic(table, obs, names, lang)


def _lbl(key: str, lang: str) -> str:
    return f"[b]{escape(t(key, lang))}[/]"


def _table_anarchy(
    table: Mapping[str, Any], obs: Mapping[str, Any], names: Names, lang: str
) -> list[str]:
    lines: list[str] = []
    if table.get("my_commit"):
        lines.append(f"{_lbl('tui_your_card', lang)} {card_markup(table['my_commit'])}")
    if table.get("my_pass"):
        lines.append(f"{_lbl('tui_you_pass', lang)} {cards_markup(table['my_pass'])}")
    last = table.get("last_trick")
    if isinstance(last, Mapping):
        cards = list(last.get("cards", []))
        played_by = list(last.get("played_by", []))
        captured_by = list(last.get("captured_by", []))
        bomb = f" [b red]{escape(t('tui_bomb', lang))}[/]" if last.get("bomb") else ""
        lines.append(f"{_lbl('tui_last_trick', lang)}{bomb}")
        played = "  ".join(
            f"{escape(names(by))} {card_markup(c)}" for c, by in zip(cards, played_by, strict=False)
        )
        lines.append("  " + played)
        taken: dict[str, list[str]] = {}
        for c, cap in zip(cards, captured_by, strict=False):
            taken.setdefault(names(cap), []).append(c)
        lines.append(
            "  → " + "   ".join(f"{escape(who)}: {cards_markup(cs)}" for who, cs in taken.items())
        )
    if table.get("dummy") is not None:
        top = table.get("dummy_top")
        shown = card_markup(top) if top else "—"
        lines.append(
            f"{_lbl('tui_dummy', lang)} {escape(t('tui_cards_n', lang, n=table['dummy']))} {shown}"
        )
    extra = []
    if table.get("spare_revealed"):
        extra.append(f"{escape(t('tui_spare', lang))} {card_markup(table['spare_revealed'])}")
    if table.get("received"):
        extra.append(f"{escape(t('tui_received', lang))} {cards_markup(table['received'])}")
    if table.get("dead"):
        extra.append(f"{escape(t('tui_dead', lang))} {cards_markup(table['dead'])}")
    if extra:
        lines.append("  ".join(extra))
    return lines


def _table_pentagrammi(
    table: Mapping[str, Any], obs: Mapping[str, Any], names: Names, lang: str
) -> list[str]:
    lines: list[str] = []
    trick = trick_pairs(table.get("trick"), obs, step=2)
    if trick:
        lines.append(f"{_lbl('tui_trick', lang)} {trick_line(trick, names)}")
    elif obs.get("phase") == "play":
        lines.append(f"{_lbl('tui_trick', lang)} —")
    passing = table.get("passing") or {}
    given, got = passing.get("given"), passing.get("received")
    if given:
        lines.append(
            f"{_lbl('tui_passed', lang)} ←{card_markup(given.get('to_left'))} "
            f"→{card_markup(given.get('to_right'))}"
            + (
                f"   {_lbl('tui_received', lang)} ←{card_markup(got.get('from_left'))} "
                f"→{card_markup(got.get('from_right'))}"
                if got
                else ""
            )
        )
    history = obs.get("history") or []
    if history and isinstance(history[-1], Mapping) and obs.get("phase") == "play" and not trick:
        last = history[-1]
        lines.append(
            f"{_lbl('tui_last_trick', lang)} {cards_markup(last.get('cards', []))} "
            f"→ {escape(names(last.get('winner')))}"
        )
    return lines


def _table_norlanninnakki(
    table: Mapping[str, Any], obs: Mapping[str, Any], names: Names, lang: str
) -> list[str]:
    lines: list[str] = []
    trump = table.get("trump")
    bits = []
    if trump:
        bits.append(f"{_lbl('tui_trump', lang)} {suit_markup(str(trump))}")
    if table.get("turned"):
        bits.append(f"{escape(t('tui_turned', lang))} {card_markup(table['turned'])}")
    if table.get("knocker") is not None:
        bits.append(f"{escape(t('tui_knocker', lang))} {escape(names(table['knocker']))}")
    bits.append(escape(t("tui_stock", lang, n=table.get("stock", 0))))
    if table.get("pot") is not None:
        bits.append(escape(t("tui_pot", lang, n=table.get("pot"))))
    lines.append("  ".join(bits))
    trick = trick_pairs(table.get("trick"), obs)
    if obs.get("phase") == "play":
        lines.append(f"{_lbl('tui_trick', lang)} {trick_line(trick, names) if trick else '—'}")
    if obs.get("discards"):
        lines.append(f"{_lbl('tui_discarded', lang)} {cards_markup(obs['discards'])}")
    if table.get("forced_trump"):
        lines.append(f"[yellow]{escape(t('tui_forced_trump', lang))}[/]")
    return lines


def _table_generic(
    table: Mapping[str, Any], obs: Mapping[str, Any], names: Names, lang: str
) -> list[str]:
    lines = []
    for key, value in table.items():
        if value in (None, [], {}, "") or key in ("score_sheet", "dealer"):
            continue
        lines.append(f"{escape(word('field', key, lang))}: {_value_markup(value, names)}")
    return lines


def _value_markup(value: Any, names: Names) -> str:
    if isinstance(value, list):
        if all(card_of(v) is not None for v in value):
            return cards_markup(value)
        return ", ".join(_value_markup(v, names) for v in value)
    if isinstance(value, Mapping):
        if "card" in value and "seat" in value:
            return f"{escape(names(value['seat']))} {card_markup(value['card'])}"
        return ", ".join(f"{escape(str(k))} {_value_markup(v, names)}" for k, v in value.items())
    if isinstance(value, str) and card_of(value) is not None:
        return card_markup(value)
    return escape(str(value))


def team_name(team: int, obs: Mapping[str, Any], names: Names) -> str:
    n = int(obs.get("players_count") or 4)
    return "+".join(names(s) for s in range(team, n, 2))


def _table_guandan(
    table: Mapping[str, Any], obs: Mapping[str, Any], names: Names, lang: str
) -> list[str]:
    lines: list[str] = []
    levels = table.get("levels") or []
    teams = "   ".join(
        f"{escape(team_name(i, obs, names))}: {escape(str(v))}" for i, v in enumerate(levels)
    )
    level = escape(str(table.get("level", "")))
    wild = " ".join(card_markup(c) for c in sorted(wild_cards(obs)))
    lines.append(f"{_lbl('tui_level', lang)} {level} ({wild} {escape(t('tui_wild', lang))})")
    lines.append(f"{_lbl('tui_teams', lang)} {teams}")
    top = table.get("top")
    if isinstance(top, Mapping) and top.get("cards"):
        lines.append(
            f"{_lbl('tui_to_beat', lang)} {escape(names(top.get('seat')))} "
            f"{cards_markup(top['cards'])} [dim]{escape(combo_text(top.get('combo'), lang))}[/]"
        )
    elif obs.get("phase") == "play" and table.get("turn") is not None:
        lines.append(f"{_lbl('tui_free_lead', lang)} {escape(names(table.get('turn')))}")
    if table.get("passes"):
        who = ", ".join(names(s) for s in table["passes"])
        lines.append(f"{escape(t('tui_passes', lang))} {escape(who)}")
    if table.get("finish_order"):
        out = ", ".join(f"{i}. {names(s)}" for i, s in enumerate(table["finish_order"], 1))
        lines.append(f"{escape(t('tui_out', lang))} {escape(out)}")
    moves = [(m, "tui_tribute") for m in table.get("tribute") or []] + [
        (m, "tui_return") for m in table.get("returns") or []
    ]
    if (moves and obs.get("phase") in ("return", "tribute")) or table.get("anti_tribute"):
        for m, key in moves:
            lines.append(
                f"{escape(t(key, lang))} {escape(names(m.get('from')))} → "
                f"{escape(names(m.get('to')))} {card_markup(m.get('card'))}"
            )
        if table.get("anti_tribute"):
            lines.append(escape(t("tui_anti_tribute", lang)))
    return lines


_TABLES: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any], Names, str], list[str]]] = {
    "anarchy": _table_anarchy,
    "pentagrammi": _table_pentagrammi,
    "norlanninnakki": _table_norlanninnakki,
    "guandan": _table_guandan,
}


def score_sheet(
    obs: Mapping[str, Any], scored: Sequence[Mapping[str, Any]], lang: str
) -> list[list[str]]:
    """Rows of the game's score sheet, one per finished deal (cells are plain text).

    The observation's own sheet is used when the game keeps one (``table.score_sheet`` or
    ``table.deal_points``); otherwise ``scored``, the ``deal_scored`` events seen so far.
    """
    table = obs.get("table") or {}
    sheet = table.get("score_sheet") or table.get("deal_points")
    if isinstance(sheet, list) and sheet:
        return [_sheet_row(row, lang) for row in sheet]
    return [_sheet_row(ev, lang) for ev in scored]


def num(v: Any, signed: bool = False) -> str:
    if isinstance(v, int | float):
        return f"{v:+g}" if signed else f"{v:g}"
    return str(v)


def _sheet_row(row: Any, lang: str) -> list[str]:
    if isinstance(row, Mapping):
        contracts = row.get("contracts")
        scores = row.get("scores")
        if isinstance(contracts, list) and isinstance(scores, list):
            return [
                f"{word('contract', c, lang)[:6]} {num(p)}"
                for c, p in zip(contracts, scores, strict=False)
            ]
        order = row.get("finish_order")
        if isinstance(order, list) and order:
            n = max(max(order) + 1, 4)
            return [str(order.index(s) + 1) if s in order else "-" for s in range(n)]
        for key, signed in (("change", True), ("points", False), ("scores", False)):
            if isinstance(row.get(key), list):
                return [num(v, signed) for v in row[key]]
        return [str(v) for v in row.values()]
    if isinstance(row, list):
        out = []
        for cell in row:
            if isinstance(cell, list | tuple) and len(cell) == 2:
                out.append(f"{word('contract', cell[0], lang)[:6]} {num(cell[1])}")
            else:
                out.append(num(cell))
        return out
    return [str(row)]
