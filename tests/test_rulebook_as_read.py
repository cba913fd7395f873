"""Rulebook pages as a card player reads them (issue 34): each test reads a rendered page, not
the code, for one place where a page misled — and, where the page states a rule of play, checks
the engine plays it so."""

from __future__ import annotations

import re

import pytest

from interpreter.engine import EventKind, Game
from interpreter.engine.settlement import settle
from interpreter.loader import parent_variant, shipped_variant_names
from interpreter.model.scoring import Settlement
from interpreter.rulebook import render
from interpreter.rulebook.words import ordinal
from tests.support import dealt, run, scored, shipped, texts, variant_with

NAMES = shipped_variant_names()


def page(name: str) -> str:
    return render(shipped(name), parent=parent_variant(name))


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section of a page."""
    start = text.index(f"## {heading}\n")
    rest = text[start + len(heading) + 4 :]
    end = rest.find("\n## ")
    return rest if end < 0 else rest[:end]


def sample_parts(text: str) -> list[str]:
    """The 'Made up of' cells of the sample deal's table."""
    rows = [r for r in section(text, "A sample deal").splitlines() if r.startswith("| seat")]
    return [r.split("|")[3] for r in rows]


# 1. Four-handed duels: the last trick of each duel scores -----------------------------------------
@pytest.mark.parametrize("name", ["four-handed", "four-handed-partners"])
def test_the_last_trick_of_each_duel_scores_as_the_page_and_its_sample_deal_say(name: str) -> None:
    text = page(name)
    rule = section(text, "Last trick and brisques")
    assert "the winner of each scores **10**, two such scores in a hand" in rule
    assert "The winner of the last trick of the hand scores" not in rule
    assert sum(part.count("last trick 10") for part in sample_parts(text)) == 2
    game = Game.new(shipped(name), seed=3, dealer=0)
    while game.deals_finished == 0:
        game.step(game.legal_moves()[0])
    last = [e for e in game.events if e.kind is EventKind.SCORE and e.what == "last_trick"]
    assert [e.points for e in last] == [10, 10]


# 2. A citation names the card the page says is turned up ------------------------------------------
ORDINALS = {ordinal(n): n for n in range(10, 200)}  # the cards turned up: no 'first'


@pytest.mark.parametrize("name", NAMES)
def test_the_turn_up_cited_is_the_turn_up_the_page_gives(name: str) -> None:
    dealing = section(page(name), "Choosing the dealer and dealing")
    said = re.search(r"The next card — the (\w+(?:-\w+)?) — is turned up", dealing)
    cited = {
        word
        for line in dealing.splitlines()
        if line.startswith("*Source")
        for word in re.findall(r"[a-z]+(?:-[a-z]+)?", line)
        if word in ORDINALS
    }
    if said is None:
        assert not cited, "a turn-up cited where none is turned"
    elif cited:  # a citation that names the card turned up names this one
        assert said.group(1) in cited, (name, said.group(1), cited)


# 3. Rubicon: how brisques save the rubicon, and a tie of a rubiconed loser -----------------------
def test_rubicon_page_tells_how_brisques_save_the_loser_with_worked_examples() -> None:
    winning = section(page("rubicon"), "Winning")
    assert "**Saving the rubicon:** a loser under 1000 whose brisques bring his score to 1000" in (
        winning
    )
    assert "(law 60)" in winning
    assert "if he is rubiconed, the brisques decide but are not added" in winning
    rows = {r.split("|")[1].strip(): r for r in winning.splitlines() if r.startswith("| ")}
    saved = rows["1430 – 930"]
    assert "save the rubicon" in saved and "| 1000 |" in saved
    assert settle(Settlement(), (1430, 930), (90, 120)).value == 1000  # 1500 - 1000 + 500
    tie = rows["800 – 800"]
    assert "not added, the loser being rubiconed (law 61)" in tie and "| 2900 |" in tie


# 4. Once per kind: the example names only combinations the variant has ----------------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_once_per_kind_example_names_combinations_of_the_variant(name: str) -> None:
    reuse = section(page(name), "Using cards again")
    found = re.search(r"may still score in (.*?)\.\n", reuse + "\n")
    if found is None:
        return
    names = {c.display_name for c in shipped(name).combinations if c.enabled}
    for part in re.split(r", | or ", found.group(1)):
        named = part.removeprefix("a ").removeprefix("an ")
        assert named in names, (name, named)


