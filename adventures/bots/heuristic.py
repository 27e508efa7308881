"""The heuristic hero bot: plays like a sensible, slightly cautious player.

It answers each decision from a few cheap facts about the board (precomputed
`board.dist`, the enemies' remaining decks, the threat track) and never copies or
simulates the game, so one decision costs microseconds. The strategy, in short:

* attack when the expected damage is worth a card (the villain first: simulations show
  focusing him wins far more than trading blows with minions; finish weak minions);
* otherwise move towards the villain, or out of every enemy's reach when badly hurt and
  such a space can be reached;
* when the objective is pressing and the work can be done this maneuver, do the duty it
  asks (the villain's own facts say which: adventures/bots/villain_facts.py);
* defend with the best pure defense card, spend versatile cards only when it matters;
* boost and discard with the card that is worth least.

Decisions are routed on `decision.tag` (the vocabulary: `engine/tags.py`,
`adventures/rules/tags.py`) through `HANDLERS`; tags answered with the first option on
purpose are listed in `FIRST_OPTION` (the engine lists the natural default first). The
board-reading helpers are in `adventures.bots.reading`; the "players choose" seat is
`adventures.bots.table.TablePolicy`.
"""
from __future__ import annotations

from adventures.bots.reading import (
    ENEMY_MOVE,
    FAR,
    HAND_LIMIT,
    ally_space,
    attack_spaces,
    attack_values,
    card_worth,
    defense_values,
    enemy_fighters,
    expected_damage,
    in_range,
    index_of,
    index_of_value,
    objective_pressure,
    player_fighters,
    player_side,
    the_villain,
    usable,
)
from adventures.bots.table import reroll_choice
from adventures.bots.villain_facts import facts_of
from adventures.rules import tags
from engine.state import ATTACK, DEFENSE, HERO, SCHEME, SIDEKICK, VERSATILE, VILLAIN

_MISSING = object()        # a cache miss (a cached fact may be anything, None included)


