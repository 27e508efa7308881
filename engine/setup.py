"""Building runtime sides from content definitions, and placing fighters at start."""
from __future__ import annotations

from dataclasses import replace

from engine import tags
from engine.abilities import make_ability
from engine.decisions import SPACE
from engine.game import Game
from engine.state import HERO, SIDEKICK, Card, Effect, Fighter, Side

_COMPILED: dict[int, tuple] = {}


def compile_effects(blocks) -> tuple[Effect, ...]:
    """Runtime effects of a card's effect blocks. Content never changes once loaded and
    Effects are frozen, so each block list is compiled once and shared by every game."""
    hit = _COMPILED.get(id(blocks))
    if hit is not None and hit[0] is blocks:       # the held reference keeps the id unique
        return hit[1]
    effects = tuple(Effect(b.timing, b.text, tuple(b.ops), b.when, b.uncancellable) for b in blocks)
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[id(blocks)] = (blocks, effects)
    return effects


_CARD_FIELDS: dict[tuple, tuple] = {}


def card_fields(d, uncancellable: bool) -> tuple:
    """A hero card definition's runtime Card fields (besides uid and owner), worked out once
    per process: every game builds every deck again."""
    key = (id(d), uncancellable)
    hit = _CARD_FIELDS.get(key)
    if hit is not None and hit[0] is d:            # the held reference keeps the id unique
        return hit[1]
    effects = compile_effects(d.effects)
    if uncancellable:
        effects = tuple(replace(e, uncancellable=True) for e in effects)
    boost = d.boost if d.boost is not None else 0
    fields = (d.name, d.type, d.value, boost, d.fighter, effects, tuple(d.tags), tuple(d.requirement),
              d.boost is not None or d.boost_roll, d.boost_roll)
    if len(_CARD_FIELDS) > 4096:
        _CARD_FIELDS.clear()
    _CARD_FIELDS[key] = (d, fields)
    return fields


def build_deck(game: Game, side: Side, card_defs, uncancellable: bool = False) -> list[Card]:
    """Runtime cards, one per copy. `uncancellable`: a hero whose every effect ignores
    "cancel" (Winter Soldier) gets it stamped on each effect, so combat needs no special case."""
    cards = []
    for d in card_defs:
        name, kind, value, boost, fighter, effects, tags, requirement, boostable, boost_roll = \
            card_fields(d, uncancellable)
        for _ in range(d.copies):
            cards.append(Card(game.next_uid(), name, kind, value, boost, fighter, effects, side,
                              tags=tags, requirement=requirement, boostable=boostable, boost_roll=boost_roll))
    return cards


def build_player_side(game: Game, hero, index: int, team: int, health_bonus: int = 0) -> Side:
    """A player side with hero, sidekicks and shuffled deck; draws the starting hand
    (5 cards unless the hero card says otherwise)."""
    side = Side(index=index, name=hero.name, team=team, move=hero.move, hero_key=hero.key,
                hand_limit=hero.hand_limit)
    hp = max(1, hero.health + health_bonus)
    side.fighters.append(Fighter(game.next_uid(), hero.name, HERO, side, hp, hp,
                                 ranged=hero.attack == "ranged", small=hero.small, label=hero.name))
    if hero.sidekick is not None:
        sk = hero.sidekick
        for i in range(sk.count):
            name = sk.name if sk.count == 1 else f"{sk.name} {i + 1}"
            side.fighters.append(Fighter(game.next_uid(), name, SIDEKICK, side, sk.health, sk.health,
                                         ranged=sk.attack == "ranged", small=sk.small, label=sk.name))
    side.deck = build_deck(game, side, hero.deck, hero.uncancellable)
    extras = []
    for name in hero.starting_hand_extra:
        card = next(c for c in side.deck if c.name == name)
        side.deck.remove(card)
        extras.append(card)
    game.shuffle(side.deck)
    side.hand.extend(extras)
    for _ in range(hero.hand_size):
        if side.deck:
            side.hand.append(side.deck.pop())
    side.ability = make_ability(side, hero.ability)
    game.sides.append(side)
    return side


def place_team(game: Game, side: Side, start_space: int) -> None:
    """Hero on its starting space; sidekicks on other spaces in the hero's zone(s)
    (any space if the zone is full, French rules p.4)."""
    hero = side.fighters[0]
    game.put(hero, start_space)
    side.start_space = start_space
    for sk in side.fighters[1:]:
        pool = [s for s in game.board.spaces_in_zone_of(start_space) if game.occ[s] is None]
        if not pool:
            pool = game.empty_spaces()
        pool.sort(key=lambda s: (game.board.dist[start_space][s], game.board.ids[s]))
        s = game.decide(side.index, SPACE, f"Place {sk.name} in {hero.name}'s zone", pool,
                        [f"space {game.board.ids[s]}" for s in pool], tag=tags.PLACE_SIDEKICK)
        game.put(sk, s)
    game.log("setup", f"{hero.name} starts on space {game.board.ids[start_space]}.", side=side.index)
