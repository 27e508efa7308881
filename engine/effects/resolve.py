"""Resolving effect-language op lists against a game.

An op is a one-key mapping `{name: args}` looked up in the registry; `{if: COND, then:
[...], else: [...]}` branches. A part that cannot be resolved is skipped and the rest
still happens (French core rules p.14: "résolvez tout ce qui peut l'être").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.effects import registry
from engine.state import Card, Combat, Fighter, Side


@dataclass(slots=True)
class Ctx:
    game: Any
    side: Side                       # whose effect this is (controls the choices)
    fighter: Fighter | None          # the active fighter ("this fighter", "your fighter")
    card: Card | None = None
    combat: Combat | None = None
    role: str | None = None          # "attacker" | "defender" while in combat
    vars: dict = field(default_factory=dict)   # scratch values shared by ops of one effect

    @property
    def seat(self) -> int:
        return self.game.seat_of(self.side)

    @property
    def enemy(self) -> bool:
        """Enemies make no decisions: 'may' is no, 'up to' is 0, options are refused."""
        return self.side.is_enemy

    @property
    def opponent_role(self) -> str | None:
        if self.role is None:
            return None
        return "defender" if self.role == "attacker" else "attacker"

    @property
    def opponent(self) -> Fighter | None:
        if self.combat is None:
            return None
        return self.combat.fighter_of(self.opponent_role)

    @property
    def opponent_side(self) -> Side | None:
        opp = self.opponent
        return opp.side if opp is not None else None

    @property
    def opponent_card(self) -> Card | None:
        if self.combat is None:
            return None
        return self.combat.card_of(self.opponent_role)


def run_ops(ctx: Ctx, ops) -> None:
    for op in ops:
        run_op(ctx, op)


# ctx.vars keys noted only while the game keeps a log, for another layer's why records:
CONDITIONS_HELD = "conditions held"    # [(condition, held)]: the `if`s whose branch is running
CHOICES = "choices"                    # [Choice]: the choices an explained op made


@dataclass(slots=True)
class Choice:
    """One choice an effect made, as it was made (who chose, among what, what)."""
    what: str                          # "fighter" or "space"
    seat: int                          # who chose (decisions.TABLE: the players together)
    options: list                      # the fighters or space indices offered
    chosen: Any
    spaces: list                       # where each fighter offered stood then (None for spaces)
    origin: int | None                 # where the effect's own fighter stood then


def note_choice(ctx: Ctx, what: str, seat: int, options: list, chosen) -> None:
    """Keep a choice for the explainer of the op being run (nothing when none listens)."""
    noted = ctx.vars.get(CHOICES)
    if noted is not None:
        noted.append(Choice(what, seat, list(options), chosen, [getattr(o, "space", None) for o in options],
                            ctx.fighter.space if ctx.fighter is not None else None))


def run_op(ctx: Ctx, op: dict) -> None:
    if "if" in op:
        held = check(ctx, op["if"])
        branch = op.get("then", []) if held else op.get("else", [])
        if ctx.game.events is None or not branch:
            run_ops(ctx, branch)
            return
        stack = ctx.vars.setdefault(CONDITIONS_HELD, [])     # why records say what chose the branch
        stack.append((op["if"], held))
        try:
            run_ops(ctx, branch)
        finally:
            stack.pop()
        return
    (name, args), = op.items()
    fn = registry.OPS.get(name)
    if fn is None:
        raise KeyError(f"unknown effect op {name!r}")
    if ctx.game.events is None or name not in registry.EXPLAINERS:
        fn(ctx, args)
        return
    explained(ctx, name, fn, args)


def explained(ctx: Ctx, name: str, fn, args) -> None:
    """Run an op another layer explains: its choices are noted, then the explainer builds the
    record from them and from the events the op logged (never worked out again later)."""
    outer = ctx.vars.get(CHOICES)
    noted: list[Choice] = []
    ctx.vars[CHOICES] = noted
    since = len(ctx.game.events)
    try:
        fn(ctx, args)
    finally:
        if outer is None:
            ctx.vars.pop(CHOICES, None)
        else:
            ctx.vars[CHOICES] = outer
        registry.EXPLAINERS[name](ctx, args, noted, since)


def check(ctx: Ctx, cond) -> bool:
    if isinstance(cond, bool):
        return cond
    if isinstance(cond, list):
        return all(check(ctx, c) for c in cond)
    (name, args), = cond.items()
    return bool(registry.CONDITIONS[name](ctx, args))


_MODIFIERS = ("times", "plus", "max", "min")
_NONE: dict = {}                       # no modifier (never written to)


def amount(ctx: Ctx, v) -> int:
    """A value expression: an int, or `{name: args}` from the VALUES registry, optionally
    with `times`, `plus`, `max` (e.g. {count: {pile: discard, of: opponent}, max: 6})."""
    if type(v) is int:
        return v
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, dict):
        if len(v) == 1 and next(iter(v)) not in _MODIFIERS:   # the usual shape: one value alone
            (name, args), = v.items()
            extra = _NONE
        else:
            extra = {k: v[k] for k in _MODIFIERS if k in v}
            rest = [(k, a) for k, a in v.items() if k not in extra]
            if len(rest) != 1:
                raise ValueError(f"bad value expression {v!r}")
            name, args = rest[0]
        n = registry.VALUES[name](ctx, args) * extra.get("times", 1) + extra.get("plus", 0)
        if "max" in extra:
            n = min(n, extra["max"])
        if "min" in extra:
            n = max(n, extra["min"])
        return n
    raise ValueError(f"bad value expression {v!r}")
