"""Last trick, brisques, the game and the settlement of a one-deal game."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, StrictBool, StrictInt

from interpreter.model.base import Block, Points, RankLetter


class WhichTrick(StrEnum):
    FINAL = "final"
    LAST_STOCK_TRICK = "last_stock_trick"


class LastTrick(Block):
    """The bonus for the last trick."""

    points: Points = Field(default=10, description="Points for the last trick.")
    which: WhichTrick = Field(
        default=WhichTrick.FINAL,
        description="final: the last trick of the hand (Hoyle's 32nd); last_stock_trick: the "
        "trick that exhausts the stock (Enquire Within's variant, the 24th).",
    )
    mandatory: StrictBool = Field(
        default=False, description="The winner is bound to score it (law 54)."
    )


class BrisqueUsage(StrEnum):
    ALWAYS = "always"
    TIE_AND_RUBICON_ONLY = "tie_and_rubicon_only"
    TIE_ONLY = "tie_only"
    NONE = "none"
    WAR = "war"


SCORED_USAGES = frozenset({BrisqueUsage.ALWAYS, BrisqueUsage.WAR})
"""The usages under which brisques add points to a score (the others only break a tie or save
the rubicon, or count for nothing)."""


class BrisqueTiming(StrEnum):
    ON_TRICK = "on_trick"
    END_OF_HAND = "end_of_hand"


class Brisques(Block):
    """Aces and tens won in tricks; or, with ``values``, the points of every card won."""

    value: Points = Field(default=10, description="Points per brisque (ace or ten) won.")
    values: dict[RankLetter, Points] = Field(
        default_factory=dict,
        description="The points of each rank won in tricks, e.g. { A = 11, T = 10, K = 4, "
        "Q = 3, J = 2 } (Sixty-six, Pinochle); a rank not listed counts nothing. Empty: each "
        "brisque counts `value` (Bézique). The brisques (`deck.brisque_ranks`) are still the "
        "cards `minimum` and a war count.",
    )
    usage: BrisqueUsage = Field(
        default=BrisqueUsage.ALWAYS,
        description="always scored; only to break a tie or save the rubicon (laws 56, 60, "
        "61); only to break a tie (the modern summary); never; or war: at the end of the "
        "hand the side with more brisques scores them (each side its own on a tie), and the "
        "other scores none and loses `war_penalty` (Haitian).",
    )
    minimum: StrictInt = Field(
        default=0,
        ge=0,
        le=256,
        description="A player who won fewer brisques than this scores none of them (Haitian: "
        "14 of the 32 with two players, 8 with four); 0: no minimum.",
    )
    war_penalty: Points = Field(
        default=200, description="In a brisque war: what the side with fewer brisques loses."
    )
    war_floor: Points = Field(
        default=200,
        description="In a brisque war: the penalty is paid only by a side whose score is "
        "above this.",
    )
    timing: BrisqueTiming = Field(
        default=BrisqueTiming.ON_TRICK,
        description="Scored as each trick is won (Hoyle's 'better rule') or counted at the end "
        "of the hand, the non-dealer first (Enquire Within).",
    )

    @property
    def scored(self) -> bool:
        """Brisques add points to a score (see :data:`SCORED_USAGES`)."""
        return self.usage in SCORED_USAGES


class GameFormat(StrEnum):
    RACE = "race"
    SINGLE_DEAL = "single_deal"


class PlayedOut(StrEnum):
    NEXT_DEAL = "next_deal"
    HIGHER_TOTAL = "higher_total"
    LAST_TRICK = "last_trick"


class WinCheck(StrEnum):
    END_OF_DEAL = "end_of_deal"
    IMMEDIATE = "immediate"
    CLAIM = "claim"


class WorthStep(Block):
    """A step of the game-points schedule (``[[game.worth]]``): what a game is worth when its
    conditions on the loser all hold.  The worth is the most points among the steps that hold;
    a step without conditions always holds."""

    points: StrictInt = Field(
        ge=1, le=100, description="Game points the game is worth when this step holds."
    )
    below: Points = Field(
        default=0,
        description="The step holds when every losing side has fewer points than this "
        "(Schnapsen: 2 when the loser has fewer than 33); 0: no condition.",
    )
    no_trick: StrictBool = Field(
        default=False,
        description="The step holds when no losing side took a trick in the deal that ended "
        "the game (Schnapsen: 3, 'schwarz').",
    )


class Game(Block):
    """What makes a game: a race to a target, or one deal."""

    format: GameFormat = Field(
        default=GameFormat.RACE, description="race: deals until a player reaches the target."
    )
    target: StrictInt = Field(
        default=1000,
        ge=1,
        le=1_000_000,
        description="Points that win a race game (Hoyle, Britannica: 1000).",
    )
    win_check: WinCheck = Field(
        default=WinCheck.END_OF_DEAL,
        description="When the target is checked: at the end of each deal, as Enquire Within "
        "123 x counts out a game (end_of_deal); the moment a side reaches it, even in the "
        "middle of a deal (immediate); or when the player to lead claims it (claim, "
        "Sixty-six's 'out': a true claim wins at once, a false one pays false_claim).",
    )
    double_below: Points = Field(
        default=0,
        description="A race game whose loser has fewer points is worth two game points "
        "instead of one (the Turkish rubikon, the Haitian anbatab); 0: never.",
    )
    played_out: PlayedOut = Field(
        default=PlayedOut.NEXT_DEAL,
        description="A deal played to its last card with no side at the target: the scores "
        "carry into the next deal (next_deal, Bézique); or the deal is the game, won by the "
        "higher total if it reached the target and void otherwise (higher_total, Sixty-six's "
        "65 all), or won by the last trick's winner for the schedule's base worth (last_trick, "
        "Schnapsen).",
    )
    false_claim: tuple[WorthStep, ...] = Field(
        default=(WorthStep(points=2),),
        description="What a false claim of the target gives the claimant's adversary (with "
        "win_check = 'claim'): the most points among the steps whose conditions hold for the "
        "claimant (Sixty-six: two game points).",
    )
    worth: tuple[WorthStep, ...] = Field(
        default=(),
        description="The game-points schedule of a race game: each step's points, when its "
        "conditions on the loser hold; the game is worth the most of them (Sixty-six, "
        "Schnapsen: 1; 2 below 33; 3 without a trick).  Empty: one game point (with "
        "double_below, two under it).",
    )


class ClosedWorth(StrEnum):
    END = "end"
    CLOSE = "close"


class Closing(Block):
    """Closing the stock (Sixty-six, Schnapsen): the player to lead turns the turn-up down;
    nobody draws again, and the last tricks' duties apply at once.  The closer undertakes to
    win: if he does not reach the target first, his adversary scores the forfeit."""

    after_tricks: StrictInt = Field(
        default=0,
        ge=0,
        le=100,
        description="Tricks of the deal played before the stock may be closed (Foster's "
        "Sixty-six: 1, 'after one or more tricks have been played'; Schnapsen: 0).",
    )
    min_stock: StrictInt = Field(
        default=1,
        ge=1,
        le=1000,
        description="Cards that must be left in the stock, the turn-up counted, to close it.",
    )
    last_trick: StrictBool = Field(
        default=False,
        description="The last trick still scores its points after the stock was closed "
        "(Foster's Sixty-six: no score for the last trick when the game is closed).",
    )
    worth_at: ClosedWorth = Field(
        default=ClosedWorth.END,
        description="A closer who wins is paid by the schedule on his adversary's points and "
        "tricks at the end of the deal (end), or as they stood when he closed (close, "
        "Schnapsen).",
    )
    forfeit: tuple[WorthStep, ...] = Field(
        default=(WorthStep(points=2),),
        description="What the closer's adversary wins when the closer fails (the deal played "
        "out, or the adversary at the target first): the most points among the steps whose "
        "conditions hold for the adversary as he stood at the close (Schnapsen: 2; 3 if he "
        "had no trick then); at least the game's own worth when he reached the target.",
    )


class Match(Block):
    """A match of several race games, each worth game points."""

    target: StrictInt = Field(
        default=16, ge=1, le=1000, description="Game points that win the match (Turkish: 16)."
    )


class TieRule(StrEnum):
    RAW_THEN_BRISQUES_THEN_VOID = "raw_then_brisques_then_void"
    ROUNDED_THEN_BRISQUES = "rounded_then_brisques"


class RubiconFormula(StrEnum):
    ADD_SCORES = "add_scores"
    SUBTRACT_PLUS_EXTRA = "subtract_plus_extra"


class Rounding(StrEnum):
    FLOOR_EACH = "floor_each"
    FLOOR_RESULT = "floor_result"


class Settlement(Block):
    """How a one-deal game is valued (laws 56–61)."""

    game_bonus: Points = Field(default=500, description="Added to the difference (law 57).")
    min_difference: Points = Field(default=100, description="A smaller difference counts as this.")
    rubicon_threshold: Points = Field(default=1000, description="Below it the loser is rubiconed.")
    rubicon_game: Points = Field(default=1000, description="Game bonus when rubiconed (law 58).")
    rubicon_brisque_lump: Points = Field(default=300, description="For the brisques (law 58).")
    loser_min_credit: Points = Field(default=100, description="Law 59.")
    rounding: Rounding = Field(
        default=Rounding.FLOOR_EACH,
        description="Fractions of a hundred dropped from each score (Hoyle) or from the "
        "result (another reading of 'excluding fractions of a hundred' in laws 57 and 58).",
    )
    formula: RubiconFormula = Field(
        default=RubiconFormula.ADD_SCORES,
        description="Rubiconed loser: the winner adds both scores (law 58) or the modern "
        "summary's difference plus an extra.",
    )
    tie_rule: TieRule = Field(
        default=TieRule.RAW_THEN_BRISQUES_THEN_VOID,
        description="Who wins on equal scores: the brisques decide equal raw scores, and a tie "
        "after them voids the game (Hoyle; law 61); or the brisques decide equal rounded "
        "scores, then the higher actual score (the modern summary).",
    )
    brisques_can_flip_winner: StrictBool = Field(
        default=False,
        description="Law 60: brisques added may reverse the order (the laws do not settle it).",
    )
