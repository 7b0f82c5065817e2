"""A review in words: action labels from the game's presenter, the reason from its bot kit,
the marks and the summary line, in English and Finnish."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pakka.games
from pakka.bots import kit_for
from pakka.i18n import LANGS as _LANGS
from pakka.i18n import t
from pakka.present import Context, default_names, presenter
from pakka.review.analysis import Alternative, Decision, Position, review_scale

LANGS: tuple[str, ...] = tuple(_LANGS)


def _number(x: float) -> str:
    """One decimal (none from 100 on), never "-0.0".

    >>> _number(-0.04), _number(2.345), _number(-123.4)
    ('0.0', '2.3', '-123')
    """
    if abs(x) < 0.05:
        x = 0.0
    return f"{x:.1f}" if abs(x) < 100 else f"{x:.0f}"


def decision_words(
    game_name: str, seat: int
) -> Callable[[Position, list[Alternative]], Mapping[str, Mapping[str, Any]]]:
    """The words of one decision in every language (stored with it, so the review's JSON
    carries them to clients that have no presenter)."""
    game = pakka.games.get(game_name)
    kit = kit_for(game.name)
    pres = presenter(game)
    unit = review_scale(game.name).unit

    def words(pos: Position, alts: list[Alternative]) -> Mapping[str, Mapping[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for lang in LANGS:
            ctx = Context(lang, default_names(lang), seat, game.info)
            labels = [pres.action_label(a.action, pos.view, ctx) for a in alts]
            played = pres.action_label(pos.played, pos.view, ctx)
            preferred = labels[0] if alts else played
            if len(pos.legal) == 1:
                verdict = t("review_forced", lang, played=played)
            elif alts[0].action == pos.played:
                verdict = t("review_agrees", lang, played=played)
            else:
                verdict = t("review_played_instead", lang, played=played, preferred=preferred)
            reason = ""
            if len(pos.legal) > 1 and alts:
                reason = (
                    kit.explain(pos.view, alts[0].action, lang)
                    if kit.explain
                    else t("hint_generic", lang)
                )
            values = []
            for a in alts:
                if math.isnan(a.value):
                    values.append("")
                    continue
                err = "∞" if math.isinf(a.error) else _number(a.error)
                text = t(
                    "review_value", lang, value=_number(a.value), unit=t(unit, lang), error=err
                )
                if a.loss > 0:
                    loss_err = "∞" if math.isinf(a.loss_error) else _number(a.loss_error)
                    text += " · " + t(
                        "review_loss",
                        lang,
                        loss=_number(a.loss),
                        unit=t(unit, lang),
                        error=loss_err,
                    )
                values.append(text)
            out[lang] = {
                "labels": labels,
                "values": values,
                "played": played,
                "preferred": preferred,
                "verdict": verdict,
                "reason": reason,
                "where": where(pos.deal, pos.trick, pres.phase_word(pos.view, ctx), lang),
            }
        return out

    return words


def where(deal: int, trick: int | None, phase: str, lang: str) -> str:
    """``deal 2, trick 7`` (or the phase when the decision was not a play in a trick).

    >>> where(2, 7, "", "en"), where(1, None, "tarjous", "fi")
    ('deal 2, trick 7', 'jako 1, tarjous')
    """
    if trick is not None:
        return t("review_where_trick", lang, deal=deal, trick=trick)
    if phase:
        return t("review_where_phase", lang, deal=deal, phase=phase.lower())
    return t("review_where_deal", lang, deal=deal)


def _count(key: str, n: int, lang: str) -> str:
    return t(f"{key}_one", lang) if n == 1 else t(key, lang, n=n)


def summary(game: str, decisions: Sequence[Decision], lang: str = "en") -> str:
    """ "2 mistakes, 1 inaccuracy; biggest: deal 1, trick 7, ♠K instead of ♠4"."""
    mistakes = sum(d.mark == "mistake" for d in decisions)
    inaccuracies = sum(d.mark == "inaccuracy" for d in decisions)
    if not mistakes and not inaccuracies:
        return _count("review_summary_clean", len(decisions), lang)
    counts = []
    if mistakes:
        counts.append(_count("review_mistakes", mistakes, lang))
    if inaccuracies:
        counts.append(_count("review_inaccuracies", inaccuracies, lang))
    worst = max((d for d in decisions if d.mark), key=lambda d: d.loss)
    w = worst.words.get(lang, {})
    return t(
        "review_summary",
        lang,
        counts=", ".join(counts),
        where=w.get("where", t("review_where_deal", lang, deal=worst.deal)),
        played=w.get("played", str(worst.played)),
        preferred=w.get("preferred", str(worst.preferred)),
    )
