"""The expert bot: flat Monte Carlo over determinized worlds, strong (or heuristic) rollouts.

At each decision that matters (actions, attack and defense cards, boosts, targets,
moves, Foot soldier and machine duties) it scores every option (up to `max_options`) by
playing the game out from it several times with the `rollout_bot`'s players (the strong
bot, issue 27's stronger expert; or the heuristic bot), and picks the best mean.
Each rollout starts from the game's last quiet point (`game.checkpoint`, taken between
two initiative cards, see `adventures.rules.clone`), replays the answers given since to
reach this very decision, and there *determinizes* (as OpenSpiel's
ISMCTS does): everything this seat cannot see (`adventures.rules.view.seat_view`: deck orders,
a face-down combat card such as the enemy's attack card taken before the defence, hidden
hands, ...) is dealt again from a canonical order with the bot's own sampling RNG, what
it legitimately knows stays in place, and the game RNG is reseeded, so the future
(draws, enemy reveals, initiative order, traps, the die) is a sample of what could
happen, never the real one. It must not peek: `tests/peeking.py` permutes every
face-down card of real games at many decisions and checks that the scores and the
choice are unchanged for a fixed sampling seed.

Every option is scored on the same sampled worlds (common random numbers: the paired
comparison needs far fewer rollouts). The budget is `rollouts` worlds per decision,
cut short by `seconds` of CPU time when given (the app's "Suggest" uses that).
Other decisions, and any decision before the first quiet point, go to the rollout player.

The expert that seats, commands and the app name "expert" (`best_expert`, the registry's
entry) plays its futures with `BEST_ROLLOUT_BOT`, the strong bot (issue 43): far stronger
than simple-bot futures (Shredder solo 92.5% against 47.5%, 40 paired seeds) for about
1.2-1.7x the CPU per world (docs/BOTS.md, "The strongest search in the app"). `ExpertBot()` itself
keeps simple-bot futures, the expert before issue 43 (the registry's `expert-heuristic`).
"""
from __future__ import annotations

import random
import time

from adventures.bots.heuristic import HeuristicBot
from adventures.bots.registry import BEST_ROLLOUT_BOT  # the expert's futures: named once, with the bots
from adventures.bots.table import TablePolicy
from adventures.rules import tags
from adventures.rules.clone import clone_game, resume_adventure
from adventures.rules.view import seat_view
from adventures.sim.stats import mean_and_standard_error
from engine.state import GameOver

SEARCHED = frozenset({
    tags.ACTION, tags.ATTACK_TARGET, tags.ATTACK_CARD, tags.DEFENSE_CARD, tags.BOOST, tags.BOOST_ATTACK,
    tags.MOVE_DEST, tags.SCHEME_CARD, tags.FOOT_REMOVER, tags.DEACTIVATE_MACHINE, tags.EFFECT_FIGHTER,
})


ROLLOUT_BOTS = ("heuristic", "strong")


def best_expert(**options) -> "ExpertBot":
    """The expert as "expert" names it: futures played by `BEST_ROLLOUT_BOT` unless
    `options` name another rollout bot."""
    return ExpertBot(**{"rollout_bot": BEST_ROLLOUT_BOT, **options})


def rollout_player(kind: str, params: dict | None = None):
    """A fresh bot that plays the heroes' seats of a rollout (imported here: the strong
    bot's module imports nothing of the expert's)."""
    if kind == "strong":
        from adventures.bots.strong import StrongBot
        return StrongBot(params=params)
    return HeuristicBot()


class ReplayDiverged(Exception):
    """A rollout's replay did not reach the decision being searched (the sample is rejected)."""


