"""What a card is worth to keep, from what a player has seen: the expert's card sense.

A card in hand is worth its share of the combinations it may still help to declare — the
points of the combination times the chance of completing it from the cards still unseen and
the draws still to come (a card whose partners are all played is worth nothing for that
combination) — plus what it may win in later tricks (trumps, the highest ranks) and, for the
seven of trumps, the exchange still to come.  (A brisque's own points are counted with the
trick it falls to, not here.)  Hoyle's advice is the same in words: keep bézique and sequence
cards, kings and queens that may marry and cards of a rank held three or more times; throw
low plain cards.

The counts come from the view (hands, declared and open cards, the trick) and the public
history of the deal (every card played), read from a world sampled for the player, whose
public history is the player's own."""

from __future__ import annotations

from collections import Counter
from math import comb

from interpreter.engine import EventKind, Game, PlayerView, Rules, as_event
from interpreter.engine.moves import label_face
from interpreter.engine.rules import Combo, Shape
from interpreter.engine.view import Cards
from interpreter.model.combinations import SuitFilter
from interpreter.model.play import ReuseMode, Zone

TRICK_POWER = 1.5
"""Points a card's power to win a later trick is worth, per step of strength."""


def played_faces(world: Game) -> Counter[str]:
    """Every card played so far in the current deal, by face (public)."""
    played: Counter[str] = Counter()
    deal = world.deal_no
    for event in map(as_event, reversed(world.raw_events())):  # this deal's only are read
        if event.deal != deal:
            break
        if event.kind is EventKind.PLAY:
            played[event.cards[0]] += 1
    return played


