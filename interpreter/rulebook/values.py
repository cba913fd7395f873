"""Rule values in a card player's words, for the *Differences* section of an overlay's page.

Every value of every choice in the schema has words here (``tests/test_rulebook_reader.py``
walks the model to make sure); the key paths and the TOML spellings are left to the block for
variant authors."""

from __future__ import annotations

import re

from interpreter.cards import RANK_NAMES, CardSyntaxError, parse_face
from interpreter.rulebook.words import listing, points, suit_name

CHOICES: dict[str, dict[str, str]] = {
    "cut.rule": {
        "high_chooses": "the higher cut chooses who deals",
        "high_deals": "the higher cut deals",
        "low_deals": "the lower cut deals",
    },
    "deal.first_recipient": {"dealer_left": "the player on the dealer's left"},
    "deal.rotation": {
        "left": "the deal passes to the left",
        "last_trick_winner": "the winner of the last trick deals",
    },
    "trump.mode": {
        "turn_up": "the card turned up after the deal",
        "first_marriage_or_sequence": "the first marriage (or sequence) scored",
    },
    "trump.fixed_on": {"scored": "when it is scored", "declared": "when it is declared"},
    "play.lead": {"dealer_left": "the player on the dealer's left"},
    "play.identical_cards": {"first_played_wins": "the one played first wins"},
    "play.obligations": {"none": "any card may be played"},
    "play.draw_order": {"winner_then_left": "the winner first, then to his left"},
    "play.odd_stock_card": {"not_drawn": "it is not drawn"},
    "play.tricks": {
        "face_up_unsearchable": "face up, not to be looked through",
        "heap_until_brisque": "in a heap until a trick with a brisque is won",
    },
    "declare.right": {
        "trick_winner": "the winner of the trick",
        "winner_or_partner": "the winner of the trick, then his partner",
        "winner_may_pass": "the winner of the trick, or his partner if he passes the right",
    },
    "declare.scores_per_trick": {
        "one": "one, others shown to score later",
        "disjoint_many": "several, if they share no card",
        "one_per_kind": "several of different kinds",
    },
    "declare.fresh_card_required": {
        "never": "no",
        "same_class": "yes, a card new to combinations of that family",
        "always": "yes, a card never declared before",
        "from_hand": "yes, a card from the hand",
    },
    "declare.sources": {
        "hand": "the hand",
        "table": "cards declared before",
        "open": "the open cards",
        "trick": "the trick just won",
    },
    "declare.declared_to": {
        "hand": "back in the hand",
        "table": "face up on the table",
        "open": "among the open cards",
        "trick": "among the tricks",
    },
    "reuse.mode": {
        "once_per_kind": "a card scores once in each kind of combination",
        "reform": "a combination may be formed again with a new card",
    },
    "reuse.reform_trigger": {
        "declared_card_played": "once one of its cards has been played",
        "any_new_card": "whenever a new card joins it",
    },
    "reuse.marriage_repair": {
        "none": "never",
        "widow": "a widowed king or queen may marry again",
        "cross_pair": "two marriages of one suit may be re-paired",
    },
    "reuse.partner_cards": {
        "own_only": "only his own",
        "partner_table": "his partner's declared cards too",
        "either_hand_for_multi_bezique": "either partner's, for a double or triple bézique",
    },
    "seven.exchange_when": {
        "after_own_trick_win": "after winning a trick",
        "winner_of_trick_containing_it": "by the winner of the trick that holds it",
        "any_time": "at any of the holder's turns, before he has won a trick too",
        "leader_before_lead": "by the player to lead, before he plays",
    },
    "seven.score_trigger": {
        "declare_after_win": "when shown after winning a trick",
        "on_play": "whenever it is played",
        "on_trick_won": "for the winner of the trick that holds it",
    },
    "carte_blanche.window": {
        "before_own_first_play": "before the player's first card",
        "before_first_trick": "before the first trick",
    },
    "endgame.must_trump_if_void": {
        "no": "no",
        "yes": "yes",
        "only_if_winning": "only with a trump that wins",
    },
    "endgame.head_reference": {
        "current_winning_card": "the best card played so far",
        "card_led": "the card led",
    },
    "endgame.mode": {"all_players": "all play to each trick", "paired_duels": "two duels"},
    "endgame.revoke_penalty": {
        "forfeit_endgame_tricks": "the offender forfeits the last tricks",
        "replay": "the tricks are played again",
        "none": "none",
    },
    "last_trick.which": {
        "final": "the last trick of the hand",
        "last_stock_trick": "the trick that exhausts the stock",
    },
    "brisques.usage": {
        "always": "always",
        "tie_and_rubicon_only": "only to break a tie or save the rubicon",
        "tie_only": "only to break a tie",
        "none": "never",
        "war": "in a war: the side with more scores them, the other pays",
    },
    "brisques.timing": {
        "on_trick": "as each trick is won",
        "end_of_hand": "at the end of the hand",
    },
    "game.format": {"race": "a race over several deals", "single_deal": "one deal"},
    "game.win_check": {
        "end_of_deal": "at the end of each deal",
        "immediate": "the moment a side reaches it",
        "claim": "when the player to lead claims it",
    },
    "game.played_out": {
        "next_deal": "the scores carry into the next deal",
        "higher_total": "the higher total at the target wins, else the deal is void",
        "last_trick": "the winner of the last trick wins",
    },
    "declare.when": {
        "after_trick_win": "by the winner of a trick, before drawing",
        "on_lead": "by the player to lead, as he leads one of its cards",
    },
    "declare.held_until": {
        "at_once": "at once",
        "first_trick_won": "once its player has won a trick",
        "next_trick_won": "when its player next wins a trick",
    },
    "closing.worth_at": {
        "end": "at the end of the deal",
        "close": "as the deal stood at the close",
    },
    "play.joker_led": {
        "any_card": "any card may be played to it",
        "must_trump": "the others must trump it if they can",
    },
    "settlement.rounding": {
        "floor_each": "each score rounded down to the hundred",
        "floor_result": "the result rounded down to the hundred",
    },
    "settlement.formula": {
        "add_scores": "both scores added together",
        "subtract_plus_extra": "the difference, plus an extra",
    },
    "settlement.tie_rule": {
        "raw_then_brisques_then_void": "brisques decide, else the game is void",
        "rounded_then_brisques": "rounded scores, then brisques, then the higher actual score",
    },
    "combinations.suit": {"trump": "trumps", "plain": "a plain suit", "any": "any suit"},
}
"""Words for each value of each choice, by the key path of its field (combinations and the
entries of a list are named without their id or index: ``combinations.suit``)."""

