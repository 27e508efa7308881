"""The competitive bot: plays a hero against other heroes (duel, free-for-all, teams).

The co-op heuristic bot reads enemies, threat and objectives; a competitive game has none
of those, only opposing players whose hands are hidden. This bot answers the decisions of
the fight itself from a few cheap facts:

* attack when the expected damage is worth the card, the opposing hero first (defeating
  it wins, core rules "Winning the game"), and finish fighters it can defeat;
* defend with its best defense card, a versatile card only when the blow is serious;
* move toward a hero it can hurt, away from every opposing fighter when badly hurt; in a
  team game, stand by a hurt partner so attackers must get past it;
* play schemes when nothing better is on offer, boost only when it changes something.

Decisions about cards alone (hand limit, digging, scrying, choosing from the discard) are
the same in both modes and go to the heuristic bot.
"""
from __future__ import annotations

from adventures.bots.heuristic import HeuristicBot, card_worth, in_range, usable
from engine.state import ATTACK, DEFENSE, HERO, SCHEME, VERSATILE

GUESSED_DEFENSE = 2.0      # an opposing hand's likely defense (hidden; most decks hold some)
GUESSED_ATTACK = 4.0       # an opposing hero's likely attack value
HERO_WEIGHT = 1.6          # damage to the opposing hero is worth more: it ends the game


def my_side(game, seat: int):
    for s in game.sides:
        if s.index == seat:
            return s
    return None


def opposing(game, side) -> list:
    return [f for f in game.fighters if f.side.team != side.team and f.space is not None]


def friends(game, side) -> list:
    return [f for f in game.fighters if f.side.team == side.team and f.space is not None]


def guessed_defense(target) -> float:
    """An opponent with no cards in hand cannot defend."""
    return GUESSED_DEFENSE if target.side.hand else 0.0


def strike_score(attacker, target, value: int) -> float:
    """Expected worth of hitting `target` with a card of `value`."""
    dmg = max(0.0, value - guessed_defense(target))
    dealt = min(dmg, target.health)
    score = dealt * (HERO_WEIGHT if target.kind == HERO else 1.0)
    if value >= target.health:          # defeat even without a defense card
        score += 6.0 if target.kind == HERO else 2.0
    return score


def best_value(side, fighter) -> int:
    return max((c.value or 0 for c in side.hand
                if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, fighter)), default=0)


