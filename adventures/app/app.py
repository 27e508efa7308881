"""The window, the frame loop and the flow between screens.

`run_scene` is the one frame loop: it pumps events into a scene, draws it and ticks the
clock until the scene has a result. The human agent, the enemy pacing and the menus all
call it (nested inside the synchronous engine); signals raised from inside it (undo,
load, new game, quit) are caught here, at the top.

Frames are drawn only when something changed (an event came in) or the scene animates
(`scene.next_frame_in(now)`: 0 = animating, N = looks different in N ms, None = not until
input); in between the loop sleeps in `pygame.event.wait` with a timeout, so a table
waiting for a decision costs almost no CPU.

Test hook: pass `event_source` (a callable returning a list of events) and/or
`on_frame(app)` (called after each drawn frame; tests post clicks from it: with it every
pass of the loop draws), and `max_frames` to stop a run that goes wrong.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable

import pygame

from adventures.app import userdata
from adventures.app.controller import (
    SPEEDS,
    FrameLimit,
    GameController,
    GameSetup,
    LoadFailed,
    NewGameRequest,
    QuitApp,
    Restart,
    restart_from_file,
)
from adventures.app.layout import MIN_SIZE

TITLE = "TMNT Adventures"
POLL_MS = 1000              # a scene with nothing to show still looks at its timers this often
LOOK_MS = 12                # while waiting, input is looked for this often (under a frame at 60 fps)
MAXIMISE_BELOW = (1600, 1000)   # on a desktop smaller than this the window opens maximised


def desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 and sizes[0][1] > 0 else None


def default_window_size() -> tuple[int, int]:
    """Most of the screen, leaving room for the title bar and a panel."""
    desk = desktop_size()
    if desk is None:
        return 1440, 900
    return max(MIN_SIZE[0], min(1600, int(desk[0] * 0.92))), max(MIN_SIZE[1], min(1000, int(desk[1] * 0.88)))


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A remembered or requested size never opens larger than the screen."""
    desk = desktop_size()
    if desk is None:
        return size
    return max(MIN_SIZE[0], min(size[0], desk[0])), max(MIN_SIZE[1], min(size[1], desk[1]))


INPUT_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


def next_frame_in(scene, now: int) -> int | None:
    """When the scene looks different without input: 0 now (animating), N ms, None never."""
    ask = getattr(scene, "next_frame_in", None)
    return ask(now) if ask is not None else None


