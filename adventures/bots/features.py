"""Features of a decision's options, for the strong bot's ranker (issue 27).

`option_features(bot, game, decision, pick)` gives one short sparse vector per option,
[(slot, value), ...] over the slots named in `FEATURES`, computed only from what the
deciding seat can see: the option itself (a card in its own hand, a space, a fighter on
the board), the board, its own side, the villain's track, and the enemies' possible cards
as the heuristic bot reads them (`adventures.bots.reading`, which asks
`adventures.rules.view`).

Three groups of slots:
* the option's own facts (a card's value, boost, kind, effects and identity; a space's
  distance to the villain and to danger; a target's health and expected damage);
* the kind of option (attack, maneuver, scheme; a card or no card; yes or no) crossed
  with the position (`CONTEXT`: health, hand size, the villain's health, the threat
  track, the objective, which action of the turn...), so that a linear ranker can learn
  *when* the expert prefers a maneuver to an attack, or spending a card to keeping it;
* the heuristic bot's own pick, the prior the others correct.

A card's identity is one of `CARD_REFS` slots, from a stable hash of its name (crc32, the
same in every process): effects a few numbers cannot describe (Leonardo's "Turtle
Power!", a boost card that is worth little to its hero) get their own weight per kind of
decision. The first family had 64 slots (`card_id_*`), too few for 151 card names:
Medusa's cards shared 4 slots with Michelangelo's, so a weight learned for one hero's
card moved another's. It stays computed for the rankers trained on it.

Cheap on purpose: a few lookups per option, no copy of the game, so the strong bot stays
within a small multiple of the heuristic's CPU per decision (`adventures bench --bot`).
A feature's name stands for what it computes, for good: a feature computed another way
gets a new name. A ranker records the names it was trained on and weighs only those (a
feature added later counts 0 for it); a ranker naming a feature this program no longer
computes is outdated and refused (`adventures.bots.strong`).
"""
from __future__ import annotations

from zlib import crc32

from adventures.bots.heuristic import can_attack_now
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
    player_side,
    the_villain,
    usable,
)
from adventures.bots.villain_facts import facts_of
from adventures.rules import tags
from engine.state import ATTACK, DEFENSE, HERO, SCHEME, SIDEKICK, VERSATILE, VILLAIN

# The position, as the deciding seat sees it (each in about [0, 1]). "hand" is the hand
# against the usual limit of 7, "hand_share" against the hero's own limit (Michelangelo
# keeps 3: 3 cards is a full hand for him, not a short one).
CONTEXT = ("bias", "health", "hurt", "hand", "hand_low", "villain_health", "threat", "objective",
           "round", "second_action", "urgency", "objective_spread", "best_attack", "in_position", "deck",
           "hand_share", "hand_full")
# Kinds of option crossed with the position.
KINDS = ("attack", "maneuver", "scheme", "other_action", "card", "no_card", "yes", "no")
CARD_IDS = 64        # the first card identity family (rankers trained on it still name it)
CARD_REFS = 512      # the card identity family: 31 of the 151 card names share a slot (with 64 slots, 137 do)

FEATURES = (
    "heuristic_pick", "first_option",
    *(f"{k}*{c}" for k in KINDS for c in CONTEXT),
    # a card from the seat's own hand
    "card_value", "card_boost", "card_attack", "card_defense", "card_versatile", "card_scheme",
    "card_worth", "card_value_x_hurt", "card_worth_x_hand", "card_effects", "card_immediately",
    "card_during", "card_after", "card_own_fighter", "card_boost_reaches", "card_boost_short",
    "def_blocks", "def_covers_all", "def_short",
    *(f"card_id_{i:02d}" for i in range(CARD_IDS)),
    *(f"card_ref_{i:03d}" for i in range(CARD_REFS)),
    # a space to move to
    "move_stay", "move_to_villain", "move_in_range", "move_in_range_x_hand", "move_safety",
    "move_safety_x_hurt", "move_threats", "move_length", "move_ally", "move_wired", "move_to_wired",
    "move_in_range_weak", "move_sweep", "move_sweep_x_urgency",
    # a fighter (an effect's target, or an attack's attacker and target)
    "fighter_enemy", "fighter_villain", "fighter_hero", "fighter_health", "fighter_hurt",
    "attack_expected", "attack_kill", "attack_by_sidekick",
)
SLOT = {name: i for i, name in enumerate(FEATURES)}
_CROSS = {k: [SLOT[f"{k}*{c}"] for c in CONTEXT] for k in KINDS}

