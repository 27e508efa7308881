"""Why a bot's pick is a good one: one plain line built from what the bots already read.

The app's Suggest (adventures/app/suggest.py) names the option and says what speaks for it,
in facts a player can check on the board: "Attack Shredder with Katana: 4 against a likely
defence of 2; Shredder has 3 health left". Every fact is read from the deciding seat's view
(`adventures.bots.reading`, which asks `adventures.rules.view`): an enemy's likely values
are those of the cards its next reveal may be as this seat sees them, never the real next
card; an opposing player's hidden hand is guessed as the competitive bot guesses it. A card
is named through `name_card`, which the app points at `rules.view.may_see` for whoever is
looking, so a card of a hidden hand is never named to somebody who may not see it.

Nothing here chooses: the pick comes from the bot, this only explains it. `COVERED` lists
the decision kinds with a reason of their own; others get the option and "rule of thumb".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from statistics import median_low

from adventures.bots.reading import (
    ENEMY_MOVE,
    HAND_LIMIT,
    active_machines,
    ally_space,
    attack_values,
    card_worth,
    clearable_foot,
    defense_values,
    enemy_fighters,
    foot_soldiers,
    objective_pressure,
    player_side,
    sweep_routes,
    the_villain,
    usable,
)
from adventures.rules import tags
from engine.state import ATTACK, HERO, SCHEME, SIDEKICK, VERSATILE, VILLAIN, Card

GUESSED_DEFENSE = 2        # an opposing player's hidden hand (as adventures.bots.duelist guesses it)
GUESSED_ATTACK = 4

# The decision kinds with a reason of their own (tests check each names its option and a reason).
COVERED = frozenset({
    tags.ACTION, tags.ATTACK_TARGET, tags.ATTACK_CARD, tags.DEFENSE_CARD, tags.BOOST, tags.BOOST_ATTACK,
    tags.MOVE_FIGHTER, tags.MOVE_DEST, tags.MOVE_ROUTE, tags.START_SPACE, tags.PLACE_SIDEKICK, tags.PLACE,
    tags.EFFECT_FIGHTER, tags.FOOT_REMOVER, tags.DEACTIVATE_MACHINE, tags.HAND_LIMIT, tags.DISCARD,
    tags.SCHEME_CARD, tags.ENEMY_TARGET, tags.ENEMY_ROUTE, tags.PLACE_MINION, tags.PLACE_TOKEN,
    tags.PLACE_FOOT, tags.MAY, tags.CHOOSE_PLAYER, tags.REROLL, tags.DISCARD_FOR_VALUE, tags.UNDER_DECK,
})
RULE_OF_THUMB = "the bot's rule of thumb for this question"


@dataclass
class Explanation:
    what: str                                       # the option, as a player would say it
    why: str = ""                                   # what speaks for it ("" : rule of thumb)
    spaces: list[int] = field(default_factory=list)  # board spaces the reason is about

    @property
    def line(self) -> str:
        return f"{self.what}: {self.why or RULE_OF_THUMB}"


def explain(game, decision, index: int, seat: int | None = None, name_card=None) -> Explanation:
    """Why option `index` of `decision`, from `seat`'s view (default: the deciding seat).
    `name_card(card) -> str` names a card to whoever is looking (default: its name)."""
    r = _Reader(game, decision, decision.seat if seat is None else seat, name_card)
    handler = HANDLERS.get(decision.tag)
    try:
        out = handler(r, index) if handler is not None else None
    except (IndexError, KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        out = None                                  # an unusual question: say less, never fail
    return out if out is not None else Explanation(r.option_words(index))


def spaces_word(n: int) -> str:
    return f"{n} space{'s' if n != 1 else ''}"


class _Reader:
    """The facts of one decision, as the seat sees them."""

    def __init__(self, game, decision, seat: int, name_card):
        self.game = game
        self.d = decision
        self.seat = seat
        self.name_card = name_card or (lambda c: c.name)
        self.coop = getattr(game, "adv", None) is not None
        self.side = player_side(game, decision.seat) if decision.seat >= 0 else None

    # ------------------------------------------------------------ words
    def card(self, c) -> str:
        return self.name_card(c)

    def no(self, s: int) -> str:
        return str(self.game.board.ids[s])

    def option_words(self, i: int) -> str:
        """The option as its label says it, with a card of a hidden hand left unnamed."""
        o = self.d.options[i]
        cards = [o] if isinstance(o, Card) else [x for x in o if isinstance(x, Card)] if isinstance(o, tuple) else []
        label = self.d.label(i)
        for c in cards:
            shown = self.card(c)
            if shown != c.name:
                label = label.replace(c.name, shown)
        return label[:1].upper() + label[1:]

    # ------------------------------------------------------------ the opposition
    def foes(self, side=None) -> list:
        """Opposing fighters on the board: enemies in co-op, other teams in competitive play."""
        side = side or self.side
        if self.coop:
            return enemy_fighters(self.game)
        team = side.team if side is not None else None
        return [f for f in self.game.fighters if f.alive and f.space is not None and f.side.team != team]

    def goal(self, side=None):
        """Who the side works towards: the villain, else the nearest opposing hero."""
        if self.coop:
            v = the_villain(self.game)
            return v if v is not None else next(iter(self.foes(side)), None)
        foes = self.foes(side)
        return next((f for f in foes if f.kind == HERO), foes[0] if foes else None)

    def defences(self, target) -> tuple[int, str]:
        """(likely defence, how it is known) of a fighter the seat attacks."""
        if target.is_enemy:
            return median_low(defense_values(self.game, target, self.seat)), "a likely defence of"
        if not target.side.hand:
            return 0, "no card in hand to defend with: a defence of"
        return GUESSED_DEFENSE, "a guessed defence of"

    def attacks(self, attacker) -> tuple[list[int], str]:
        """(possible attack values, how known) of a fighter attacking the seat's."""
        if attacker.is_enemy:
            combat = self.game.combat
            face_down = combat.att_card if combat is not None and combat.attacker is attacker else None
            return attack_values(self.game, attacker, face_down, self.seat), "likely"
        return [GUESSED_ATTACK], "guessed at"

    def blow(self, value: int, target) -> str:
        """'4 against a likely defence of 2; Shredder has 3 health left'."""
        d, how = self.defences(target)
        worst = max(defense_values(self.game, target, self.seat)) if target.is_enemy else d
        if value - worst >= target.health:
            end = f"enough to defeat {target.name} ({target.health} health left) whatever the defence"
        elif value - d >= target.health:
            end = f"enough to defeat {target.name} ({target.health} health left) unless the defence is higher"
        else:
            end = f"{target.name} has {target.health} health left"
        return f"{value} against {how} {d}; {end}"

    def best_card(self, attacker) -> Card | None:
        hand = self.side.hand if self.side is not None else attacker.side.hand
        cards = [c for c in hand if (c.kind == ATTACK or c.kind == VERSATILE) and usable(c, attacker)]
        return max(cards, key=lambda c: c.value or 0) if cards else None

    def dist(self, a: int, b: int) -> int:
        return self.game.board.dist[a][b]

    def reach(self, fighter, space: int, target) -> bool:
        return self.game.board.reaches(space, target.space, fighter.ranged)

    def steps_to(self, fighter, target, space: int | None = None) -> int:
        """Spaces `fighter` must move (from `space`) to attack `target`."""
        here = fighter.space if space is None else space
        return 0 if self.reach(fighter, here, target) else max(0, self.dist(here, target.space) - 1)


