"""The expert bot in the app: "Suggest" for the human, and expert bot seats, both off the
render loop.

"Suggest" answers at once with the strong bot's pick (a few lookups, no search); asked
again at the same decision it thinks harder: the expert searches (issue 27 item 6).

The search runs in slices between frames (`ExpertBot.search` is a generator that yields
after every rollout): each frame spends at most `SLICE_SECONDS` on it, then draws and
answers input. Slices rather than a thread: a Python thread searching holds the GIL, and
the frame loop waiting for it measured 70-250 ms frames. A search only reads the game:
rollouts run on clones of the last quiet point (`game.checkpoint`), and a suggestion
samples with its own RNG, so asking for one never changes the game (saves, undo and
replays stay exact). Budgets are wall-clock seconds, since the player is waiting.
"""
from __future__ import annotations

import random
import time
from types import SimpleNamespace

SUGGEST_SECONDS = 0.8       # "within a second"
BOT_SECONDS = 1.0           # an expert bot seat thinks about this long per decision
SLICE_SECONDS = 0.008       # search time per frame


SLICES = [0]                # search slices run so far (frame benchmarks watch it)


def advance(steps, seconds: float = SLICE_SECONDS):
    """Run a search generator for about `seconds`; (True, result) once it has finished."""
    SLICES[0] += 1
    end = time.perf_counter() + seconds
    try:
        while True:
            next(steps)
            if time.perf_counter() >= end:
                return False, None
    except StopIteration as done:
        return True, done.value


class Suggester:
    """One suggestion at a time for the decision on screen: `start`, then `poll` each frame."""

    def __init__(self, seconds: float = SUGGEST_SECONDS, rollouts: int = 64):
        self.seconds = seconds
        self.rollouts = rollouts
        self.decision = None
        self.steps = None
        self.answer: tuple[int, str] | None = None
        self.shown = False
        self.expert_answered = False      # the answer is the expert's search, not the quick read

    def start(self, game, decision) -> str:
        """The strong bot's pick for `decision` at once; asked again for the same decision,
        start the expert's search ("think harder"). Returns what to tell the player now."""
        from adventures.bots.expert import SEARCHED
        from adventures.bots.strong import StrongBot
        searchable = (decision.tag in SEARCHED and getattr(game, "checkpoint", None) is not None
                      and len(decision.options) >= 2)
        if self.decision is decision:
            if self.steps is not None:
                return "The expert is still thinking..."
            if self.answer is not None and (self.expert_answered or not searchable):
                return self.message()
            if self.answer is not None:
                return self.think_harder(game, decision, self.answer[0])
        self.cancel()
        self.decision = decision
        bot = StrongBot()          # it sees what the deciding seat may see (the game's rule)
        quick = bot.choose(game, decision)
        self.answer, self.shown, self.expert_answered = (quick, "quick read"), True, False
        if not searchable:
            self.answer = (quick, "by rule of thumb")
            return self.message()
        return self.message() + "; Suggest again to think harder"

    def think_harder(self, game, decision, anchor: int) -> str:
        """The expert's search for the decision on screen, in slices (`poll`); it keeps the
        quick pick (`anchor`) unless its sampled worlds show a clear gain."""
        from adventures.bots.expert import ExpertBot
        checkpoint = game.checkpoint
        self.answer, self.shown = None, False
        expert = self.expert = ExpertBot(rollouts=self.rollouts, seconds=self.seconds, clock=time.perf_counter)
        view = SimpleNamespace(checkpoint=checkpoint, answers=list(game.answers), bot_rng=None)
        rng = random.Random(f"{game.seed}:{len(game.answers)}")       # never the game's own RNGs
        self.anchor = anchor
        self.steps = expert.search(view, decision, anchor=anchor, rng=rng)
        return "The expert is thinking harder..."

    def poll(self) -> str | None:
        """Advance the search by one slice; the suggestion's text once (when it is ready)."""
        if self.steps is not None:
            done, scores = advance(self.steps)
            if not done:
                return None
            self.steps = None
            self.expert_answered = True
            if scores:
                best = self.expert.best(scores, self.anchor)
                self.answer = (best, f"{scores[best][1]} sampled futures")
            else:
                self.answer = (self.anchor, "by rule of thumb")
        if self.answer is None or self.shown:
            return None
        self.shown = True
        return self.message()

    def message(self) -> str:
        i, how = self.answer
        who = "Expert" if self.expert_answered else "Bot"
        return f"{who} suggests: {self.decision.label(i)} ({i + 1}) - {how}"

    def cancel(self) -> None:
        self.expert_answered = False
        self.steps = None
        self.answer = None
        self.decision = None
        self.shown = False


class ThinkingExpert:
    """An expert bot seat: searches in slices while the app keeps drawing."""

    wants_checkpoints = True

    def __init__(self, app, seconds: float | None = None, rollouts: int = 32):
        from adventures.bots.expert import ExpertBot
        self.app = app
        self.bot = ExpertBot(rollouts=rollouts, seconds=BOT_SECONDS if seconds is None else seconds,
                             clock=time.perf_counter)

    def choose(self, game, decision) -> int:
        steps = self.bot.choose_steps(game, decision)
        box: dict = {}

        def step() -> bool:
            done, value = advance(steps)
            if done:
                box["i"] = value
            return done
        if not step():
            self.app.run_scene(self.app.game_scene, until=step, busy=True)
        return box["i"]