def test_haitian_says_quinte_not_sequence() -> None:
    reuse = section(page("haitian"), "Using cards again")
    assert "sequence" not in reuse and "may still score in a quinte" in reuse


# 5, 14. Haitian: the citation under its rule; the joker in the last tricks ------------------------
def test_haitian_declaring_citation_sits_with_the_rules_of_declaring() -> None:
    declarations = section(page("haitian"), "Declarations")
    cited = declarations.index("*Source: Haitian practice: the winner of a trick declares")
    assert cited < declarations.index("| Combination |")
    assert cited > declarations.index("**Only one combination may be declared after each trick.**")


def test_haitian_last_tricks_say_what_a_joker_does_led_and_played_second() -> None:
    last = section(page("haitian"), "The last tricks")
    assert "**A joker** led in the last tricks has no suit to follow: the others must trump it" in (
        last
    )
    assert "played to a trick led by another card only by a player who can neither follow " in last
    assert "it never wins the trick" in last


# 6. Rubicon: what waits for trumps, from the variant's own combinations ---------------------------
def test_rubicon_names_only_its_own_combinations_that_wait_for_trumps() -> None:
    declarations = section(page("rubicon"), "Declarations")
    sentence = next(s for s in declarations.split("\n\n") if s.startswith("Until trumps are fixed"))
    assert "four of a kind in trumps" not in sentence and "defined by trumps" not in sentence
    assert "a marriage in a plain suit or a sequence in a plain suit cannot be declared" in sentence
    assert "Not played in this variant" not in declarations
    assert "Left out of this variant (some tables play them by agreement" in declarations


# 7. Reusing declared cards: no configuration talk, no contradiction with Polish's trick card ------
@pytest.mark.parametrize("name", ["rubicon", "polish"])
def test_no_further_rule_reads_as_a_rule(name: str) -> None:
    reuse = section(page(name), "Using cards again")
    assert "No further rule" not in reuse
    assert "A declaration need not bring a card never declared before" in reuse
    trick_card = "(it must still include a card of the trick just won)" in reuse
    assert trick_card == (name == "polish")


# 8. Suits by name ------------------------------------------------------------------------------
def test_bezique_of_other_trumps_names_the_suits() -> None:
    text = page("bezique-clubs-hearts")
    assert "with S and D trumps" not in text
    assert "but when ♠ spades or ♦ diamonds are trumps, Q♣ with J♥" in text


# 9. Two players: the draw and the odd card as they apply ------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_draw_is_told_for_the_number_of_players(name: str) -> None:
    stock = section(page(name), "Playing while the stock lasts")
    two = shipped(name).players.count == 2
    assert ("then his opponent" in stock) == two
    assert ("then the others in turn to his left" in stock) == (not two)
    left = (
        Game.new(shipped(name), seed=0, dealer=0).view(0).stock_size % shipped(name).players.count
    )
    assert ("cannot go round" in stock) == bool(left)


# 10. One numbering for readers --------------------------------------------------------------------
def test_the_authors_box_says_how_seats_map_to_the_api() -> None:
    box = section(page("bezique"), "A sample deal")
    assert "<code>dealer=0</code> is seat 1, written p1" in box
    assert "seat 1 dealing" in box


# 11. The cut: a choice, and why -----------------------------------------------------------------
def test_the_cut_is_a_choice_and_the_page_says_why() -> None:
    dealing = section(page("bezique"), "Choosing the dealer and dealing")
    assert "has the **choice** (the 'preference')" in dealing
    assert "the lead is as a rule a disadvantage" in dealing
    assert "The dealer's opponent leads" in dealing


# 12. Double bézique from a single; all four cards together ----------------------------------------
def test_bezique_page_says_a_double_grows_from_a_declared_single() -> None:
    declarations = section(page("bezique"), "Declarations")
    assert "A bézique already declared may be used again in a **double bézique**" in declarations
    assert "All its cards must lie on the table together" in declarations


