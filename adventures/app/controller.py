"""One game in the app: building it, asking the human, pacing enemies, undo and saving.

The engine is synchronous: when a human must decide, `HumanAgent.choose` runs a nested
event/render loop until an option is picked. Undo, load and "new game" leave that loop by
raising one of the signals below (BaseException, so no `except Exception` in rules code
can swallow them); the app's top level catches them and rebuilds the game by replaying
the recorded answers (same seed + same answers = same game).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adventures.app import userdata
from engine.decisions import TABLE
from engine.state import GameOver

# Events that show something the players did not know: undoing past one would let a
# player take a decision back after seeing what came of it.
# (Shuffles and die rolls are caught anyway: undo also needs game.rng untouched.)
REVEALING = {"draw", "reveal", "mill", "initiative", "round", "deception", "trap", "die", "roll", "search",
             "look", "look_at_top", "look_at_hand", "store", "mouser", "fury", "recruit", "exhausted"}

# Pacing: how long each kind of event stays on screen, in units of the chosen speed.
PACE = {"reveal": 2.4, "combat": 1.6, "initiative": 1.2, "turn": 1.0, "move": 1.0, "place": 1.0,
        "swap": 1.0, "damage": 1.1, "defeated": 1.6, "threat": 1.2, "objective": 2.2, "game_over": 0.0,
        "draw": 0.0, "setup": 0.0, "boost": 0.3, "discard": 0.4, "deception": 0.4, "end_of_round": 1.0,
        "round": 1.2}
BANNER_AMENDS = ("borough", "dimension_x")      # what an objective did: shown on its banner
SPEEDS = [("slow", 700), ("normal", 400), ("fast", 150), ("instant", 0)]


class AppSignal(BaseException):
    """Leaves the engine's call stack from inside a decision (never an error)."""


class QuitApp(AppSignal):
    pass


class NewGameRequest(AppSignal):
    pass


class FrameLimit(AppSignal):
    """The test hook's frame budget ran out."""


class Restart(AppSignal):
    """Rebuild a game from its setup and a prefix of its answers (undo, load)."""

    def __init__(self, setup: GameSetup, answers: list[int], marks: list, bot_rng=None, message: str = "",
                 undo: bool = False):
        super().__init__(message)
        self.undo = undo              # the same player takes a decision back: no curtain in between
        self.setup = setup
        self.answers = answers
        self.marks = marks
        self.bot_rng = bot_rng
        self.message = message


@dataclass
class GameSetup:
    """Everything the new-game screen decides; the scenario is what gets saved."""
    scenario: Any                 # engine.content.schema.ScenarioDef, or MatchDef (competitive)
    seed: int
    open_hands: bool = True
    source: str = ""              # scenario file it came from, if any
    content: dict | None = None   # a loaded save's content stamp (adventures.persistence.content_stamp)

    @property
    def human_seats(self) -> set[int]:
        return {i for i, s in enumerate(self.scenario.seats) if s.bot == "human"}

    @property
    def is_match(self) -> bool:
        """A competitive game (duel, free-for-all, teams) rather than a co-op adventure."""
        from adventures.persistence.save import is_match
        return is_match(self.scenario)


@dataclass
class Mark:
    """A human decision: where it sits in the answers and what the game looked like then."""
    answer_index: int
    event_count: int
    rng_state: Any = field(repr=False)
    bot_rng_state: Any = field(repr=False)


def pygame_ticks() -> int:
    import pygame
    return pygame.time.get_ticks()


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def make_bot(kind: str):
    """A hero bot; falls back to the random agent when the bots package is not there."""
    try:
        from adventures.bots import make_bot as factory
        return factory("heuristic" if kind == "human" else kind)
    except Exception:   # missing or broken bots must not stop the app
        from engine.decisions import RandomAgent
        return RandomAgent()


def make_table_bot():
    try:
        from adventures.bots import TablePolicy
        return TablePolicy()
    except Exception:
        from engine.decisions import RandomAgent
        return RandomAgent()


class HumanAgent:
    """The agent of every human seat (and of the table when a human plays)."""

    def __init__(self, controller: GameController):
        self.controller = controller

    def choose(self, game, decision) -> int:
        return self.controller.ask_human(game, decision)


