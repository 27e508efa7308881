"""A player's turn: exactly two actions (maneuver, scheme, attack), then the hand limit.

Core rules (Marvel p.8-12): maneuver = mandatory draw, optional boost, move each fighter
up to the move value; scheme = play a scheme card with an allowed undefeated fighter;
attack = needs an attack card the fighter may use and a valid target.
"""
from __future__ import annotations

from engine import tags
from engine.abilities import Ability
from engine.combat import fight
from engine.decisions import ACTION, CARD, FIGHTER, TARGET
from engine.effects.resolve import Ctx, check, run_ops
from engine.game import Game
from engine.movement import choose_move
from engine.rules import MoveContext
from engine.state import ATTACK as ATTACK_CARD
from engine.state import VERSATILE, Card, Fighter, Side

HAND_LIMIT = 7
MANEUVER, SCHEME, ATTACK = "maneuver", "scheme", "attack"


# ---------------------------------------------------------------- legality
def in_reach(game: Game, fighter: Fighter, other: Fighter) -> bool:
    """Melee: adjacent; ranged: adjacent or in a shared zone."""
    return game.board.reaches(fighter.space, other.space, fighter.ranged)


def reaching(side: Side):
    """The side's ability if it lets fighters attack out of normal reach, else None."""
    ab = side.ability
    return ab if ab is not None and type(ab).reach_cards is not Ability.reach_cards else None


def valid_targets(game: Game, fighter: Fighter) -> list[Fighter]:
    """Opposing fighters in reach, or reached through the side's ability (Shredder)."""
    if not fighter.alive or fighter.space is None:
        return []
    ab = reaching(fighter.side)
    cards = attack_cards(game, fighter.side, fighter) if ab is not None else None   # the same for every target
    out = []
    reaches = game.board.reaches
    here = fighter.space
    ranged = fighter.ranged
    can_target = game.rules.can_target
    for other in game.opponents(fighter.side.team):
        if (reaches(here, other.space, ranged)
                or (ab is not None and ab.reach_cards(game, fighter, other, cards))):
            if can_target(game, fighter, other):
                out.append(other)
    return out


def attack_cards(game: Game, side: Side, fighter: Fighter) -> list[Card]:
    # Card.can_attack and Game.usable_by, inlined: asked for every fighter at every action.
    name, label = fighter.name, fighter.label
    return [c for c in side.hand if (c.kind == ATTACK_CARD or c.kind == VERSATILE)
            and (c.fighter == "any" or c.fighter == name or (label and c.fighter == label))]


def attack_cards_against(game: Game, side: Side, attacker: Fighter, target: Fighter) -> list[Card]:
    """The attack cards `attacker` may use on `target` (out of reach: only those the ability allows)."""
    cards = attack_cards(game, side, attacker)
    if in_reach(game, attacker, target):
        return cards
    ab = reaching(side)
    return ab.reach_cards(game, attacker, target, cards) if ab is not None else []


def attack_options(game: Game, side: Side, first: bool = False) -> list[tuple[Fighter, Fighter]]:
    """Every (attacker, target) pair of the side; with `first`, only the first one."""
    out = []
    for f in side.alive_fighters:
        if f.space is None or not attack_cards(game, side, f):
            continue
        for t in valid_targets(game, f):
            out.append((f, t))
            if first:
                return out
    return out


def can_attack(game: Game, side: Side) -> bool:
    """Whether the side has an attack (asked at every action: the search stops at the
    first pair)."""
    return bool(attack_options(game, side, first=True))


def requirement_met(game: Game, side: Side, card: Card, fighter: Fighter) -> bool:
    if not card.requirement:
        return True
    return all(check(Ctx(game, side, fighter, card), cond) for cond in card.requirement)


def scheme_options(game: Game, side: Side, first: bool = False) -> list[tuple[Card, Fighter]]:
    """Every (scheme card, fighter) pair of the side; with `first`, only the first one."""
    out = []
    ab = side.ability
    for c in side.hand:
        if c.kind != "scheme" or (ab is not None and not ab.can_play(game, c)):
            continue
        for f in side.alive_fighters:
            if game.usable_by(c, f) and requirement_met(game, side, c, f):
                out.append((c, f))
                if first:
                    return out
    return out


def can_scheme(game: Game, side: Side) -> bool:
    """Whether the side has a scheme to play (asked at every action: the search stops at
    the first pair)."""
    return bool(scheme_options(game, side, first=True))


def legal_actions(game: Game, side: Side) -> list:
    acts: list = [MANEUVER]
    if can_scheme(game, side):
        acts.append(SCHEME)
    if can_attack(game, side):
        acts.append(ATTACK)
    if side.ability is not None:
        acts.extend(side.ability.extra_actions(game))
    return acts


# ---------------------------------------------------------------- the turn
def take_turn(game: Game, side: Side) -> None:
    game.current = side
    game.turn += 1
    side.actions_left = 2
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("turn", f"{side.name}'s turn.", side=side.index)
    ab = side.ability
    if ab is not None:
        ab.start_of_turn(game)
    while side.actions_left > 0 and not side.eliminated:
        acts = legal_actions(game, side)
        act = game.decide(side.index, ACTION,
                          lambda left=side.actions_left: f"{side.name}: choose an action ({left} left)",
                          acts, lambda acts=acts: [a if isinstance(a, str) else a[0] for a in acts],
                          tag=tags.ACTION, force=True)
        side.actions_left -= 1
        if act == MANEUVER:
            maneuver(game, side)
        elif act == SCHEME:
            scheme(game, side)
        elif act == ATTACK:
            attack(game, side)
        else:
            act[1](game)
    if ab is not None and not side.eliminated:
        ab.end_of_turn(game)
    for other in game.sides:
        if other is not side and other.ability is not None and not other.eliminated:
            other.ability.others_turn_end(game, side)
    enforce_hand_limit(game, side)


