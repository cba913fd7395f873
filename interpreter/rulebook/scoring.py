"""Rulebook sections on the last tricks, the last trick and brisques, and winning — with worked
examples whose numbers the engine computes."""

from __future__ import annotations

from collections import Counter
from typing import assert_never

from interpreter.engine import EventKind, Game, Reason, tables
from interpreter.engine.scoring import base_worth
from interpreter.engine.scoring import worth_steps as schedule
from interpreter.engine.settlement import settle
from interpreter.model import Variant
from interpreter.model.enforcement import table_rule
from interpreter.model.play import (
    DeclareWhen,
    EndgameMode,
    HeadReference,
    RevokePenalty,
    TrumpIfVoid,
)
from interpreter.model.scoring import (
    BrisqueTiming,
    BrisqueUsage,
    GameFormat,
    PlayedOut,
    Rounding,
    RubiconFormula,
    Settlement,
    TieRule,
    WhichTrick,
    WinCheck,
)
from interpreter.rulebook.combos import details
from interpreter.rulebook.page import Page
from interpreter.rulebook.policy import play_deal, policy_words
from interpreter.rulebook.words import (
    listing,
    number_word,
    per_member,
    points,
    rank_name,
    rank_plural,
    seat,
    worth_steps,
)


def endgame(page: Page) -> str:
    v = page.variant
    e = v.endgame
    hand = v.deal.hand_size
    back = (
        ", each player takes his declared cards back into his hand, and"
        if e.declared_back_to_hand and v.declare.when is DeclareWhen.AFTER_TRICK_WIN
        else ""  # (declared on lead, the cards never left the hand)
    )
    last = f"When the stock is exhausted{back} the last {number_word(hand)} tricks are played"
    duels = per_member(e.mode, {EndgameMode.ALL_PLAYERS: False, EndgameMode.PAIRED_DUELS: True})
    free = per_member(
        e.must_trump_if_void,
        {TrumpIfVoid.NO: True, TrumpIfVoid.YES: False, TrumpIfVoid.ONLY_IF_WINNING: False},
    )
    if not e.follow_suit and not e.must_head and free:
        # No duty at all: nothing to list, nothing to forfeit.
        text = [f"{last} as the others were: **any card held may be played**."]
        if duels:
            text.append(_DUELS)
        return "\n\n".join([*text, page.texts("endgame")])
    text = [f"{last} under stricter rules:"]
    duties = _duties(v)
    text.append("\n".join(f"{i + 1}. {d}." for i, d in enumerate(duties)))
    exempt = e.partner_exempt  # matters only with partners
    if v.players.partnerships and not duels:
        text.append(
            "These duties hold **even against a partner's winning card**."
            if not exempt
            else "There is no duty to beat a partner's winning card."
        )
    if v.deck.jokers:
        text.append(_jokers_last(v))
    if duels:
        text.append(_DUELS)
    penalty = per_member(
        e.revoke_penalty,
        {
            RevokePenalty.FORFEIT_ENDGAME_TRICKS: "At the table, a player who fails in these "
            "duties forfeits all the last tricks to his opponent",
            RevokePenalty.REPLAY: "At the table, a card played against these duties is taken "
            "back, with all cards played after it, and the tricks are replayed",
            RevokePenalty.NONE: "The laws set no penalty for failing in these duties",
        },
    )
    text.append(table_rule(f"{penalty}; the engine simply does not allow such a card."))
    return "\n\n".join([*text, page.texts("endgame")])


def _counting_order(v: Variant) -> str:
    """What the order of counting the brisques means for winning (Enquire Within 123 x)."""
    race = per_member(v.game.format, {GameFormat.RACE: True, GameFormat.SINGLE_DEAL: False})
    if not race:
        return ""
    return per_member(
        v.game.win_check,
        {
            WinCheck.IMMEDIATE: ": the first to reach the target while counting wins, and the "
            "others do not count (Enquire Within 123 x)",
            WinCheck.END_OF_DEAL: " (Enquire Within 123 x); the game is decided only once "
            "everyone has counted, so the order changes nothing",
            WinCheck.CLAIM: " (Enquire Within 123 x); a target claimed in the middle of the "
            "deal stops it before any count",
        },
    )


