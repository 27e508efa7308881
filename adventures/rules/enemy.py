"""Enemy fighters: their decks (no hand, Deception, never exhausted) and their turns.

Adventures rules p.8-13. Enemies make no decisions; every tie the rulebook leaves open
("players choose") is a TABLE decision answered by the players' agents.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from adventures.rules import reasons, tags
from adventures.rules.difficulty import card_deltas
from adventures.rules.threat import advance_threat
from engine.combat import fight
from engine.decisions import SPACE, TABLE, TARGET
from engine.game import Game
from engine.rules import MoveContext
from engine.setup import compile_effects
from engine.state import MINION, VILLAIN, Card, Fighter, Side

_DECK_FIELDS: dict[int, tuple] = {}


def deck_fields(defn) -> tuple:
    """An enemy's deck as (copies, then its runtime Card fields besides uid, kind, fighter
    and owner) per card definition, worked out once per process: content never changes
    once loaded, and every game builds every deck again."""
    hit = _DECK_FIELDS.get(id(defn))
    if hit is not None and hit[0] is defn:         # the held reference keeps the id unique
        return hit[1]
    fields = tuple((d.copies, d.name, d.attack, d.boost, compile_effects(d.effects), d.defense, d.deception,
                    d.fury) for d in defn.deck)
    if len(_DECK_FIELDS) > 1024:
        _DECK_FIELDS.clear()
    _DECK_FIELDS[id(defn)] = (defn, fields)
    return fields


def build_enemy_side(game: Game, defn, index: int, health: int, card_steps: int = 0) -> Side:
    """`card_steps`: the difficulty dial (adventures.rules.difficulty.card_deltas)."""
    side = Side(index=index, name=defn.name, team=1, is_enemy=True, hero_key=defn.key)
    kind = VILLAIN if defn.role == "villain" else MINION
    side.fighters.append(Fighter(game.next_uid(), defn.name, kind, side, health, health,
                                 ranged=defn.attack == "ranged", label=defn.name))
    deltas = card_deltas(defn, card_steps) if card_steps else None
    for copies, name, attack, boost, effects, defense, deception, fury in deck_fields(defn):
        for _ in range(copies):
            da, dd = deltas[len(side.deck)] if deltas else (0, 0)
            side.deck.append(Card(game.next_uid(), name, "versatile", max(0, attack + da), boost, "any", effects,
                                  side, defense=max(0, defense + dd), deception=deception, fury=fury))
    # Fury cards start in the supply, not the deck (Slash, p.18).
    side.removed.extend(c for c in side.deck if c.fury)
    side.deck = [c for c in side.deck if not c.fury]
    game.shuffle(side.deck)
    game.sides.append(side)
    return side


# ---------------------------------------------------------------- enemy decks
def reshuffle(game: Game, side: Side) -> None:
    side.deck.extend(side.discard)
    side.discard.clear()
    game.shuffle(side.deck)


def put_in_discard(game: Game, side: Side, card: Card) -> None:
    """Deception always reshuffles the discard into the deck, even mid-combat (p.12)."""
    if side.eliminated:      # a defeated enemy's cards leave the game (p.10), its last combat card too
        side.removed.append(card)
        return
    side.discard.append(card)
    if card.deception:
        reshuffle(game, side)
        if game.events is not None:   # no text to build in batch runs (the log is off)
            game.log("deception", f"Deception: {side.name} shuffles its discard pile into its deck.",
                     side=side.index)


def take_top(game: Game, side: Side) -> Card | None:
    if not side.deck:
        reshuffle(game, side)       # enemies cannot be exhausted (p.13)
    return side.deck.pop() if side.deck else None


def enemy_draw(game: Game, side: Side, n: int) -> None:
    """Drawing: shuffle that many cards from the top of the discard back into the deck (p.13)."""
    if n <= 0 or not side.discard:
        return
    back = side.discard[-n:] if n < len(side.discard) else list(side.discard)
    del side.discard[len(side.discard) - len(back):]
    side.deck.extend(back)
    game.shuffle(side.deck)


def enemy_discard(game: Game, side: Side, n: int) -> list[Card]:
    """Discarding: put that many cards from the top of the deck into the discard (p.10)."""
    out = []
    for _ in range(n):
        card = side.deck.pop() if side.deck else None
        if card is None:
            break
        out.append(card)
        put_in_discard(game, side, card)
    if out:
        game.log("mill", f"{side.name} discards {', '.join(c.name for c in out)} from its deck.")
    return out


# ---------------------------------------------------------------- enemy turns
def player_targets(game: Game) -> list[Fighter]:
    """Player fighters an enemy may target: alive, on the board, not small (p.13)."""
    return [f for f in game.fighters if not f.is_enemy and not f.small and not f.side.eliminated]


def plan_enemy_move(game: Game, enemy: Fighter, move: int,
                    needs: dict[int, int] | None = None) -> tuple[list[Fighter], int, list[int]]:
    """Closest targets (by spaces to reach a space adjacent to them), that distance, and
    the empty end spaces achieving it. Enemies pass through enemies, never players (p.10).
    `needs`, when given, is filled with each reachable target's distance (uid -> spaces):
    the reason record of the decision (adventures.rules.reasons)."""
    board = game.board
    blocked = {f.space for f in game.fighters if not f.is_enemy}
    dist = board.distances_from(enemy.space, blocked)
    best = None
    best_targets: list[Fighter] = []
    ends_by_target: dict[int, list[int]] = {}
    for t in player_targets(game):
        ends = [s for s in board.adj[t.space] if game.occ[s] is None and dist[s] < 10_000]
        if not ends:
            continue
        need = min(dist[s] for s in ends)
        if needs is not None:
            needs[t.uid] = need
        ends_by_target[t.uid] = [s for s in ends if dist[s] == need]
        if best is None or need < best:
            best, best_targets = need, [t]
        elif need == best:
            best_targets.append(t)
    if best is None:
        return [], 10_000, []
    return best_targets, best, [s for t in best_targets for s in ends_by_target[t.uid]]


ATTACK, APPROACH, THREAT = "attack", "approach", "threat"


@dataclass(frozen=True, slots=True)
class Intent:
    """What an enemy's turn would do if it were taken now (p.9): attack an adjacent
    fighter, move next to the closest one it can reach and attack, or advance the threat.
    `targets` holds every tied candidate (the players choose among them); `why` is the
    reason record the targeting made (adventures.rules.reasons, a plain dict)."""
    action: str
    targets: tuple[Fighter, ...] = ()
    ends: tuple[int, ...] = ()          # APPROACH: the empty spaces it could stop on
    distance: int = 0                   # spaces it needs to move to attack
    why: dict | None = field(default=None, compare=False)


def enemy_intent(game: Game, enemy: Fighter, move: int) -> Intent:
    """The targeting rule of p.9, without side effects: the enemy's turn and the app's
    "intent" display both read it, so they cannot disagree. Always explained: only a
    display asks for it."""
    action, targets, ends, distance, why = targeting(game, enemy, move, explain=True)
    if why is not None:
        why.done = False
    return Intent(action, tuple(targets), tuple(ends), distance, reasons.close_targeting(why))


def targeting(game: Game, enemy: Fighter, move: int, explain: bool = False
              ) -> tuple[str, list[Fighter], list[int], int, reasons.Reason | None]:
    """enemy_intent's fields (action, targets, ends, distance) as they are worked out, and,
    with `explain`, the reason record made on the way (None otherwise: an enemy's turn in
    a batch run reads the fields without building anything, and they take thousands)."""
    targets = player_targets(game)
    around = game.board.adj[enemy.space]
    adjacent = [t for t in targets if t.space in around]
    if adjacent:
        why = reasons.targeting_reason(game, enemy, move, reasons.ADJACENT, targets, None, adjacent) \
            if explain else None
        return ATTACK, adjacent, [], 0, why
    needs: dict[int, int] | None = {} if explain else None
    closest, need, ends = plan_enemy_move(game, enemy, move, needs)
    if not closest or need > move:
        why = reasons.targeting_reason(game, enemy, move, reasons.NO_TARGET, targets, needs, []) \
            if explain else None
        return THREAT, [], [], need, why
    why = reasons.targeting_reason(game, enemy, move, reasons.CLOSEST, targets, needs, closest) \
        if explain else None
    return APPROACH, closest, ends, need, why


# the lines of an enemy's turn that its reason record explains (the log's "Why?")
TURN_KINDS = ("turn", "move", "action", "no_target", "threat")


def enemy_turn(game: Game, side: Side, move: int) -> None:
    """Adjacent target, else the closest reachable within the move value, else threat +1.
    A game that keeps a log records why (adventures.rules.reasons) on the turn's lines."""
    enemy = side.fighters[0]
    if not enemy.alive or enemy.space is None:
        return
    game.current = side
    game.turn += 1       # "this turn" bookkeeping (Side.this_turn) counts enemy turns too
    logging = game.events is not None
    since = len(game.events) if logging else 0
    if logging:   # no text to build in batch runs (the log is off)
        game.log("turn", f"{side.name}'s turn (move {move}).", side=side.index)
    for plugin in game.adv.hooked["before_enemy_turn"]:
        if plugin.side is side and plugin.before_enemy_turn(game, side):
            return
    action, targets, _, _, why = targeting(game, enemy, move, explain=logging)
    if action == THREAT:
        record = reasons.close_targeting(why)
        game.log("no_target", f"{side.name} cannot reach any hero.", side=side.index,
                 why=record)
        try:
            advance_threat(game, 1, reason=f"{side.name} found no target")
        finally:
            if record is not None:
                reasons.attach(game, since, record, ("turn", "threat"))
        return
    target = choose_target(game, side, targets, "adjacent" if action == ATTACK else "closest", why)
    if action == APPROACH:
        move_enemy_next_to(game, enemy, target, move, why)
    card = take_top(game, side)
    record = None
    if why is not None:
        record = reasons.close_targeting(why)
        reasons.attach(game, since, record, TURN_KINDS)
    if card is None or not target.alive or target.space is None:
        return
    card = resolve_fury(game, side, card)
    if logging:   # no text to build in batch runs (the log is off)
        game.log("action", f"{enemy.name} attacks {target.name}.", side=side.index, action="attack",
                 target=target.uid, why=record)
    fight(game, enemy, target, card)


