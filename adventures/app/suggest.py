"""The expert bot in the app: "Suggest" for the human, and expert bot seats, both off the
render loop.

"Suggest" answers at once with the strong bot's pick (a few lookups, no search); asked
again at the same decision it thinks harder: the expert searches (issue 27 item 6), as an
expert seat does, with the strong bot playing its sampled futures (issue 43,
`adventures.bots.expert.best_expert`).

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

from engine.decisions import TABLE

SUGGEST_SECONDS = 0.8       # "within a second"
BOT_SECONDS = 1.0           # an expert bot seat thinks about this long per decision
SLICE_SECONDS = 0.008       # search time per frame
# Sampled worlds a search plays before its confirmation: the ladder's measured expert (8,
# then 16 for the pick and a challenger). A strong-bot future costs 1.2x (solo) to 1.4-1.7x
# (2-4 players) a simple-bot one, and frames take half the budget or more: solo, 8 worlds and the
# confirmation mostly fit (more would leave no time to confirm); with 2-4 players the budget
# ends the search first (docs/BOTS.md, "The strongest search in the app").
ROLLOUTS = 8


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
    """One suggestion at a time for the decision on screen: `start`, then `poll` each frame.

    Every answer is one plain line that names the option and says why
    (`adventures.bots.explain`, from the deciding seat's view; a card is named only to a
    viewer who may see it); `pick` and `spaces` are what the screen marks as suggested."""

    def __init__(self, seconds: float = SUGGEST_SECONDS, rollouts: int = ROLLOUTS):
        self.seconds = seconds
        self.rollouts = rollouts
        self.decision = None
        self.game = None
        self.viewer = TABLE
        self.steps = None
        self.answer: tuple[int, str] | None = None
        self.shown = False
        self.expert_answered = False      # the answer is the expert's search, not the quick read
        self.quick: int | None = None     # the quick pick, kept to compare the search with
        self.scores: dict | None = None
        self.said = ""                    # the last line told (the scene drops it with the decision)
        self._spaces: tuple[int, list[int]] | None = None

    # ------------------------------------------------------------ what the screen marks
    @property
    def pick(self) -> int | None:
        """The suggested option of the decision on screen, once it has been told."""
        return self.answer[0] if self.answer is not None and self.shown else None

    def spaces(self) -> list[int]:
        """Board spaces the suggestion's reason is about (its target, its destination);
        worked out once per pick (the screen asks every frame)."""
        pick = self.pick
        if pick is None:
            return []
        if self._spaces is None or self._spaces[0] != pick:
            self._spaces = (pick, [s for s in self.explain(pick).spaces if s is not None])
        return self._spaces[1]

    # ------------------------------------------------------------ asking
    def start(self, game, decision, viewer: int | None = None) -> str:
        """The quick pick for `decision` at once, with its reason; asked again for the same
        decision, start the expert's search ("think harder"). Returns what to tell the player now."""
        if self.decision is decision:
            if self.steps is not None:
                return "The expert is still thinking..."
            if self.answer is not None and self.expert_answered:
                return self.said
            if self.answer is not None and self.searchable():
                return self.think_harder(game, decision, self.answer[0])
            if self.answer is not None:
                return self.tell(self.unsearched())
        self.cancel()
        self.decision, self.game = decision, game
        self.viewer = viewer if viewer is not None else (decision.seat if decision.seat >= 0 else TABLE)
        quick = quick_bot(game, decision).choose(game, decision)   # sees what its seat may see
        self.quick = quick
        self.answer, self.shown, self.expert_answered = (quick, "quick read"), True, False
        if not self.searchable():
            self.answer = (quick, "by rule of thumb")
        again = " S again: think harder." if self.searchable() else ""
        return self.tell(f"Bot suggests: {self.said_option(quick)}{press(quick)}{again}")

    def searchable(self) -> bool:
        from adventures.bots.expert import SEARCHED
        d, game = self.decision, self.game
        return (d.tag in SEARCHED and d.seat >= 0 and getattr(game, "adv", None) is not None
                and getattr(game, "checkpoint", None) is not None and len(d.options) >= 2)

    def unsearched(self) -> str:
        """Asked to think harder where the expert does not search: still the quick pick, and why."""
        d, game = self.decision, self.game
        what = self.explain(self.answer[0]).what
        if getattr(game, "adv", None) is None:
            why = "competitive games have no deeper search: this is the competitive bot's rule of thumb"
        elif d.seat < 0:
            why = "the players' shared choices follow the table's rule of thumb, with no deeper search"
        elif getattr(game, "checkpoint", None) is None:
            why = "the expert searches from the first round on"
        else:
            why = "the expert searches actions, attacks, defences, boosts and moves; not this question"
        return f"Still: {what} — {why}.{press(self.answer[0])}"

    def think_harder(self, game, decision, anchor: int) -> str:
        """The expert's search for the decision on screen, in slices (`poll`); it keeps the
        quick pick (`anchor`) unless its sampled worlds show a clear gain."""
        from adventures.bots.expert import best_expert
        checkpoint = game.checkpoint
        self.answer, self.shown = None, False
        expert = self.expert = best_expert(rollouts=self.rollouts, seconds=self.seconds, clock=time.perf_counter)
        view = SimpleNamespace(checkpoint=checkpoint, answers=list(game.answers), bot_rng=None)
        rng = random.Random(f"{game.seed}:{len(game.answers)}")       # never the game's own RNGs
        self.anchor = anchor
        self.steps = expert.search(view, decision, anchor=anchor, rng=rng)
        return self.tell("The expert is thinking harder...")

    def poll(self) -> str | None:
        """Advance the search by one slice; the suggestion's text once (when it is ready)."""
        if self.steps is not None:
            done, scores = advance(self.steps)
            if not done:
                return None
            self.steps = None
            self.expert_answered = True
            self.scores = scores or None
            if scores:
                best = self.expert.best(scores, self.anchor)
                self.answer = (best, f"{scores[best][1]} sampled futures")
            else:
                self.answer = (self.anchor, "by rule of thumb")
        if self.answer is None or self.shown:
            return None
        self.shown = True
        return self.tell(self.verdict())

    # ------------------------------------------------------------ words
    def explain(self, i: int):
        from adventures.bots.explain import explain
        seat = self.decision.seat if self.decision.seat >= 0 else self.viewer
        return explain(self.game, self.decision, i, seat, self.card_name)

    def card_name(self, card) -> str:
        """A card's name, or whose hand it is in when the viewer may not see it."""
        from adventures.rules.view import may_see
        if may_see(self.game, self.viewer, card):
            return card.name
        owner = getattr(card, "owner", None)
        return f"a card of {owner.name}'s" if owner is not None else "a hidden card"

    def said_option(self, i: int) -> str:
        """'Attack Shredder with Katana — 4 against a likely defence of 2; ...'."""
        e = self.explain(i)
        from adventures.bots.explain import RULE_OF_THUMB
        return f"{e.what} — {e.why or RULE_OF_THUMB}."

    def verdict(self) -> str:
        """What the search found, against the quick pick: changed its mind or not, and why."""
        best, quick, scores = self.answer[0], self.quick, self.scores
        if not scores or best not in scores:
            return f"Expert: still {self.explain(best).what} — the search found no better option.{press(best)}"
        if best != quick and quick in scores:
            n = min(scores[best][1], scores[quick][1])
            return (f"Expert changed its mind: {self.explain(best).what} — in {n} sampled futures "
                    f"{outcome(scores, best, quick, self.villain_name())} for {self.explain(quick).what}, "
                    f"the quick pick.{press(best)}")
        return self.compare(best, quick, scores) + press(best)

    def compare(self, best: int, quick: int, scores: dict) -> str:
        rivals = [i for i in scores if i != best]
        what = self.explain(best).what
        if not rivals:
            return f"Expert: still {what} — no other option was worth searching."
        rival = max(rivals, key=lambda i: scores[i][0])
        n = min(scores[best][1], scores[rival][1])
        if scores[rival][0] > scores[best][0]:
            return (f"Expert: still {what} — in {n} sampled futures "
                    f"{self.explain(rival).what} did a little better ({outcome(scores, rival, best, self.villain_name())}), "
                    "too little to change its mind.")
        return (f"Expert: still {what} — in {n} sampled futures "
                f"{outcome(scores, best, rival, self.villain_name())} for {self.explain(rival).what}.")

    def villain_name(self) -> str:
        adv = getattr(self.game, "adv", None)
        return adv.villain.fighters[0].name if adv is not None else "the villain"

    def tell(self, text: str) -> str:
        self.said = text
        return text

    def message(self) -> str:
        """The last thing told about the decision on screen."""
        return self.said

    def cancel(self) -> None:
        self.expert_answered = False
        self.steps = None
        self.answer = None
        self.decision = None
        self.game = None
        self.shown = False
        self.quick = None
        self.scores = None
        self.said = ""
        self._spaces = None