def _jokers_last(v: Variant) -> str:
    """What a joker does in the last tricks: led, it has no suit to follow; played to another
    card, it is no card of the suit led and never wins."""
    e = v.endgame
    trumps = per_member(
        e.must_trump_if_void,
        {TrumpIfVoid.NO: False, TrumpIfVoid.YES: True, TrumpIfVoid.ONLY_IF_WINNING: True},
    )
    led = (
        "the others must trump it if they can (any trump beats a joker), else play any card"
        if trumps
        else "the others may play any card"
    )
    duties = [d for d, on in (("follow suit", e.follow_suit), ("trump", trumps)) if on]
    second = (
        f"it may be played to a trick led by another card only by a player who can neither "
        f"{' nor '.join(duties)}, and"
        if duties
        else "played to a trick led by another card,"
    )
    return (
        f"**A joker** led in the last tricks has no suit to follow: {led}. A joker is no card "
        f"of any suit: {second} it never wins the trick."
    )


def _duties(v: Variant) -> list[str]:
    """The duties of the last tricks, in order: following, heading, trumping."""
    e = v.endgame
    duties = []
    if e.follow_suit:
        duties.append("**follow suit** if you can")
    else:
        duties.append("there is **no duty to follow suit**")
    if e.must_head:
        reference = per_member(
            e.head_reference,
            {
                HeadReference.CARD_LED: "the card led",
                HeadReference.CURRENT_WINNING_CARD: "the best card played so far",
            },
        )
        if not _three_in_a_trick(v) and e.head_reference is HeadReference.CURRENT_WINNING_CARD:
            reference = "the card led"  # two cards to a trick: the best so far is the one led
        duties.append(f"when following, **win the trick if you can** (beat {reference})")
    void = "when you cannot follow" if e.follow_suit else "when you hold no card of the suit led"
    match e.must_trump_if_void:
        case TrumpIfVoid.NO:
            trump = f"{void}, play any card: there is no duty to trump"
        case TrumpIfVoid.YES:
            trump = f"{void}, **trump** if you can — with a trump that wins, if you have one"
            if _three_in_a_trick(v):
                trump += "; if none of your trumps can win, you must still play one"
        case TrumpIfVoid.ONLY_IF_WINNING:
            trump = (
                f"{void}, trump **only if your trump would win the trick**; otherwise play any card"
            )
        case _:
            assert_never(e.must_trump_if_void)
    duties.append(trump)
    return duties


_DUELS = (
    "With four players the last tricks are **two duels**: the winner of the last trick of the "
    "stock plays against the player on his left until their cards are gone, then the other "
    "two play theirs."
)


def _three_in_a_trick(v: Variant) -> bool:
    """Three or more cards may be played to a trick of the last tricks, so that a trump may
    come too late to win (with two, any trump wins a trick of another suit)."""
    all_play = per_member(
        v.endgame.mode, {EndgameMode.ALL_PLAYERS: True, EndgameMode.PAIRED_DUELS: False}
    )
    return v.players.count > 2 and all_play


_EACH_COUNTS = {
    BrisqueUsage.ALWAYS: True,
    BrisqueUsage.TIE_AND_RUBICON_ONLY: False,
    BrisqueUsage.TIE_ONLY: False,
    BrisqueUsage.NONE: False,
    BrisqueUsage.WAR: False,
}
"""Whether every brisque counts to the score of the player who won it."""
_NO_BRISQUES = {
    BrisqueUsage.ALWAYS: False,
    BrisqueUsage.TIE_AND_RUBICON_ONLY: False,
    BrisqueUsage.TIE_ONLY: False,
    BrisqueUsage.NONE: True,
    BrisqueUsage.WAR: False,
}
"""Whether brisques count for nothing, not even to break a tie."""


def brisques_heading(variant: Variant) -> str:
    """The heading of the section on the last trick and what the cards won count."""
    return "Last trick and card points" if variant.brisques.values else "Last trick and brisques"