# ---------------------------------------------------------------- the bot
class HeuristicBot:
    """A fast rule-based player. Tunables are plain attributes so sweeps can vary them."""

    name = "heuristic"

    def __init__(self, retreat_fraction: float = 0.25, duty_urgency: float = 1.0,
                 attack_threshold: float = 0.75, villain_weight: float = 4.0,
                 versatile_defense_at: float = 2.0):
        self.retreat_fraction = retreat_fraction   # retreat below this share of max health
        self.duty_urgency = duty_urgency           # objective_pressure urgency that triggers duty
        self.attack_threshold = attack_threshold   # expected damage worth an attack card
        self.villain_weight = villain_weight       # a point of damage on the villain vs a minion
        self.versatile_defense_at = versatile_defense_at   # expected attack that earns a versatile card
        # Facts computed once per decision (the state cannot change while a decision is open).
        self._memo: dict = {}
        self._memo_game = None
        self._open = None                          # the decision they were computed for
        self._cache: dict = {}
        self._cache_game = None
        self._plans: dict = {}                     # duty plans by everything they depend on
        self.villain_notes: dict = {}              # what the villain's facts keep for this bot

    def choose(self, game, decision) -> int:
        if decision is not self._open or game is not self._memo_game:
            # The engine makes a new Decision for every question (held here, its id stays unique).
            self._open, self._memo_game = decision, game
            self._memo = {}
        handler = HANDLERS.get(decision.tag)
        if handler is None:
            return 0
        return handler(self, game, decision)

    # ------------------------------------------------------------ plans (memoised)
    def objective_key(self, game) -> tuple:
        """A cheap fingerprint of the objective's tokens (the villain's facts say which);
        memoised per decision."""
        memo = self._memo
        m = memo.get("okey")
        if m is None:
            adv = getattr(game, "adv", None)
            if adv is None:
                return ()
            m = memo["okey"] = facts_of(game).tokens_key(adv)
        return m

    def _cached(self, game, compute, *key):
        """Facts that depend only on `key` and the objective tokens survive across decisions
        (`compute(game)` on a miss). The key is one flat tuple: a nested one hashes slowly."""
        if self._cache_game is not game:
            self._new_game(game)
        key += (self.objective_key(game),)
        hit = self._cache.get(key, _MISSING)
        if hit is _MISSING:
            if len(self._cache) > 64:
                self._cache.clear()
            hit = self._cache[key] = compute(game)
        return hit

    def _new_game(self, game) -> None:
        self._cache_game = game
        self._cache.clear()
        self._plans.clear()
        self.villain_notes.clear()

    def pressure(self, game) -> tuple[str, int, float]:
        adv = game.adv
        return self._cached(game, objective_pressure, "pressure", adv.threat, game.round, len(adv.row))

    def hurt(self, fighter) -> bool:
        """Badly hurt: a hero that should stay away from enemies."""
        return fighter.kind == HERO and fighter.health <= max(2, self.retreat_fraction * fighter.max_health)

    def retreating(self, game, f) -> bool:
        """Badly hurt and able to reach a space no enemy can reach next turn (with a boost)."""
        if not self.hurt(f) or f.space is None:
            return False
        key = ("retreat", f.uid)
        m = self._memo.get(key)
        if m is None:
            from engine.movement import destinations
            enemies = enemy_fighters(game)
            dist = game.board.dist
            steps = f.side.move + max((c.boost for c in f.side.hand), default=0)
            m = self._memo[key] = bool(enemies) and any(
                min(dist[e.space][s] for e in enemies) > ENEMY_MOVE + 1 for s in destinations(game, f, steps))
        return m

    def duty_fighter(self, game, side):
        """(fighter, duty) of this side that should work on the objective this maneuver,
        or (None, ""): only when the objective is pressing and the work can actually be
        done now (the villain's facts plan it: a whole borough swept clean, a machine within
        reach). Asked once per decision (a memo would cost more than it saves: the facts keep
        their plans)."""
        if getattr(game, "adv", None) is None:
            return None, ""
        duty, _, urgency = self.pressure(game)
        if not duty or urgency < self.duty_urgency or not side.hand:
            return None, ""
        steps = side.move + max((c.boost for c in side.hand), default=0)
        return facts_of(game).plan(self, game, side, duty, steps)

    def best_attack(self, game, side):
        """(score, attacker, target) of the best attack this side can make now."""
        board = game.board
        enemies = enemy_fighters(game)
        best = (0.0, None, None)
        scored: dict = {}                  # (target, value) -> attack_score: fighters share targets
        for f in side.fighters:
            if not f.alive or f.space is None:
                continue
            vals = [c.value or 0 for c in side.hand if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, f)]
            if not vals:
                continue
            v = max(vals)
            for t in enemies:
                if in_range(board, f, f.space, t.space) and game.rules.can_target(game, f, t):
                    key = (t.uid, v)
                    s = scored.get(key)
                    if s is None:
                        s = scored[key] = attack_score(game, t, v, self.villain_weight, side.index)
                    if s > best[0]:
                        best = (s, f, t)
        return best


def attack_score(game, target, value: int, villain_weight: float, seat: int) -> float:
    """Expected worth of attacking `target` with a card of `value`, as `seat` sees it."""
    defs = defense_values(game, target, seat)
    exp = expected_damage(value, defs)
    if target.kind == VILLAIN:
        return villain_weight * exp + (50.0 if value - min(defs) >= target.health else 0.0)
    kills = 0
    for d in defs:
        if value - d >= target.health:
            kills += 1
    return exp + 4.0 * (kills / len(defs))


def best_index(scores: list) -> int:
    """The index of the first highest score: max(range(n), key=...) without a call per option."""
    return scores.index(max(scores))


def default_choice(bot, game, decision) -> int:
    return 0


def lowest_worth(options: list, side, start: int = 0) -> int:
    best_i, best_w = start, FAR
    for i in range(start, len(options)):
        c = options[i]
        if c is None:
            continue
        w = card_worth(c, side) if side is not None else (c.value or 0)
        if w < best_w:
            best_i, best_w = i, w
    return best_i


