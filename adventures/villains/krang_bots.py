"""What bots read of Krang's objective (adventures/bots/villain_facts.py): the Doomsday Machines.

The end-of-round advance is 1 + (active machines) (Adventures p.16); a fighter on a space
wired to an active machine may deactivate it for a card. So the duty is "machine": reach a
wired space, always worth it while a machine is active. His rules are in
adventures/villains/krang.py, his board drawing in adventures/app/villains/krang.py.
"""
from __future__ import annotations

from adventures.bots.reading import threat_left
from adventures.bots.villain_facts import VillainFacts, villain_facts


def active_machines(game) -> list[tuple[int, ...]]:
    """The wired spaces of each active Doomsday Machine, from `adv.data["machines"]`
    (machine id or index -> active flag or state name)."""
    adv = getattr(game, "adv", None)
    data = adv.data.get("machines") if adv is not None else None
    if not data:
        return []
    board = game.board
    by_id = {m[0]: m[2] for m in board.machines}
    items = data.items() if isinstance(data, dict) else enumerate(data)
    out = []
    for k, v in items:
        active = v.lower().startswith("a") if isinstance(v, str) else bool(v)
        if not active:
            continue
        wired = by_id.get(k)
        if wired is None and isinstance(k, int) and 0 <= k < len(board.machines):
            wired = board.machines[k][2]
        if wired:
            out.append(wired)
    return out


def wired_spaces(game) -> set[int]:
    """Every space wired to an active machine."""
    return {s for w in active_machines(game) for s in w}


@villain_facts("krang")
class KrangFacts(VillainFacts):
    def tokens_key(self, adv) -> tuple:
        machines = adv.data.get("machines")
        return (tuple(machines.values()) if isinstance(machines, dict) else repr(machines),)

    def pressure(self, game) -> tuple[str, int, float]:
        adv = game.adv
        left = max(1, threat_left(game))
        if "machines" in adv.data:
            active = active_machines(game)
            if active:
                extra = len(active)
                advance = 1 + extra
                return "machine", extra, 3.0 if advance >= left > advance - 1 else 1.0   # lasting: always worth it
        return "", 0, 0.0

    def plan(self, bot, game, side, duty, steps) -> tuple:
        """A fighter on a wired space at once, else the first that can reach one."""
        from engine.movement import destinations
        wired = wired_spaces(game)
        best = None
        for f in side.fighters:
            if f.alive and f.space is not None and not bot.hurt(f):
                if f.space in wired:
                    return f, duty
                if any(s in wired for s in destinations(game, f, steps)):
                    best = best or f
        return (best, duty) if best is not None else (None, "")

    def reach(self, bot, game, fighter, steps) -> float:
        from engine.movement import destinations
        wired = wired_spaces(game)
        return 1.0 if fighter.space in wired or any(s in wired for s in destinations(game, fighter, steps)) else 0.0

    def destination_score(self, bot, game, fighter, steps, vdist):
        wired = wired_spaces(game)

        def score(s):
            return (10.0 if s in wired else 0.0) - 0.1 * vdist[s]
        return score

    def move_facts(self, bot, game, fighter, steps):
        return (wired_spaces(game) if "machines" in game.adv.data else set()), None

    def answer(self, bot, game, d) -> int:
        """Deactivate a Doomsday Machine whenever allowed: the cost is one card."""
        opts = d.options
        for i, o in enumerate(opts):
            if o is True:
                return i
        for i, o in enumerate(opts):
            if o is not None and o is not False:
                return i
        return 0
