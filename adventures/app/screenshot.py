"""`adventures screenshot SCENARIO --seed N --turns K --out file.png`: the app, headless.

Bots play every seat for K turns (player and enemy turns both count); the picture is
taken at the next decision of a player seat, so it shows a real prompt, the highlights
and that player's hand, exactly as the app draws them.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

from adventures.home import replaced_when_done
from adventures.rules.tags import ALL_TAGS
from adventures.tools import limits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from adventures.app.userdata import MAX_WINDOW, MIN_WINDOW
    parser.add_argument("scenario", type=limits.path_arg("scenario"), help="a scenario YAML path, a name in scenarios/, or 'shredder'/'krang'")
    parser.add_argument("--seed", type=limits.seed_arg, default=1)
    parser.add_argument("--turns", type=limits.turns_arg, default=6, help="turns to play before the picture (default 6)")
    parser.add_argument("--out", type=limits.file_out_arg("--out file", PICTURE_SUFFIXES), default="screenshot.png",
                        help="picture file to write (.png, or .jpg, .bmp, .tga)")
    parser.add_argument("--size", type=limits.size(MIN_WINDOW, MAX_WINDOW), default=(1600, 1000), help="window size (default 1600x1000)")
    limits.difficulty_option(parser)
    parser.add_argument("--at", metavar="TAG", type=limits.one_of("--at tag", ALL_TAGS),
                        default=None, help="wait for a player decision with this tag (e.g. action, move_dest, "
                                         "defense_card; the tags are in engine/tags.py and adventures/rules/tags.py)")


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from adventures.app.scenarios import find_scenario
    try:
        scenario = find_scenario(args.scenario)
    except ValueError as exc:
        print(f"adventures screenshot: {exc}", file=sys.stderr)
        return 2
    if args.difficulty is not None:
        from adventures.sim.runner import at_difficulty
        leveled = at_difficulty([scenario], args.difficulty, "screenshot")
        if leveled is None:
            return 2
        scenario, = leveled
    try:        # checked before playing: a bad --out must not waste the run
        limits.output_file(args.out, "--out file")
    except limits.OutputError as exc:
        print(f"adventures screenshot: {exc}", file=sys.stderr)
        return 2
    try:
        path = take(scenario, args.seed, args.turns, args.out, tuple(args.size), at=args.at or "")
    except NoSuchMoment as exc:
        print(f"adventures screenshot: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:    # pygame cannot write the file (disk full, bad extension, ...)
        import pygame
        if not isinstance(exc, (OSError, pygame.error)):
            raise
        print(f"adventures screenshot: {args.out}: cannot write: {getattr(exc, 'strerror', None) or exc}",
              file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0


PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")   # what pygame.image.save writes


class _Taken(BaseException):
    pass


class NoSuchMoment(Exception):
    """The game ended before the asked-for decision came up; str() is one line."""


def take(scenario, seed: int, turns: int, out: str, size=(1600, 1000), at: str = "") -> str:
    """Play `turns` turns with bots and save the app's picture of the next player decision
    (the next one tagged `at`, if given)."""
    import pygame
    app = shoot(scenario, seed, turns, size, at)
    if at and app.shot_at_end:
        raise NoSuchMoment(f"no player decision tagged {at!r} came up after turn {turns} before the game ended "
                           f"(seed {seed}): nothing written; try another --seed or fewer --turns")
    buffer = io.BytesIO()              # encoded here, written by Python, which sees a full disk
    pygame.image.save(app.screen, buffer, out)          # (SDL's own writer reports success)
    with replaced_when_done(Path(out)) as tmp:
        tmp.write_bytes(buffer.getvalue())
    return out


def shoot(scenario, seed: int, turns: int, size=(1600, 1000), at: str = "", *, open_hands: bool = True,
          before_draw=None):
    """Play `turns` turns with bots and draw the app's frame of the next player decision
    (tagged `at`, if given; the final position if the game ends first); returns the App,
    whose `screen` holds the picture. `before_draw(app)` may change the scene first
    (tests/test_layout.py opens menus, curtains and combats this way)."""
    from adventures.app.app import App
    from adventures.app.controller import GameController, GameSetup, make_bot, make_table_bot

    app = App(size=size, headless=True, fps=0, speed_ms=0)

    class ShotAgent:
        def __init__(self, ctl, inner):
            self.ctl, self.inner = ctl, inner

        def choose(self, game, decision):
            if self.ctl.turns_seen > turns and decision.seat >= 0 and (not at or decision.tag == at):
                self.ctl.snap(decision)
            return self.inner.choose(game, decision)

    class ShotController(GameController):
        turns_seen = 0

        def agents(self):
            if self.setup.is_match:          # competitive seats: the competitive bot
                from adventures.bots.duelist import DuelistBot
                from adventures.competitive.setup import make_match_agents
                inner = make_match_agents(self.setup.scenario)
                return {i: ShotAgent(self, inner.get(i) or DuelistBot())
                        for i in range(len(self.setup.scenario.seats))}, None
            bots = {}
            agents = {}
            for i, s in enumerate(self.setup.scenario.seats):
                kind = "heuristic" if s.bot == "human" else s.bot
                bots.setdefault(kind, make_bot(kind))
                agents[i] = ShotAgent(self, bots[kind])
            return agents, ShotAgent(self, make_table_bot())

        def observe(self, event):
            if event.get("kind") == "turn":
                self.turns_seen += 1
            super().observe(event)

        def autosave(self):
            pass              # a picture must not replace the player's autosave

        def forget_autosave(self):
            pass

        def snap(self, decision=None):
            scene = app.game_scene
            if self.game is None:
                return
            if decision is not None:
                scene.viewer_seat = decision.seat
                scene.begin_decision(decision)
            scene.motion.slides.clear()     # a picture shows fighters where they stand, not mid-slide,
            scene.motion.floaters.clear()   # nor a damage number passing over a name
            scene.banners.dismiss()         # ...and the board, not a passing "Round 3" banner
            if before_draw is not None:
                before_draw(app)
            app.draw_frame(scene)
            raise _Taken()

    ctl = ShotController(app, GameSetup(scenario, seed, open_hands=open_hands))
    app.controller = ctl
    app.shot_at_end = False
    try:
        ctl.run()
        app.shot_at_end = True
        ctl.snap()            # the game ended first: picture the final position
    except _Taken:
        pass
    app.shot_controller = ctl
    return app
