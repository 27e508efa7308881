"""What a seat can see: the one answer every bot, the expert's sampling and the app use.

As OpenSpiel separates a player's information state from the game's state, `seat_view(game, seat)`
splits every face-down card in play into what the seat knows and *pools* of cards it
cannot tell apart. Any permutation of the cards inside a pool is a world the seat could
be in; permuting across pools is not (a card never leaves its owner's cards unseen).

Face down, wherever it lies: every deck (its order), other players' hands when hands are
hidden, a combat card played face down and not yet revealed (the enemy's attack card is
taken from its deck before the hero chooses a defence: it pools with that deck), the
initiative cards still to come, Krang's traps, the borough tiles not yet turned, the
face-down allies and henchmen. Kept out of the pools is what the seat legitimately
knows (`engine.knowledge`): a card Donatello slid under his deck, a top card it looked
at, an enemy card returned to the top, an initiative card moved to the bottom. With open
hands (the default of co-op play) a player sees the others' hands and face-down combat
cards, and what one player saw the team knows.

`may_see(game, seat, card)` is the question every drawing of a card asks (the app's hand,
combat panel and popups): may this seat see this card face up where it lies now? It is
built from the same three rules as the pools (`_hand_seen`, `knows`, `_face_down`), so the
app and the bots cannot disagree. Whether hands are hidden is a rule of the game, set at
setup (`game.hidden_hands`, `hands_hidden`); every reader here follows it unless a caller
names another on purpose (an analysis of the other rule).

`could_be` answers the bots' narrower question (what may this face-down card be) from the
same pools, cheaply when nothing is known and no card is face down.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.decisions import TABLE
from engine.knowledge import knows


@dataclass(slots=True)
class Slot:
    """A place a card lies: an index of a pile (a list), or an attribute (a combat card)."""
    holder: Any
    at: int | str

    def get(self):
        return self.holder[self.at] if isinstance(self.at, int) else getattr(self.holder, self.at)

    def put(self, card) -> None:
        if isinstance(self.at, int):
            self.holder[self.at] = card
        else:
            setattr(self.holder, self.at, card)


def _uid(card) -> int:
    return card.uid


@dataclass(slots=True)
class Pool:
    """Slots whose cards the seat cannot tell apart. `key` orders the cards canonically
    (a total order: the real order must never survive a resample); `fits` holds, per slot
    index, what a card there must be (a face-down attack card is an attack card)."""
    name: str
    slots: list[Slot] = field(default_factory=list)
    key: Callable = _uid
    fits: dict[int, Callable] = field(default_factory=dict)

    def cards(self) -> list:
        return [s.get() for s in self.slots]

    def resample(self, rng: random.Random) -> None:
        """Deal the pool's cards again over its slots, from a canonical order, so the
        result depends on `rng` and on which cards are in the pool, never on where they were."""
        cards = sorted(self.cards(), key=self.key)
        dealt: dict[int, Any] = {}
        for i, fits in sorted(self.fits.items()):     # constrained slots first
            ok = [k for k, c in enumerate(cards) if fits(c)]
            if ok:
                dealt[i] = cards.pop(ok[rng.randrange(len(ok))])
        rng.shuffle(cards)
        rest = iter(cards)
        for i, slot in enumerate(self.slots):
            slot.put(dealt[i] if i in dealt else next(rest))


@dataclass(slots=True)
class SeatView:
    seat: int
    hidden_hands: bool
    pools: list[Pool]

    def resample(self, rng: random.Random) -> None:
        """One world this seat could be in: every pool dealt again with `rng`."""
        for pool in self.pools:
            pool.resample(rng)

    def unknown(self) -> set[int]:
        """The uids of the face-down cards this seat does not know (cards with a uid)."""
        return {c.uid for p in self.pools for c in p.cards() if hasattr(c, "uid")}

    def pool_of(self, holder, at) -> Pool | None:
        for p in self.pools:
            for s in p.slots:
                if s.holder is holder and s.at == at:
                    return p
        return None


# ---------------------------------------------------------------- the rule of the game
def hands_hidden(game) -> bool:
    """Whether the players' hands are hidden from each other in this game (hot seat, or
    competitive play); open (co-op's default, Adventures p.3) when the game does not say."""
    return bool(getattr(game, "hidden_hands", False))


def set_hands_hidden(game, hidden: bool) -> None:
    """The table changed the rule mid-game: the game, and the quiet point a search bot
    starts from, follow at once (every seat reads the rule from the game it is asked in)."""
    game.hidden_hands = bool(hidden)
    checkpoint = getattr(game, "checkpoint", None)
    if checkpoint is not None:
        checkpoint[0].hidden_hands = bool(hidden)


def _rule(game, hidden_hands: bool | None) -> bool:
    return hands_hidden(game) if hidden_hands is None else hidden_hands


# ---------------------------------------------------------------- the one predicate
def may_see(game, seat: int, card, hidden_hands: bool | None = None) -> bool:
    """Whether `seat` (a player's seat, or TABLE: the players together) may see `card` face
    up where it lies now. A card in a hand: its owner, or everyone with open hands (an
    enemy's "hand" is its deck's top, p.13: face down). Face down in combat and not yet
    revealed: its player (and the team with open hands) or who learned it. In a deck: who
    saw where it lies (`engine.knowledge`). Anywhere else (discard, removed, tucked, stored,
    a revealed combat card) it lies face up."""
    shared = not _rule(game, hidden_hands)
    owner = getattr(card, "owner", None)
    if owner is None:
        return True
    for combat in game.combat_stack:
        if combat.att_card is card or combat.def_card is card:
            return not _face_down(game, combat, card, seat, shared)
    if _holds(owner.hand, card):
        return (not owner.is_enemy and _hand_seen(owner, seat, shared)) or knows(game, card.uid, seat, shared)
    if _holds(owner.deck, card):
        return knows(game, card.uid, seat, shared)
    return True


def _holds(pile: list, card) -> bool:
    return any(c is card for c in pile)


# ---------------------------------------------------------------- the view
def seat_view(game, seat: int, hidden_hands: bool | None = None) -> SeatView:
    """Everything face down in `game` that `seat` cannot see, in pools (see the module doc).
    `seat` TABLE (the players together) sees no hand when hands are hidden."""
    hidden_hands = _rule(game, hidden_hands)
    shared = not hidden_hands
    pools = [side_pool(game, side, seat, shared) for side in game.sides]
    adv = getattr(game, "adv", None)
    if adv is not None:
        pools.extend(_adventure_pools(game, adv, seat, shared))
    return SeatView(seat, hidden_hands, [p for p in pools if p.slots])


def side_pool(game, side, seat: int, shared: bool) -> Pool:
    """The cards of `side` the seat cannot tell apart: its deck (less the known places),
    its hand when hidden from the seat, its combat cards still face down."""
    pool = Pool(f"cards of {side.name}", _unknown_slots(game, side.deck, seat, shared))
    if not _hand_seen(side, seat, shared):
        pool.slots += _unknown_slots(game, side.hand, seat, shared)
    for combat in game.combat_stack:
        if combat.revealed:
            continue
        for attr, role in (("att_card", "attacker"), ("def_card", "defender")):
            card = getattr(combat, attr)
            if card is not None and card.owner is side and _face_down(game, combat, card, seat, shared):
                pool.fits[len(pool.slots)] = _fits(combat, role)
                pool.slots.append(Slot(combat, attr))
    return pool


def _hand_seen(side, seat: int, shared: bool) -> bool:
    return side.is_enemy or shared or (seat != TABLE and side.index == seat)


def _unknown_slots(game, pile: list, seat: int, shared: bool) -> list[Slot]:
    known = game.known
    if not known:
        return [Slot(pile, i) for i in range(len(pile))]
    return [Slot(pile, i) for i, c in enumerate(pile) if c.uid not in known or not knows(game, c.uid, seat, shared)]


def _face_down(game, combat, card, seat: int, shared: bool) -> bool:
    """A combat card not yet revealed that `seat` did not play, see or learn."""
    if combat.revealed:
        return False
    owner = card.owner
    if not owner.is_enemy and _hand_seen(owner, seat, shared):
        return False
    return not knows(game, card.uid, seat, shared)


def _fits(combat, role: str) -> Callable:
    """What the face-down card of `role` can be: one its fighter may play in that role
    (an enemy's never a Fury card: Fury replaces itself before the combat, Slash p.18)."""
    fighter = combat.fighter_of(role)
    if fighter.is_enemy:
        return lambda c: not c.fury
    if role == "attacker":
        return lambda c: c.can_attack and _usable(c, fighter)
    return lambda c: c.can_defend and _usable(c, fighter)


def _usable(card, fighter) -> bool:
    return card.fighter == "any" or card.fighter == fighter.name or bool(fighter.label and card.fighter == fighter.label)


def _named(c) -> tuple:
    return (str(getattr(c, "key", "")), str(getattr(c, "name", "")))


def _adventure_pools(game, adv, seat: int, shared: bool) -> list[Pool]:
    out = []
    index = {id(c): i for i, c in enumerate(adv.all_cards)}
    init = Pool("initiative deck", key=lambda c: index[id(c)])
    init.slots = [Slot(adv.deck, i) for i, c in enumerate(adv.deck)
                  if not knows(game, ("init", index[id(c)]), seat, shared)]
    out.append(init)
    data = adv.data
    traps = data.get("trap_deck")
    if isinstance(traps, list):
        out.append(Pool("trap deck", [Slot(traps, i) for i in range(len(traps))], key=str))
    track = data.get("borough_track")
    if isinstance(track, list):                    # the borough tiles not yet turned
        shown = len(data.get("fallen", ())) + 1
        out.append(Pool("borough tiles", [Slot(track, i) for i in range(shown, len(track))], key=str))
    for plugin in adv.plugins:
        for pile in ("allies", "henchmen"):        # face-down allies & henchmen decks
            cards = getattr(plugin, pile, None)
            if isinstance(cards, list):
                out.append(Pool(f"{pile} deck", [Slot(cards, i) for i in range(len(cards))], key=_named))
    return out


# ---------------------------------------------------------------- narrower questions
def could_be(game, card, seat: int, hidden_hands: bool | None = None) -> list:
    """What a face-down `card` in combat may be, as `seat` sees it: itself when the seat
    knows it, else any card of its pool (its owner's unknown cards)."""
    hidden_hands = _rule(game, hidden_hands)
    combat = game.combat
    if combat is None or card is None or not _face_down(game, combat, card, seat, not hidden_hands):
        return [card]
    attr = "att_card" if combat.att_card is card else "def_card"
    pool = side_pool(game, card.owner, seat, not hidden_hands)
    fits = next(pool.fits.get(i) for i, s in enumerate(pool.slots) if s.holder is combat and s.at == attr)
    return [c for c in pool.cards() if fits is None or fits(c)] or [card]


def next_reveal(game, side, seat: int, hidden_hands: bool | None = None) -> list:
    """The cards an enemy's next reveal may be, as `seat` sees it: its top card when the
    seat knows it, else the unknown cards of its deck; its discard pile when the deck is
    empty (reshuffled first)."""
    deck = side.deck
    if not deck:
        return side.discard
    known = game.known
    if not known:
        return deck
    shared = not _rule(game, hidden_hands)
    top = deck[-1]
    if top.uid in known and knows(game, top.uid, seat, shared):
        return [top]
    return [c for c in deck if c.uid not in known or not knows(game, c.uid, seat, shared)]


# ---------------------------------------------------------------- the record's initiative keys
def initiative_key(game, card) -> tuple:
    """The known-positions key of an initiative card (they have no uid): its place in the
    adventure's card list, the same in every clone of the game."""
    return ("init", game.adv.all_cards.index(card))


def forget_initiative(game) -> None:
    """The initiative deck was shuffled for a new round: its known places are gone."""
    if game.known:
        for key in [k for k in game.known if isinstance(k, tuple) and k and k[0] == "init"]:
            del game.known[key]


__all__ = ["Pool", "SeatView", "Slot", "could_be", "forget_initiative", "hands_hidden", "initiative_key",
           "may_see", "next_reveal", "seat_view", "set_hands_hidden", "side_pool"]