class GameController:
    def __init__(self, app, setup: GameSetup, answers: list[int] | None = None, marks: list | None = None,
                 bot_rng=None, message: str = "", undo: bool = False):
        self.app = app
        self.after_undo = undo
        self.setup = setup
        self.answers = list(answers or [])
        self.marks: list[Mark] = list(marks or [])
        self.bot_rng = bot_rng
        self.message = message
        self.game = None
        self.fast_forward = bool(self.answers)   # no pacing until the first new human decision
        self.in_end_of_round = False
        self.banner_due = False          # an objective banner waits for what the objective did
        self.combat_result_due = False   # the combat's damage is about to land: hold then
        self.autosave_failing = False
        self.human = HumanAgent(self)

    # ------------------------------------------------------------ building
    @property
    def human_seats(self) -> set[int]:
        return self.setup.human_seats

    def seat_kinds(self) -> dict[int, str]:
        out = {}
        for i, s in enumerate(self.setup.scenario.seats):
            out[i] = "you" if s.bot == "human" else ("random bot" if s.bot == "random" else "bot")
        if self.setup.is_match:
            from adventures.app.match_mode import seat_kinds
            out = seat_kinds(self.setup.scenario, out)
        return out

    def agents(self) -> tuple[dict, Any]:
        if self.setup.is_match:        # competitive bots fight heroes (adventures.bots.duelist)
            from adventures.competitive.setup import make_match_agents
            agents = make_match_agents(self.setup.scenario)
            agents.update({i: self.human for i in self.human_seats})
            return agents, None
        agents = {}
        shared: dict[str, Any] = {}
        for i, s in enumerate(self.setup.scenario.seats):
            if s.bot == "human":
                agents[i] = self.human
            elif s.bot == "expert":
                from adventures.app.suggest import ThinkingExpert
                shared.setdefault(s.bot, ThinkingExpert(self.app))   # sees what its seat may (rules.view)
                agents[i] = shared[s.bot]
            else:
                shared.setdefault(s.bot, make_bot(s.bot))
                agents[i] = shared[s.bot]
        table = self.human if self.human_seats else make_table_bot()
        return agents, table

    def build(self):
        from adventures.content.catalog import load_catalog
        from adventures.rules.setup import new_adventure
        agents, table = self.agents()
        scene = self.app.game_scene
        scene.prepare(self)      # setup decisions (starting spaces) are asked on the game screen
        # a new, loaded or undone game: nobody has passed a curtain yet (an undo may give the
        # screen back to another player's decision, so it asks for a curtain too)
        scene.viewer_seat = None
        hidden = not self.setup.open_hands       # a rule of the game from its first decision on
        if self.answers:
            from adventures.persistence.save import restore
            record = {"scenario": self.setup.scenario.model_dump(mode="json"), "seed": self.setup.seed,
                      "answers": self.answers, "bot_rng": self.bot_rng, "hidden_hands": hidden,
                      **({"kind": "match"} if self.setup.is_match else {})}
            game = restore(record, agents, table)
        elif self.setup.is_match:
            from adventures.competitive.setup import new_competitive
            game = new_competitive(self.setup.scenario, load_catalog(), self.setup.seed, agents, hidden_hands=hidden)
        else:
            game = new_adventure(self.setup.scenario, load_catalog(), self.setup.seed, agents, table,
                                 hidden_hands=hidden)
        self.attach(game)
        return game

    def attach(self, game) -> None:
        from adventures.persistence.content_stamp import content_warning
        self.game = game
        if self.setup.content is not None:
            warning = content_warning({"content": self.setup.content}, game)
            self.setup.content = None             # said once; saves from now on carry today's stamp
            if warning:
                self.message = f"{self.message} · {warning}" if self.message else warning
        game.observer = self.observe
        game.hidden_hands = not self.setup.open_hands     # part of the game: its saves keep it
        game.keep_checkpoints = True              # "Suggest" searches from the last quiet point
        self.app.game_scene.attach(game, self)
        if self.message:
            self.app.game_scene.toast(self.message)
            self.message = ""

    # ------------------------------------------------------------ playing
    def run(self) -> GameOver:
        """Play to the end; returns the GameOver (heroes, villain or timeout)."""
        from adventures.rules.runner import run_rounds
        try:
            game = self.build()
            if self.setup.is_match:
                from adventures.competitive.setup import run_match
                over = run_match(game, self.setup.scenario.max_turns)
            else:
                over = run_rounds(game, self.setup.scenario.max_rounds)
        except GameOver as exc:        # the game can end during setup replay
            over = exc
        except Exception as exc:
            # a save made by other content or rules no longer replays: say so, keep the file
            if self.answers and (self.game is None or self.game.replaying):
                raise LoadFailed(f"This game cannot be replayed with the current rules: {exc}") from exc
            raise
        self.forget_autosave()
        return over

    def ask_human(self, game, decision) -> int:
        if self.game is None:            # a decision during setup, before attach()
            self.attach(game)
        if self.banner_due:
            self.hold_banner()
        self.fast_forward = False
        scene = self.app.game_scene
        scene.skip_turn = False
        if self.needs_curtain(decision):
            scene.show_curtain(decision.seat)
            self.app.run_scene(scene, until=lambda: scene.overlay is None)
        mark = Mark(len(game.answers), len(game.events or ()), game.rng.getstate(), game.bot_rng.getstate())
        scene.begin_decision(decision)
        try:
            index = self.app.run_scene(scene)
        finally:
            scene.end_decision()
        self.marks.append(mark)
        return index

    def set_open_hands(self, open_hands: bool) -> str:
        """The table changed the rule mid-game (menu, after a confirmation): the game, every
        seat (bots read it from the game) and its next saves follow at once; it is logged."""
        from adventures.rules.view import set_hands_hidden
        self.setup.open_hands = open_hands
        if self.game is None:
            return ""
        set_hands_hidden(self.game, not open_hands)
        text = ("The players open their hands: everyone may see every hand." if open_hands else
                "The players hide their hands: each hand is shown only to its player, behind a curtain.")
        self.game.log("hands", text, hidden=not open_hands)
        return "Hands are open" if open_hands else "Hands are hidden"

    def needs_curtain(self, decision) -> bool:
        """Hot seat: a private decision of another human seat while hands are hidden."""
        scene = self.app.game_scene
        if self.game is None or not scene.hot_seat():
            return False
        if decision.seat == TABLE or decision.seat not in self.human_seats:
            return False
        return decision.seat != scene.viewer_seat

    # ------------------------------------------------------------ pacing (game.observer)
    def observe(self, event: dict) -> None:
        game = self.game
        scene = self.app.game_scene
        kind = event.get("kind")
        if self.banner_due and kind not in BANNER_AMENDS:
            self.hold_banner()               # the objective banner, with what the objective did
        banner = scene.on_game_event(event)
        if kind == "end_of_round":
            self.in_end_of_round = True
        elif kind == "round":
            self.in_end_of_round = False
        if kind == "turn" and not game.replaying:
            self.autosave()                       # every turn start: a crash or a close loses nothing
        if kind == "combat":
            # the result is held once the health bars show it: at the combat damage, which
            # the engine deals right after this event (at once when nothing is dealt)
            landing = (event.get("damage") or 0) > 0 and game.combat is not None and game.combat.defender.alive
            self.combat_result_due = landing
            if not landing:
                self.hold_combat()
            return
        if self.combat_result_due:
            self.combat_result_due = False
            self.hold_combat()
            return
        if game.replaying or self.fast_forward or scene.skip_turn or self.app.speed_ms <= 0:
            return
        if banner is not None:
            if kind == "objective":
                self.banner_due = True       # held once the borough / Dimension X event is in
            elif kind not in BANNER_AMENDS:
                self.hold_banner()
            return
        if not self.paced_now():
            return
        delay = int(PACE.get(kind, 0.6) * self.app.speed_ms)
        if kind == "move":                   # the slide plays out in full
            delay = max(delay, scene.motion.sliding_until() - pygame_ticks())
        if delay > 0:
            self.app.wait(scene, delay)

    def hold_banner(self) -> None:
        """Hold the game on the banner until a click, Space or a readable time."""
        from adventures.app.banner import HOLD_MS
        self.banner_due = False
        scene = self.app.game_scene
        if self.game.replaying or self.fast_forward or scene.skip_turn or self.app.speed_ms <= 0:
            return
        scene.banner_held = True
        try:
            self.app.wait(scene, HOLD_MS, done=lambda: scene.banners.banner is None)
        finally:
            scene.banner_held = False
            scene.banners.dismiss()

    def hold_combat(self) -> None:
        """Hold the game on a combat's result for the set time (settings: combat_seconds),
        whoever fights: "Continue (Space)" or a click on the panel ends it sooner."""
        from adventures.app.settings import combat_ms
        scene = self.app.game_scene
        if self.game.replaying or self.fast_forward or scene.skip_turn or self.app.speed_ms <= 0:
            return
        if scene.combat.snapshot is None:
            return
        scene.combat.holding = True
        try:
            self.app.wait(scene, combat_ms(self.app.prefs))
        finally:
            scene.combat.holding = False

    def paced_now(self) -> bool:
        """Enemy and bot turns play out slowly enough to follow; human turns never wait."""
        cur = self.game.current
        if self.in_end_of_round or cur is None or cur.is_enemy:
            return True
        return cur.index not in self.human_seats

    # ------------------------------------------------------------ undo, save, load
    def undo_refusal(self) -> str | None:
        """Why the last human decision cannot be taken back, or None if it can."""
        if not self.marks:
            return "Nothing to undo yet."
        mark = self.marks[-1]
        game = self.game
        for e in (game.events or [])[mark.event_count:]:
            if e.get("kind") in REVEALING:
                return f"Can't undo: something was revealed since ({e.get('kind')})."
        if game.rng.getstate() != mark.rng_state:
            return "Can't undo: something random happened since."
        return None

    def undo(self) -> str:
        """Restart just before the last human decision, or return why not."""
        why = self.undo_refusal()
        if why:
            return why
        mark = self.marks[-1]
        raise Restart(self.setup, list(self.game.answers[:mark.answer_index]), self.marks[:-1], mark.bot_rng_state,
                      "Undone: choose again.", undo=True)

    def save(self, path: Path | None = None) -> str:
        from adventures.persistence.save import SaveError, save_game
        villain = "match" if self.setup.is_match else self.setup.scenario.villain
        if path is None:
            import datetime
            stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H%M%S")
            try:
                path = userdata.saves_dir() / f"{villain}_round{max(1, self.game.round)}_{stamp}.json"
            except userdata.HomeError as exc:
                return f"Save failed: {exc}"
        try:
            save_game(self.game, path)
        except (SaveError, userdata.HomeError) as exc:
            return f"Save failed: {exc}"
        return f"Saved: {path.name}"

    def autosave(self) -> None:
        if self.game is None or self.game.over is not None:
            return
        from adventures.persistence.save import SaveError, save_game
        try:
            save_game(self.game, userdata.autosave_path())
        except (SaveError, userdata.HomeError) as exc:
            # A full disk must not interrupt the game (the next turn retries), but the
            # player is told once per failure streak so they can free space or save elsewhere.
            if not self.autosave_failing:
                self.autosave_failing = True
                self.app.game_scene.toast(f"Autosave failed ({exc}); playing on")
            return
        if self.autosave_failing:
            self.autosave_failing = False
            self.app.game_scene.toast("Autosave works again")

    def forget_autosave(self) -> None:
        """A finished game is not offered as "Continue" (only if the autosave is this game:
        a finished replay must not delete the game in progress)."""
        from adventures.app.keep import autosave_belongs_to
        if self.game is None or not autosave_belongs_to(self.game):
            return
        try:
            userdata.autosave_path().unlink()
        except (OSError, userdata.HomeError):
            pass

    def quit(self) -> None:
        self.autosave()
        raise QuitApp()

    def new_game(self) -> None:
        self.autosave()
        raise NewGameRequest()

    def load(self, path: Path) -> str:
        """Raise Restart with the saved game, or return why it cannot be loaded."""
        signal = restart_from_file(path, self.setup.open_hands)   # read first: autosaving may overwrite it
        if isinstance(signal, LoadFailed):
            return signal.message
        from adventures.app.keep import is_autosave, keep_game_in_progress
        if not is_autosave(path):
            self.autosave()
            kept = keep_game_in_progress()     # the loaded game will take over the autosave
            if kept is not None:
                signal.message += f" · your game was kept as {kept.name}"
        raise signal


def restart_from_file(path: Path, open_hands: bool = True) -> BaseException:
    """The Restart that resumes the save at `path`, or LoadFailed with a one-line reason.
    Hands are hidden as the save says; `open_hands` only decides for a save that did not
    record it (save version 1)."""
    from adventures.persistence.save import SaveError, definition_of, load_record
    try:
        record = load_record(path)
    except SaveError as exc:
        return LoadFailed(str(exc))
    scenario = definition_of(record)
    if record.get("hidden_hands") is not None:
        open_hands = not record["hidden_hands"]
    setup = GameSetup(scenario, record["seed"], open_hands, source=str(path), content=record.get("content"))
    return Restart(setup, list(record["answers"]), [], record.get("bot_rng"), f"Loaded {Path(path).name}")


class LoadFailed(AppSignal):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