class ExpertBot:
    name = "expert"
    wants_checkpoints = True       # new_adventure turns on game.keep_checkpoints for it

    def __init__(self, rollouts: int = 8, seconds: float | None = None, max_options: int = 6,
                 seed: int | None = None, max_rounds: int | None = None,
                 clock=time.process_time, margin: float | None = None, z: float = 1.0, confirm: int = 16,
                 rollout_bot: str = "heuristic", rollout_params: dict | None = None):
        self.rollouts = rollouts               # sampled worlds per decision
        self.seconds = seconds                 # time budget per decision by `clock` (None: all rollouts)
        self.max_options = max_options         # options searched (the heuristic's pick always is)
        self.rng = random.Random(seed) if seed is not None else None   # else the game's bot stream
        self.max_rounds = max_rounds
        self.clock = clock                     # CPU time in runs; the app passes wall time
        # When to overrule the heuristic's pick: the best option must beat it on the same
        # sampled worlds by more than `margin` on average and by `z` standard errors of the
        # paired difference. Options the rollouts cannot tell apart are otherwise decided by
        # noise and the damage tie-break, which lost games (Krang 2p: 2 wins in 16 seeds
        # against the heuristic's 8, where a clairvoyant rollout player won all 16).
        self.margin = 0.05 if margin is None else margin
        self.z = z
        self.confirm = confirm                 # more worlds for the pick against a challenger
        if rollout_bot not in ROLLOUT_BOTS:
            raise ValueError(f"rollout bot {rollout_bot!r} (known: {', '.join(ROLLOUT_BOTS)})")
        self.rollout_bot = rollout_bot         # who plays the rollouts (issue 27: the strong bot)
        self.rollout_params = rollout_params   # the strong rollout bot's weights (None: the shipped file)
        self.stop = False                      # set by a caller to end the search after this world
        # The pick it keeps unless its worlds say otherwise (and its answer elsewhere): the
        # rollouts' own player. Anchored on the heuristic's pick, an expert with strong
        # rollouts won 16 of 30 solo Krang games (ladder seed 1), the strong bot alone 23.
        self.fallback = rollout_player(rollout_bot, rollout_params)
        self.searched = 0                      # decisions searched, and their CPU time
        self.search_seconds = 0.0
        self.rejected = 0
        self.last_scores: dict | None = None   # the last searched decision's scores (tests, the app)

    # ------------------------------------------------------------ agent protocol
    def choose(self, game, decision) -> int:
        return drain(self.choose_steps(game, decision))

    def choose_steps(self, game, decision):
        """`choose` in slices: a generator that yields after every rollout and returns the
        answer (the app runs it between frames, so the window never waits on the search)."""
        pick = self.fallback.choose(game, decision)    # also keeps its per-turn notes right
        self.last_scores = None
        if decision.tag not in SEARCHED or len(decision.options) < 2 or getattr(game, "checkpoint", None) is None:
            return pick
        scores = self.last_scores = yield from self.search(game, decision, anchor=pick)
        return self.best(scores, pick)

    def best(self, scores: dict[int, tuple], pick: int) -> int:
        """The best-scoring option when the sampled worlds say it beats the heuristic's pick
        clearly (see `margin` and `z`), else the pick."""
        if pick not in scores:
            return pick
        most = max(len(v[2]) for v in scores.values())     # after a confirmation: the two confirmed
        best = max((i for i in scores if len(scores[i][2]) == most), key=lambda i: (scores[i][0], i == pick))
        if best == pick:
            return pick
        diffs = [b - a for b, a in zip(scores[best][2], scores[pick][2]) if a is not None and b is not None]
        if not diffs:
            return pick
        mean, se = mean_and_standard_error(diffs)
        return best if mean > self.margin and mean > self.z * se else pick

    # ------------------------------------------------------------ search
    def candidates(self, decision, anchor: int) -> list[int]:
        """The options searched: all of them, or the heuristic's pick and others spread
        evenly over the engine's order (nearest destinations first, ...)."""
        n = len(decision.options)
        if n <= self.max_options:
            return list(range(n))
        others = [i for i in range(n) if i != anchor]
        step = len(others) / (self.max_options - 1)
        return sorted({anchor, *(others[int(k * step)] for k in range(self.max_options - 1))})

    def analyse(self, game, decision, anchor: int = 0, rng: random.Random | None = None) -> dict[int, tuple]:
        """{option index: (mean score, rollouts, per-world scores)} on the same sampled worlds
        for every option (a world whose replay was rejected scores None)."""
        return drain(self.search(game, decision, anchor, rng))

    def search(self, game, decision, anchor: int = 0, rng: random.Random | None = None):
        """`analyse` as a generator: yields after each rollout, returns the scores."""
        t0 = self.clock()
        rng = rng or self.rng or game.bot_rng
        base, at = game.checkpoint
        since = list(game.answers[at:])
        seat = decision.seat
        options = self.candidates(decision, anchor)
        worlds: dict[int, list] = {i: [] for i in options}

        def out_of_time(k: int) -> bool:
            return self.stop or (self.seconds is not None and k >= 1 and self.clock() - t0 > self.seconds)

        def play(world: int, among: list[int]):
            for i in among:
                try:
                    score = self.rollout(base, since, decision, seat, i, world)
                except Exception:                  # ReplayDiverged, or a replay that no longer fits
                    self.rejected += 1             # (tests check that none are rejected in play)
                    score = None
                worlds[i].append(score)
                yield

        for k in range(self.rollouts):
            yield from play(rng.getrandbits(63), options)
            if out_of_time(k):
                break
        # Confirm: a challenger that looks better than the heuristic's pick on these worlds
        # is played against it alone on more worlds before it may overrule it (the best of
        # several noisy means is mostly luck: issue 18's Krang 2p games).
        challenger = self.best(_scores(worlds), anchor)
        if challenger != anchor and not out_of_time(self.rollouts):
            for k in range(self.confirm):
                yield from play(rng.getrandbits(63), [anchor, challenger])
                if out_of_time(k):
                    break
        self.searched += 1
        self.search_seconds += self.clock() - t0
        return _scores(worlds)

    def rollout(self, base, since: list[int], decision, seat: int, option: int, world: int) -> float:
        """Play one sampled world from the checkpoint: replay, determinize, answer, play out."""
        g = clone_game(base)
        hook = _AtDecision(self, decision, seat, option, world)
        g.agents = {s.index: hook for s in g.sides if not s.is_enemy}
        g.table_agent = hook
        g.replay_queue.extend(since)
        over = resume_adventure(g, self.max_rounds)
        if not hook.fired:
            raise ReplayDiverged("the game ended before the decision")
        return outcome_score(g, over)

    # ------------------------------------------------------------ determinization
    def determinize(self, game, seat: int, world: int) -> None:
        """Deal everything `seat` cannot see (`seat_view`: what it knows stays in place)
        again from a canonical order with the sample's own RNG; reseed the game's RNGs.
        The real order never reaches the result."""
        r = random.Random(world)
        seat_view(game, seat).resample(r)      # hands hidden or open: the game's rule
        game.rng.seed(r.getrandbits(63))
        game.bot_rng.seed(r.getrandbits(63))