# ---------------------------------------------------------------- handlers: the turn
def h_action(bot: HeuristicBot, game, d) -> int:
    side = player_side(game, d.seat)
    opts = d.options
    if side is None:
        return 0
    has_attack = "attack" in opts
    score, attacker, _ = bot.best_attack(game, side) if has_attack else (0.0, None, None)
    hero = side.fighters[0]
    if has_attack and score >= bot.attack_threshold:
        # Urgent objective work beats a mediocre attack by the fighter that must go (the duty
        # search is the bot's dearest step: asked only when it could change the answer).
        if score >= 3.0 or "maneuver" not in opts:
            return index_of(opts, "attack")
        duty_f = bot.duty_fighter(game, side)[0]
        if duty_f is not attacker:
            return index_of(opts, "attack")
    else:
        duty_f = bot.duty_fighter(game, side)[0]
    if duty_f is not None and "maneuver" in opts:
        return index_of(opts, "maneuver")
    in_position = can_attack_now(game.board, side, enemy_fighters(game))
    if "scheme" in opts:
        schemes = sum(1 for c in side.hand if c.kind == SCHEME)
        heals = bot.hurt(hero) and any(c.kind == SCHEME and "recover" in repr(c.effects) for c in side.hand)
        if in_position or schemes >= 2 or heals:
            return index_of(opts, "scheme")
    if has_attack and score > 0.3:
        return index_of(opts, "attack")
    extras = [i for i, o in enumerate(opts) if not isinstance(o, str)]
    if extras and in_position:
        return extras[0]                   # an ability's own action (an item...) rather than idle moving
    if "maneuver" in opts:
        return index_of(opts, "maneuver")
    return 0


def can_attack_now(board, side, enemies) -> bool:
    """Whether a fighter of the side stands in range of an enemy."""
    for f in side.fighters:
        if f.alive and f.space is not None:
            for e in enemies:
                if in_range(board, f, f.space, e.space):
                    return True
    return False


def h_attack_target(bot, game, d) -> int:
    side = player_side(game, d.seat)
    best_i, best_s = 0, -1.0
    for i, (a, t) in enumerate(d.options):
        vals = [c.value or 0 for c in side.hand if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, a)]
        s = attack_score(game, t, max(vals), bot.villain_weight, d.seat) if vals else 0.0
        if a.kind == SIDEKICK:
            s += 0.01                      # same damage: let the sidekick spend its card
        if s > best_s:
            best_i, best_s = i, s
    return best_i


def h_attack_card(bot, game, d) -> int:
    target = d.context.get("defender")
    opts = d.options
    if target is not None and target.is_enemy and target.kind != VILLAIN:
        # A minion: the cheapest card that surely finishes it, if any.
        worst_def = max(defense_values(game, target, d.seat))
        killers = [i for i, c in enumerate(opts) if (c.value or 0) - worst_def >= target.health]
        if killers:
            return min(killers, key=lambda i: (opts[i].value or 0, opts[i].boost))
    return max(range(len(opts)), key=lambda i: (opts[i].value or 0, -opts[i].boost))


def h_defense_card(bot, game, d) -> int:
    opts = d.options
    defender = d.context.get("defender")
    attacker = d.context.get("attacker")
    if defender is None or attacker is None:
        return max(range(1, len(opts)), key=lambda i: opts[i].value or 0) if len(opts) > 1 else 0
    combat = game.combat
    face_down = combat.att_card if combat is not None and attacker.is_enemy else None
    atts = attack_values(game, attacker, face_down, d.seat) if attacker.is_enemy else [4]
    exp = sum(atts) / len(atts)
    if max(atts) <= 0:
        return 0
    pure = [i for i in range(1, len(opts)) if opts[i].kind == DEFENSE]
    if pure:
        return max(pure, key=lambda i: (opts[i].value or 0, -opts[i].boost))
    others = range(1, len(opts))
    best = max(others, key=lambda i: (opts[i].value or 0, -opts[i].boost))
    if defender.kind == SIDEKICK and defender.health <= 2:
        return 0                           # a versatile card is worth more than a 1-2 health sidekick
    if exp >= defender.health or exp >= bot.versatile_defense_at or bot.hurt(defender):
        return best
    return 0


