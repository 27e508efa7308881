"""The "players choose" policy (seat TABLE): every tie the rulebook hands to the players.

Enemies make no decisions (Adventures p.13); when an enemy effect or turn leaves a
choice open, the players pick, and they pick what hurts the team least:

* enemy target: a sidekick over a hero, else the healthiest fighter;
* where an enemy stops or is placed: as far as possible from weak fighters;
* enemy tokens (mousers, entrenched Foot soldiers): as far from the heroes as possible;
  patrolling Foot soldiers: next to the heroes, who can sweep them up on a maneuver
  (Adventures p.15: they only count while they stand; removing them is free);
* rerolls of the Die of Ultimate Destruction: only for a bad result, and only when a
  player has a spare low card to discard (Adventures p.17).
"""
from __future__ import annotations

from adventures.bots.reading import FAR, card_worth, player_fighters
from adventures.rules import tags
from engine.state import HERO, SIDEKICK, VILLAIN


class TablePolicy:
    name = "table"

    def choose(self, game, decision) -> int:
        handler = TABLE_HANDLERS.get(decision.tag)
        if handler is None:
            tag = decision.tag
            if "foot" in tag and _all_ints(decision.options):
                return t_foot_circle(game, decision)
            if ("token" in tag or "place" in tag) and _all_ints(decision.options):
                return t_far_space(game, decision)
            return 0
        return handler(game, decision)


def _all_ints(options) -> bool:
    return all(isinstance(o, int) and not isinstance(o, bool) for o in options)


def _weakness(f) -> float:
    """How much a fighter needs protecting: low health heroes most."""
    return (3.0 if f.kind == HERO else 1.0) / max(1, f.health)


def t_enemy_target(game, d) -> int:
    """A sidekick over a hero; among equals, the one with most health left."""
    opts = d.options

    def key(i):
        f = opts[i]
        defenses = sum(1 for c in f.side.hand if c.can_defend) if f.kind == HERO else 0
        return (f.kind == SIDEKICK, f.health + defenses)
    return max(range(len(opts)), key=key)


def _weighed(fighters) -> list[tuple[int, float]]:
    """(space, weakness) of the player fighters, read once by a caller that weighs many spaces."""
    return [(f.space, _weakness(f)) for f in fighters]


def _danger(row: list[int], weighed: list[tuple[int, float]]) -> float:
    """How much an enemy standing on a space threatens weak player fighters (`row`: the
    board's distances from that space; `weighed`: _weighed of the player fighters)."""
    total = 0.0
    for space, weakness in weighed:
        d = row[space]
        if d < FAR:
            total += weakness / (1 + d)
    return total


def t_enemy_route(game, d) -> int:
    """Where the enemy stops next to its target: far from the other, weaker fighters."""
    opts = d.options
    dist = game.board.dist
    weighed = _weighed(player_fighters(game))
    return min(range(len(opts)), key=lambda i: (_danger(dist[opts[i]], weighed), i))


def t_far_space(game, d) -> int:
    """Enemy placements and tokens: as far from the heroes as the options allow."""
    opts = d.options
    fighters = player_fighters(game)
    if not fighters:
        return 0
    dist = game.board.dist
    weighed = _weighed(fighters)

    def key(i):
        s = opts[i]
        if s is None:
            return (-FAR, 0.0)
        nearest = FAR + 1                  # above any distance (unreachable is FAR)
        for fs, _ in weighed:
            if dist[fs][s] < nearest:
                nearest = dist[fs][s]
        return (nearest, -_danger(dist[s], weighed))
    return max(range(len(opts)), key=key)


def t_place(game, d) -> int:
    return t_far_space(game, d)


def t_foot_circle(game, d) -> int:
    """Deploying Foot soldiers into circles (options = circle indices): patrolling ones where
    the heroes can sweep them up, entrenched ones (they hurt) far away."""
    board = game.board
    fallen = game.adv.data.get("fallen", ()) if getattr(game, "adv", None) is not None else ()
    heroes = player_fighters(game)
    if not heroes:
        return 0
    rows = [board.dist[f.space] for f in heroes]
    circles = board.circles
    near = []                              # per option: the nearest hero's distance to the circle
    for k in d.options:
        a, b, _ = circles[k]
        best = FAR + 1                     # above any distance (unreachable is FAR)
        for row in rows:
            x = row[a] if row[a] < row[b] else row[b]
            if x < best:
                best = x
        near.append(best)
    borough = d.context.get("borough") or circles[d.options[0]][2]
    entrenched = borough in fallen if isinstance(fallen, (set, list, tuple, dict)) else False
    return near.index(max(near) if entrenched else min(near))     # the first one, as max()/min() pick


