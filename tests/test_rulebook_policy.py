"""The rulebook's sample deal: played by the fixed policy of ``interpreter.rulebook.policy``
(stated on the page), through the public engine API, with no bot and no authoring tool."""

from __future__ import annotations

import subprocess
import sys

import pytest

from interpreter.engine import Game, Play
from interpreter.loader import load_variant
from interpreter.rulebook import render
from interpreter.rulebook.policy import choose, play_deal, policy_words
from interpreter.rulebook.scoring import sample_deal
from tests.support import dealt, run, shipped


def test_the_rulebook_imports_neither_the_bots_nor_the_authoring_tools() -> None:
    script = (
        "import sys\n"
        "from interpreter.loader import load_variant, parent_variant\n"
        "from interpreter.rulebook import render, comparison\n"
        "render(load_variant('rubicon-modern'), parent=parent_variant('rubicon-modern'))\n"
        "comparison([load_variant('bezique'), load_variant('polish')])\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.startswith(('interpreter.agents', 'interpreter.authoring')))\n"
        "print(' '.join(bad))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


def test_the_sample_deal_does_not_ask_a_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    from interpreter.agents.greedy import GreedyAgent

    before = sample_deal(shipped("bezique"))

    def refuse(*_: object) -> None:
        raise AssertionError("the rulebook asked the greedy bot")

    monkeypatch.setattr(GreedyAgent, "choose", refuse)
    assert sample_deal(shipped("bezique")) == before


def test_the_page_states_the_policy() -> None:
    page = render(shipped("polish"))
    assert "follows one fixed rule, not a strategy: " + policy_words(shipped("polish")) in page


@pytest.mark.parametrize("name", ["rubicon", "haitian", "polish", "bezique"])
def test_the_policy_names_only_what_the_variant_has(name: str) -> None:
    """No carte blanche, seven of trumps or declaration waiting 'to score' in the sentence of
    a variant that has none (Rubicon: no seven; Haitian: no carte blanche, nothing waiting, a
    seven that scores as it is played)."""
    variant = shipped(name)
    words = policy_words(variant)
    assert ("carte blanche" in words) == (variant.carte_blanche is not None)
    seven = variant.seven  # the policy acts on a seven it may exchange or show, not one played
    acts = seven is not None and (seven.exchange or seven.score_trigger == "declare_after_win")
    assert ("seven of trumps" in words) == acts
    assert ("waiting" in words) == variant.declare.pending_allowed


def test_the_policy_declares_the_combination_worth_most() -> None:
    hands = [["QS", "JD", "KH", "QH", "AC", "9C"], ["7C", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="8D", stock=["AS"])
    run(game, "play AC", "play 7C")
    assert {"declare bezique QS JD", "declare marriage_common KH QH"} <= {
        str(m) for m in game.legal_moves()
    }
    assert str(choose(game)) == "declare bezique QS JD"


def test_the_policy_exchanges_the_seven_before_declaring() -> None:
    hands = [["QS", "JD", "7D", "AC", "9C"], ["7C", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="8D", stock=["AS"])
    run(game, "play AC", "play 7C")
    assert "declare bezique QS JD" in {str(m) for m in game.legal_moves()}
    assert str(choose(game)) == "exchange 7D"


def test_the_policy_scores_a_waiting_declaration() -> None:
    hands = [["KS", "QS", "JD", "AC", "AH"], ["7C", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="8D", stock=["AS", "9C"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_common KS QS*1")
    run(game, "draw", "play AH", "play 8C")
    assert str(choose(game)) == "score 2"


def test_the_policy_leads_its_cheapest_card_plain_before_trump() -> None:
    hands = [["AC", "7D", "9S", "JH", "KS", "QH", "TC", "AS"], ["7C", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="8D")
    assert game.trump == "D"
    assert str(choose(game)) == "play 9S"


def _cost(game: Game, move: Play) -> tuple[int, int]:
    """Plain before trump, then the lowest rank in the order that holds now."""
    view = game.view(game.to_act or 0)
    deck = game.variant.deck
    order = (deck.endgame_ranks or deck.ranks) if view.endgame else deck.ranks
    face = dict(view.my_cards)[move.card]
    return int(face.suit == view.trump), -order.index(face.rank)


def _wins(game: Game, move: Play) -> bool:
    """Whether playing ``move`` as the last card of the trick wins it, as the engine says."""
    seat = game.to_act
    after = game.copy()
    after.step(move)
    return after.view(0).last_trick_winner == seat


@pytest.mark.parametrize(("name", "seed"), [("bezique", 1), ("bezique", 2), ("polish", 3)])
def test_the_policy_plays_cheap_and_wins_the_last_tricks_cheaply(name: str, seed: int) -> None:
    game = Game.new(load_variant(name), seed=seed, dealer=0)
    checked_endgame = 0
    while not game.deal_results:
        move = choose(game)
        plays = [m for m in game.legal_moves() if isinstance(m, Play)]
        view = game.view(game.to_act or 0)
        if plays:
            assert isinstance(move, Play)
            pool = plays
            if view.endgame and view.trick:  # two players: this card closes the trick
                winners = [m for m in plays if _wins(game, m)]
                pool = winners or plays
                checked_endgame += bool(winners)
            assert _cost(game, move) == min(_cost(game, m) for m in pool), str(move)
        game.step(move)
    assert checked_endgame  # some follow in the last tricks could win


def test_play_deal_plays_one_deal_the_same_way_every_time() -> None:
    first, second = Game.new(shipped("rubicon"), seed=4), Game.new(shipped("rubicon"), seed=4)
    play_deal(first)
    play_deal(second)
    assert len(first.deal_results) == 1
    assert first.events == second.events