# The decisions the strong bot ranks (the ones the expert searches); others go to the heuristic.
RANKED = (tags.ACTION, tags.ATTACK_TARGET, tags.ATTACK_CARD, tags.DEFENSE_CARD, tags.BOOST, tags.BOOST_ATTACK,
          tags.MOVE_DEST, tags.SCHEME_CARD, tags.FOOT_REMOVER, tags.DEACTIVATE_MACHINE, tags.EFFECT_FIGHTER)
CARD_TAGS = frozenset({tags.ATTACK_CARD, tags.DEFENSE_CARD, tags.BOOST, tags.BOOST_ATTACK, tags.SCHEME_CARD})

_H = SLOT["heuristic_pick"]
_FIRST = SLOT["first_option"]
_KIND = {ATTACK: SLOT["card_attack"], DEFENSE: SLOT["card_defense"], VERSATILE: SLOT["card_versatile"],
         SCHEME: SLOT["card_scheme"]}
_TIMING = {"immediately": SLOT["card_immediately"], "during_combat": SLOT["card_during"],
           "after_combat": SLOT["card_after"]}
_ACTS = {"attack": "attack", "maneuver": "maneuver", "scheme": "scheme"}
_CARD_ID0 = SLOT["card_id_00"]
_CARD_REF0 = SLOT["card_ref_000"]
_card_ids: dict[str, tuple[int, int]] = {}


def card_id_slots(name: str) -> tuple[int, int]:
    """The identity slots of a card name in both families (a stable hash: the same in every process)."""
    s = _card_ids.get(name)
    if s is None:
        h = crc32(name.encode("utf-8"))
        s = _card_ids[name] = (_CARD_ID0 + h % CARD_IDS, _CARD_REF0 + h % CARD_REFS)
    return s


class _Context:
    """Per-decision facts shared by every option (computed once)."""

    __slots__ = ("side", "hero", "health", "hurt", "hand", "vector", "need")

    def __init__(self, bot, game, decision):
        side = self.side = player_side(game, decision.seat)
        hero = self.hero = side.fighters[0] if side is not None and side.fighters else None
        alive = hero is not None and hero.alive
        self.health = hero.health / max(1, hero.max_health) if alive else 0.0
        self.hurt = 1.0 - self.health
        n_hand = len(side.hand) if side is not None else 0
        self.hand = n_hand / HAND_LIMIT
        self.need = None
        adv = getattr(game, "adv", None)
        v = adv.villain.fighters[0] if adv is not None else None
        tag = decision.tag
        best = position = urgency = spread = 0.0
        if adv is not None and side is not None:
            _, extra, urgency = bot.pressure(game)
            urgency /= 3.0
            spread = min(extra, 4) / 4.0
            if tag == tags.ACTION:
                best = min(5.0, bot.best_attack(game, side)[0] / 4.0) / 5.0
                position = 1.0 if can_attack_now(game.board, side, enemy_fighters(game)) else 0.0
        self.vector = (
            1.0, self.health, 1.0 if alive and bot.hurt(hero) else 0.0, self.hand, 1.0 if n_hand <= 1 else 0.0,
            v.health / max(1, v.max_health) if v is not None else 0.0,
            adv.threat / max(1, adv.track_length - 1) if adv is not None else 0.0,
            adv.completions / 4.0 if adv is not None else 0.0,
            min(game.round, 12) / 12.0,
            1.0 if side is not None and side.actions_left <= 1 else 0.0,
            urgency, spread, best, position,
            min(len(side.deck), 30) / 30.0 if side is not None else 0.0,
            min(1.0, n_hand / max(1, side.hand_limit)) if side is not None else 0.0,
            1.0 if side is not None and n_hand >= side.hand_limit else 0.0,
        )


def _cross(f: list, kind: str, ctx: _Context) -> None:
    for slot, x in zip(_CROSS[kind], ctx.vector):
        if x:
            f.append((slot, x))