def h_boost(bot, game, d) -> int:
    """Boost a maneuver only when the extra steps matter, with the least valuable card."""
    side = player_side(game, d.seat)
    opts = d.options
    if side is None or len(opts) <= 1:
        return 0
    # Over the usual 7 cards, the worst card would likely be discarded at the end of the turn:
    # spend it. Not the hero's own limit (Michelangelo 3), probably because his extra cards
    # still serve this turn's next action. Measured with his limit (`ladder --bots heuristic
    # --games 1000`, paired): -2.4 points (-4.7 to -0.1) against Krang with 2 players, +0.0
    # to +0.3 in the three other shipped scenarios he plays in.
    if len(side.hand) > HAND_LIMIT:
        return lowest_worth(opts, side, 1)
    hero = side.fighters[0]
    mover = hero if hero.alive and hero.space is not None else next(
        (f for f in side.fighters if f.alive and f.space is not None), None)
    if mover is None:
        return 0
    duty_f, duty = bot.duty_fighter(game, side)
    board = game.board
    if duty_f is not None:
        return duty_boost(bot, game, side, duty_f, duty, opts)
    if bot.retreating(game, mover):
        enemies = enemy_fighters(game)
        close = enemies and min(board.dist[e.space][mover.space] for e in enemies) <= ENEMY_MOVE + 1
        return lowest_worth(opts, side, 1) if close and len(side.hand) >= 3 else 0
    else:
        v = the_villain(game)
        enemies = [v] if v is not None else enemy_fighters(game)
        if not enemies:
            return 0
        need = min(0 if in_range(board, mover, mover.space, e.space) else board.dist[mover.space][e.space] - 1
                   for e in enemies)
    move = side.move
    if need <= move:
        return 0
    gap = need - move
    enough = [i for i in range(1, len(opts)) if opts[i].boost >= gap]
    if enough:
        i = min(enough, key=lambda i: card_worth(opts[i], side))
        if card_worth(opts[i], side) <= 6 or len(side.hand) >= 5:
            return i
        return 0
    if len(side.hand) >= 5:                    # cannot make it: still close in with a spare card
        i = max(range(1, len(opts)), key=lambda i: opts[i].boost - 0.5 * card_worth(opts[i], side))
        return i if opts[i].boost >= 2 else 0
    return 0


def duty_boost(bot, game, side, f, duty: str, opts: list) -> int:
    """Boost with the cheapest card that lets the duty fighter do more of its work."""
    facts = facts_of(game)

    def value(steps):
        return facts.reach(bot, game, f, steps)
    base = value(side.move)
    for extra in sorted({opts[i].boost for i in range(1, len(opts)) if opts[i].boost > 0}):
        if value(side.move + extra) > base:
            pool = [i for i in range(1, len(opts)) if opts[i].boost >= extra]
            return min(pool, key=lambda i: card_worth(opts[i], side))
    return 0


def h_move_fighter(bot, game, d) -> int:
    for i, f in enumerate(d.options):
        if f is not None:
            return i
    return 0