def last_trick_and_brisques(page: Page) -> str:
    v = page.variant
    b = v.brisques
    text = [_last_trick(v)]
    usage = _card_points(v) if b.values else _brisque_usage(v)
    timing = per_member(
        b.timing,
        {
            BrisqueTiming.ON_TRICK: ", scored as soon as the trick is won.",
            BrisqueTiming.END_OF_HAND: ", counted when the hand is over, the dealer's "
            f"opponent first{_counting_order(v)}.",
        },
    )
    text.append(usage + (timing if per_member(b.usage, _EACH_COUNTS) else "."))
    nothing = [rank_plural(r) for r in v.deck.ranks if b.values and not b.values.get(r, 0)]
    if nothing and b.usage is not BrisqueUsage.NONE:
        text[-1] += f" {listing(nothing).capitalize()} count nothing."
    if b.minimum and b.scored:
        scores = "no card points" if b.values else "none of them"
        text.append(
            f"A player who won **fewer than {b.minimum} brisques** scores {scores}; they "
            "are counted when the hand is over."
        )
    return "\n\n".join([*text, page.texts("last_trick"), page.texts("brisques")])


def _last_trick(v: Variant) -> str:
    lt = v.last_trick
    must = " " + table_rule("He is bound to score it.") if lt.mandatory else ""
    which = per_member(
        lt.which,
        {
            WhichTrick.FINAL: "the last trick of the hand",
            WhichTrick.LAST_STOCK_TRICK: "the trick that exhausts the stock (the last before the "
            "final tricks)",
        },
    )
    duels = per_member(
        v.endgame.mode, {EndgameMode.ALL_PLAYERS: False, EndgameMode.PAIRED_DUELS: True}
    )
    if lt.points and duels and lt.which is WhichTrick.FINAL:
        return (
            f"Each duel of the last tricks has its last trick: the winner of each scores "
            f"**{lt.points}**, two such scores in a hand.{must} (The Britannica, which has the "
            "duels, does not say; each duel is played out as the end of a two-handed game.) "
            "Where the last trick breaks a tie, it is the last trick of the second duel."
        )
    if lt.points:
        return f"The winner of {which} scores **{lt.points}**.{must}"
    return "The last trick scores nothing."


def _brisque_usage(v: Variant) -> str:
    """What the brisques count, each worth ``brisques.value`` (Bézique)."""
    b = v.brisques
    ranks = listing(rank_plural(r) for r in v.deck.brisque_ranks)
    side = "side (partners' brisques added)" if v.players.partnerships else "player"
    return per_member(
        b.usage,
        {
            BrisqueUsage.ALWAYS: f"Every brisque ({ranks}) won in a trick is worth **{b.value}** "
            "to its winner",
            BrisqueUsage.TIE_AND_RUBICON_ONLY: f"Brisques ({ranks}, {b.value} each) count **only "
            "to break a tie or to save the loser from the rubicon** (see below)",
            BrisqueUsage.TIE_ONLY: f"Brisques ({ranks}, {b.value} each) count **only to break a "
            "tie**",
            BrisqueUsage.NONE: "Brisques do not count",
            BrisqueUsage.WAR: f"The brisques ({ranks}) are a **war**: when the hand is over, the "
            f"{side} who won more of them scores **{b.value}** for each; the other scores none "
            f"for his and **loses {b.war_penalty}** if his score is then above {b.war_floor}. "
            "When they won as many, each scores his own",
        },
    )


def card_points_text(v: Variant) -> str:
    """``ace 11, ten 10, king 4, queen 3, knave 2 (120 in the pack)``: the points of each rank
    that counts, in the deck's order, and their total over the deck."""
    values = v.brisques.values
    worth = [f"{rank_name(r)} {values[r]}" for r in v.deck.ranks if values.get(r, 0)]
    total = sum(values.get(face.rank, 0) for face in tables.deck(v).cards)
    where = "in the pack" if v.deck.packs == 1 else "in the deck"
    return f"{', '.join(worth)} ({total} {where})"


def _card_points(v: Variant) -> str:
    """What the cards won count, each the points of its rank (``brisques.values``)."""
    b = v.brisques
    worth = card_points_text(v)
    side = "side (partners' brisques added)" if v.players.partnerships else "player"
    ranks = listing(rank_plural(r) for r in v.deck.brisque_ranks)
    return per_member(
        b.usage,
        {
            BrisqueUsage.ALWAYS: "Every card won in a trick counts its **card points** to its "
            f"winner: {worth}",
            BrisqueUsage.TIE_AND_RUBICON_ONLY: f"The **card points** of the cards won ({worth}) "
            "count **only to break a tie or to save the loser from the rubicon** (see below)",
            BrisqueUsage.TIE_ONLY: f"The **card points** of the cards won ({worth}) count **only "
            "to break a tie**",
            BrisqueUsage.NONE: "The cards won in tricks do not count",
            BrisqueUsage.WAR: f"The brisques ({ranks}) are a **war**: when the hand is over, the "
            f"{side} who won more of them scores the **card points** of the cards it won "
            f"({worth}); the other scores none and **loses {b.war_penalty}** if his score is "
            f"then above {b.war_floor}. When they won as many brisques, each scores his own",
        },
    )