# ---------------------------------------------------------------- the turn
def h_action(r: _Reader, i: int) -> Explanation | None:
    o = r.d.options[i]
    side = r.side
    if side is None:
        return None
    if o == "attack":
        best = best_attack(r)
        if best is None:
            return Explanation("Attack", "an attack is possible now")
        a, t, c = best
        return Explanation("Attack", f"{a.name} can hit {t.name} with {r.card(c)}: {r.blow(c.value or 0, t)}",
                           [t.space])
    if o == "maneuver":
        why = maneuver_reason(r)
        return Explanation("Maneuver", why, maneuver_spaces(r) if "Foot" not in why and "Machine" not in why else [])
    if o == "scheme":
        schemes = [c for c in side.hand if c.kind == SCHEME]
        names = ", ".join(dict.fromkeys(r.card(c) for c in schemes))
        return Explanation("Scheme", f"play {names}: a scheme needs no target" if names else "")
    return Explanation(r.option_words(i), f"an action of {side.name}'s own")


def best_attack(r: _Reader):
    """(attacker, target, card) of the side's strongest attack now, by expected damage."""
    from engine.turn import attack_options
    best, top = None, -1.0
    for a, t in attack_options(r.game, r.side):
        c = r.best_card(a)
        if c is None:
            continue
        d, _ = r.defences(t)
        dmg = min(t.health, max(0, (c.value or 0) - d)) * (3 if t.kind in (VILLAIN, HERO) else 1)
        if dmg > top:
            best, top = (a, t, c), dmg
    return best


