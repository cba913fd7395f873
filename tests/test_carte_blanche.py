"""Carte blanche, a hand dealt without a court card, by the Portland Club's laws 15, 16 and 42
and Hoyle's note 9: what it scores, what the adversary is shown, and when it may be declared
— and why it is refused otherwise.

Law 15: "If a player have a hand dealt him without king, queen or knave, he may declare carte
blanche before playing a card. Carte blanche must be shown by counting the cards, one by one,
face upward, on the table."  Law 16: "If, after playing a card, a player who has declared
carte blanche draw a card other than king, queen or knave, he is entitled to declare another
carte blanche on showing the card drawn to his adversary; and so on after every card drawn,
until he draws a king, queen or knave."  Law 42: it is "scored before playing, and
independently of winning a trick"."""

from __future__ import annotations

from interpreter.engine import Game
from interpreter.model import Variant
from tests.support import dealt, refused, run, shipped, texts, variant_with

BLANK = ["AS", "AH", "AD", "AC", "TS", "9S", "9H", "8S", "8H"]
OVER = (
    "carte blanche is over: it is declared before your first card, and again only for each "
    "card drawn until a court card is drawn"
)
CLAIMED = "carte blanche may be shown again only for a card just drawn that is no court card"


def blanche_events(game: Game) -> list[tuple[int | None, tuple[str, ...], int]]:
    """(player, cards shown, first or again) of each carte blanche declared."""
    return [(e.player, e.cards, e.number) for e in game.events if e.kind == "carte_blanche"]


def blanche_scores(game: Game) -> list[tuple[int | None, int, int]]:
    return [(e.player, e.points, e.number) for e in game.events if e.what == "carte_blanche"]


def rubicon(hands: list[list[str]], stock: list[str], variant: Variant | None = None) -> Game:
    """Rubicon, seat 1 deals: seat 0 plays first, seat 1 plays second."""
    return dealt(variant or shipped("rubicon"), hands, dealer=1, stock=stock)


def test_law_15_carte_blanche_shown_card_by_card_scores_50_before_playing() -> None:
    game = rubicon([BLANK, ["7S", "7H", "7D"]], stock=[])
    assert texts(game)[0] == "carte-blanche"
    unseen = [str(face) for face in game.view(1).unseen]
    run(game, "carte-blanche")
    assert [(p, sorted(cards), n) for p, cards, n in blanche_events(game)] == [
        (0, sorted(BLANK), 1)
    ]
    assert blanche_scores(game) == [(0, 50, 1)]
    assert game.scores == (50, 0)
    assert sorted(str(face) for face in game.view(1).known[0]) == sorted(BLANK)
    now = [str(face) for face in game.view(1).unseen]
    assert all(now.count(face) == unseen.count(face) - BLANK.count(face) for face in BLANK)
    assert "carte-blanche" not in texts(game)  # once for the hand
    assert refused(game, "carte-blanche") == CLAIMED


def test_law_15_carte_blanche_is_not_declared_after_the_first_card() -> None:
    game = rubicon([BLANK, ["7S", "7H", "7D"]], stock=["9C", "9D"])
    run(game, "play 9S", "play 7S", "draw")
    assert "carte-blanche" not in texts(game)
    assert refused(game, "carte-blanche") == OVER
    assert blanche_scores(game) == []


def test_law_15_a_hand_with_a_court_card_has_no_carte_blanche() -> None:
    game = rubicon([[*BLANK[:8], "JC"], ["7S"]], stock=[])
    assert "carte-blanche" not in texts(game)
    assert refused(game, "carte-blanche") == (
        "your hand was dealt with a court card: no carte blanche"
    )


def test_law_15_the_second_player_declares_before_his_first_card() -> None:
    """Seat 1 plays second: he may declare after the lead, before his own first card."""
    game = rubicon([["7S", "7H", "7D"], BLANK], stock=[])
    run(game, "play 7S")
    assert game.to_act == 1 and texts(game)[0] == "carte-blanche"
    run(game, "carte-blanche")
    assert blanche_scores(game) == [(1, 50, 1)]


def test_law_16_again_for_each_card_drawn_until_a_court_card() -> None:
    """Seat 0 holds four aces (so a window opens after each trick he wins) and draws the 7D,
    9D, 8D and then the king of diamonds."""
    stock = ["7D", "9C", "9D", "8C", "8D", "9C", "KD", "8D"]
    game = rubicon([BLANK, ["7S", "7H", "7S", "7C"]], stock=stock)
    run(game, "carte-blanche", "play 9S", "play 7S")
    assert refused(game, "carte-blanche") == CLAIMED  # nothing drawn yet
    run(game, "draw")
    assert texts(game)[0] == "carte-blanche"
    run(game, "carte-blanche")
    assert blanche_events(game)[1:] == [(0, ("7D",), 0)]
    assert blanche_scores(game) == [(0, 50, 1), (0, 50, 0)]
    assert "7D" in [str(face) for face in game.view(1).known[0]]
    # The 9D drawn is not shown before his next card: the right to show it lapses ...
    run(game, "play 9H", "play 7H", "draw", "play 8S", "play 7S")
    assert refused(game, "carte-blanche") == CLAIMED
    run(game, "draw")  # ... and comes back with the next card drawn, the 8D
    run(game, "carte-blanche")
    assert blanche_events(game)[2:] == [(0, ("8D",), 0)]
    run(game, "play 8H", "play 7C", "draw")  # the king of diamonds ends it
    assert "carte-blanche" not in texts(game)
    assert refused(game, "carte-blanche") == OVER
    assert [number for _, _, number in blanche_scores(game)] == [1, 0, 0]
    assert "9D" not in [str(face) for face in game.view(1).known[0]]


def test_hoyle_without_the_repeat_carte_blanche_is_scored_once() -> None:
    variant = variant_with("rubicon", **{"carte_blanche.repeat_on_noncourt_draw": False})
    game = rubicon([BLANK, ["7S", "7H"]], stock=["7D", "9C"], variant=variant)
    run(game, "carte-blanche", "play 9S", "play 7S", "draw")
    assert "carte-blanche" not in texts(game)
    assert refused(game, "carte-blanche") == OVER
    assert blanche_scores(game) == [(0, 50, 1)]


def test_without_carte_blanche_in_the_variant_it_is_refused_for_that() -> None:
    game = dealt(shipped("bezique"), [BLANK[:8], ["7S"]], turn_up="8C")
    assert refused(game, "carte-blanche") == "there is no carte blanche in this variant"