def winning(page: Page) -> str:
    match page.variant.game.format:
        case GameFormat.RACE:
            return _race(page)
        case GameFormat.SINGLE_DEAL:
            return _single_deal(page)
    assert_never(page.variant.game.format)


def _race(page: Page) -> str:
    """Winning a game of several deals, and a match of several games."""
    v = page.variant
    g = v.game
    target = g.target
    side = "side (partners' scores added)" if v.players.partnerships else "player"
    check = per_member(
        g.win_check,
        {
            WinCheck.END_OF_DEAL: "at the end of each deal",
            WinCheck.IMMEDIATE: "after every move: **the game ends the moment a "
            f"{side.partition(' ')[0]} reaches {target}**, even in the middle of a deal",
            WinCheck.CLAIM: f"when a {side.partition(' ')[0]} claims it, and at the end of "
            "each deal",
        },
    )
    counted = "card points" if v.brisques.values else "brisques"
    brisques = f"the higher score without the {counted} of the last deal; if still equal, "
    opening = per_member(
        g.played_out,
        {
            PlayedOut.NEXT_DEAL: f"The game is **{target} up**: deals are played until a "
            f"{side} has {target} points or more",
            PlayedOut.HIGHER_TOTAL: f"**Each deal is a game**, won by the {side} with "
            f"{target} points or more",
            PlayedOut.LAST_TRICK: f"**Each deal is a game**, won by the {side} with "
            f"{target} points or more",
        },
    )
    text = [
        f"{opening}, which is checked {check}. If more than one has, the higher score "
        f"wins; if they are equal, {brisques if v.brisques.scored else ''}the winner of the "
        "last trick."
    ]
    if g.win_check is WinCheck.CLAIM:
        text.append(_claim(v, side.partition(" ")[0]))
    if g.played_out is not PlayedOut.NEXT_DEAL:
        text.append(_played_out(v, side.partition(" ")[0]))
    if g.double_below:
        text.append(
            f"A game is worth one game point, and **two when the loser has fewer than "
            f"{g.double_below}** points."
        )
    if g.worth:
        text.append(_schedule(v, side.partition(" ")[0]))
    if v.match is not None:
        worth = "" if g.double_below or g.worth else " Each game won is worth one game point."
        text.append(
            f"**A match** is played of several games, the scores starting again from "
            f"nothing at each: the first {side.partition(' ')[0]} to "
            f"**{v.match.target} game points** wins the match.{worth}"
        )
        text.append(page.texts("match"))
    return "\n\n".join([*text, page.texts("game")])


def _claim(v: Variant, side: str) -> str:
    """Claiming the target in the middle of a deal, and what a false claim costs."""
    target = v.game.target
    costs = worth_steps(
        v.game.false_claim,
        below="the claimant has fewer than {} points",
        no_trick="the claimant has taken no trick",
        when=" if {}",
    )
    return (
        f"**A {side} who has {target} claims it**, when it is his turn to lead (even just "
        "after showing a combination, before leading from it): the deal stops there. Points "
        "that are held until a trick is won do not count for a claim. If the claim is true he "
        f"wins the game; **if it is false his adversary wins** {costs}. Nobody is obliged to "
        "claim: the cards are played on until someone does."
    )


def _played_out(v: Variant, side: str) -> str:
    """What a deal played to its last card with nobody at the target gives."""
    base = base_worth(schedule(v))  # as the engine reckons it: 0 where games have no worth
    worth = f", for {base} game point{'s' if base > 1 else ''}" if base else ""
    return per_member(
        v.game.played_out,
        {
            PlayedOut.NEXT_DEAL: "",
            PlayedOut.HIGHER_TOTAL: f"A deal played to its last card with no {side} at "
            f"{v.game.target} (both at {v.game.target - 1}, say) is **void**: nobody scores "
            "for it.",
            PlayedOut.LAST_TRICK: f"A deal played to its last card with no {side} at "
            f"{v.game.target} goes to **the winner of the last trick**{worth}.",
        },
    )


