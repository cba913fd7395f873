"""The course of a game: cut, deal, tricks, declaring, drawing, endgame, end of deal.

``moves_now`` lists the legal moves; ``do`` performs one of them.  Both read only the compiled
``Rules`` and the ``State``.
"""

from __future__ import annotations

from interpreter.cards import SUIT_SYMBOLS
from interpreter.engine import blanche, ledger
from interpreter.engine.dealing import deal
from interpreter.engine.ending import end_of_deal
from interpreter.engine.moves import CarteBlanche as ClaimBlank
from interpreter.engine.moves import (
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    ScorePending,
    ShowSeven,
    Yield,
)
from interpreter.engine.rules import Combo, Rules
from interpreter.engine.state import Entry, Event, Phase, State, score
from interpreter.engine.tricks import endgame_playable, endgame_reason, winning_index
from interpreter.model.play import (
    DeclareRight,
    EndgameMode,
    PerTrick,
    SevenExchange,
    SevenScore,
    TrickPiles,
    TrumpFixedOn,
)
from interpreter.model.scoring import BrisqueTiming, BrisqueUsage, WhichTrick


# -- legal moves ---------------------------------------------------------------------------
def moves_now(rules: Rules, state: State) -> list[Move]:
    if state.phase is Phase.PLAY:
        return play_moves(rules, state)
    if state.phase is Phase.DECLARE:
        if state.moves_cache is None:
            state.moves_cache = declare_moves(rules, state)
        return list(state.moves_cache)
    if state.phase is Phase.ELECT:
        return [Elect(True), Elect(False)]
    return []


def play_moves(rules: Rules, state: State) -> list[Move]:
    player = state.to_act
    claim: list[Move] = [ClaimBlank()] if blanche.may_claim(rules, state, player) else []
    hand = state.hands[player]
    suit_rank = rules.order.__getitem__
    if not state.stock:
        cards = endgame_cards(rules, state, player)
        moves: dict[str, Play] = {}
        plays = rules.hand_plays
        for card in sorted(cards, key=suit_rank):
            moves.setdefault(rules.face[card], plays[card])
        return [*claim, *moves.values()]
    result: dict[str, Play] = {}
    plays = rules.hand_plays
    for card in sorted(hand, key=suit_rank):
        result.setdefault(rules.face[card], plays[card])
    table = state.tables[player]
    if table:
        entries = ledger.entries_by_card(state, player)
        for card in sorted(table, key=suit_rank):
            label = ledger.card_label(rules, state, player, card, entries)
            result.setdefault(label, Play(card, label))
    return [*claim, *result.values()]


def endgame_cards(rules: Rules, state: State, player: int) -> list[int]:
    """The cards ``player`` may play to the trick in the last tricks."""
    return endgame_playable(
        sorted(state.hands[player]),
        state.trick,
        rules.suit,
        rules.end_strength,
        state.trump,
        rules.variant.endgame,
        exempt=partner_leads(rules, state, player),
    )


def endgame_refusal(rules: Rules, state: State, player: int, card: int) -> str:
    """Why ``card`` may not be played to the trick in the last tricks (it may not)."""
    return endgame_reason(
        card,
        sorted(state.hands[player]),
        state.trick,
        rules.suit,
        rules.end_strength,
        state.trump,
        rules.variant.endgame,
        exempt=partner_leads(rules, state, player),
    )


def partner_leads(rules: Rules, state: State, player: int) -> bool:
    """The best card of the trick so far is a partner's, and the rules excuse heading it."""
    if not state.trick or not rules.variant.endgame.partner_exempt:
        return False
    best = winning_index(state.trick, rules.suit, rules.end_strength, state.trump)
    return state.trick_players[best] in rules.partners(player)