class DuelistBot:
    """Agent for competitive seats (`choose(game, decision) -> index`)."""

    def __init__(self, retreat_fraction: float = 0.3, attack_threshold: float = 1.0):
        self.retreat_fraction = retreat_fraction
        self.attack_threshold = attack_threshold
        self.cards = HeuristicBot()     # card-only decisions are the same in every mode

    def choose(self, game, d) -> int:
        handler = HANDLERS.get(d.tag)
        if handler is None:
            return self.cards.choose(game, d)
        return handler(self, game, d)

    def hurt(self, fighter) -> bool:
        return fighter.health <= max(2, self.retreat_fraction * fighter.max_health)

    def best_attack(self, game, side) -> float:
        from engine.turn import attack_options
        best = 0.0
        for attacker, target in attack_options(game, side):
            best = max(best, strike_score(attacker, target, best_value(side, attacker)))
        return best

    # ------------------------------------------------------------ handlers
    def action(self, game, d) -> int:
        side = my_side(game, d.seat)
        opts = d.options
        score = self.best_attack(game, side) if "attack" in opts else 0.0
        if score >= self.attack_threshold:
            return opts.index("attack")
        hero = side.hero
        if "scheme" in opts and (len(side.hand) >= 3 or hero is None or not self.hurt(hero)):
            return opts.index("scheme")
        if "maneuver" in opts:
            return opts.index("maneuver")
        return 0

    def attack_target(self, game, d) -> int:
        side = my_side(game, d.seat)
        scores = [strike_score(a, t, best_value(side, a)) for a, t in d.options]
        return max(range(len(scores)), key=lambda i: scores[i])

    def attack_card(self, game, d) -> int:
        target = d.context.get("defender")
        opts = d.options
        if target is not None:
            # The cheapest card that defeats it through a likely defense, if any.
            sure = [i for i, c in enumerate(opts) if (c.value or 0) - guessed_defense(target) >= target.health]
            if sure:
                return min(sure, key=lambda i: card_worth(opts[i], opts[i].owner))
        return max(range(len(opts)), key=lambda i: ((opts[i].value or 0), -card_worth(opts[i], opts[i].owner)))

    def defense_card(self, game, d) -> int:
        defender = d.context.get("defender")
        opts = d.options
        cards = [i for i, c in enumerate(opts) if c is not None]
        if not cards:
            return 0
        pure = [i for i in cards if opts[i].kind == DEFENSE]
        if pure:
            return max(pure, key=lambda i: opts[i].value or 0)
        serious = defender is not None and (defender.kind == HERO or defender.health <= GUESSED_ATTACK)
        if serious:
            return max(cards, key=lambda i: (opts[i].value or 0) - 0.3 * card_worth(opts[i], opts[i].owner))
        return opts.index(None) if None in opts else 0

    def boost(self, game, d) -> int:
        """Maneuver boost: only when no fighter of ours can attack from where it stands and
        the hand is large enough to spare its weakest card."""
        side = my_side(game, d.seat)
        foes = opposing(game, side)
        ready = any(in_range(game.board, f, f.space, e.space)
                    for f in side.alive_fighters if f.space is not None for e in foes)
        if ready or len(side.hand) < 5 or self.hurt(side.hero or side.fighters[0]):
            return 0
        return min(range(1, len(d.options)), key=lambda i: card_worth(d.options[i], side))

    def boost_attack(self, game, d) -> int:
        return self.cards.choose(game, d)

    def move_dest(self, game, d) -> int:
        fighter = d.context.get("fighter")
        side = my_side(game, d.seat)
        if fighter is None or side is None or fighter.side.team != side.team:
            return 0
        foes = opposing(game, side)
        if not foes:
            return 0
        board = game.board
        dist = board.dist
        hero = fighter.side.hero
        flee = hero is not None and self.hurt(hero) and fighter is hero
        foe_heroes = [e for e in foes if e.kind == HERO] or foes
        value = best_value(fighter.side, fighter)
        partner = [f for f in friends(game, side) if f.kind == HERO and f is not fighter
                   and f.side is not fighter.side and self.hurt(f)]

        def score(space: int) -> float:
            near = min(dist[space][e.space] for e in foes)
            if flee:
                return near - 3.0 * sum(in_range(board, e, e.space, space) for e in foes)
            s = -min(dist[space][e.space] for e in foe_heroes)
            if value and any(in_range(board, fighter, space, e.space) for e in foes):
                s += 3.0 + max(strike_score(fighter, e, value) for e in foes
                               if in_range(board, fighter, space, e.space))
            if fighter.kind == HERO:
                s -= 0.7 * sum(in_range(board, e, e.space, space) for e in foes if e.kind != HERO)
            for p in partner:                 # body-block for a hurt partner
                if space in board.adj[p.space]:
                    s += 2.0
            return s

        return max(range(len(d.options)), key=lambda i: (score(d.options[i]), -i))

    def effect_fighter(self, game, d) -> int:
        """Damage and debuffs go to the opposing hero first; help to our most hurt fighter."""
        side = my_side(game, d.seat)
        opts = d.options
        prompt = d.prompt.lower()
        foes = [i for i, f in enumerate(opts) if f is not None and f.side.team != side.team]
        mine = [i for i, f in enumerate(opts) if f is not None and f.side.team == side.team]
        none = [i for i, f in enumerate(opts) if f is None]
        if "recover" in prompt or "heal" in prompt:
            if mine:
                return max(mine, key=lambda i: (opts[i].max_health - opts[i].health, opts[i].kind == HERO))
            return none[0] if none else 0
        if foes:
            return min(foes, key=lambda i: (opts[i].kind != HERO, opts[i].health))
        return self.cards.choose(game, d)

    def scheme_card(self, game, d) -> int:
        side = my_side(game, d.seat)
        return max(range(len(d.options)), key=lambda i: (d.options[i].kind == SCHEME,
                                                          -card_worth(d.options[i], side)))

    def foot_soldier_path(self, game, d) -> int:
        """Shredder's Foot soldiers: on the path nearest an opposing hero (they let his
        fighters attack whatever stands next to one)."""
        side = my_side(game, d.seat)
        foes = [e for e in opposing(game, side) if e.kind == HERO] or opposing(game, side)
        if not foes:
            return 0
        dist = game.board.dist
        return min(range(len(d.options)),
                   key=lambda i: min(min(dist[s][e.space] for s in d.options[i]) for e in foes))

    def reroll_die(self, game, d) -> int:
        """Krang: spend a Doomsday Machine to reroll only a roll that did nothing (X)."""
        return d.options.index(True) if d.context.get("face") == "X" else d.options.index(False)


HANDLERS = {
    "action": DuelistBot.action,
    "attack_target": DuelistBot.attack_target,
    "attack_card": DuelistBot.attack_card,
    "defense_card": DuelistBot.defense_card,
    "boost": DuelistBot.boost,
    "boost_attack": DuelistBot.boost_attack,
    "move_dest": DuelistBot.move_dest,
    "effect_fighter": DuelistBot.effect_fighter,
    "scheme_card": DuelistBot.scheme_card,
    "foot_soldier_path": DuelistBot.foot_soldier_path,
    "reroll_die": DuelistBot.reroll_die,
}