def enforce_hand_limit(game: Game, side: Side) -> None:
    limit = side.hand_limit
    while len(side.hand) > limit:
        cards = list(side.hand)
        card = game.decide(side.index, CARD, f"Hand limit {limit}: choose a card to discard",
                           cards, lambda cards=cards: [c.name for c in cards], tag=tags.HAND_LIMIT)
        game.discard_from_hand(side, card, "hand limit")


def maneuver(game: Game, side: Side) -> MoveContext:
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("action", f"{side.name} maneuvers.", side=side.index, action=MANEUVER)
    if side.ability is not None:
        side.ability.maneuver_draw(game)
    else:
        game.draw(side, 1)
    bonus = boost_movement(game, side)
    mctx = MoveContext(side, maneuver=True)
    mctx.data["boosted"] = bonus is not None    # a BOOSTed maneuver (Shredder's Foot soldiers care)
    steps = side.move + (bonus or 0) + (side.ability.move_bonus(game) if side.ability is not None else 0)
    moved: set[int] = set()
    mctx.data["moved"] = moved      # who has moved so far: game state, readable by agents
    game.maneuver = mctx            # (so a bot restored mid-maneuver knows what its own notes would say)
    try:
        while True:
            movers = [f for f in side.alive_fighters if f.space is not None and f.uid not in moved]
            if not movers:
                break
            options: list = [*movers, None]
            f = game.decide(side.index, FIGHTER, lambda: f"Maneuver: move which fighter (up to {steps})?", options,
                            lambda movers=movers: [f"move {f.name}" for f in movers] + ["done moving"],
                            tag=tags.MOVE_FIGHTER, force=True)
            if f is None:
                break
            moved.add(f.uid)
            choose_move(game, f, steps, mctx, side.index)
        game.rules.after_maneuver(game, side, mctx)
    finally:
        game.maneuver = None
    return mctx


def boost_movement(game: Game, side: Side) -> int | None:
    """Offer a BOOST for the maneuver: the spaces it adds, or None when no card was spent."""
    ab = side.ability
    extra = ab.boost_sources(game) if ab is not None else []
    pool = game.boost_pool(side, extra)
    if not pool:
        return None
    card = game.decide(side.index, CARD, "Maneuver: boost your movement?", [None, *pool],
                       lambda: ["no boost"] + [f"{c.name} (+{c.boost_text})" for c in pool],
                       tag=tags.BOOST, force=True)
    if card is None:
        return None
    if card in side.hand:
        game.discard_from_hand(side, card, "boost")
    elif ab is not None:
        ab.used_for_boost(game, card)
    bonus = game.boost_value(side, card)
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("boost", f"{side.name} boosts movement by {bonus}.", amount=bonus)
    if ab is not None:
        ab.on_boost(game, side, card)
    return bonus


def scheme(game: Game, side: Side) -> None:
    opts = scheme_options(game, side)
    cards = list(dict.fromkeys(c for c, _ in opts))
    card = game.decide(side.index, CARD, "Scheme: choose a scheme card", cards, lambda: [c.name for c in cards],
                       tag=tags.SCHEME_CARD)
    fighters = [f for c, f in opts if c is card]
    fighter = game.decide(side.index, FIGHTER, f"Which fighter plays {card.name}?", fighters,
                          lambda: [f.name for f in fighters], tag=tags.SCHEME_FIGHTER)
    side.hand.remove(card)
    game.note(side, "played")
    game.note(side, "scheme")
    game.resolving.append(card)     # in play while it resolves (adventures.rules.invariants counts it)
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("scheme", f"{fighter.name} plays the scheme {card.name}.", side=side.index, card=card.name)
    ctx = Ctx(game, side, fighter, card)
    for eff in card.effects:
        if eff.timing == "scheme":
            run_ops(ctx, eff.ops)
    game.resolving.remove(card)
    game.put_away_played(card)
    if side.ability is not None:
        side.ability.after_scheme(game, card)


def attack(game: Game, side: Side) -> None:
    opts = attack_options(game, side)
    attacker, target = game.decide(side.index, TARGET, "Attack: choose attacker and target", opts,
                                   lambda: [f"{a.name} attacks {t.name}" for a, t in opts], tag=tags.ATTACK_TARGET)
    cards = attack_cards_against(game, side, attacker, target)
    card = game.decide(side.index, CARD, lambda: f"{attacker.name} attacks {target.name}: choose an attack card",
                       cards, lambda: [f"{c.name} ({c.value})" for c in cards], tag=tags.ATTACK_CARD,
                       context={"attacker": attacker, "defender": target}, force=True)
    side.hand.remove(card)
    game.note(side, "played")
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("action", f"{attacker.name} attacks {target.name}.", side=side.index, action=ATTACK)
    fight(game, attacker, target, card)