def declare_moves(rules: Rules, state: State) -> list[Move]:
    player = state.to_act
    moves: list[Move] = []
    one = rules.variant.declare.scores_per_trick is PerTrick.ONE
    quota_free = not (one and state.window_scored)
    pending_ok = rules.variant.declare.pending_allowed
    if quota_free or pending_ok:
        for combo, cards, labels in ledger.declarations(rules, state, player):
            moves.append(Declare(combo.id, cards, labels, combo.points))
    if quota_free:
        for entry in state.ledger[player]:
            if not entry.scored and pending_problem(rules, state, player, entry) is None:
                moves.append(ScorePending(entry.no, entry.combo, entry.points))
    exchange = exchange_card(rules, state, player)
    if exchange is not None:
        moves.append(ExchangeSeven(exchange, rules.face[exchange]))
    for card in showable_sevens(rules, state, player):
        moves.append(ShowSeven(card, rules.face[card]))
    if may_yield(rules, state, player):
        moves.append(Yield())
    moves.append(Draw())
    return moves


def may_yield(rules: Rules, state: State, player: int) -> bool:
    """BC-4: the winner of a trick may pass the right to declare to his partner, before he
    declares anything himself."""
    return (
        rules.variant.declare.right is DeclareRight.WINNER_MAY_PASS
        and player == state.leader
        and not state.window_acted
        and bool(rules.partners(player))
    )


def pending_problem(rules: Rules, state: State, player: int, entry: Entry) -> str | None:
    combo = rules.combo_by_id[entry.combo]
    if not ledger.forms(rules, combo, state.trump, sorted(entry.cards)):
        return f"these cards no longer form {combo.name} now that trumps are fixed"
    return ledger.problem(rules, state, player, combo, entry.cards, pending=entry)


def exchange_card(rules: Rules, state: State, player: int) -> int | None:
    seven = rules.seven
    turn_up = state.turn_up
    if seven is None or not seven.exchange or turn_up is None or not state.stock:
        return None
    if rules.is_trump_seven(turn_up, state.trump):
        return None
    if seven.exchange_when is SevenExchange.WINNER_OF_TRICK_CONTAINING_IT:
        # Polish: the seven won in the trick just taken, not one held in the hand.
        won = ledger.last_trick_cards(state)
        return next((c for c in won if rules.is_trump_seven(c, state.trump)), None)
    held = [
        c
        for c in rules.sevens_of(state.trump)
        if c in state.hands[player] or c in state.tables[player]
    ]
    fresh = [c for c in held if c not in state.sevens_scored]  # the copy not yet scored first
    choices = fresh or held
    return choices[0] if choices else None


def showable_sevens(rules: Rules, state: State, player: int) -> list[int]:
    seven = rules.seven
    if seven is None or seven.score_trigger is not SevenScore.DECLARE_AFTER_WIN:
        return []
    for card in rules.sevens_of(state.trump):
        held = card in state.hands[player] or card in state.tables[player]
        if held and card not in state.sevens_scored:
            return [card]  # copies of the seven of trumps are interchangeable
    return []


# -- doing moves ---------------------------------------------------------------------------
def do(rules: Rules, state: State, move: Move) -> None:
    state.moves_cache = None
    if isinstance(move, Play):
        play(rules, state, move.card)
        return
    if isinstance(move, Draw | Yield):
        if isinstance(move, Yield):
            state.windows = list(rules.partners(state.to_act))
        close_window(rules, state)
        return
    state.window_acted = True
    if isinstance(move, Declare):
        declare(rules, state, move)
    elif isinstance(move, ScorePending):
        score_pending(rules, state, move.entry)
    elif isinstance(move, ExchangeSeven):
        exchange(rules, state, move.card)
    elif isinstance(move, ShowSeven):
        show_seven(rules, state, move.card)
    elif isinstance(move, ClaimBlank):
        blanche.claim(rules, state)
    else:
        elect(rules, state, move.deal)


def elect(rules: Rules, state: State, deal_self: bool) -> None:
    chooser = state.cut_winner if state.cut_winner is not None else state.to_act
    state.dealer = chooser if deal_self else (chooser + 1) % state.players
    state.events.append(
        Event(
            "elect",
            chooser,
            f"cut won by p{chooser + 1}, who {'deals' if deal_self else 'lets the other deal'}",
        )
    )
    deal(rules, state)