def _single_deal(page: Page) -> str:
    """Winning a game of one deal: its settlement, with worked examples."""
    variant = page.variant
    rules = variant.settlement or Settlement()  # absent: the laws' valuation
    usage = variant.brisques.usage
    text = [
        "One deal is the whole game. The player with more points wins"
        + ("" if per_member(usage, _EACH_COUNTS) else " (brisques left out)")
        + ". What he wins — *the value of the game* — is reckoned so:",
    ]
    text.append(_settlement_words(rules, usage))
    text.append(_settlement_examples(page, rules, rules.rubicon_threshold))
    return "\n\n".join([*text, page.texts("game"), page.texts("settlement")])


def _settlement_words(s: Settlement, brisque_usage: BrisqueUsage) -> str:
    rounding = per_member(
        s.rounding,
        {
            Rounding.FLOOR_EACH: "each score is first rounded down to the hundred",
            Rounding.FLOOR_RESULT: "the result is rounded down to the hundred",
        },
    )
    lines = [
        f"- If the loser has **{s.rubicon_threshold} or more**, the winner scores the "
        f"difference of the scores ({rounding}; a difference of less than {s.min_difference} "
        f"counts as {s.min_difference}) **plus {s.game_bonus}** for the game.",
    ]
    each = per_member(s.rounding, {Rounding.FLOOR_EACH: True, Rounding.FLOOR_RESULT: False})
    added = (
        "adds both scores together, each rounded down to the hundred"
        if each
        else "adds both scores together, the sum rounded down to the hundred"
    )
    credit, lump = s.loser_min_credit, s.rubicon_brisque_lump  # law 58, 59 values
    rubiconed = per_member(
        s.formula,
        {
            RubiconFormula.ADD_SCORES: f"- If the loser has less than {s.rubicon_threshold}, he "
            f"is **rubiconed**: the winner {added} (the loser's counting at "
            f"least {credit}) and scores **{s.rubicon_game}** for the game"
            + (f" and **{lump}** for the brisques" if lump else "")
            + ", even if he has not reached the rubicon himself.",
            RubiconFormula.SUBTRACT_PLUS_EXTRA: f"- If the loser has less than "
            f"{s.rubicon_threshold}, he is **rubiconed**: the winner scores the difference plus "
            f"{s.game_bonus} plus **{s.rubicon_game}** more.",
        },
    )
    lines.append(rubiconed)
    saves = brisque_usage is BrisqueUsage.TIE_AND_RUBICON_ONLY
    if saves:
        lines.append(
            f"- **Saving the rubicon:** a loser under {s.rubicon_threshold} whose brisques bring "
            f"his score to {s.rubicon_threshold} or more is not rubiconed. Each player then adds "
            "his own brisques to his score, and the difference is reckoned as in the first case "
            "(law 60)."
        )
    ties = per_member(
        s.tie_rule,
        {
            TieRule.RAW_THEN_BRISQUES_THEN_VOID: "Equal scores: the brisques decide who wins; if "
            "still equal the game is void."
            + (
                f" If the loser has {s.rubicon_threshold} or more (or his brisques save him), "
                "each adds his brisques and the difference is reckoned with them; if he is "
                "rubiconed, the brisques decide but are not added, and the rubicon rule above "
                "applies (law 61)."
                if saves
                else ""
            ),
            TieRule.ROUNDED_THEN_BRISQUES: "Scores equal once rounded: the brisques are added and "
            "the scores rounded again; if still equal, the higher actual score wins by the "
            "minimum.",
        },
    )
    if per_member(brisque_usage, _NO_BRISQUES):
        ties = "Equal scores: there are no brisques to decide, and the game is void."
    lines.append(f"- {ties}")
    if s.brisques_can_flip_winner:
        lines.append("- Brisques that put the loser ahead make him the winner.")
    return "\n".join(lines)


