"""The window, the frame loop and the flow between screens.

`run_scene` is the one frame loop: it pumps events into a scene, draws it and ticks the
clock until the scene has a result. The human agent, the enemy pacing and the menus all
call it (nested inside the synchronous engine); signals raised from inside it (undo,
load, new game, quit) are caught here, at the top.

Test hook: pass `event_source` (a callable returning a list of events) and/or
`on_frame(app)` (called after each drawn frame; tests post clicks from it), and
`max_frames` to stop a run that goes wrong.
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
IDLE_AFTER_MS = 3000
IDLE_FPS = 20


def default_window_size() -> tuple[int, int]:
    try:
        info = pygame.display.Info()
        if info.current_w > 0 and info.current_h > 0:
            return max(MIN_SIZE[0], min(1600, int(info.current_w * 0.9))), \
                max(MIN_SIZE[1], min(1000, int(info.current_h * 0.88)))
    except pygame.error:
        pass
    return 1440, 900


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
        size = size or tuple(self.prefs.get("window", ())) or default_window_size()
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(TITLE)
        self._icon()
        self.clock = pygame.time.Clock()
        from adventures.app.game_scene import GameScene
        self.game_scene = GameScene(self)
        self.scene = None
        self.controller: GameController | None = None

    def _icon(self) -> None:
        from adventures.app.assets import icon
        pygame.display.set_icon(icon())

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
    def run_scene(self, scene, until: Callable[[], bool] | None = None, timeout_ms: int | None = None):
        """Run frames until `scene.result` is set (returned), `until()` is true or the
        timeout passes (both return None)."""
        self.scene = scene
        scene.result = None
        start = pygame.time.get_ticks()
        while True:
            for event in self.event_source():
                self.dispatch(scene, event)
            if scene.result is not None:
                result, scene.result = scene.result, None
                return result
            if until is not None and until():
                return None
            if timeout_ms is not None and pygame.time.get_ticks() - start >= timeout_ms:
                return None
            self.draw_frame(scene)

    def dispatch(self, scene, event) -> None:
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
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)
        if self.max_frames is not None and self.frames >= self.max_frames:
            raise FrameLimit()
        # nobody touched anything for a while: a slower redraw spares the CPU (2 cores, shared)
        idle = pygame.time.get_ticks() - self.last_input > IDLE_AFTER_MS and not getattr(scene, "waiting", False)
        self.clock.tick(min(self.fps, IDLE_FPS) if idle and self.fps else self.fps)

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
    def run(self, start: GameSetup | None = None, resume: str | None = None) -> int:
        """The whole app: new-game screen, game, end screen, again; returns an exit code."""
        from adventures.app.end_scene import EndScene
        from adventures.app.match_mode import MatchEndScene
        from adventures.app.new_game_scene import NewGameScene
        pending: object = None
        from adventures.app.keep import game_in_progress, is_autosave, keep_game_in_progress
        if (start is not None or (resume and not is_autosave(resume))) and game_in_progress():
            keep_game_in_progress()     # asked for on the command line: keep the game in progress
        if resume:
            pending = restart_from_file(resume)
        elif start is not None:
            pending = start
        try:
            while True:
                if pending is None:
                    pending = self.run_scene(NewGameScene(self))
                if isinstance(pending, LoadFailed):
                    pending = self.run_scene(NewGameScene(self, error=pending.message))
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
        else:
            ctl = GameController(self, start)
        while True:
            self.controller = ctl
            try:
                over = ctl.run()
                self.controller = None
                return ctl.game, ctl.setup, over
            except Restart as r:
                ctl = GameController(self, r.setup, r.answers, r.marks, r.bot_rng, r.message)
            except NewGameRequest:
                self.controller = None
                return None
            except (QuitApp, FrameLimit, LoadFailed):
                raise
            except BaseException:
                ctl.autosave()      # never lose a game to a crash
                raise