def option_features(bot, game, decision, pick: int) -> list[list[tuple[int, float]]]:
    """[(slot, value), ...] for every option of `decision`; `bot` is the heuristic bot that
    answered `pick` (its memoised reads are reused)."""
    ctx = _Context(bot, game, decision)
    tag = decision.tag
    opts = decision.options
    extra = _decision_facts(bot, game, decision, ctx)
    out = []
    for i, o in enumerate(opts):
        f: list[tuple[int, float]] = []
        if i == pick:
            f.append((_H, 1.0))
        if i == 0:
            f.append((_FIRST, 1.0))
        if tag == tags.ACTION:
            _cross(f, _ACTS.get(o, "other_action") if isinstance(o, str) else "other_action", ctx)
        elif tag in CARD_TAGS:
            if hasattr(o, "boost") and hasattr(o, "kind"):
                _cross(f, "card", ctx)
                _card(f, o, ctx, extra)
            else:
                _cross(f, "no_card", ctx)
        elif tag == tags.MOVE_DEST and isinstance(o, int) and not isinstance(o, bool):
            _space(f, o, game, extra, ctx)
        elif o is None or o is False:
            _cross(f, "no", ctx)
        elif o is True or isinstance(o, int):
            _cross(f, "yes", ctx)
        elif isinstance(o, tuple) and len(o) == 2 and hasattr(o[1], "health"):
            _attack(f, o, game, ctx)
        elif hasattr(o, "health"):
            _fighter(f, o, ctx)
        else:
            _cross(f, "yes", ctx)
        out.append(f)
    return out


def _decision_facts(bot, game, decision, ctx):
    """What some tags read once per decision: an enemy's possible attack values at a
    defence (as the seat sees them), the steps a maneuver lacks to reach the villain, the
    move's geometry."""
    tag = decision.tag
    if tag == tags.DEFENSE_CARD:
        attacker = decision.context.get("attacker")
        if attacker is None or not attacker.is_enemy:
            return None
        combat = game.combat
        face_down = combat.att_card if combat is not None else None
        atts = attack_values(game, attacker, face_down, decision.seat)
        return "defense", sum(atts) / len(atts), max(atts)
    if tag == tags.BOOST:
        side, hero = ctx.side, ctx.hero
        v = the_villain(game)
        if side is None or hero is None or not hero.alive or hero.space is None or v is None:
            return None
        board = game.board
        need = 0 if in_range(board, hero, hero.space, v.space) else board.dist[hero.space][v.space] - 1
        return "boost", need - side.move
    if tag == tags.MOVE_DEST:
        f = decision.context.get("fighter")
        if f is None or f.is_enemy or f.space is None:
            return None
        board = game.board
        enemies = enemy_fighters(game)
        v = the_villain(game)
        # the villain's duty: spaces where standing does it (Krang's wired spaces), what a route
        # there does for it (Shredder's Foot soldiers swept)
        wired, sweep = facts_of(game).move_facts(bot, game, f, decision.context.get("steps", f.side.move))
        weak: set[int] = set()
        for e in enemies:
            if e.kind != VILLAIN and e.health <= 3:
                weak |= attack_spaces(board, f.ranged, e.space)
        return (board, f, [e.space for e in enemies], v, attack_spaces(board, f.ranged, v.space) if v else None,
                ally_space(game), 1.0 if bot.hurt(f) else 0.0, wired, weak, sweep)
    return None


_URGENCY = CONTEXT.index("urgency")


