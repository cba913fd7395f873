"""Accepted means playable: a variant file the loader accepts deals, has a legal move in every
position until the game is over, and keeps every card accounted for.  Each test here is a
house rule that was once accepted and then broke the engine (a lost or doubled card, an empty
move list, a cut that never ends) — now refused where the rules cannot be played, played
where they can."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from interpreter.engine import EventKind, Game
from interpreter.loader import VariantError, load_variant
from interpreter.model import Variant
from tests.test_conformance import check_invariants, playout

pytestmark = pytest.mark.usefixtures("here")  # in a temporary folder (conftest.py)


def overlay(base: str, text: str) -> Path:
    path = Path("house.toml")
    path.write_text(f'extends = "{base}"\n' + textwrap.dedent(text), encoding="utf-8")
    return path


def refused(path: Path) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    return [str(d) for d in caught.value.diagnostics]


def played(variant: Variant, seeds: range, deals: int = 2) -> list[Game]:
    """Games of ``variant`` played by random moves, every invariant checked at every step."""
    games = []
    for seed in seeds:
        game = Game.new(variant, seed=seed)
        playout(game, random.Random(seed), max_deals=deals)
        games.append(game)
    return games


# -- refused: rules that cannot be played -------------------------------------------------------
def test_a_packet_holds_at_least_one_card() -> None:
    path = overlay("bezique", "[deal]\npackets = [-1, 9]\n")
    assert refused(path) == [
        "house.toml:3: deal.packets[0]: a packet holds at least one card, not -1"
    ]


SMALL_DECK = """\
name = "small"
title = "Small"
seven = false

[players]
count = {players}

[deck]
ranks = {ranks}
packs = {packs}
brisque_ranks = {ranks}

[deal]
hand_size = 2
packets = [2]

[[combinations]]
id = "pair"
shape = "same_rank"
of = "{rank}"
count = 2
class = "pairs"
points = 20
"""


@pytest.mark.parametrize(
    ("players", "ranks", "packs"), [(2, ["K"], 2), (3, ["K", "Q"], 3), (4, ["K", "Q"], 2)]
)
def test_a_deck_the_cut_cannot_decide_is_refused(
    players: int, ranks: list[str], packs: int
) -> None:
    """Ties cut again (Hoyle): with one rank every cut ties; with two ranks and three or four
    players one end always ties.  Today's refusal replaces a cut that looped for ever."""
    text = SMALL_DECK.format(players=players, ranks=ranks, rank=ranks[0], packs=packs).replace(
        "'", '"'
    )
    Path("small.toml").write_text(text, encoding="utf-8")
    assert refused(Path("small.toml")) == [
        f"small.toml:9: deck.ranks: the cut can never be decided: {players} players cutting "
        "this deck always tie for the highest or the lowest card"
    ]


def test_a_deck_of_three_ranks_cuts_for_three_players() -> None:
    text = SMALL_DECK.format(players=3, ranks=["K", "Q", "J"], rank="K", packs=2).replace("'", '"')
    Path("small.toml").write_text(text, encoding="utf-8")
    (game,) = played(load_variant("small.toml"), range(1))
    assert game.events[0].kind is EventKind.CUT


# -- played: rules the engine now carries out ------------------------------------------------
def test_declaring_in_the_last_tricks_keeps_the_cards_in_the_hand() -> None:
    """A house rule: declarations go on after the stock is exhausted.  The declared cards were
    taken back into the hands when the stock ran out; those declared later are shown and stay
    in the hand, so every card can still be played."""
    variant = load_variant(overlay("bezique", "[declare]\nafter_stock_exhausted = true\n"))
    late = 0
    for game in played(variant, range(12), deals=1):
        table = game._state.table
        assert not any(table.tables), "a declared card was stranded on the table"
        endgame = next(i for i, e in enumerate(game.events) if e.kind is EventKind.ENDGAME)
        late += sum(e.kind is EventKind.DECLARE for e in game.events[endgame:])
    assert late, "no declaration was made in the last tricks of twelve deals"


def test_polish_with_an_open_card_as_the_seven_loses_no_card() -> None:
    """Polish with the knave as 'the seven': the knave of trumps won lies among the open cards,
    and exchanging it takes it from there (once it was copied, 65 cards of 64)."""
    variant = load_variant(overlay("polish", '[seven]\nrank = "J"\n'))
    games = played(variant, range(30), deals=1)
    exchanges = sum(e.kind is EventKind.EXCHANGE for g in games for e in g.events)
    assert exchanges, "no exchange in thirty deals: the test saw nothing"


def test_partners_exchange_only_a_seven_won_in_their_own_trick() -> None:
    """Four-handed partnership with the Polish exchange: only the winner of the trick holding
    the seven may exchange it; his partner, declaring after him, may not (once the card was
    copied, 129 of 128)."""
    variant = load_variant(
        overlay(
            "four-handed-partners", '[seven]\nexchange_when = "winner_of_trick_containing_it"\n'
        )
    )
    games = played(variant, range(30), deals=1)
    assert sum(e.kind is EventKind.EXCHANGE for g in games for e in g.events)
    for game in games:
        check_invariants(game)


TINY_HANDS = """\
[deal]
hand_size = 2
packets = [2]

[brisques]
usage = "tie_only"

[last_trick]
points = {last}

[game]
target = 50
"""


def test_a_race_in_which_nothing_can_score_is_refused() -> None:
    """Two cards in hand: after playing to a trick one is left, and every combination needs
    two or more, so nothing is ever declared; with brisques only breaking ties and no points
    for the last trick, no one could ever reach the target (once: a game without end)."""
    path = overlay("bezique", TINY_HANDS.format(last=0))
    assert refused(path) == [
        "house.toml:13: game.target: no one could ever reach the target: no combination here "
        "can be declared (each needs more cards than a player can declare from), and neither "
        "brisques nor the last trick score"
    ]


def test_a_race_won_by_last_tricks_alone_ends() -> None:
    variant = load_variant(overlay("bezique", TINY_HANDS.format(last=10)))
    game = Game.new(variant, seed=5)
    playout(game, random.Random(5), max_deals=20, audit=False)
    assert game.is_over and max(game.scores) >= 50