def test_a_double_bezique_is_made_by_adding_a_pair_to_a_declared_single() -> None:
    variant = shipped("bezique")
    hands = [["QS", "JD", "AC", "AD", "QS", "JD"], ["7C", "7D", "8C"]]
    game = dealt(variant, hands, turn_up="KH")
    run(game, "play AC", "play 7C", "declare bezique QS JD", "draw")
    run(game, "play AD", "play 7D")
    assert [m for m in texts(game) if m.startswith("declare double_bezique")]
    run(game, "declare double_bezique " + _double(game), "draw")
    made = [(what, pts) for what, pts in scored(game, 0) if "bezique" in what]
    assert made == [("bezique", 40), ("double_bezique", 500)]  # the double scores in full


def _double(game: Game) -> str:
    move = next(m for m in texts(game) if m.startswith("declare double_bezique"))
    return move.removeprefix("declare double_bezique ")


# 13. Penalties at the table ---------------------------------------------------------------------
def test_bezique_renders_the_penalties_it_cites() -> None:
    penalties = section(page("bezique"), "Penalties")
    assert "not enforced by the engine" in penalties
    for mistake, cost in (
        ("Drawing out of turn", "10 (Enquire Within); 20"),
        ("Overdrawing; holding nine cards, the other having eight", "100 (Enquire Within); 200"),
        ("The dealer gives too few cards", "fresh deal"),
    ):
        row = next(r for r in penalties.splitlines() if r.startswith(f"| {mistake} |"))
        assert cost in row


def test_three_handed_penalties_leave_out_nine_cards_against_eight() -> None:
    penalties = section(page("three-handed"), "Penalties")
    assert "nine cards" not in penalties and "Drawing out of turn | 10 |" in penalties


# 15. Counting first: what it means for winning ----------------------------------------------------
def test_bezique_handbook_says_what_counting_first_means() -> None:
    rule = section(page("bezique-handbook"), "Last trick and brisques")
    assert "the dealer's opponent first (Enquire Within 123 x)" in rule
    assert "so the order changes nothing" in rule
    fast = render(variant_with("bezique-handbook", **{"game.win_check": "immediate"}))
    assert "the first to reach the target while counting wins" in section(
        fast, "Last trick and brisques"
    )


# -- a fresh reader's findings (issue 34's reading of three pages) ---------------------------------
def test_four_packs_have_four_sevens_of_trumps_and_partners_show_them() -> None:
    seven = section(page("four-handed-partners"), "The seven of trumps")
    assert "Each of the other three sevens of trumps scores 10" in seven
    assert "after he or his partner wins a trick" in seven
    assert "The other seven of trumps" in section(page("bezique"), "The seven of trumps")


def test_a_race_is_won_at_the_end_of_a_deal_as_the_glance_box_says() -> None:
    glance = page("haitian").split("## The cards")[0]
    assert "| Goal | 1000 points or more at the end of a deal (the higher score" in glance
    fast = render(variant_with("bezique", **{"game.win_check": "immediate"}))
    assert "| Goal | the first to reach 1000 points, the moment it is reached |" in fast


def test_rubicon_says_the_scores_are_rounded_when_the_loser_is_rubiconed() -> None:
    winning = section(page("rubicon"), "Winning")
    assert "the winner adds both scores together, each rounded down to the hundred" in winning
    assert "a difference of less than 100 counts as 100" in winning
    dealing = section(page("rubicon"), "Choosing the dealer and dealing")
    assert "One deal is the whole game; in a series of games, the deal passes" in dealing


def test_rubicon_says_scored_not_declared_for_the_marriage_that_fixes_trumps() -> None:
    declarations = section(page("rubicon"), "Declarations")
    assert "the first marriage or sequence scored is the one in trumps" in declarations


@pytest.mark.parametrize("name", ["haitian", "rubicon", "four-handed-partners"])
def test_with_two_cards_to_a_trick_the_card_to_beat_is_the_card_led(name: str) -> None:
    assert "(beat the card led)" in section(page(name), "The last tricks")
    assert "(beat the best card played so far)" in section(page("three-handed"), "The last tricks")


def test_the_differences_count_seats_from_one() -> None:
    differences = page("four-handed-partners").split("## Differences from")[1]
    assert "Seats that play as one side: seats 1 and 3; seats 2 and 4" in differences
