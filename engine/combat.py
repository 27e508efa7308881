"""Combat: choose and reveal, IMMEDIATELY, DURING COMBAT, damage, AFTER COMBAT, clean-up.

Core rules (Marvel p.11-13; French p.12-14): the defender's simultaneous effects resolve
first; after-combat effects still resolve if a fighter fell, unless the game ended; then
other game effects (hero abilities); then cards go to discard; then "after attacking".
"""
from __future__ import annotations

from engine.abilities import Ability
from engine.decisions import CARD, ORDER
from engine.effects.resolve import Ctx, run_ops
from engine.game import Game
from engine.knowledge import PUBLIC, learn
from engine.state import Card, Combat, Fighter
from engine.tags import DEFENSE_CARD, EFFECT_ORDER

ROLES = ("defender", "attacker")   # resolution order for simultaneous effects


# id of an effects tuple -> (that tuple, its `timings_of` table). Cards share their
# definition's tuple (held here, so its id is never reused): sort each tuple once.
_TIMINGS: dict[int, tuple] = {}
_NO_TIMINGS: dict = {}               # no card, or a card with no effect (never written to)


def timings_of(card: Card | None) -> dict:
    """{timing: (the card's effects for its fighter as attacker, as defender)}: a split
    enemy box gives each role only its half."""
    if card is None or not card.effects:
        return _NO_TIMINGS
    effects = card.effects
    hit = _TIMINGS.get(id(effects))
    if hit is None or hit[0] is not effects:
        table = {}
        for t in dict.fromkeys(e.timing for e in effects):
            table[t] = (tuple(e for e in effects if e.timing == t and (e.when == "any" or e.when == "attack")),
                        tuple(e for e in effects if e.timing == t and (e.when == "any" or e.when == "defense")))
        hit = _TIMINGS[id(effects)] = (effects, table)
    return hit[1]


def effects_of(card: Card, timing: str, role: str) -> tuple:
    """The effects of `card` with this timing for its fighter in `role`."""
    pair = timings_of(card).get(timing)
    if pair is None:
        return ()
    return pair[0] if role == "attacker" else pair[1]


def is_cancelled(combat: Combat, card: Card, timing: str) -> bool:
    """Whether the effects of `card` with this timing are cancelled (all of them, or only
    this timing's)."""
    return card.uid in combat.cancelled or (card.uid, timing) in combat.cancelled


def defense_options(game: Game, defender: Fighter) -> list[Card]:
    return [c for c in defender.side.hand if c.can_defend and game.usable_by(c, defender)]


def resolve_timing(game: Game, combat: Combat, timing: str, timings: tuple | None = None) -> None:
    """Resolve the effects of both cards with this timing, and the abilities during combat.
    `timings`: timings_of the attack card and of the defense card, when the caller has
    them (a fight looks them up once for its four timings)."""
    if timings is None:
        timings = (timings_of(combat.att_card), timings_of(combat.def_card))
    during = timing == "during_combat"
    for role in ROLES:
        if role == "attacker":         # combat.card_of / fighter_of, inlined (eight times a combat)
            card, fighter = combat.att_card, combat.attacker
            pair = timings[0].get(timing)
            effects = () if pair is None else pair[0]
        else:
            card, fighter = combat.def_card, combat.defender
            pair = timings[1].get(timing)
            effects = () if pair is None else pair[1]
        # `cancelled` holds card uids (every effect) or (uid, timing) pairs (only the
        # effects of that timing: Caught in a Web); uncancellable effects ignore both.
        if effects and combat.cancelled and is_cancelled(combat, card, timing):
            effects = [e for e in effects if e.uncancellable]
        ab = fighter.side.ability if during else None
        # With no card effect to order against, an ability that keeps the base hook and
        # has no trigger for it would do nothing: the base class's own answer says so.
        if ab is not None and not effects and not Ability.acts_during_combat(ab, game, combat, role):
            continue
        ability_first = False
        if effects and ab is not None and ab.acts_during_combat(game, combat, role):
            # Two effects of the same player at once: that player picks the order (FR p.13).
            ability_first = game.decide(
                fighter.side.index, ORDER, "Resolve your card's effect or your hero's ability first?",
                [False, True], [f"{card.name} first", f"{ab.name or 'ability'} first"], tag=EFFECT_ORDER)
        if ability_first:
            ab.during_combat(game, combat, role)
        for eff in effects:
            run_ops(Ctx(game, card.owner, fighter, card, combat, role), eff.ops)
        if ab is not None and not ability_first:
            ab.during_combat(game, combat, role)