RANK_LISTS = frozenset({"deck.ranks", "deck.brisque_ranks", "deck.endgame_ranks"})


def generic(path: str) -> str:
    """``combinations[four_tens].suit`` → ``combinations.suit``."""
    return re.sub(r"\[[^\]]*\]", "", path)


def in_words(path: str, value: object) -> str:
    """A value of the field at ``path`` as a card player reads it."""
    key = generic(path)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return points(value)
    if isinstance(value, str):
        if value in CHOICES.get(key, {}):
            return CHOICES[key][value]
        return _card_or_text(value, key)
    if isinstance(value, list):
        if key == "players.partnerships":  # seats as the reader counts them, from 1
            sides = [
                "seats " + listing(str(seat + 1) for seat in side)
                for side in value
                if isinstance(side, list)
            ]
            return "; ".join(sides) or "none"
        if all(isinstance(item, int) for item in value):
            return ", ".join(str(item) for item in value) or "none"
        return listing([in_words(path, item) for item in value])
    if isinstance(value, dict):
        return "; ".join(
            f"{k.replace('_', ' ')} {in_words(f'{path}.{k}', v)}" for k, v in value.items()
        )
    return str(value)


def _card_or_text(value: str, key: str) -> str:
    if key in RANK_LISTS or key.endswith((".rank", ".of")) or key.endswith("ranks"):
        return RANK_NAMES.get(value, value)
    if key.endswith("trumps") or key == "deck.suits":
        return suit_name(value)
    try:
        face = parse_face(value)
    except CardSyntaxError:
        return value.replace("_", " ")
    return face.pretty if str(face) == value else value