def _settlement_examples(page: Page, rules: Settlement, threshold: int) -> str:
    variant = page.variant
    usage = variant.brisques.usage
    cases = [
        (threshold + 510, threshold + 240, 0, 0),
        (threshold + 550, threshold + 520, 0, 0),
        (threshold + 320, max(threshold - 380, 0), 0, 0),
        (threshold + 200, threshold + 200, 140, 180),
    ]
    if per_member(usage, _NO_BRISQUES):  # no brisques in this game: the tie example has none either
        cases[-1] = (threshold + 200, threshold + 200, 0, 0)
    if usage is BrisqueUsage.TIE_AND_RUBICON_ONLY:
        # Law 60: the loser's brisques save the rubicon; law 61: a tie decided by the brisques
        # of a player who stays rubiconed, who does not add them.
        cases.append((threshold + 430, max(threshold - 70, 0), 90, 120))
        cases.append((max(threshold - 200, 0), max(threshold - 200, 0), 100, 60))
    rows = ["| Scores | Brisques | Winner | Value | How |", "|---|---|---|---:|---|"]
    for a, b, ba, bb in cases:
        result = settle(rules, (a, b), (ba, bb), usage)
        winner = "void" if result.winner is None else seat(result.winner)
        brisques = f"{ba} – {bb}" if ba or bb else "—"
        rows.append(
            f"| {a} – {b} | {brisques} | {winner} | {points(result.value)} | {result.explanation} |"
        )
    command = page.command("settle {variant} --scores P1 P2")
    return f"**Worked examples**, computed by the engine (`{command}`):\n\n" + "\n".join(rows)


REASON_WORDS = {
    Reason.BRISQUES: "brisques",
    Reason.LAST_TRICK: "last trick",
    Reason.SEVEN: "seven",
    Reason.SEVEN_EXCHANGE: "seven exchange",
    Reason.SEVEN_TURNED_UP: "seven turned up",
    Reason.CARTE_BLANCHE: "carte blanche",
    Reason.DEAL_COUNT: "deal count",
    Reason.COUNT_GUESS: "count guess",
    Reason.BRISQUE_WAR: "brisque war",
    Reason.CARD_POINTS: "card points",
}
"""What the sample deal's table calls points scored for something other than a combination
(a combination is called by its name)."""


def sample_deal(variant: Variant) -> str:
    """One deal, seed 1, played by the engine with every seat following the fixed policy of
    :mod:`interpreter.rulebook.policy` (stated on the page)."""
    game = Game.new(variant, seed=1, dealer=0)
    play_deal(game)
    result = game.deal_results[0]
    per_seat: list[Counter[str]] = [Counter() for _ in range(game.rules.players)]
    for event in game.events:
        if event.kind is EventKind.SCORE and event.deal == 1 and event.player is not None:
            per_seat[event.player][event.what] += event.points
    names = {c.id: c.display_name for c in variant.combinations}
    rows = ["| Seat | Points | Made up of |", "|---|---:|---|"]
    for index, scored in enumerate(per_seat):
        parts = ", ".join(
            f"{names[what] if what in names else per_member(Reason(what), REASON_WORDS)} {pts}"
            for what, pts in sorted(scored.items(), key=lambda item: -item[1])
        )
        rows.append(f"| {seat(index)} | {result.points[index]} | {parts or '—'} |")
    tricks = sum(1 for e in game.events if e.kind is EventKind.TRICK and e.deal == 1)
    how = (
        "The deal is <code>Game.new(variant, seed=1, dealer=0)</code>, every move chosen by "
        "<code>interpreter.rulebook.policy</code> through the engine's public API; the page is "
        f"written by <code>interpreter.rulebook.render</code> (schema version "
        f"{variant.schema_version}). Seats are counted from 0 in the API and from 1 on this "
        "page and in the move notation: <code>dealer=0</code> is seat 1, written p1."
    )
    return (
        f"One deal played by the engine between {number_word(game.rules.players)} players, "
        f"seat 1 dealing: {tricks} tricks. Every seat "
        f"follows one fixed rule, not a strategy: {policy_words(variant)}.\n\n"
        + "\n".join(rows)
        + "\n\n"
        + details("For variant authors: how this deal is played", how)
    )


def _schedule(v: Variant, who: str) -> str:
    """The game-points schedule (``[[game.worth]]``), step by step, the base step first."""
    text = worth_steps(
        v.game.worth,
        below="the loser has fewer than {} points",
        no_trick="the loser took no trick in the last deal",
        when=" when {}",
    )
    return (
        f"A game won is worth game points: {text} (the most of these that hold; with "
        f"partners, every losing {who} must meet a condition)."
    )