def combat_value(game: Game, combat: Combat, role: str) -> int:
    card = combat.card_of(role)
    if card is None:
        return 0
    if combat.att_ignored if role == "attacker" else combat.def_ignored:
        return 0
    if role in combat.extra.get("printed_only", ()):
        # "Nothing can raise or lower it" (Shredder's Disrupting Strike): the printed value.
        return card.printed("attack" if role == "attacker" else "defense")
    ab = combat.fighter_of(role).side.ability
    if role == "attacker":
        base = combat.att_set if combat.att_set is not None else card.printed("attack")
        v = base + combat.att_mod
        if ab is not None:
            v += ab.attack_value_bonus(game, combat, role)
    else:
        base = combat.def_set if combat.def_set is not None else card.printed("defense")
        v = base + combat.def_mod + game.rules.defense_modifier(game, combat.defender)
        if ab is not None:
            v += ab.defense_value_bonus(game, combat, role)
    return max(0, v)


def fight(game: Game, attacker: Fighter, defender: Fighter, att_card: Card | None) -> Combat:
    """Resolve one combat. `att_card` is already out of the attacker's hand (or deck)."""
    combat = Combat(attacker, defender, att_card)
    game.combat_stack.append(combat)
    game.combat = combat
    try:
        _fight(game, combat)
    finally:
        game.combat_stack.pop()
        game.combat = game.combat_stack[-1] if game.combat_stack else None
    return combat


def _fight(game: Game, combat: Combat) -> None:
    attacker, defender = combat.attacker, combat.defender
    if attacker.side.ability is not None:
        attacker.side.ability.attack_declared(game, combat)
    dside = defender.side
    if dside.is_enemy:
        combat.def_card = game.rules.enemy_combat_card(game, dside, "defense")
    else:
        options = defense_options(game, defender)
        if options:
            card = game.decide(dside.index, CARD, f"{attacker.name} attacks {defender.name}: choose a defense card",
                               [None, *options], lambda: ["no defense card"] + [f"{c.name} ({c.value})" for c in options],
                               tag=DEFENSE_CARD,
                               context={"attacker": attacker, "defender": defender}, force=True)
            if card is not None:
                dside.hand.remove(card)
                game.note(dside, "played")
                combat.def_card = card
    combat.revealed = True
    if game.events is not None:   # skip building text in batch runs
        game.log("reveal", f"{attacker.name} attacks {defender.name} with "
                 f"{combat.att_card.name if combat.att_card else 'no card'}; "
                 f"{defender.name} defends with {combat.def_card.name if combat.def_card else 'no card'}.",
                 attacker=attacker.uid, defender=defender.uid,
                 att_card=combat.att_card.name if combat.att_card else None,
                 def_card=combat.def_card.name if combat.def_card else None)

    # The cards stay the same from the reveal to the end (effects change values, fighters
    # and piles, never which card is in play): look up what each does at each timing once.
    timings = (timings_of(combat.att_card), timings_of(combat.def_card))
    resolve_timing(game, combat, "immediately", timings)
    resolve_timing(game, combat, "during_combat", timings)
    defender = combat.defender       # an effect may have changed who defends (Double Identity)

    att = combat_value(game, combat, "attacker")
    dfn = combat_value(game, combat, "defender")
    dmg = max(0, att - dfn)
    combat.winner = "attacker" if dmg > 0 and defender.alive else "defender"
    if game.events is not None:
        game.log("combat", f"Attack {att} against defense {dfn}: {dmg} combat damage.",
                 attack=att, defense=dfn, damage=dmg)
    if defender.alive:
        combat.damage = game.damage(defender, dmg, "combat")
        if combat.damage == 0:
            combat.winner = "defender"
    combat.resolved = True
    loser = "defender" if combat.winner == "attacker" else "attacker"
    game.note(combat.fighter_of(combat.winner).side, "won")
    game.note(combat.fighter_of(loser).side, "lost")

    resolve_timing(game, combat, "after_combat", timings)
    for role in ROLES:                 # combat.fighter_of / card_of, inlined in these loops
        ab = (combat.attacker if role == "attacker" else combat.defender).side.ability
        if ab is not None and (type(ab).after_combat is not Ability.after_combat or ab.triggers.get("after_combat")):
            ab.after_combat(game, combat, role)
    game.rules.after_combat_hook(game, combat)

    for role in ROLES:
        card = combat.att_card if role == "attacker" else combat.def_card
        if card is None or card.uid in combat.settled:
            continue
        if card.uid in combat.return_to_hand and not card.owner.is_enemy:
            card.owner.hand.append(card)
        elif card.uid in combat.return_to_hand:
            card.owner.deck.append(card)       # an enemy's "hand" is the top of its deck
            learn(game, card.uid, PUBLIC)      # seen by all: it was just revealed
        else:
            game.put_away_played(card)

    resolve_timing(game, combat, "after_attack", timings)
    for role in ROLES:
        ab = (combat.attacker if role == "attacker" else combat.defender).side.ability
        if ab is not None and (type(ab).after_attack is not Ability.after_attack or ab.triggers.get("after_attack")):
            ab.after_attack(game, combat, role)