def reroll_choice(game, d) -> int:
    """Reroll the Die of Ultimate Destruction (options: None = accept, then (side, card)
    pairs to discard) when the face is bad and a player has a spare low card (p.17).

    Bad faces: 3-5 when the roll may reactivate a Doomsday Machine; 4-5 on a trap (trap
    results escalate from 1 to 5, X is a dud). A `bad` flag in the context wins."""
    opts = d.options
    keep = [i for i, o in enumerate(opts) if o is None or o is False]
    reroll = [i for i, o in enumerate(opts) if o is not None and o is not False]
    if not keep or not reroll:
        return 0
    ctx = d.context
    bad = ctx.get("bad")
    if bad is None:
        face = str(ctx.get("face", ctx.get("result", "X")))
        why = str(ctx.get("why", ""))
        bad = face in ("3", "4", "5") if "reactivate" in why else face in ("4", "5")
    if not bad:
        return keep[0]
    best_i, best_cost = keep[0], 3.0          # only cards worth at most this are spent
    for i in reroll:
        o = opts[i]
        side, card = o if isinstance(o, tuple) and len(o) == 2 else (None, o)
        if card is None or not hasattr(card, "kind"):
            continue
        owner = side if side is not None else card.owner
        cost = card_worth(card, owner) - (1.0 if len(owner.hand) > 5 else 0.0)
        if cost <= best_cost:
            best_i, best_cost = i, cost
    return best_i


def t_reroll(game, d) -> int:
    return reroll_choice(game, d)


def t_effect_fighter(game, d) -> int:
    """The table picks a fighter: a player fighter to suffer an enemy effect (a sidekick,
    else the healthiest), the most hurt one to recover, an enemy to take ally damage
    (a minion it finishes, else the villain)."""
    opts = d.options
    prompt = d.prompt.lower()
    players = [i for i, f in enumerate(opts) if f is not None and not f.is_enemy]
    enemies = [i for i, f in enumerate(opts) if f is not None and f.is_enemy]
    if "recover" in prompt and players:
        return max(players, key=lambda i: (opts[i].max_health - opts[i].health, opts[i].kind == HERO))
    if enemies and not players:
        n = _number_in(prompt)
        return min(enemies, key=lambda i: (opts[i].health > n, opts[i].kind != VILLAIN, opts[i].health))
    if players:
        return max(players, key=lambda i: (opts[i].kind == SIDEKICK, opts[i].health))
    return 0


def _number_in(text: str) -> int:
    for word in text.split():
        if word.isdigit():
            return int(word)
    return 1


def t_choose_player(game, d) -> int:
    """An ally helps one player: the one whose hero is most hurt."""
    opts = d.options

    def key(i):
        s = opts[i]
        hero = s.fighters[0] if getattr(s, "fighters", None) else None
        return (hero.max_health - hero.health) if hero is not None and hero.alive else -1
    return max(range(len(opts)), key=key)


def t_from_discard(game, d) -> int:
    """An ally lets the chosen player put a card from their discard pile into their hand
    (Fugitoid, "players choose", p.19): the card worth most to that player, as the seat would."""
    def worth(i):
        c = d.options[i]
        return card_worth(c, c.owner) if c is not None else -1.0
    return max(range(len(d.options)), key=worth)


TABLE_HANDLERS = {
    tags.ENEMY_TARGET: t_enemy_target,
    tags.ENEMY_ROUTE: t_enemy_route,
    tags.PLACE_MINION: t_far_space,
    tags.PLACE_TOKEN: t_far_space,
    tags.PLACE: t_place,
    tags.REROLL: t_reroll,
    tags.EFFECT_FIGHTER: t_effect_fighter,
    tags.CHOOSE_PLAYER: t_choose_player,
    tags.FROM_DISCARD: t_from_discard,
    tags.PLACE_FOOT: t_foot_circle,
}

# Asked of the table and answered with the first option on purpose.
TABLE_FIRST_OPTION = frozenset({
    tags.FOOT_BOROUGH,        # a fallen borough for new Foot soldiers: each one costs the same
    # An ally's "move up to N" is the table's (p.19): the first destination is staying put,
    # the cautious answer until the table plans ally moves (then give it a handler).
    tags.MOVE_DEST,
    tags.MOVE_ROUTE,
})

# Choices a player makes for their own fighters and cards: never asked of the table.
SEAT_ONLY = tags.ALL_TAGS - TABLE_HANDLERS.keys() - TABLE_FIRST_OPTION