def play(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    blanche.after_play(state, player)
    state.hands[player].discard(card)
    state.tables[player].discard(card)
    state.known[player].discard(card)
    state.trick.append(card)
    state.trick_players.append(player)
    state.events.append(Event("play", player, rules.name(card), deal=state.deal_no))
    for seat, entries in enumerate(state.ledger):  # law 46, a partner's cards included
        if any(not e.scored and card in e.cards for e in entries):
            state.ledger[seat] = [e for e in entries if e.scored or card not in e.cards]
            state.ledger_version += 1
    seven = rules.seven
    if (
        seven is not None
        and seven.score_trigger is SevenScore.ON_PLAY
        and state.stock
        and rules.is_trump_seven(card, state.trump)
        and card not in state.sevens_scored
    ):
        state.sevens_scored.add(card)
        score(state, player, seven.points, "seven", f"seven of trumps {rules.pretty(card)} played")
    if len(state.trick) < len(state.active):
        active = state.active
        state.to_act = active[(active.index(player) + 1) % len(active)]
        return
    finish_trick(rules, state)


def finish_trick(rules: Rules, state: State) -> None:
    stock_trick = bool(state.stock)
    strength = rules.strength if stock_trick else rules.end_strength
    trick, seats = state.trick, state.trick_players
    winner = seats[winning_index(trick, rules.suit, strength, state.trump)]
    take_trick(rules, state, winner, trick)
    brisques = rules.variant.brisques
    count = sum(1 for c in trick if rules.brisque[c])
    state.deal_brisques[winner] += count * brisques.value
    state.trick_no += 1
    state.last_trick = (tuple(trick), tuple(seats), winner)
    state.events.append(
        Event("trick", winner, f"trick {state.trick_no} to p{winner + 1}", deal=state.deal_no)
    )
    if rules.variant.play.tricks is TrickPiles.HEAP_UNTIL_BRISQUE:
        # The played cards lie in a heap until a brisque is won with them (law 25).
        state.heap = [] if count else [*state.heap, *trick]
    state.trick, state.trick_players = [], []
    state.leader = state.to_act = winner
    on_trick = brisques.timing is BrisqueTiming.ON_TRICK
    if count and brisques.usage is BrisqueUsage.ALWAYS and on_trick:
        score(state, winner, count * brisques.value, "brisques", f"{count} brisque(s)")
    seven = rules.seven
    if stock_trick and seven is not None and seven.score_trigger is SevenScore.ON_TRICK_WON:
        for card in trick:  # Polish: the winner of the trick scores the seven of trumps
            if rules.is_trump_seven(card, state.trump) and card not in state.sevens_scored:
                state.sevens_scored.add(card)
                score(state, winner, seven.points, "seven", f"seven of trumps {rules.pretty(card)}")
    last = rules.variant.last_trick
    # The last trick of the hand (or of each duel, when the last tricks are two duels).
    final = not stock_trick and not any(state.hands[s] for s in state.active)
    if stock_trick:
        if last.which is WhichTrick.LAST_STOCK_TRICK and len(state.stock) < 2 * state.players:
            state.last_trick_winner = winner  # "the last trick" is the 24th under this rule
            score(state, winner, last.points, "last_trick", "last trick of the stock")
    elif final and last.which is WhichTrick.FINAL:
        state.last_trick_winner = winner
        score(state, winner, last.points, "last_trick", "last trick")
    if stock_trick or rules.variant.declare.after_stock_exhausted:
        right = rules.variant.declare.right
        state.windows = (
            list(rules.partners(winner)) if right is DeclareRight.WINNER_OR_PARTNER else []
        )
        open_window(rules, state, winner)
        return
    continue_endgame(rules, state)


def open_window(rules: Rules, state: State, seat: int) -> None:
    """``seat`` may now declare (after his or his partner's trick, before drawing); with
    nothing to declare he simply goes on."""
    state.phase = Phase.DECLARE
    state.to_act = seat
    state.window_scored = False
    state.window_acted = False
    state.window_cards = set()
    state.window_kinds = set()
    moves = declare_moves(rules, state)
    if len(moves) == 1:
        close_window(rules, state)
    else:
        state.moves_cache = moves


def close_window(rules: Rules, state: State) -> None:
    """The declarer is done: the next declarer of the side, if any, then the draw."""
    state.moves_cache = None
    if state.windows:
        open_window(rules, state, state.windows.pop(0))
    elif state.stock:
        draw(rules, state)
    else:
        continue_endgame(rules, state)


def continue_endgame(rules: Rules, state: State) -> None:
    """After a trick of the last tricks: the next trick, the next duel, or the end of the deal."""
    state.to_act = state.leader
    state.phase = Phase.PLAY
    if any(state.hands[s] for s in state.active):
        return
    if state.duels:
        first, second = state.duels.pop(0)
        state.active = [first, second]
        state.leader = state.to_act = first
        state.events.append(
            Event(
                "duel",
                first,
                f"p{first + 1} and p{second + 1} play their last tricks",
                deal=state.deal_no,
            )
        )
        return
    end_of_deal(rules, state)


def is_open_card(rules: Rules, state: State, card: int) -> bool:
    opens = rules.variant.open_cards
    if opens is None:
        return False
    rank = rules.rank[card]
    return rank in opens.ranks or (rank in opens.trump_ranks and rules.suit[card] == state.trump)


def take_trick(rules: Rules, state: State, winner: int, cards: list[int]) -> None:
    """The won cards go to the winner's tricks; with open cards (Polish), scoring cards are
    laid face up among his open cards instead."""
    if rules.variant.open_cards is None:
        state.won[winner].extend(cards)
        return
    for card in cards:
        if is_open_card(rules, state, card):
            state.open[winner].add(card)
        else:
            state.won[winner].append(card)


def declare(rules: Rules, state: State, move: Declare) -> None:
    player = state.to_act
    combo = rules.combo_by_id[move.combo]
    one = rules.variant.declare.scores_per_trick is PerTrick.ONE
    scored = not (one and state.window_scored)
    entries = state.ledger[player]
    state.ledger_version += 1
    number = max((e.no for e in entries), default=0) + 1
    cards = frozenset(move.cards)
    entry = Entry(
        number,
        combo.id,
        combo.kind,
        combo.cls,
        combo.rank,
        combo.points,
        cards,
        scored,
        state.trick_no,
    )
    entries.append(entry)
    for card in cards:  # from the hand to the table; open cards stay where they are
        if card in state.hands[player]:
            state.hands[player].discard(card)
            state.tables[player].add(card)
    labels = " ".join(rules.pretty(c) for c in sorted(cards))
    if scored:
        _credit(rules, state, player, entry)
    else:
        if rules.variant.trump.fixed_on is TrumpFixedOn.DECLARED:
            fix_trumps(rules, state, player, combo, cards)
        state.events.append(
            Event(
                "pending",
                player,
                f"{combo.name} to score: {labels}",
                entry.points,
                combo.id,
                state.deal_no,
            )
        )


def score_pending(rules: Rules, state: State, number: int) -> None:
    player = state.to_act
    entry = next(e for e in state.ledger[player] if e.no == number)
    entry.scored = True
    _credit(rules, state, player, entry)


def _credit(rules: Rules, state: State, player: int, entry: Entry) -> None:
    state.window_scored = True
    state.window_cards |= entry.cards
    state.window_kinds.add(entry.kind)
    combo = rules.combo_by_id[entry.combo]
    labels = " ".join(rules.pretty(c) for c in sorted(entry.cards))
    state.events.append(
        Event("declare", player, f"{combo.name}: {labels}", entry.points, combo.id, state.deal_no)
    )
    score(state, player, entry.points, combo.id, f"{combo.name} {labels}")
    fix_trumps(rules, state, player, combo, entry.cards)
    # A waiting declaration whose cards now stand in a superior one is lost (laws 47, 48).
    state.ledger_version += 1
    state.ledger[player] = [
        e
        for e in state.ledger[player]
        if e.scored or pending_problem(rules, state, player, e) is None
    ]


def fix_trumps(
    rules: Rules, state: State, player: int, combo: Combo, cards: frozenset[int]
) -> None:
    """With no turn-up, the first marriage (or a sequence before any marriage) fixes trumps."""
    if not ledger.makes_trumps(rules, combo, state.trump):
        return
    suit = rules.suit[min(cards)]
    state.trump = suit
    state.events.append(
        Event("trumps", player, f"{SUIT_SYMBOLS[suit]} are trumps", deal=state.deal_no)
    )
    # Any player's waiting "trump" marriage or sequence in another suit no longer forms: it is
    # dropped, and its cards may be declared again as what they now are.
    for seat in range(state.players):
        kept = [
            e
            for e in state.ledger[seat]
            if e.scored or ledger.forms(rules, rules.combo_by_id[e.combo], suit, sorted(e.cards))
        ]
        if len(kept) != len(state.ledger[seat]):
            state.ledger[seat] = kept
            state.ledger_version += 1


def exchange(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    old = state.stock[0]
    state.stock[0] = card
    state.turn_up = card
    if card in state.won[player]:  # Polish: the seven came from the trick just won
        state.won[player].remove(card)
        take_trick(rules, state, player, [old])
        brisques = rules.variant.brisques
        if rules.brisque[old]:
            state.deal_brisques[player] += brisques.value
            if brisques.usage is BrisqueUsage.ALWAYS and brisques.timing is BrisqueTiming.ON_TRICK:
                score(state, player, brisques.value, "brisques", f"{rules.pretty(old)} taken")
    else:
        state.hands[player].discard(card)
        state.tables[player].discard(card)
        state.known[player].discard(card)
        state.hands[player].add(old)
        state.known[player].add(old)
    state.events.append(
        Event(
            "exchange",
            player,
            f"exchanges {rules.pretty(card)} for {rules.pretty(old)}",
            deal=state.deal_no,
        )
    )
    seven = rules.seven
    if seven is not None and card not in state.sevens_scored:
        state.sevens_scored.add(card)
        score(
            state,
            player,
            seven.exchange_points,
            "seven_exchange",
            f"exchange of {rules.pretty(card)}",
        )


def show_seven(rules: Rules, state: State, card: int) -> None:
    player = state.to_act
    seven = rules.seven
    assert seven is not None
    state.sevens_scored.add(card)
    state.known[player].add(card)
    score(state, player, seven.points, "seven", f"seven of trumps {rules.pretty(card)} shown")


def draw(rules: Rules, state: State) -> None:
    """End the declaring window: the winner draws, then each other player (law 32: a card
    that cannot go round is not drawn).  In the last tricks (Polish) nothing is drawn."""
    winner = state.leader
    n = state.players
    for offset in range(n):
        seat = (winner + offset) % n
        card = state.stock.pop()
        state.hands[seat].add(card)
        if card == state.turn_up:
            state.known[seat].add(card)
        state.events.append(Event("draw", seat, rules.name(card), deal=state.deal_no))
        blanche.after_draw(rules, state, seat, card)
    state.phase = Phase.PLAY
    state.to_act = winner
    if len(state.stock) >= n:
        return
    if state.stock:  # law 32: a last card that cannot go round is not drawn
        state.undrawn = state.stock
        state.stock = []
        state.events.append(
            Event("undrawn", None, f"{len(state.undrawn)} card(s) left undrawn", deal=state.deal_no)
        )
    state.turn_up = None
    state.events.append(Event("endgame", None, "stock exhausted", deal=state.deal_no))
    if rules.variant.endgame.declared_back_to_hand:
        for seat in range(n):
            state.known[seat] |= state.tables[seat]
            state.hands[seat] |= state.tables[seat]
            state.tables[seat].clear()
    if rules.variant.endgame.mode is EndgameMode.PAIRED_DUELS and n == 4:
        # Britannica: the winner of the last trick and the adversary on his left play their
        # cards against each other, then the other two.
        state.active = [winner, (winner + 1) % n]
        state.duels = [((winner + 2) % n, (winner + 3) % n)]
        state.events.append(
            Event(
                "duel",
                winner,
                f"p{winner + 1} and p{(winner + 1) % n + 1} play their last tricks",
                deal=state.deal_no,
            )
        )
