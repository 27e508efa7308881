"""Reading the board: the facts every bot works from (one module, used by every bot).

Cheap questions about a game state that any hero bot or the "players choose" policy
asks: whose side sits at a seat, which fighters stand where, what an enemy may reveal
next, what a card in hand is worth, and how hard the villain's objective presses (its
own facts say what it asks: adventures/bots/villain_facts.py). Nothing here chooses:
policies live in `heuristic.py`, `table.py` and `expert.py`.
"""
from __future__ import annotations

from adventures.bots.villain_facts import facts_of
from adventures.rules.view import could_be, next_reveal
from engine.decisions import TABLE
from engine.state import ATTACK, DEFENSE, VERSATILE

ENEMY_MOVE = 3             # an enemy initiative card's usual move value (Adventures p.8)
HAND_LIMIT = 7
FAR = 10_000


def player_side(game, seat: int):
    """The player side sitting at `seat` (player sides use their seat as index)."""
    cur = game.current
    if cur is not None and cur.index == seat and not cur.is_enemy:
        return cur
    for s in game.sides:
        if s.index == seat and not s.is_enemy:
            return s
    return None


def enemy_fighters(game) -> list:
    return [f for s in game.sides if s.is_enemy for f in s.fighters if f.alive and f.space is not None]


def player_fighters(game) -> list:
    return [f for s in game.sides if not s.is_enemy and not s.eliminated
            for f in s.fighters if f.alive and f.space is not None]


def the_villain(game):
    adv = getattr(game, "adv", None)
    if adv is None:
        return None
    v = adv.villain.fighters[0]
    return v if v.alive and v.space is not None else None


def next_cards(game, side, seat: int) -> list:
    """The cards an enemy's next reveal can be, as `seat` sees it (`view.next_reveal`: its
    top card when the seat knows it, else its deck's unknown cards; its discard when the
    deck is empty). With open hands what one player saw the team knows; with hidden hands
    only what this seat saw (the game's rule, `view.hands_hidden`)."""
    return next_reveal(game, side, seat)


def defense_values(game, target, seat: int) -> list[int]:
    """What an enemy may defend with, as `seat` sees it: the defense values of the cards
    it can reveal."""
    mod = game.rules.defense_modifier(game, target)
    # Card.printed("defense"), inlined: asked for every card of every target a bot weighs.
    vals = [(c.defense if c.defense is not None else (c.value or 0)) + mod for c in next_cards(game, target.side, seat)]
    return vals or [mod]


def attack_values(game, attacker, face_down=None, seat: int = TABLE) -> list[int]:
    """An enemy's possible attack values as `seat` sees them: what its face-down attack
    card may be (`view.could_be`: the card itself only when the seat knows it), else
    what its next reveal may be."""
    if face_down is not None:
        pool = could_be(game, face_down, seat)
    else:
        pool = next_cards(game, attacker.side, seat)
    return [c.printed("attack") for c in pool] or [0]


def expected_damage(value: int, defenses: list[int]) -> float:
    total = 0
    for d in defenses:
        if value > d:
            total += value - d
    return total / len(defenses)


def usable(card, fighter) -> bool:
    return card.fighter == "any" or card.fighter == fighter.name or (fighter.label and card.fighter == fighter.label)


def card_worth(card, side) -> float:
    """How much a card in hand is worth keeping (boost and discard spend the lowest)."""
    if card.fighter != "any":
        for f in side.fighters:
            if f.alive and usable(card, f):
                break
        else:
            return 0.2 * card.boost        # its fighter is gone: only its boost is left
    v = card.value or 0
    if card.kind == VERSATILE:
        w = v + 1.0
    elif card.kind == ATTACK:
        w = float(v)
    elif card.kind == DEFENSE:
        w = 0.8 * v
    else:
        w = 3.5                            # schemes: card draw, tricks
    return w + 0.1 * card.boost


def in_range(board, fighter, space: int, target_space: int) -> bool:
    """Could `fighter` standing on `space` attack a fighter on `target_space`?"""
    return board.reaches(space, target_space, fighter.ranged)


_ATTACK_FROM: dict[int, tuple] = {}


def attack_spaces(board, ranged: bool, target_space: int) -> frozenset[int]:
    """The spaces from which a (ranged or melee) fighter is `in_range` of `target_space`
    (built once per compiled board and target space)."""
    hit = _ATTACK_FROM.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _ATTACK_FROM[id(board)] = (board, {})
    table = hit[1]
    key = (ranged, target_space)
    spaces = table.get(key)
    if spaces is None:
        spaces = table[key] = frozenset(s for s in range(board.n) if board.reaches(s, target_space, ranged))
    return spaces


def threat_left(game) -> int:
    """Threat spaces left before the villain completes its objective again."""
    adv = game.adv
    return adv.track_length - 1 - adv.threat


def objective_pressure(game) -> tuple[str, int, float]:
    """(duty, per-round extra threat, urgency): what the objective asks of the heroes, as
    the villain's own facts read it (`VillainFacts.pressure`); nothing in a competitive game."""
    if getattr(game, "adv", None) is None:
        return "", 0, 0.0
    return facts_of(game).pressure(game)


def ally_space(game) -> int | None:
    """The board space that recruits the face-up ally, if no player fighter holds it yet."""
    info = game.adv.data.get("allies") if getattr(game, "adv", None) is not None else None
    number = info.get("face_up_space") if info else None
    space = game.board.start.get(number) if number else None
    if space is None:
        return None
    occupant = game.occ[space]
    return None if occupant is not None and not occupant.is_enemy else space


def index_of(options: list, value) -> int:
    for i, o in enumerate(options):
        if o is value or (isinstance(o, str) and o == value):
            return i
    return 0


def index_of_value(options: list, value) -> int | None:
    for i, o in enumerate(options):
        if o is value:
            return i
    return None


# Shredder's and Krang's own readings live in their facts modules (adventures/villains/*_bots.py).
# They answer here too, looked up when asked, only until adventures/bots/explain.py (issue 40,
# being written) imports them from there.
_MOVED = {"active_machines": "adventures.villains.krang_bots", "clearable_foot": "adventures.villains.shredder_bots",
          "foot_soldiers": "adventures.villains.shredder_bots", "sweep_routes": "adventures.villains.shredder_bots"}


def __getattr__(name: str):
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(_MOVED[name]), name)
