"""Invariants of an Adventures game: facts that must hold whenever somebody is asked to decide.

`check_invariants(game)` returns one message per violation (empty list = healthy). The
soak tool and tests wrap every agent in `CheckingAgent`, so a rules bug shows up at the
first decision after it happened instead of as a strange result many rounds later.

What is checked:
  cards     every card is in exactly one place (deck, hand, discard, removed, stored, tucked, or in
            play in a combat on the stack) and never leaves its owner's piles; the set of
            cards of each side is fixed the first time the side is seen
  board     game.occ and fighter.space agree; spaces are board indices; one fighter per space
  health    0 <= health <= max; alive iff health > 0; defeated fighters are off the board;
            a side with no fighter left is eliminated
  threat    0 <= threat < track length; objectives completed never decrease
  tokens    supply + on board == supply total per kind (Foot soldiers: 24); supplies >= 0
  turns     no decision is asked once the game is over
  fighters  once play has begun (round >= 1), every living fighter of a side still in the
            game is on the board
  decks     each player's cards (counted through Side.all_cards() of every side, plus cards
            in play) are exactly their hero's deck: same names, same copies
  actions   0 <= actions left <= 2 + actions gained this turn (gain_action, e.g. Leonardo)
  round     no initiative card in the deck or row is lost mid-round; the villain has fewer
            than 4 objective completions while the game goes on (p.5)
"""
from __future__ import annotations

import weakref
from collections import Counter
from dataclasses import dataclass, field

FOOT_SOLDIERS = 24            # Adventures p.4: the Foot soldier supply
OBJECTIVES_TO_LOSE = 4        # Adventures p.5


class InvariantViolation(AssertionError):
    """Raised by CheckingAgent; the message lists every violated invariant."""

    def __init__(self, problems: list[str], where: str = ""):
        self.problems = list(problems)
        prefix = f"{where}: " if where else ""
        super().__init__(prefix + "; ".join(self.problems))


@dataclass
class _Memory:
    """What the checker remembers about one game between checks."""

    census: dict[int, frozenset[int]] = field(default_factory=dict)   # side index -> card uids
    completions: int = 0
    deck_extras: dict[int, Counter] = field(default_factory=dict)   # side -> cards beyond the hero's deck
    init_round: int = -1                   # the round `init_cards` belongs to
    init_cards: set[int] = field(default_factory=set)   # ids of initiative cards seen in deck/row


_MEMORY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _memory(game) -> _Memory:
    mem = _MEMORY.get(game)
    if mem is None:
        mem = _MEMORY[game] = _Memory()
    return mem


# ---------------------------------------------------------------- checks
def check_invariants(game) -> list[str]:
    """Every invariant violation in `game` right now, as plain sentences."""
    mem = _memory(game)
    out: list[str] = []
    out += _check_cards(game, mem)
    out += _check_board(game)
    out += _check_health(game)
    out += _check_actions(game)
    if getattr(game, "adv", None) is not None:
        out += _check_threat(game, mem)
        out += _check_tokens(game)
        out += _check_initiative(game, mem)
        out += _check_fighters_placed(game)
        out += _check_hero_decks(game, mem)
    if len(game.answers) != game.decision_count:
        out.append(f"{len(game.answers)} answers recorded for {game.decision_count} decisions")
    return out


PILES = ("deck", "hand", "discard", "removed", "stored", "tucked")


def _check_cards(game, mem: _Memory) -> list[str]:
    out: list[str] = []
    seen: Counter[int] = Counter()
    where: dict[int, str] = {}
    for side in game.sides:
        for pile in PILES:
            for card in getattr(side, pile):
                seen[card.uid] += 1
                where[card.uid] = f"{side.name}'s {pile}"
    # A combat card is "in play" until cleanup puts it in a pile (then it counts there);
    # a scheme card is in game.resolving while its effect resolves.
    for card in _in_play(game):
        if card.uid not in seen:
            seen[card.uid] += 1
            where[card.uid] = "in play"
        elif card in getattr(game, "resolving", ()):
            seen[card.uid] += 1                  # resolving and in a pile: two places
    for uid, n in seen.items():
        if n > 1:
            out.append(f"card #{uid} is in {n} places at once (last seen in {where[uid]})")
    for side in game.sides:
        # a side's cards wherever they are: a Vibranium Suit stores other sides' cards, so a
        # census first taken mid-game (after a restore) must look in every side's piles
        mine = frozenset(c.uid for other in game.sides for c in other.all_cards() if c.owner is side)
        mine |= {c.uid for c in _in_play(game) if c.owner is side}
        if side.index not in mem.census:
            mem.census[side.index] = mine     # first sight: the side's cards from now on
            continue
        expected = mem.census[side.index]
        lost = expected - seen.keys()
        if lost and game.over is None:   # a game ending mid-combat leaves its cards on the table
            out.append(f"{side.name} lost card(s) {sorted(lost)[:5]}: in no pile and not in play")
        extra = mine - expected
        if extra:
            out.append(f"{side.name} gained card(s) {sorted(extra)[:5]} that were not in its starting set")
        for pile in PILES:
            for card in getattr(side, pile):
                # Black Panther's Vibranium Suit stores opponents' cards (Marvel p.17)
                if card.owner is not side and pile != "stored":
                    out.append(f"{card.name} #{card.uid} of {card.owner.name} is in {side.name}'s {pile}")
        if side.is_enemy and side.hand:
            out.append(f"enemy {side.name} holds cards in hand (enemies have no hand, p.13)")
        if side.is_enemy and side.eliminated and (side.deck or side.discard) and game.over is None:
            out.append(f"defeated enemy {side.name} still has cards in its deck or discard (p.10)")
    return out