def h_move_dest(bot, game, d) -> int:
    f = d.context.get("fighter")
    opts = d.options
    if f is None or f.is_enemy:
        return 0
    side = f.side
    board = game.board
    dist = board.dist
    start = f.space
    steps = d.context.get("steps", side.move)
    duty_f, duty = bot.duty_fighter(game, side)
    if duty_f is f:
        v = the_villain(game)
        vdist = dist[v.space] if v is not None else [0] * board.n
        score = facts_of(game).destination_score(bot, game, f, steps, vdist)
        scores = [score(s) for s in opts]
        i = best_index(scores)
        if scores[i] >= 1.0:
            return i
    enemies = enemy_fighters(game)
    if not enemies:
        return 0
    recruit = ally_space(game)
    if recruit is not None and recruit not in opts and f.kind == SIDEKICK and not bot.retreating(game, f):
        # A sidekick heads for the ally's space over several turns.
        return min(range(len(opts)), key=lambda i: (dist[opts[i]][recruit], dist[start][opts[i]]))
    if recruit is not None and recruit in opts and not bot.retreating(game, f):
        # Standing on the face-up ally's starting space at the end of the round recruits it
        # instead of a henchman (Adventures p.19): worth a sidekick's move, or a hero's
        # when it has nothing to attack this turn anyway.
        v = the_villain(game)
        idle = v is None or not any(in_range(board, f, s, v.space) for s in opts)
        if f.kind == SIDEKICK or idle:
            return opts.index(recruit)
    if bot.retreating(game, f):
        # Stay out of every enemy's reach (its move plus one to be adjacent); then stay close to allies.
        friends = [x for x in player_fighters(game) if x is not f and not bot.hurt(x)]

        def score(s):
            safe = min(dist[e.space][s] for e in enemies)
            near = min((dist[x.space][s] for x in friends), default=0)
            return min(safe, ENEMY_MOVE + 2) * 10 - near
        return max(range(len(opts)), key=lambda i: score(opts[i]))
    v = the_villain(game)
    targets = [v] if v is not None else enemies
    ranged = f.ranged
    # in_range(board, f, s, t.space) for every option s: the spaces f can attack t from.
    aims = [(attack_spaces(board, ranged, t.space), t.space) for t in targets]
    weak_from: set[int] = set()          # the spaces f can attack a weak minion from
    for e in enemies:
        if e.kind != VILLAIN and e.health <= 3:
            weak_from |= attack_spaces(board, ranged, e.space)
    from_start = dist[start]
    scores = []
    for s in opts:
        best = FAR
        row = dist[s]
        for near, ts in aims:
            c = 0 if s in near else row[ts] - 1
            if c < best:
                best = c
        bonus = 0.5 if s in weak_from else 0.0
        scores.append(-best * 10 + bonus - 0.01 * from_start[s])
    return best_index(scores)


def route_cost(game, bot, fighter, route) -> float:
    """Lower is better: what the villain's facts say crossing costs (entrenched Foot soldiers
    hurt, patrolling ones may be removed), and mousers mill."""
    crossing = facts_of(game).crossing(bot, game, fighter)
    mousers = game.adv.tokens.get("mouser", ())
    cost = 0.01 * len(route)
    for a, b in zip(route, route[1:]):
        if crossing is not None:
            cost += crossing(a, b)
        if b in mousers:
            cost += 0.5
    return cost


def h_move_route(bot, game, d) -> int:
    f = d.context.get("fighter")
    if f is None or getattr(game, "adv", None) is None:
        return 0
    return min(range(len(d.options)), key=lambda i: route_cost(game, bot, f, d.options[i]))


def h_hand_limit(bot, game, d) -> int:
    side = player_side(game, d.seat)
    return lowest_worth(d.options, side)


def h_from_discard(bot, game, d) -> int:
    side = player_side(game, d.seat)
    best_i, best_w = 0, -1.0
    for i, c in enumerate(d.options):
        if c is not None and card_worth(c, side) > best_w:
            best_i, best_w = i, card_worth(c, side)
    return best_i


def combat_boost_gain(game, side, boost: int) -> float | None:
    """Combat damage a boost of `boost` would add (attacking) or prevent (defending), from
    the values as they stand after both cards are revealed; None outside a combat."""
    c = game.combat
    if c is None or side is None or c.def_card is None and c.defender.side is side:
        return None
    from engine.combat import combat_value
    att, dfn = combat_value(game, c, "attacker"), combat_value(game, c, "defender")
    if c.attacker.side is side:
        return max(0, att + boost - dfn) - max(0, att - dfn)
    if c.defender.side is side:
        return max(0, att - dfn) - max(0, att - dfn - boost)
    return None


def h_boost_attack(bot, game, d) -> int:
    """Boosting a combat card: only when it changes the combat damage, with the card whose
    boost beats what it would do later."""
    side = player_side(game, d.seat)
    best_i, best_gain = 0, 0.0
    for i, c in enumerate(d.options):
        if c is None:
            continue
        useful = combat_boost_gain(game, side, c.boost)
        if useful is not None and useful <= 0:
            continue                         # the revealed values already decide it
        later = max(0.0, (c.value or 0) - 2.5) if c.kind in (ATTACK, VERSATILE) else (
            1.0 if c.kind == DEFENSE else 1.5)
        if side is not None and card_worth(c, side) < 0.5:
            later = 0.0
        gain = c.boost - later
        if gain > best_gain:
            best_i, best_gain = i, gain
    return best_i


