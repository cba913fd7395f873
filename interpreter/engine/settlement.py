"""The value of a one-deal game: the Portland Club's laws 56–61 as printed in Hoyle, and the
readings of other sources (the modern Rubicon summary's tie rule and rubicon value), driven by
the variant's ``[settlement]`` and ``[brisques]`` data.

``settle`` is a pure function of the two final scores (without brisques) and the brisque points.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.model.scoring import (
    BrisqueUsage,
    Rounding,
    RubiconFormula,
    Settlement,
    TieRule,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled:
    """The result of a one-deal game; built by naming its fields."""

    winner: int | None  # seat 0 or 1; None when the game is void
    value: int  # points the winner gains ("so much per hundred")
    rubiconed: bool
    void: bool
    by_brisques: bool  # the brisques decided the winner (law 61)
    explanation: str

    def as_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "value": self.value,
            "rubiconed": self.rubiconed,
            "void": self.void,
            "decided_by_brisques": self.by_brisques,
            "explanation": self.explanation,
        }


def floor100(points: int) -> int:
    """Fractions of a hundred disregarded: 1550 → 1500."""
    return points - points % 100


def _void(why: str) -> Settled:
    return Settled(
        winner=None, value=0, rubiconed=False, void=True, by_brisques=False, explanation=why
    )


def _won(
    winner: int, value: int, *, rubiconed: bool, by_brisques: bool, explanation: str
) -> Settled:
    """A game won by ``winner`` for ``value`` points (not void)."""
    return Settled(
        winner=winner,
        value=value,
        rubiconed=rubiconed,
        void=False,
        by_brisques=by_brisques,
        explanation=explanation,
    )


def settle(
    given: Settlement | None,
    scores: tuple[int, int],
    brisques: tuple[int, int] = (0, 0),
    usage: BrisqueUsage = BrisqueUsage.TIE_AND_RUBICON_ONLY,
) -> Settled:
    """Value of the game for final ``scores`` (brisques excluded) and brisque points, under
    the variant's ``[settlement]`` (its defaults when the variant has none)."""
    rules = given or Settlement()
    if usage is BrisqueUsage.NONE:  # a game without brisques: equal scores are a void game
        if scores[0] == scores[1]:
            return _void("equal scores, and no brisques to break the tie: the game is void")
        totals = scores  # no brisques to add
    else:
        totals = (scores[0] + brisques[0], scores[1] + brisques[1])
    if rules.tie_rule is TieRule.ROUNDED_THEN_BRISQUES:
        return _modern(rules, scores, totals)
    if scores[0] != scores[1]:
        winner, by_brisques = (0 if scores[0] > scores[1] else 1), False
    elif totals[0] != totals[1]:
        winner, by_brisques = (0 if totals[0] > totals[1] else 1), True
    else:
        return _void("equal scores, and equal again with the brisques: the game is void (law 61)")
    loser = 1 - winner
    threshold = rules.rubicon_threshold
    saves = usage is BrisqueUsage.TIE_AND_RUBICON_ONLY
    if scores[loser] >= threshold:
        if by_brisques:  # law 61: each adds his brisques, then law 57
            lead = "the brisques break the tie and each adds his own (law 61); "
            return _difference(rules, winner, totals, lead, by_brisques=True)
        return _difference(rules, winner, scores, "", by_brisques=False)
    if saves and totals[loser] >= threshold:  # law 60
        if rules.brisques_can_flip_winner and totals[loser] > totals[winner]:
            winner, loser = loser, winner
        lead = "the loser's brisques save the rubicon and each adds his own (law 60); "
        return _difference(rules, winner, totals, lead, by_brisques=by_brisques)
    return _rubicon(rules, winner, scores, by_brisques)


def _round(rules: Settlement, points: int) -> int:
    return floor100(points) if rules.rounding is Rounding.FLOOR_EACH else points