def _card(f, c, ctx, extra) -> None:
    value = c.value or 0
    f.append((SLOT["card_value"], value / 5.0))
    f.append((SLOT["card_boost"], c.boost / 5.0))
    kind = _KIND.get(c.kind)
    if kind is not None:
        f.append((kind, 1.0))
    worth = card_worth(c, ctx.side) / 5.0 if ctx.side is not None else value / 5.0
    f.append((SLOT["card_worth"], worth))
    f.append((SLOT["card_value_x_hurt"], value / 5.0 * ctx.hurt))
    f.append((SLOT["card_worth_x_hand"], worth * ctx.hand))
    if c.effects:
        f.append((SLOT["card_effects"], min(3, len(c.effects)) / 3.0))
        for e in c.effects:
            slot = _TIMING.get(e.timing)
            if slot is not None:
                f.append((slot, 1.0))
    if c.fighter != "any":
        f.append((SLOT["card_own_fighter"], 1.0))
    old, ref = card_id_slots(c.name)
    f.append((old, 1.0))
    f.append((ref, 1.0))
    if extra is None:
        return
    if extra[0] == "defense":                  # what this card stops of the possible attack
        _, mean_att, max_att = extra
        d = (c.defense if c.defense is not None else value) if c.kind in (DEFENSE, VERSATILE) else 0
        f.append((SLOT["def_blocks"], min(d, mean_att) / 5.0))
        if d >= max_att:
            f.append((SLOT["def_covers_all"], 1.0))
        else:
            f.append((SLOT["def_short"], (max_att - d) / 5.0))
    elif extra[0] == "boost":                  # does its boost bring the hero in range of the villain?
        gap = extra[1]
        if gap > 0:
            if c.boost >= gap:
                f.append((SLOT["card_boost_reaches"], 1.0))
            else:
                f.append((SLOT["card_boost_short"], (gap - c.boost) / 5.0))


def _space(f, s: int, game, extra, ctx) -> None:
    if extra is None:
        return
    board, fighter, enemy_spaces, v, aim, recruit, hurt, wired, weak, sweep = extra
    dist = board.dist
    row = dist[s]
    if s == fighter.space:
        f.append((SLOT["move_stay"], 1.0))
    if v is not None:
        if s in aim:
            f.append((SLOT["move_in_range"], 1.0))
            f.append((SLOT["move_in_range_x_hand"], ctx.hand))
        else:
            f.append((SLOT["move_to_villain"], min(10, row[v.space] - 1) / 10.0))
    if s in weak:
        f.append((SLOT["move_in_range_weak"], 1.0))
    if enemy_spaces:
        safe = min(ENEMY_MOVE + 2, min((row[e] for e in enemy_spaces), default=FAR)) / (ENEMY_MOVE + 2)
        f.append((SLOT["move_safety"], safe))
        f.append((SLOT["move_safety_x_hurt"], safe * hurt))
        threats = sum(1 for e in enemy_spaces if row[e] <= ENEMY_MOVE + 1)
        if threats:
            f.append((SLOT["move_threats"], min(threats, 3) / 3.0))
    f.append((SLOT["move_length"], min(10, dist[fighter.space][s]) / 10.0))
    if recruit is not None and s == recruit:
        f.append((SLOT["move_ally"], 1.0))
    if sweep:
        got = sweep.get(s)
        if got:
            f.append((SLOT["move_sweep"], min(got, 3.0) / 3.0))
            f.append((SLOT["move_sweep_x_urgency"], min(got, 3.0) / 3.0 * ctx.vector[_URGENCY]))
    if wired:
        if s in wired:
            f.append((SLOT["move_wired"], 1.0))
        else:
            f.append((SLOT["move_to_wired"], min(10, min(row[w] for w in wired)) / 10.0))


def _fighter(f, x, ctx) -> None:
    mine = ctx.side is not None and x.side.team == ctx.side.team
    if not mine:
        f.append((SLOT["fighter_enemy"], 1.0))
    if x.kind == VILLAIN:
        f.append((SLOT["fighter_villain"], 1.0))
    elif x.kind == HERO:
        f.append((SLOT["fighter_hero"], 1.0))
    f.append((SLOT["fighter_health"], min(x.health, 20) / 10.0))
    f.append((SLOT["fighter_hurt"], 1.0 - x.health / max(1, x.max_health)))


def _attack(f, o, game, ctx) -> None:
    attacker, target = o
    _fighter(f, target, ctx)
    if getattr(attacker, "kind", None) == SIDEKICK:
        f.append((SLOT["attack_by_sidekick"], 1.0))
    side = ctx.side
    if side is None or not hasattr(attacker, "side"):
        return
    vals = [c.value or 0 for c in side.hand if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, attacker)]
    if not vals:
        return
    value = max(vals)
    defs = defense_values(game, target, side.index)
    f.append((SLOT["attack_expected"], expected_damage(value, defs) / 5.0))
    kills = sum(1 for d in defs if value - d >= target.health) / len(defs)
    if kills:
        f.append((SLOT["attack_kill"], kills))