def _in_play(game) -> list:
    cards = [c for cb in game.combat_stack for c in (cb.att_card, cb.def_card) if c is not None]
    return cards + list(getattr(game, "resolving", ()))


def _check_board(game) -> list[str]:
    out: list[str] = []
    n = game.board.n
    if len(game.occ) != n:
        out.append(f"occupancy list has {len(game.occ)} entries for {n} spaces")
    for i, f in enumerate(game.occ):
        if f is None:
            continue
        if f.space != i:
            out.append(f"{f.name} is recorded on space index {i} but thinks it is at {f.space}")
        if not f.alive:
            out.append(f"defeated {f.name} still occupies space index {i}")
    for side in game.sides:
        for f in side.fighters:
            if f.space is None:
                continue
            if not isinstance(f.space, int) or not 0 <= f.space < n:
                out.append(f"{f.name} is on space index {f.space!r}, not a board space")
            elif game.occ[f.space] is not f:
                other = game.occ[f.space]
                out.append(f"{f.name} thinks it is on space index {f.space} but the board has "
                           f"{other.name if other else 'nobody'} there")
    return out


def _check_health(game) -> list[str]:
    out: list[str] = []
    for side in game.sides:
        for f in side.fighters:
            if not 0 <= f.health <= f.max_health:
                out.append(f"{f.name} has {f.health} health (allowed 0..{f.max_health})")
            if f.alive != (f.health > 0):
                out.append(f"{f.name} is {'alive' if f.alive else 'defeated'} with {f.health} health")
            if not f.alive and f.space is not None:
                out.append(f"defeated {f.name} is still on space index {f.space}")
        if side.fighters and not side.alive_fighters and not side.eliminated:
            out.append(f"{side.name} has no fighter left but is not eliminated")
    return out


def _check_threat(game, mem: _Memory) -> list[str]:
    adv = game.adv
    out: list[str] = []
    if not 0 <= adv.threat < adv.track_length:
        out.append(f"threat marker at {adv.threat}, outside the track 0..{adv.track_length - 1}")
    if adv.completions < mem.completions:
        out.append(f"objectives completed went down from {mem.completions} to {adv.completions}")
    mem.completions = max(mem.completions, adv.completions)
    if adv.completions >= OBJECTIVES_TO_LOSE and game.over is None and not adv.data.get("resolving_objective"):
        out.append(f"{adv.completions} objective completions but the game goes on (p.5: 4 lose)")
    return out


MAX_ACTIONS = 2          # a player's turn: two actions (core rules); gain_action adds to it


def _check_actions(game) -> list[str]:
    out: list[str] = []
    for side in game.sides:
        if side.is_enemy:
            continue
        top = MAX_ACTIONS + game.noted(side, "gained_actions")
        if not 0 <= side.actions_left <= top:
            out.append(f"{side.name} has {side.actions_left} actions left (allowed 0..{top})")
    return out


def _check_fighters_placed(game) -> list[str]:
    if game.round < 1 or game.over is not None:
        return []                 # setup places fighters one by one
    return [f"{f.name} is alive but not on the board"
            for side in game.sides if not side.eliminated
            for f in side.fighters if f.alive and f.space is None]