def h_discard_for_value(bot, game, d) -> int:
    """Discard a card for +N (Unbridled Rage): the least useful one, while it still changes
    the combat damage; option 0 stops."""
    side = player_side(game, d.seat)
    gain = combat_boost_gain(game, side, d.context.get("bonus", 0))
    return lowest_worth(d.options, side, start=1) if gain else 0


def h_scheme_card(bot, game, d) -> int:
    return 0


def h_effect_fighter(bot, game, d) -> int:
    """Pick a fighter for an effect: damage goes to enemies, recovery to the most hurt friend."""
    side = player_side(game, d.seat)
    opts = d.options
    prompt = d.prompt.lower()
    team = side.team if side is not None else 0
    friends = [i for i, f in enumerate(opts) if f is not None and f.side.team == team]
    foes = [i for i, f in enumerate(opts) if f is not None and f.side.team != team]
    none = [i for i, f in enumerate(opts) if f is None]
    if "damage" in prompt:
        if foes:
            return min(foes, key=lambda i: (opts[i].kind == VILLAIN, opts[i].health))
        if none:
            return none[0]
        return max(friends, key=lambda i: (opts[i].kind == HERO, opts[i].health)) if friends else 0
    if "recover" in prompt:
        if friends:
            return max(friends, key=lambda i: (opts[i].max_health - opts[i].health, opts[i].kind == HERO))
        return none[0] if none else 0
    if friends:
        return min(friends, key=lambda i: (opts[i].kind != HERO, i))
    return 0


def h_choose_one(bot, game, d) -> int:
    side = player_side(game, d.seat)
    hero = side.fighters[0] if side is not None else None
    if hero is not None and hero.alive and bot.hurt(hero):
        for i, label in enumerate(d.labels):
            if "recover" in label.lower() or "heal" in label.lower():
                return i
    return 0


def h_place(bot, game, d) -> int:
    """Place one of our fighters: next to the villain, or far from enemies when hurt."""
    opts = d.options
    spaces = [i for i, s in enumerate(opts) if s is not None]
    if not spaces:
        return 0
    side = player_side(game, d.seat)
    dist = game.board.dist
    enemies = enemy_fighters(game)
    if not enemies:
        return spaces[0]
    hero = side.fighters[0] if side is not None else None
    if hero is not None and bot.hurt(hero):
        return max(spaces, key=lambda i: min(dist[e.space][opts[i]] for e in enemies))
    v = the_villain(game)
    goal = v.space if v is not None else enemies[0].space
    return min(spaces, key=lambda i: abs(dist[opts[i]][goal] - 1))


def h_villain_question(bot, game, d) -> int:
    """The villain's own questions (may this fighter remove Foot soldiers, deactivate a
    machine): its facts answer them (adventures/villains/<name>_bots.py)."""
    return facts_of(game).answer(bot, game, d)


def h_reroll(bot, game, d) -> int:
    return reroll_choice(game, d)


def h_dig(bot, game, d) -> int:
    side = player_side(game, d.seat)
    return max(range(len(d.options)), key=lambda i: card_worth(d.options[i], side) if side else 0)


def h_scry(bot, game, d) -> int:
    """Keep a good card on top of the deck, discard a poor one."""
    card = d.context.get("card")
    side = player_side(game, d.seat)
    keep = card is None or side is None or card_worth(card, side) >= 3.0
    i = index_of_value(d.options, keep)
    return 0 if i is None else i