def _difference(
    rules: Settlement, winner: int, points: tuple[int, int], lead: str, *, by_brisques: bool
) -> Settled:
    loser = 1 - winner
    won, lost = _round(rules, points[winner]), _round(rules, points[loser])
    difference = won - lost
    if rules.rounding is Rounding.FLOOR_RESULT:
        difference = floor100(difference)
    counted = max(rules.min_difference, difference)
    value = rules.game_bonus + counted
    small = " (under the minimum, counted as the minimum)" if counted != difference else ""
    text = (
        f"{lead}{won} − {lost} = {difference}{small}; {counted} + {rules.game_bonus} "
        f"for the game = {value} (law 57)"
    )
    return _won(winner, value, rubiconed=False, by_brisques=by_brisques, explanation=text)


def _rubicon(rules: Settlement, winner: int, scores: tuple[int, int], by_brisques: bool) -> Settled:
    loser = 1 - winner
    # Law 61: brisques that decided a tie are not added when the loser is rubiconed.
    lead = "the brisques break the tie but are not added, the loser being rubiconed (law 61); "
    lead = lead if by_brisques else ""
    won = _round(rules, scores[winner])
    lost = _round(rules, scores[loser])
    if rules.formula is RubiconFormula.SUBTRACT_PLUS_EXTRA:
        difference = max(rules.min_difference, won - lost)
        value = difference + rules.game_bonus + rules.rubicon_game
        text = (
            f"{lead}rubicon: {won} − {lost} = {difference}, + {rules.game_bonus} for the game "
            f"+ {rules.rubicon_game} for the rubicon = {value}"
        )
        return _won(winner, value, rubiconed=True, by_brisques=by_brisques, explanation=text)
    credit = max(rules.loser_min_credit, lost)
    if rules.rounding is Rounding.FLOOR_RESULT:
        total = floor100(scores[winner] + max(rules.loser_min_credit, scores[loser]))
        value = total + rules.rubicon_game + rules.rubicon_brisque_lump
        text = (
            f"{lead}rubicon: the scores added and rounded, {total}, + {rules.rubicon_game} for "
            f"the game + {rules.rubicon_brisque_lump} for the brisques = {value} (law 58)"
        )
        return _won(winner, value, rubiconed=True, by_brisques=by_brisques, explanation=text)
    value = won + credit + rules.rubicon_game + rules.rubicon_brisque_lump
    low = f" (the loser's {lost} counts as {credit}, law 59)" if credit != lost else ""
    text = (
        f"{lead}rubicon: {won} + {credit}{low} + {rules.rubicon_game} for the game + "
        f"{rules.rubicon_brisque_lump} for the brisques = {value} (law 58)"
    )
    return _won(winner, value, rubiconed=True, by_brisques=by_brisques, explanation=text)


def _modern(rules: Settlement, scores: tuple[int, int], totals: tuple[int, int]) -> Settled:
    """The modern summary: rounded scores decide; a rounded tie counts the brisques and rounds
    again; a tie still gives the higher actual score a difference of 100."""
    rounded = (floor100(scores[0]), floor100(scores[1]))
    by_brisques, forced = False, False
    if rounded[0] == rounded[1]:
        by_brisques = True
        rounded = (floor100(totals[0]), floor100(totals[1]))
        if rounded[0] == rounded[1]:
            if scores[0] == scores[1]:
                return _void("equal scores, with and without brisques: the game is void")
            forced = True
    decider = scores if forced else rounded
    winner = 0 if decider[0] > decider[1] else 1
    loser = 1 - winner
    difference = rules.min_difference if forced else rounded[winner] - rounded[loser]
    rubiconed = scores[loser] < rules.rubicon_threshold
    value = difference + rules.game_bonus + (rules.rubicon_game if rubiconed else 0)
    text = (
        f"{rounded[winner]} − {rounded[loser]} = {difference}"
        + (" (a rounded tie: the higher actual score wins by 100)" if forced else "")
        + (" with the brisques counted" if by_brisques else "")
        + f", + {rules.game_bonus} for the game"
        + (f" + {rules.rubicon_game} for the rubicon" if rubiconed else "")
        + f" = {value}"
    )
    return _won(winner, value, rubiconed=rubiconed, by_brisques=by_brisques, explanation=text)