def maneuver_reason(r: _Reader) -> str:
    side, game = r.side, r.game
    hero = side.fighters[0]
    if r.coop:
        duty, extra, urgency = objective_pressure(game)
        if duty == "foot":
            return (f"the Foot soldiers can be swept out of a borough this maneuver; each borough holding "
                    f"Foot soldiers adds 1 to the threat at the end of the round (now +{1 + extra})")
        if duty == "machine":
            return (f"a fighter can reach a Doomsday Machine's wired space; each active machine adds 1 to the "
                    f"threat at the end of the round (now +{1 + extra})")
    foes = r.foes()
    if hero.alive and hero.space is not None and hero.health <= max(2, hero.max_health // 4) and foes:
        near = min(r.dist(e.space, hero.space) for e in foes)
        return f"{hero.name} is badly hurt ({hero.health}/{hero.max_health}) and the nearest enemy is {near} away: move out of reach"
    goal = r.goal()
    mover = hero if hero.alive and hero.space is not None else next(
        (f for f in side.fighters if f.alive and f.space is not None), None)
    if goal is not None and mover is not None:
        need = r.steps_to(mover, goal)
        if need > 0:
            return (f"{mover.name} is {need} space{'s' if need != 1 else ''} short of attacking {goal.name} "
                    f"(move {side.move}); a maneuver also draws a card")
    return f"draw a card ({len(side.hand)} in hand) and move into a better place"


def maneuver_spaces(r: _Reader) -> list[int]:
    """The space of who the maneuver heads for (not marked when the reason is the objective)."""
    goal = r.goal()
    return [goal.space] if goal is not None and goal.space is not None else []


def h_attack_target(r: _Reader, i: int) -> Explanation | None:
    a, t = r.d.options[i]
    c = r.best_card(a)
    what = f"{a.name} attacks {t.name}"
    if c is None:
        return Explanation(what, "", [t.space])
    return Explanation(what, f"with {r.card(c)}, {r.blow(c.value or 0, t)}", [t.space])


def h_attack_card(r: _Reader, i: int) -> Explanation | None:
    c = r.d.options[i]
    t = r.d.context.get("defender")
    if t is None:
        return None
    blow = r.blow(c.value or 0, t)
    if c.effects and r.card(c) == c.name:
        blow = blow.replace(";", ", and the card's effect;", 1)
    return Explanation(f"Attack {t.name} with {r.card(c)}", blow, [t.space])


def h_defense_card(r: _Reader, i: int) -> Explanation | None:
    c = r.d.options[i]
    a, me = r.d.context.get("attacker"), r.d.context.get("defender")
    if a is None or me is None:
        return None
    values, how = r.attacks(a)
    likely = median_low(values)
    spread = f" ({min(values)} to {max(values)})" if min(values) != max(values) else ""
    said = f"{a.name}'s attack is {how} {likely}{spread}"
    if c is None:
        defenders = [x for x in (me.side.hand if me.side is not None else []) if x.can_defend]
        if not defenders:
            return Explanation("No defence card", f"{said}; no card in hand can defend")
        if me.kind == SIDEKICK and me.health <= 2:
            return Explanation("No defence card", f"{said}; {me.name} has only {me.health} health: the card is worth more")
        return Explanation("No defence card", f"{said}; {me.name} has {me.health} health: keep the card for later")
    v = c.value or 0
    saved = min(v, max(values))
    return Explanation(f"Defend with {r.card(c)}", f"{said}; a defence of {v} stops up to {saved} damage "
                                                    f"({me.name} has {me.health} health)", [a.space])


def h_boost(r: _Reader, i: int) -> Explanation | None:
    c = r.d.options[i]
    side = r.side
    if side is None:
        return None
    hero = side.fighters[0]
    mover = hero if hero.alive and hero.space is not None else next(
        (f for f in side.fighters if f.alive and f.space is not None), None)
    goal = r.goal()
    if mover is None:
        return None
    move = side.move
    need = r.steps_to(mover, goal) if goal is not None else 0
    spaces = [goal.space] if goal is not None else []
    if c is None:
        if goal is not None and need <= move:
            why = f"{mover.name} can reach {goal.name} with the move of {move} alone"
        elif goal is not None:
            why = f"{mover.name} is {need} spaces from attacking {goal.name}: keep the cards for the fight"
        else:
            why = "keep the cards for the fight"
        return Explanation("No boost", why, spaces)
    b = c.boost
    what = f"Boost with {r.card(c)} (+{c.boost_text})"
    if len(side.hand) > HAND_LIMIT:
        return Explanation(what, f"{len(side.hand)} cards in hand, over the limit of {HAND_LIMIT}: "
                                 "the weakest card would be discarded anyway", spaces)
    if r.coop:
        duty, extra, _ = objective_pressure(r.game)
        if duty == "foot":
            return Explanation(what, f"{move + b} steps instead of {move} sweep more Foot soldiers out of a borough "
                                     f"(the threat rises 1 per borough holding them)", spaces)
        if duty == "machine":
            return Explanation(what, f"{move + b} steps instead of {move} reach a Doomsday Machine to deactivate",
                               spaces)
    if goal is not None and move < need <= move + b:
        return Explanation(what, f"{mover.name} needs {need} steps to attack {goal.name}, the move is {move}", spaces)
    if goal is not None and need > move:
        return Explanation(what, f"{move + b} steps instead of {move} bring {mover.name} closer to {goal.name} "
                                 f"({need} away)", spaces)
    return Explanation(what, f"{move + b} steps instead of {move}", spaces)


def h_boost_attack(r: _Reader, i: int) -> Explanation | None:
    from adventures.bots.heuristic import combat_boost_gain
    c = r.d.options[i]
    side = r.side
    if c is None:
        gain = combat_boost_gain(r.game, side, 1)
        if gain == 0:
            return Explanation("No boost", "the revealed values already decide the combat: keep the cards")
        return Explanation("No boost", "no card's boost is worth more than keeping the card")
    gain = combat_boost_gain(r.game, side, c.boost)
    what = f"Boost with {r.card(c)} (+{c.boost_text})"
    if gain:
        return Explanation(what, f"{gain} more combat damage {'dealt' if r.game.combat.attacker.side is side else 'stopped'}")
    return Explanation(what, f"its boost ({c.boost_text}) is worth more than the card itself")


def h_move_fighter(r: _Reader, i: int) -> Explanation | None:
    f = r.d.options[i]
    if f is None:
        return Explanation("Done moving", "the fighters left stand where they should")
    goal = r.goal(f.side)
    if goal is None or f.space is None:
        return Explanation(f"Move {f.name}", "", [f.space] if f.space is not None else [])
    need = r.steps_to(f, goal)
    why = (f"it can already attack {goal.name}: it may move to a better space" if need == 0
           else f"it is {need} space{'s' if need != 1 else ''} short of attacking {goal.name}")
    return Explanation(f"Move {f.name}", why, [f.space])


def h_move_dest(r: _Reader, i: int) -> Explanation | None:
    s = r.d.options[i]
    f = r.d.context.get("fighter")
    if f is None or f.space is None:
        return None
    what = f"{f.name} stays on space {r.no(s)}" if s == f.space else f"Move {f.name} to space {r.no(s)}"
    game = r.game
    if r.coop and not f.is_enemy and "foot" in game.adv.data:
        targets = set(clearable_foot(game))
        if targets:
            crossed = sweep_routes(game, f, r.d.context.get("steps", f.side.move), targets).get(s, ())
            if crossed:
                n = len(set(crossed))
                return Explanation(what, f"on the way {f.name} sweeps {n} Foot soldier{'s' if n != 1 else ''} "
                                         "(a borough swept clean no longer raises the threat)", [s])
    if r.coop and not f.is_enemy and s == ally_space(game):
        return Explanation(what, "the face-up ally's starting space: standing there at the end of the round "
                                 "recruits the ally", [s])
    if r.coop and not f.is_enemy:
        wired = {w for m in active_machines(game) for w in m}
        if s in wired:
            return Explanation(what, "a Doomsday Machine's wired space: the machine can be deactivated", [s])
    if r.side is not None and f.side.team != r.side.team:        # an opposing fighter moved by your effect
        mine = [x.space for x in r.game.fighters if x.alive and x.space is not None and x.side.team == r.side.team]
        near = min((r.dist(x, s) for x in mine), default=0)
        return Explanation(what, f"{spaces_word(near)} from your nearest fighter", [s])
    foes = r.foes(f.side)
    if not foes:
        return None
    near = min(r.dist(e.space, s) for e in foes)
    if f.kind == HERO and f.health <= max(2, f.max_health // 4) and near > ENEMY_MOVE + 1:
        return Explanation(what, f"{near} spaces from the nearest enemy: out of reach while {f.name} is hurt "
                                 f"({f.health}/{f.max_health})", [s])
    goal = r.goal(f.side)
    if goal is None:
        return None
    if r.reach(f, s, goal):
        return Explanation(what, f"from there {f.name} can attack {goal.name}", [s, goal.space])
    need = r.steps_to(f, goal, s)
    return Explanation(what, f"{need} space{'s' if need != 1 else ''} short of attacking {goal.name}, "
                             "the closest this move allows", [s, goal.space])


def h_move_route(r: _Reader, i: int) -> Explanation | None:
    route = r.d.options[i]
    f = r.d.context.get("fighter")
    via = " > ".join(r.no(s) for s in route)
    what = f"Route via {via}"
    if not r.coop or f is None or "foot" not in r.game.adv.data:
        return Explanation(what, "the shortest way", [route[-1]])
    patrol, entrenched = foot_soldiers(r.game)
    edge = r.game.board.edge_circle
    ks = [edge.get((a, b)) for a, b in zip(route, route[1:])]
    hurt = sum(1 for k in ks if k in entrenched)
    swept = sum(1 for k in ks if k in patrol)
    parts = []
    if swept:
        parts.append(f"crosses {swept} patrolling Foot soldier{'s' if swept != 1 else ''}, who can be removed")
    if hurt:
        parts.append(f"crosses {hurt} entrenched Foot soldier{'s' if hurt != 1 else ''} (1 damage each)")
    else:
        parts.append("no entrenched Foot soldier on the way (each deals 1 damage)")
    return Explanation(what, "; ".join(parts), [route[-1]])


def h_start(r: _Reader, i: int) -> Explanation | None:
    if r.d.seat < 0:                                # the table places an enemy (players choose)
        return h_far(r, i)
    o = r.d.options[i]
    game = r.game
    space = game.board.start.get(o) if r.d.tag == tags.START_SPACE else o
    if space is None:
        return None
    what = f"Start on space {r.no(space)}" if r.d.tag == tags.START_SPACE else f"Space {r.no(space)}"
    side = r.side
    hero = side.fighters[0] if side is not None else None
    if r.d.tag == tags.PLACE_SIDEKICK and hero is not None and hero.space is not None:
        goal = r.goal()
        tail = f", {r.dist(space, goal.space)} from {goal.name}" if goal is not None and goal.space is not None else ""
        return Explanation(what, f"{spaces_word(r.dist(space, hero.space))} from {hero.name}{tail}", [space])
    foes = r.foes()
    if not foes:
        return Explanation(what, "", [space])
    if hero is not None and hero.alive and hero.health <= max(2, hero.max_health // 4):
        near = min(r.dist(e.space, space) for e in foes)
        return Explanation(what, f"{spaces_word(near)} from the nearest enemy, away from harm", [space])
    goal = r.goal()
    return Explanation(what, f"{spaces_word(r.dist(space, goal.space))} from {goal.name}", [space, goal.space])


def h_effect_fighter(r: _Reader, i: int) -> Explanation | None:
    f = r.d.options[i]
    prompt = r.d.prompt.lower()
    if f is None:
        return Explanation("Nobody", "no fighter gains from it")
    at = [f.space] if f.space is not None else []
    friend = (not f.is_enemy) if r.side is None else f.side.team == r.side.team
    if "recover" in prompt or "heal" in prompt:
        return Explanation(f.name, f"the most hurt ({f.health}/{f.max_health})", at)
    if "damage" in prompt and not friend:
        return Explanation(f.name, f"{f.name} has {f.health} health left" if f.kind == VILLAIN else
                           f"the opposing fighter with the least health ({f.health})", at)
    if "damage" in prompt:
        return Explanation(f.name, "a sidekick takes it before a hero" if f.kind == SIDEKICK else
                           f"the fighter best able to take it ({f.health} health)", at)
    if friend:
        return Explanation(f.name, "a fighter of your own" + (", the hero first" if f.kind == HERO else ""), at)
    return Explanation(f.name, "the bots aim an effect like this at the opposing hero first" if f.kind == HERO
                       else "an opposing fighter: the bots aim an effect like this at the other side", at)


def h_foot_remover(r: _Reader, i: int) -> Explanation | None:
    yes = r.d.options[i]
    f = r.d.context.get("fighter")
    if f is None:
        return None
    if yes:
        return Explanation("Yes", f"{f.name} removes the patrolling Foot soldiers on this route; only one fighter "
                                  "may remove them each maneuver")
    return Explanation("No", "another fighter of the side is better placed to sweep them this maneuver")


def h_deactivate(r: _Reader, i: int) -> Explanation | None:
    o = r.d.options[i]
    if o is None or o is False:
        return Explanation("No", "keep the card")
    return Explanation(r.option_words(i), "one card stops the machine adding 1 to the threat at every end of round")


def h_discard(r: _Reader, i: int) -> Explanation | None:
    c = r.d.options[i]
    if not isinstance(c, Card):
        return None
    if r.d.tag == tags.SCHEME_CARD:
        text = next((e.text for e in c.effects if getattr(e, "text", "")), "")
        return Explanation("Play " + r.card(c), text if r.card(c) == c.name and text else "a scheme from your hand")
    side = r.side or c.owner
    why = ("its fighter is gone: only its boost is left" if card_worth(c, side) < 1
           else "the card in hand least worth keeping")
    value = c.value if c.value is not None else "-"
    what = f"Put {r.card(c)} under the deck" if r.d.tag == tags.UNDER_DECK else f"Discard {r.card(c)}"
    return Explanation(what, f"{why} (value {value}, boost {c.boost_text})")


# ---------------------------------------------------------------- "players choose"
def h_enemy_target(r: _Reader, i: int) -> Explanation | None:
    f = r.d.options[i]
    enemy = r.d.context.get("enemy")
    who = enemy.name if enemy is not None else "the enemy"
    why = ("the players choose among the tied targets: a sidekick takes the blow before a hero"
           if f.kind == SIDEKICK else f"the players choose among the tied targets: {f.name} has the most "
                                      f"health left ({f.health})")
    return Explanation(f"{who} attacks {f.name}", why, [f.space])


def h_far(r: _Reader, i: int) -> Explanation | None:
    s = r.d.options[i]
    if s is None:
        return None
    from adventures.bots.reading import player_fighters
    fighters = player_fighters(r.game)
    if not fighters:
        return Explanation(f"Space {r.no(s)}", "no hero is on the board yet: any space serves")
    near = min(r.dist(f.space, s) for f in fighters)
    why = ("away from the weaker fighters" if r.d.tag == tags.ENEMY_ROUTE
           else f"{near} space{'s' if near != 1 else ''} from the nearest hero or sidekick: as far as allowed")
    return Explanation(f"Space {r.no(s)}", why, [s])


def h_place_foot(r: _Reader, i: int) -> Explanation | None:
    k = r.d.options[i]
    fallen = r.game.adv.data.get("fallen", ())
    borough = r.d.context.get("borough") or r.game.board.circles[k][2]
    what = r.option_words(i)
    if borough in fallen:
        return Explanation(what, "an entrenched soldier hurts whoever crosses it: as far from the heroes as allowed")
    return Explanation(what, "a patrolling soldier near the heroes can be swept up on their next maneuver")


def h_may(r: _Reader, i: int) -> Explanation | None:
    yes = r.d.options[i]
    if yes is True:
        return Explanation("Yes", "an optional effect of your own card is meant to help")
    if yes is False:
        return Explanation("No", "the effect would not help now")
    return None


def h_choose_player(r: _Reader, i: int) -> Explanation | None:
    side = r.d.options[i]
    hero = side.fighters[0] if getattr(side, "fighters", None) else None
    if hero is None:
        return None
    return Explanation(side.name, f"{hero.name} is the most hurt hero ({hero.health}/{hero.max_health})")


def h_reroll(r: _Reader, i: int) -> Explanation | None:
    o = r.d.options[i]
    if o is None or o is False:
        return Explanation(r.option_words(i), "the result is not bad enough to spend a card on")
    return Explanation(r.option_words(i), "a bad result, and a low card to spare")


def h_for_value(r: _Reader, i: int) -> Explanation | None:
    c = r.d.options[i]
    if c is None:
        return Explanation("Stop", "more would not change the combat damage")
    return Explanation("Discard " + r.card(c), f"+{r.d.context.get('bonus', 1)} changes the combat damage; "
                                               "it is the card least worth keeping")


HANDLERS = {
    tags.MAY: h_may,
    tags.CHOOSE_PLAYER: h_choose_player,
    tags.REROLL: h_reroll,
    tags.DISCARD_FOR_VALUE: h_for_value,
    tags.UNDER_DECK: h_discard,
    tags.ACTION: h_action,
    tags.ATTACK_TARGET: h_attack_target,
    tags.ATTACK_CARD: h_attack_card,
    tags.DEFENSE_CARD: h_defense_card,
    tags.BOOST: h_boost,
    tags.BOOST_ATTACK: h_boost_attack,
    tags.MOVE_FIGHTER: h_move_fighter,
    tags.MOVE_DEST: h_move_dest,
    tags.MOVE_ROUTE: h_move_route,
    tags.START_SPACE: h_start,
    tags.PLACE_SIDEKICK: h_start,
    tags.PLACE: h_start,
    tags.EFFECT_FIGHTER: h_effect_fighter,
    tags.FOOT_REMOVER: h_foot_remover,
    tags.DEACTIVATE_MACHINE: h_deactivate,
    tags.HAND_LIMIT: h_discard,
    tags.DISCARD: h_discard,
    tags.SCHEME_CARD: h_discard,
    tags.ENEMY_TARGET: h_enemy_target,
    tags.ENEMY_ROUTE: h_far,
    tags.PLACE_MINION: h_far,
    tags.PLACE_TOKEN: h_far,
    tags.PLACE_FOOT: h_place_foot,
}