def h_effect_space(bot, game, d) -> int:
    """A space for an area effect on opposing fighters: the one on and next to the most of them
    (a fighter on the space itself counts double: Restless Spirits hits only the chosen spaces)."""
    side = player_side(game, d.seat)
    team = side.team if side is not None else 0
    foes = [f for f in game.fighters if f.side.team != team]
    adj = game.board.adj

    def hits(s):
        return sum((3 if f.kind == VILLAIN else 1) * (2 if f.space == s else 1)
                   for f in foes if f.space == s or f.space in adj[s])
    return max(range(len(d.options)), key=lambda i: hits(d.options[i]))


def h_double_identity(bot, game, d) -> int:
    """Double Identity: let the other fighter defend only if it has more health left."""
    me, partner = d.context.get("defender"), d.context.get("partner")
    i = index_of_value(d.options, me is not None and partner is not None and partner.health > me.health)
    return 0 if i is None else i


def h_peek_top(bot, game, d) -> int:
    """A peeked top card: keep a good one on our own deck, bury a strong one on another's."""
    card, side = d.context.get("card"), d.context.get("side")
    me = player_side(game, d.seat)
    if card is None or side is None or me is None:
        return 0
    strong = (card.value or 0) >= 3 or card.kind == SCHEME
    keep = strong if side is me else not strong
    return index_of_value(d.options, keep) or 0


HANDLERS = {
    tags.ACTION: h_action,
    tags.ATTACK_TARGET: h_attack_target,
    tags.ATTACK_CARD: h_attack_card,
    tags.DEFENSE_CARD: h_defense_card,
    tags.BOOST: h_boost,
    tags.MOVE_FIGHTER: h_move_fighter,
    tags.MOVE_DEST: h_move_dest,
    tags.MOVE_ROUTE: h_move_route,
    tags.HAND_LIMIT: h_hand_limit,
    tags.DISCARD: h_hand_limit,
    tags.FROM_DISCARD: h_from_discard,
    tags.BOOST_ATTACK: h_boost_attack,
    tags.SCHEME_CARD: h_scheme_card,
    tags.EFFECT_FIGHTER: h_effect_fighter,
    tags.CHOOSE_ONE: h_choose_one,
    tags.PLACE: h_place,
    tags.FOOT_REMOVER: h_villain_question,
    tags.DEACTIVATE_MACHINE: h_villain_question,
    tags.REROLL: h_reroll,
    tags.DIG: h_dig,
    tags.KEEP_CARD: h_dig,              # keep the best cards...
    tags.ORDER_CARD: h_dig,             # ...and put the best next on top
    tags.EFFECT_SPACE: h_effect_space,
    tags.SCRY: h_scry,
    tags.MAY: default_choice,           # optional effects of our own cards are meant to help
    tags.SCHEME_FIGHTER: default_choice,
    tags.START_SPACE: default_choice,
    tags.PLACE_SIDEKICK: default_choice,  # options come nearest to the hero first
    tags.DISCARD_FOR_VALUE: h_discard_for_value,
    tags.PEEK_TOP: h_peek_top,
    tags.DOUBLE_IDENTITY: h_double_identity,
    tags.UNDER_DECK: h_hand_limit,       # slide the least useful card under the deck
    tags.REMOVE_CARD: h_hand_limit,      # inventions: remove the least useful discards (never "stop")
}

# Asked of a seat and answered with the first option on purpose (the engine lists the
# natural default first).
FIRST_OPTION = frozenset({
    tags.EFFECT_ORDER,        # own card effect first: abilities rarely depend on the card's result
    tags.CHOOSE_OPPONENT,     # free-for-all only: the co-op game has one opposing team
    tags.ALICE_SIZE,          # BIG first: most of her cards attack
    tags.PEEK_DECK,           # own deck first
    tags.FOOT_SOLDIER_PATH,   # the add-on hero decks play competitive games (adventures.bots.duelist)
    tags.CLEAR_FOOT_SOLDIERS,
    tags.REROLL_DIE,
})

# "Players choose" decisions: TablePolicy answers them, never a seat (Adventures p.13).
TABLE_ONLY = frozenset({tags.ENEMY_TARGET, tags.ENEMY_ROUTE, tags.PLACE_MINION, tags.PLACE_TOKEN,
                        tags.PLACE_FOOT, tags.CHOOSE_PLAYER, tags.FOOT_BOROUGH})