class App:
    def __init__(self, size: tuple[int, int] | None = None, *, headless: bool = False, fps: int = 60,
                 event_source: Callable[[], list] | None = None, on_frame: Callable[[App], None] | None = None,
                 max_frames: int | None = None, speed_ms: int | None = None):
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        self.headless = headless
        self.fps = fps
        self.event_source = event_source or pygame.event.get
        self.on_frame = on_frame
        self.max_frames = max_frames
        self.frames = 0
        self.last_input = 0
        self.frame_times: list[float] = []     # seconds spent drawing each frame (measured)
        self.prefs = userdata.load_prefs()
        from adventures.app import settings
        from adventures.app.assets import Sounds
        self.sounds = Sounds(bool(self.prefs.get("sound", True)))   # silent where no audio device exists
        settings.apply(self)
        self.speed_ms = speed_ms if speed_ms is not None else int(self.prefs.get("speed_ms", 400))
        asked = size is not None
        if size is None:        # a size asked for (--size, tests) is kept as asked
            size = fit_to_screen(tuple(self.prefs.get("window", ())) or default_window_size())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        self._icon()
        desk = desktop_size()
        if not asked and not headless and desk is not None and (desk[0] < MAXIMISE_BELOW[0]
                                                                 or desk[1] < MAXIMISE_BELOW[1]):
            self._maximise()          # a laptop screen: every pixel counts
        self.dirty = True             # the next pass of the frame loop draws
        self.clock = pygame.time.Clock()
        from adventures.app.game_scene import GameScene
        self.game_scene = GameScene(self)
        self.scene = None
        self.controller: GameController | None = None

    def _icon(self) -> None:
        from adventures.app.assets import icon
        pygame.display.set_icon(icon())

    def _maximise(self) -> None:
        try:
            pygame.Window.from_display_module().maximize()
        except (pygame.error, AttributeError):    # an older pygame or a window manager without it
            return      # the window manager answers with a VIDEORESIZE, handled by dispatch

    # ------------------------------------------------------------ speed
    @property
    def speed_name(self) -> str:
        return next((name for name, ms in SPEEDS if ms == self.speed_ms), f"{self.speed_ms} ms")

    def cycle_speed(self) -> None:
        values = [ms for _n, ms in SPEEDS]
        i = values.index(self.speed_ms) if self.speed_ms in values else 0
        self.speed_ms = values[(i + 1) % len(values)]
        self.prefs["speed_ms"] = self.speed_ms

    # ------------------------------------------------------------ the frame loop
    def run_scene(self, scene, until: Callable[[], bool] | None = None, timeout_ms: int | None = None,
                  busy: bool = False):
        """Run frames until `scene.result` is set (returned), `until()` is true or the
        timeout passes (both return None). `busy`: `until()` does work each pass (an expert
        bot thinking), so the loop never sleeps for input."""
        self.scene = scene
        scene.result = None
        self.dirty = True
        start = pygame.time.get_ticks()
        always = busy or self.on_frame is not None
        while True:
            sleep = 0 if always or self.dirty else self.sleep_ms(scene, start, timeout_ms)
            for event in self.events(sleep):
                self.dispatch(scene, event)
                self.dirty = True
            if scene.result is not None:
                result, scene.result = scene.result, None
                return result
            if until is not None and until():
                return None
            if timeout_ms is not None and pygame.time.get_ticks() - start >= timeout_ms:
                return None
            if always or self.dirty or next_frame_in(scene, pygame.time.get_ticks()) == 0:
                self.draw_frame(scene)

    def sleep_ms(self, scene, start: int, timeout_ms: int | None) -> int:
        """How long the loop may wait for input: until the scene next changes by itself, the
        wait's timeout, or POLL_MS."""
        now = pygame.time.get_ticks()
        ms = POLL_MS
        due = next_frame_in(scene, now)
        if due is not None:
            ms = min(ms, due)
        if timeout_ms is not None:
            ms = min(ms, start + timeout_ms - now)
        return max(0, ms)

    def events(self, wait_ms: int) -> list:
        """The events waiting; with none, wait up to `wait_ms` for the first ones. The wait
        is our own sleep between looks (pygame.event.wait with a timeout polls every
        millisecond inside SDL: 600 wake-ups a second, 2% of a core doing nothing)."""
        if self.event_source is not pygame.event.get or wait_ms <= 0:
            return self.event_source()
        end = pygame.time.get_ticks() + wait_ms
        while True:
            events = pygame.event.get()
            left = end - pygame.time.get_ticks()
            if events or left <= 0:
                return events
            time.sleep(min(left, LOOK_MS) / 1000)

    def dispatch(self, scene, event) -> None:
        if event.type in INPUT_EVENTS:
            self.last_input = pygame.time.get_ticks()
        if event.type == pygame.QUIT:
            self.quit_requested()
        elif event.type == pygame.VIDEORESIZE:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.prefs["window"] = [w, h]
        else:
            scene.handle(event)

    def draw_frame(self, scene) -> None:
        t0 = time.perf_counter()
        scene.draw(self.screen, pygame.time.get_ticks())
        pygame.display.flip()
        self.dirty = False
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)
        if self.max_frames is not None and self.frames >= self.max_frames:
            raise FrameLimit()
        self.clock.tick(self.fps)       # animations run at most at fps

    def wait(self, scene, ms: int | None, done: Callable[[], bool] | None = None) -> None:
        """Pacing: show the game for `ms` (None: until `done()`); Space or the skip button
        skip the rest of the turn, a click ends this one wait."""
        scene.waiting = True
        scene.skip_wait = False
        try:
            self.run_scene(scene, until=lambda: scene.skip_turn or scene.skip_wait or (done is not None and done()),
                           timeout_ms=ms)
        finally:
            scene.waiting = False
            scene.skip_wait = False

    def quit_requested(self) -> None:
        if self.controller is not None and self.scene is self.game_scene:
            self.controller.quit()          # autosaves, then raises QuitApp
        raise QuitApp()

    # ------------------------------------------------------------ flow between screens
    def run(self, start: GameSetup | None = None, resume: str | None = None, open_hands: bool = True) -> int:
        """The whole app: new-game screen, game, end screen, again (the Record screen from
        either and back); returns an exit code.
        `open_hands` is for a `resume` save that does not say (save version 1)."""
        from adventures.app.end_scene import EndScene
        from adventures.app.match_mode import MatchEndScene
        from adventures.app.record_scene import SHOW_RECORD, RecordScene, StartScene
        pending: object = None
        from adventures.app.keep import game_in_progress, is_autosave, keep_game_in_progress
        if (start is not None or (resume and not is_autosave(resume))) and game_in_progress():
            keep_game_in_progress()     # asked for on the command line: keep the game in progress
        if resume:
            pending = restart_from_file(resume, open_hands)
        elif start is not None:
            pending = start
        try:
            while True:
                if pending is None:
                    pending = self.run_scene(StartScene(self))
                if isinstance(pending, LoadFailed):
                    pending = self.run_scene(StartScene(self, error=pending.message))
                    continue
                if pending == SHOW_RECORD:          # the new-game screen's Record button; back to it after
                    self.run_scene(RecordScene(self))
                    pending = None
                    continue
                try:
                    outcome = self.play(pending)
                except LoadFailed as failed:
                    pending = failed
                    continue
                pending = None
                if outcome is None:
                    continue                       # "new game" from the menu
                end = (MatchEndScene if outcome[1].is_match else EndScene)(self, *outcome)
                choice = self.run_scene(end)
                while choice == SHOW_RECORD:        # the end screen's Record button; back to it after
                    self.run_scene(RecordScene(self))
                    choice = self.run_scene(end)
                if choice == "quit":
                    return 0
                if choice == "again":
                    pending = end.next_setup
        except (QuitApp, FrameLimit):
            return 0
        finally:
            userdata.save_prefs(self.prefs)

    def play(self, start):
        """Play one game (through undos and loads); returns (game, setup, over) or None."""
        if isinstance(start, Restart):
            ctl = GameController(self, start.setup, start.answers, start.marks, start.bot_rng, start.message)
        else:       # a setup may bring its own controller (watching a replay: adventures/app/watch.py)
            ctl = getattr(start, "controller_class", GameController)(self, start)
        while True:
            self.controller = ctl
            try:
                over = ctl.run()
                self.controller = None
                return ctl.game, ctl.setup, over
            except Restart as r:
                ctl = GameController(self, r.setup, r.answers, r.marks, r.bot_rng, r.message, r.undo)
            except NewGameRequest:
                self.controller = None
                return None
            except (QuitApp, FrameLimit, LoadFailed):
                raise
            except BaseException:
                ctl.autosave()      # never lose a game to a crash
                raise