def _scores(worlds: dict[int, list]) -> dict[int, tuple]:
    """{option: (mean, worlds played, per-world scores)} for the options with a score."""
    out = {}
    for i, got in worlds.items():
        played = [x for x in got if x is not None]
        if played:
            out[i] = (sum(played) / len(played), len(played), got)
    return out


def drain(steps):
    """Run a generator to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class _AtDecision:
    """The agents of a rollout: the first question is the searched decision (after the
    replayed answers); it determinizes there and answers the option being scored, then
    the rollout bot's players and the table policy play the game out."""

    def __init__(self, expert: ExpertBot, decision, seat: int, option: int, world: int):
        self.expert, self.decision, self.seat, self.option, self.world = expert, decision, seat, option, world
        self.fired = False
        self.players = rollout_player(expert.rollout_bot, expert.rollout_params)
        self.table = TablePolicy()

    def choose(self, game, d) -> int:
        if not self.fired:
            self.fired = True
            if d.tag != self.decision.tag or d.seat != self.decision.seat or len(d.options) != len(self.decision.options):
                raise ReplayDiverged(f"reached {d.tag!r} instead of {self.decision.tag!r}")
            self.expert.determinize(game, self.seat, self.world)
            return self.option
        return (self.table if d.seat < 0 else self.players).choose(game, d)


def outcome_score(game, over: GameOver) -> float:
    """1 for a heroes' win, else 0; plus a little for damage dealt to the villain, so
    that among losing lines the search still prefers the ones that came close."""
    villain = game.adv.villain.fighters[0]
    hurt = 1.0 - villain.health / max(1, villain.max_health)
    return (1.0 if over.winner == "heroes" else 0.0) + 0.1 * hurt
