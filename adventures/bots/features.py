"""Features of a decision's options, for the strong bot's ranker (issue 27).

`option_features(bot, game, decision, pick)` gives one short sparse vector per option,
[(slot, value), ...] over the slots named in `FEATURES`, computed only from what the
deciding seat can see: the option itself (a card in its own hand, a space, a fighter on
the board), the board, its own side, and the enemies' possible cards as the heuristic
bot reads them (`adventures.bots.reading`, which asks `adventures.rules.view`). The
heuristic's own pick is the first feature; the others let the ranker learn where the
expert departs from it.

Cheap on purpose: a few lookups per option, no copy of the game, so the strong bot stays
within a small multiple of the heuristic's CPU per decision (`adventures bench --bot`).
Changing the list (names, order, meaning) changes `FEATURES_VERSION`: a parameter file
trained on other features is then outdated and refused (`adventures.bots.strong`).
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
    player_side,
    the_villain,
    usable,
)
from adventures.rules import tags
from engine.state import ATTACK, DEFENSE, HERO, SCHEME, SIDEKICK, VERSATILE, VILLAIN

FEATURES_VERSION = 1

FEATURES = (
    # every option
    "heuristic_pick", "first_option", "pass",
    # an action
    "act_attack", "act_maneuver", "act_scheme", "act_other",
    "act_attack_x_health", "act_maneuver_x_urgency", "act_scheme_x_hand", "act_maneuver_x_health",
    # a card from the seat's own hand
    "card_value", "card_boost", "card_attack", "card_defense", "card_versatile", "card_scheme",
    "card_worth", "card_value_x_hurt", "card_worth_x_hand",
    "def_blocks", "def_covers_all",
    # a space to move to
    "move_to_villain", "move_in_range", "move_safety", "move_safety_x_hurt", "move_length", "move_ally",
    # a fighter (an effect's target, or an attack's attacker and target)
    "fighter_enemy", "fighter_villain", "fighter_hero", "fighter_health", "fighter_hurt",
    "attack_expected", "attack_kill", "attack_by_sidekick",
    # yes/no and other options
    "yes",
)
SLOT = {name: i for i, name in enumerate(FEATURES)}

# The decisions the strong bot ranks (the ones the expert searches); others go to the heuristic.
RANKED = (tags.ACTION, tags.ATTACK_TARGET, tags.ATTACK_CARD, tags.DEFENSE_CARD, tags.BOOST, tags.BOOST_ATTACK,
          tags.MOVE_DEST, tags.SCHEME_CARD, tags.FOOT_REMOVER, tags.DEACTIVATE_MACHINE, tags.EFFECT_FIGHTER)

_H = SLOT["heuristic_pick"]
_FIRST = SLOT["first_option"]
_PASS = SLOT["pass"]
_YES = SLOT["yes"]
_KIND = {ATTACK: SLOT["card_attack"], DEFENSE: SLOT["card_defense"], VERSATILE: SLOT["card_versatile"],
         SCHEME: SLOT["card_scheme"]}
_ACTS = {"attack": SLOT["act_attack"], "maneuver": SLOT["act_maneuver"], "scheme": SLOT["act_scheme"]}


class _Context:
    """Per-decision facts shared by every option (computed once)."""

    __slots__ = ("side", "health", "hurt", "hand", "urgency")

    def __init__(self, bot, game, decision):
        side = self.side = player_side(game, decision.seat)
        hero = side.fighters[0] if side is not None and side.fighters else None
        self.health = hero.health / max(1, hero.max_health) if hero is not None and hero.alive else 0.0
        self.hurt = 1.0 - self.health
        self.hand = len(side.hand) / HAND_LIMIT if side is not None else 0.0
        self.urgency = 0.0
        if getattr(game, "adv", None) is not None and decision.tag == tags.ACTION:
            self.urgency = bot.pressure(game)[2] / 3.0


def option_features(bot, game, decision, pick: int, hidden_hands: bool = False) -> list[list[tuple[int, float]]]:
    """[(slot, value), ...] for every option of `decision`; `bot` is the heuristic bot that
    answered `pick` (its memoised reads are reused)."""
    ctx = _Context(bot, game, decision)
    tag = decision.tag
    opts = decision.options
    extra = _decision_facts(bot, game, decision, ctx, hidden_hands)
    out = []
    for i, o in enumerate(opts):
        f: list[tuple[int, float]] = []
        if i == pick:
            f.append((_H, 1.0))
        if i == 0:
            f.append((_FIRST, 1.0))
        if o is None or o is False:
            f.append((_PASS, 1.0))
        elif o is True:
            f.append((_YES, 1.0))
        elif isinstance(o, str):
            _action(f, o, ctx)
        elif tag == tags.MOVE_DEST and isinstance(o, int):
            _space(f, o, game, extra)
        elif isinstance(o, int):
            f.append((_YES, 1.0))
        elif isinstance(o, tuple) and len(o) == 2:
            _attack(f, o, game, ctx, bot)
        elif hasattr(o, "boost") and hasattr(o, "kind"):
            _card(f, o, ctx, extra)
        elif hasattr(o, "health"):
            _fighter(f, o, ctx)
        else:
            f.append((SLOT["act_other"], 1.0))
        out.append(f)
    return out


def _decision_facts(bot, game, decision, ctx, hidden_hands: bool):
    """What some tags read once per decision: an enemy's possible attack values at a
    defence (as the seat sees them), the move's geometry."""
    tag = decision.tag
    if tag == tags.DEFENSE_CARD:
        attacker = decision.context.get("attacker")
        if attacker is None or not attacker.is_enemy:
            return None
        combat = game.combat
        face_down = combat.att_card if combat is not None else None
        atts = attack_values(game, attacker, face_down, decision.seat, hidden_hands)
        return sum(atts) / len(atts), max(atts)
    if tag == tags.MOVE_DEST:
        f = decision.context.get("fighter")
        if f is None or f.is_enemy or f.space is None:
            return None
        board = game.board
        enemies = enemy_fighters(game)
        v = the_villain(game)
        return (board, f, [e.space for e in enemies], v, attack_spaces(board, f.ranged, v.space) if v else None,
                ally_space(game), 1.0 if bot.hurt(f) else 0.0)
    return None