def choose_target(game: Game, side: Side, options: list[Fighter], why: str,
                  reason: reasons.Reason | None = None) -> Fighter:
    """One of the tied `options`: players choose (p.9). `reason`: the record to note it in."""
    if len(options) == 1:
        if reason is not None:
            reasons.chose(reason, options[0], False)
        return options[0]        # Game.decide takes a lone option without asking: build no question
    target = game.decide(TABLE, TARGET, f"Players choose: which {why} fighter does {side.name} attack?", options,
                         lambda: [f"{t.name} ({game.space_label(t.space)}, {t.health} health)" for t in options],
                         tag=tags.ENEMY_TARGET, context={"enemy": side.fighters[0]})
    if reason is not None:
        reasons.chose(reason, target, True)
    return target


def move_enemy_next_to(game: Game, enemy: Fighter, target: Fighter, move: int,
                       reason: reasons.Reason | None = None) -> None:
    """Move by a shortest route to a space adjacent to the target. Players choose among
    equal routes; routes to the same end differ in nothing that affects an enemy, so the
    choice offered is the end space, then the route taken is the first shortest one."""
    board = game.board
    blocked = {f.space for f in game.fighters if not f.is_enemy}
    dist = board.distances_from(enemy.space, blocked)
    ends = [s for s in board.adj[target.space] if game.occ[s] is None and dist[s] <= move]
    if not ends:
        return
    need = min(dist[s] for s in ends)
    ends = sorted((s for s in ends if dist[s] == need), key=lambda s: board.ids[s])
    end = game.decide(TABLE, SPACE, f"Players choose where {enemy.name} stops next to {target.name}", ends,
                      lambda: [f"space {board.ids[s]}" for s in ends], tag=tags.ENEMY_ROUTE)
    if reason is not None:
        reasons.stopped(reason, ends, end, board, len(ends) > 1)
    route = board.shortest_paths(enemy.space, end, blocked, limit=1)[0]
    game.move_along(enemy, route, MoveContext(enemy.side, maneuver=False))


def resolve_fury(game: Game, side: Side, card: Card) -> Card:
    """A plugin may replace the revealed card (Slash's Fury: discard it, play the next)."""
    for plugin in game.adv.hooked["combat_card"]:
        if plugin.side is side:
            replacement = plugin.combat_card(game, side, card)
            if replacement is not None:
                return replacement
    return card