def _check_hero_decks(game, mem: _Memory) -> list[str]:
    """A player's cards are exactly their hero's deck, wherever they are (their piles,
    another side's piles such as a Vibranium Suit, or in play). Cards a side already had
    beyond its deck when first seen (a test's own card) stay allowed, like the census."""
    catalog = getattr(game, "catalog", None)
    if catalog is None or game.over is not None:
        return []
    owned: dict[int, Counter] = {side.index: Counter() for side in game.sides}
    for side in game.sides:
        for card in side.all_cards():
            if card.owner is not None and card.owner.index in owned:
                owned[card.owner.index][card.name] += 1
    piled = {c.uid for side in game.sides for c in side.all_cards()}
    for card in _in_play(game):
        if card.uid not in piled and card.owner is not None and card.owner.index in owned:
            owned[card.owner.index][card.name] += 1
    out: list[str] = []
    for side in game.sides:
        hero = catalog.heroes.get(side.hero_key) if not side.is_enemy else None
        if hero is None:
            continue
        expected = Counter()
        for card in hero.deck:
            expected[card.name] += card.copies
        if side.index not in mem.deck_extras:
            mem.deck_extras[side.index] = owned[side.index] - expected
        expected += mem.deck_extras[side.index]
        if owned[side.index] != expected:
            diff = (owned[side.index] - expected) + (expected - owned[side.index])
            out.append(f"{side.name}'s cards are not {hero.name}'s deck (differ in {sorted(diff)[:3]})")
    return out


def _count(value) -> int:
    """Tokens kept in adv.data by a villain module: a count, or a collection / mapping whose
    entries are counts or one token each (Shredder: circle -> "patrolling" | "entrenched")."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, dict):
        value = value.values()
    if isinstance(value, (list, tuple, set, frozenset, type({}.values()))):
        return sum(_count(v) if isinstance(v, (int, dict, list, tuple, set, frozenset)) else 1 for v in value)
    return 0


def _check_tokens(game) -> list[str]:
    adv = game.adv
    out: list[str] = []
    n = game.board.n
    for kind, spaces in adv.tokens.items():
        if not isinstance(spaces, set):
            out.append(f"{kind} tokens are kept in a {type(spaces).__name__}, not a set (one per space)")
        bad = [s for s in spaces if not isinstance(s, int) or not 0 <= s < n]
        if bad:
            out.append(f"{kind} tokens on non-spaces {bad[:5]}")
    for kind, total in adv.supply_total.items():
        left = adv.supply.get(kind, 0)
        if left < 0:
            out.append(f"{kind} supply is negative ({left})")
        on_board = len(adv.tokens.get(kind, ()))
        if kind in adv.data:                      # e.g. Foot soldiers kept per circle
            on_board += _count(adv.data[kind])
        if left + on_board != total:
            out.append(f"{kind} tokens not conserved: {left} in supply + {on_board} on the board != {total}")
    for kind, left in adv.supply.items():
        if kind not in adv.supply_total:
            out.append(f"{kind} has a supply ({left}) but no recorded total")
    if "foot" in adv.supply_total and adv.supply_total["foot"] != FOOT_SOLDIERS:
        out.append(f"the Foot soldier supply totals {adv.supply_total['foot']}, not {FOOT_SOLDIERS}")
    return out


def _check_initiative(game, mem: _Memory) -> list[str]:
    adv = game.adv
    out: list[str] = []
    known = {id(c) for c in adv.all_cards}
    deck, row = {id(c) for c in adv.deck}, {id(c) for c in adv.row}
    if game.round >= 1:
        # Cards may join (allies "from the next reshuffle") or be removed (a defeated owner),
        # but a card seen in the deck or the row this round never just disappears.
        if mem.init_round != game.round:
            mem.init_round, mem.init_cards = game.round, set()
        lost = [c.name for c in adv.all_cards
                if id(c) in mem.init_cards and id(c) not in deck | row and not c.removed]
        if lost:
            out.append(f"initiative card(s) {lost[:3]} left the deck and the row mid-round")
        mem.init_cards |= deck | row
    if len(deck) != len(adv.deck) or len(row) != len(adv.row):
        out.append("an initiative card appears twice in the deck or the row")
    if (deck | row) - known:
        out.append("an initiative card in play is not part of the game's initiative cards")
    if deck & row:
        out.append("an initiative card is both in the deck and in the row")
    return out


# ---------------------------------------------------------------- checking agent
class CheckingAgent:
    """Wraps an agent: checks the invariants before every decision, then asks `inner`."""

    def __init__(self, inner):
        self.inner = inner
        self.checks = 0

    def choose(self, game, decision) -> int:
        self.checks += 1
        problems = check_invariants(game)
        if game.over is not None:
            problems.append(f"a decision ({decision.tag or decision.kind}) is asked after the game ended")
        if problems:
            raise InvariantViolation(problems, where=f"before decision {game.decision_count + 1} "
                                                     f"({decision.tag or decision.kind})")
        return self.inner.choose(game, decision)

    def __getattr__(self, name):
        # UIs and bots may look for extra attributes on an agent (name, is_human...).
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)