class Sense:
    """The keep values of one player's cards at one moment."""

    def __init__(self, rules: Rules, view: PlayerView, played: Counter[str]) -> None:
        self.rules = rules
        self.view = view
        me = view.player
        self.trump = view.trump
        declare = rules.declare
        zones: list[Cards] = []
        if Zone.HAND in declare.sources:
            zones.append(view.hand)
        if Zone.TABLE in declare.sources:
            zones.append(view.table[me])
        if Zone.OPEN in declare.sources:
            zones.append(view.open[me])
        # The cards that may form declarations, by face.
        self.held: Counter[str] = Counter(str(face) for zone in zones for _, face in zone)
        gone: Counter[str] = Counter(played)
        for seat in range(view.players):
            if seat != me:
                gone.update(str(face) for _, face in view.table[seat])
                gone.update(str(face) for _, face in view.open[seat])
                gone.update(str(face) for face in view.known[seat])
        gone.update(str(face) for _, face in view.trick)
        mine: Counter[str] = Counter(rules.face[card] for card, _ in view.my_cards)
        mine.update(str(face) for _, face in view.open[me])
        self.live: dict[str, int] = {
            face: max(0, len(copies) - mine[face] - gone[face])
            for face, copies in rules.by_face.items()
        }
        unseen = max(1, sum(self.live.values()))
        draws = view.stock_size / view.players
        self.reach = min(1.0, draws / unseen)  # the chance of drawing one given unseen card
        self.used = self._used(view, me)
        self.combos = [c for c in rules.combos if not (c.needs_trump and self.trump is None)]
        self.strength = {
            rank: len(rules.deck.rank_order) - i for i, rank in enumerate(rules.deck.rank_order)
        }
        self._using = self.used  # the declared cards of the seat being valued
        self._cache: dict[str, float] = {}

    def _used(self, view: PlayerView, seat: int) -> dict[str, Counter[str]]:
        """For each kind of combination, the faces of ``seat``'s cards already declared in
        it (they may not serve that kind again, once per kind)."""
        used: dict[str, Counter[str]] = {}
        if self.rules.reuse.mode is not ReuseMode.ONCE_PER_KIND:
            return used
        for entry in view.entries[seat]:
            combo = self.rules.combo_by_id.get(entry.combo)
            if combo is None:
                continue
            used.setdefault(combo.kind, Counter()).update(str(f) for f in entry.faces)
        return used

    # -- chances ------------------------------------------------------------------------------
    def chance(self, face: str, wanted: int = 1) -> float:
        """The chance of getting ``wanted`` more copies of ``face`` by drawing."""
        live = self.live.get(face, 0)
        if live < wanted:
            return 0.0
        miss = (1.0 - self.reach) ** live
        single = 1.0 - miss
        return single if wanted == 1 else single * (1.0 - (1.0 - self.reach) ** (live - 1))

    def free(self, face: str, kind: str, held: Counter[str]) -> int:
        """Copies of ``face`` held that may still serve ``kind``."""
        return max(0, held[face] - self._using.get(kind, Counter())[face])

    def capture(self, faces: list[str], seat: int) -> float:
        """Open cards (Polish): what the scoring cards of a trick add to the combinations
        ``seat`` may form from his open cards."""
        opens = self.rules.open_cards
        if opens is None:
            return 0.0
        trump = self.trump
        held: Counter[str] = Counter(str(face) for _, face in self.view.open[seat])
        self._using = self._used(self.view, seat)
        gain = 0.0
        for face in faces:
            rank, suit = face[:-1], face[-1]
            if rank in opens.ranks or (rank in opens.trump_ranks and suit == trump):
                held[face] += 1
                gain += self.combo_value(face, held)
        self._using = self.used
        return gain

    # -- the value of a card ------------------------------------------------------------------
    def combo_value(self, face: str, held: Counter[str] | None = None) -> float:
        """What keeping one copy of ``face`` adds to the combinations it may help form."""
        if held is None:
            cached = self._cache.get(face)
            if cached is not None:
                return cached
        counts = self.held if held is None else held
        without = Counter(counts)
        without[face] -= 1
        value = self._potential(counts, face) - self._potential(without, face)
        if held is None:
            self._cache[face] = value
        return value

    def _potential(self, held: Counter[str], face: str) -> float:
        """The expected points of the combinations ``face`` belongs to, from ``held``."""
        total = 0.0
        rank, suit = face[:-1], face[-1]
        trump = self.trump
        for combo in self.combos:
            total += combo.points * self._chance_of(combo, held, rank, suit, trump)
        return total

    def completion(self, combo: Combo, held: Counter[str], face: str) -> float:
        """The chance of completing ``combo`` by drawing, from ``held``, with ``face``."""
        return self._chance_of(combo, held, face[:-1], face[-1], self.trump)

    def _chance_of(
        self, combo: Combo, held: Counter[str], rank: str, suit: str, trump: str | None
    ) -> float:
        if combo.shape is Shape.SAME_SUIT:
            if rank not in combo.ranks or not suit_ok(combo.suit, suit, trump):
                return 0.0
            chance = 1.0
            for need in combo.ranks:
                other = need + suit
                if not self.free(other, combo.kind, held):
                    chance *= self.chance(other)
            return chance
        if combo.shape is Shape.SAME_RANK:
            if rank != combo.of or not suit_ok(combo.suit, suit, trump):
                return 0.0
            faces = [combo.of + s for s in self.rules.deck.suits if suit_ok(combo.suit, s, trump)]
            have = sum(self.free(f, combo.kind, held) for f in faces)
            missing = combo.count - have
            if missing <= 0:
                return 1.0
            live = sum(self.live.get(f, 0) for f in faces)
            return _at_least(live, missing, self.reach)
        pair = self.rules.bezique_pair(trump)
        if pair is None or rank + suit not in pair:
            return 0.0
        chance = 1.0
        for other in pair:
            missing = combo.count - self.free(other, combo.kind, held)
            if missing > 0:
                chance *= self.chance(other, missing)
        return chance

    def power(self, face: str) -> float:
        """What a card may win in later tricks: trumps and the highest ranks."""
        rank, suit = face[:-1], face[-1]
        strength = self.strength[rank]
        value = TRICK_POWER * max(0, strength - len(self.strength) + 3)
        if suit == self.trump:
            value += 4 + TRICK_POWER * strength / 2
        return value

    def keep(self, label: str) -> float:
        """What playing the card ``label`` costs in what it might still do, its brisque aside."""
        face = label_face(label)
        value = self.power(face)
        if face in self.held:
            value += self.combo_value(face)
        seven = self.rules.seven
        exchange = seven is not None and seven.exchange and self.view.stock_size > 0
        if exchange and seven is not None and face == seven.rank + (self.trump or ""):
            value += seven.exchange_points
        return value


def _at_least(live: int, missing: int, reach: float) -> float:
    """The chance of drawing at least ``missing`` of ``live`` cards, each with ``reach``."""
    if missing > live:
        return 0.0
    return sum(
        comb(live, k) * reach**k * (1 - reach) ** (live - k) for k in range(missing, live + 1)
    )


def suit_ok(suit_filter: SuitFilter, suit: str, trump: str | None) -> bool:
    """Whether a combination limited to ``suit_filter`` may be formed in ``suit``."""
    if suit_filter is SuitFilter.TRUMP:
        return suit == trump
    if suit_filter is SuitFilter.PLAIN:
        return suit != trump
    return True