def _action(f, o: str, ctx) -> None:
    slot = _ACTS.get(o)
    if slot is None:
        f.append((SLOT["act_other"], 1.0))
        return
    f.append((slot, 1.0))
    if o == "attack":
        f.append((SLOT["act_attack_x_health"], ctx.health))
    elif o == "maneuver":
        f.append((SLOT["act_maneuver_x_urgency"], ctx.urgency))
        f.append((SLOT["act_maneuver_x_health"], ctx.health))
    else:
        f.append((SLOT["act_scheme_x_hand"], ctx.hand))


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
    if extra is not None:                      # a defence: what this card stops of the possible attack
        mean_att, max_att = extra
        d = (c.defense if c.defense is not None else value) if c.kind in (DEFENSE, VERSATILE) else 0
        f.append((SLOT["def_blocks"], min(d, mean_att) / 5.0))
        if d >= max_att:
            f.append((SLOT["def_covers_all"], 1.0))


def _space(f, s: int, game, extra) -> None:
    if extra is None:
        return
    board, fighter, enemy_spaces, v, aim, recruit, hurt = extra
    dist = board.dist
    row = dist[s]
    if v is not None:
        if s in aim:
            f.append((SLOT["move_in_range"], 1.0))
        else:
            f.append((SLOT["move_to_villain"], min(10, row[v.space] - 1) / 10.0))
    if enemy_spaces:
        safe = min(ENEMY_MOVE + 2, min((row[e] for e in enemy_spaces), default=FAR)) / (ENEMY_MOVE + 2)
        f.append((SLOT["move_safety"], safe))
        f.append((SLOT["move_safety_x_hurt"], safe * hurt))
    f.append((SLOT["move_length"], min(10, dist[fighter.space][s]) / 10.0))
    if recruit is not None and s == recruit:
        f.append((SLOT["move_ally"], 1.0))


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


def _attack(f, o, game, ctx, bot) -> None:
    attacker, target = o
    _fighter(f, target, ctx)
    if attacker.kind == SIDEKICK:
        f.append((SLOT["attack_by_sidekick"], 1.0))
    side = ctx.side
    if side is None:
        return
    vals = [c.value or 0 for c in side.hand if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, attacker)]
    if not vals:
        return
    value = max(vals)
    defs = defense_values(game, target)
    f.append((SLOT["attack_expected"], expected_damage(value, defs) / 5.0))
    kills = sum(1 for d in defs if value - d >= target.health) / len(defs)
    if kills:
        f.append((SLOT["attack_kill"], kills))