def quick_bot(game, decision):
    """Who answers at once: the competitive bot in a competitive game, the table's policy for
    a players-choose question, else the strong bot."""
    if getattr(game, "adv", None) is None:
        from adventures.bots.duelist import DuelistBot
        return DuelistBot()
    if decision.seat < 0:
        from adventures.bots.table import TablePolicy
        return TablePolicy()
    from adventures.bots.strong import StrongBot
    return StrongBot()


def press(i: int) -> str:
    """The key of option `i`, in words (options past 9 have none)."""
    return f" Press {i + 1} to take it." if i < 9 else ""


def outcome(scores: dict, a: int, b: int, villain: str) -> str:
    """'it won 58% against 41%' (per-world scores: 1 + a little for a win, outcome_score);
    without a win either way, how much of the villain's health each took."""
    played = {i: [x for x in scores[i][2] if x is not None] for i in (a, b)}
    rate = {i: sum(x >= 1.0 for x in xs) / len(xs) if xs else 0.0 for i, xs in played.items()}
    # the rest of a world's score is 0.1 x the share of the villain's health taken
    hurt = {i: sum(10 * (x - 1.0 if x >= 1.0 else x) for x in xs) / len(xs) if xs else 0.0
            for i, xs in played.items()}
    took = f"it took {hurt[a]:.0%} of {villain}'s health against {hurt[b]:.0%}"
    if round(rate[a], 2) != round(rate[b], 2):
        return f"it won {rate[a]:.0%} against {rate[b]:.0%}"
    if rate[a]:
        return f"both won {rate[a]:.0%}; {took}"
    return f"no future was won; {took}"


class ThinkingExpert:
    """An expert bot seat: searches in slices while the app keeps drawing."""

    wants_checkpoints = True

    def __init__(self, app, seconds: float | None = None, rollouts: int = ROLLOUTS):
        from adventures.bots.expert import best_expert
        self.app = app
        self.bot = best_expert(rollouts=rollouts, seconds=BOT_SECONDS if seconds is None else seconds,
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
