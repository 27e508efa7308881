"""The win/lose screen: the final board under a summary card and what to do next: a new
game, the same setup again, watching this game again (adventures/app/watch.py), the
player's record (adventures/app/record_scene.py), the board. A finished game is kept as a
replay and counted in the record when the screen opens."""
from __future__ import annotations

import dataclasses

import pygame

from adventures.app import theme as T
from adventures.app.controller import random_seed
from adventures.app.overlays import dim
from adventures.app.widgets import Button


def export_finished(game):
    """Export the finished game as a replay in the user's data folder; None if that fails
    (a full disk must not take the end screen down with it)."""
    import time

    from adventures.app.userdata import replays_dir
    from adventures.persistence.replay import export_replay
    try:
        path = replays_dir() / time.strftime(f"game-%Y%m%d-%H%M%S-seed{game.seed}.json")
        export_replay(game, path)
        return path
    except Exception:
        return None


def count_finished(game, over) -> str:
    """Add the finished game to the player's record; '' when done, else one plain line
    saying what became of it (a full disk must not take the end screen down with it)."""
    from adventures.persistence.record import append, row_of
    try:
        aside = append(row_of(game, over))
    except Exception:
        return "This game could not be added to your record."
    return "Your old record could not be read: it is kept aside, and a new one starts with this game." if aside \
        else ""


class EndScene:
    def __init__(self, app, game, setup, over):
        self.app = app
        self.game = game
        self.setup = setup
        self.over = over
        self.summary = self.summarise(game, over)
        self.result = None
        self.hover_pos = (-1, -1)
        self.buttons: list[Button] = []
        self.peek = False           # hide the card to look at the final board
        self.next_setup = None      # "play again": same players and heroes, a fresh shuffle; or the replay
        from adventures.app.watch import WatchSetup
        self.watched = isinstance(setup, WatchSetup)        # this was a replay: it is kept already
        self.replay_path = setup.replay_path if self.watched else export_finished(game)
        self.record_note = "" if self.watched else count_finished(game, over)    # a replay was counted already

    def summarise(self, game, over):
        from adventures.rules.runner import summarise
        return summarise(game, over)

    def title(self) -> tuple[str, T.Color]:
        winner = self.over.winner
        if winner == "heroes":
            return "The heroes win!", T.ACCENT
        if winner == "timeout":
            return "Time's up: a draw", T.WARN
        return f"{self.game.adv.villain.name} wins", T.DANGER

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.result = "new"
            elif event.key == pygame.K_ESCAPE:
                self.result = "quit"
            elif event.key == pygame.K_SPACE:
                self.peek = not self.peek
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.peek:
                self.peek = False
                return
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.value == "again":
                        self.next_setup = dataclasses.replace(self.played(), seed=random_seed())
                        self.result = "again"
                    elif b.value == "watch":          # played like "again": the app plays next_setup
                        from adventures.app.watch import watch_setup
                        self.next_setup = watch_setup(self.game, self.setup, self.replay_path)
                        self.result = "again"
                    elif b.value == "peek":
                        self.peek = True
                    else:
                        self.result = b.value

    def played(self):
        """The setup of the game played (not of its replay)."""
        original = getattr(self.setup, "original", None)
        return original if self.watched and original is not None else self.setup

    def level_name(self) -> str:
        """The difficulty level the game was played at, by its name."""
        key = getattr(self.game.scenario, "difficulty", None) or ""
        table = getattr(getattr(self.game, "catalog", None), "difficulty", None)
        spec = table.level(key) if table is not None and key else None
        return spec.name if spec is not None else str(key).capitalize()

    def replay_notes(self) -> list[str]:
        """What became of the game's record, in words (no file names, no commands)."""
        if self.watched:
            return ["You watched the replay of this game."]
        counted = [self.record_note] if self.record_note else []
        if self.replay_path is not None:
            return ["This game is kept as a replay: Watch replay plays it again here.", *counted]
        return ["Watch replay plays this game again here (it could not be kept for later).", *counted]

    def lines(self) -> list[str]:
        s = self.summary
        adv = self.game.adv
        players = [x for x in self.game.sides if not x.is_enemy]
        out = [
            f"Level: {self.level_name()}   ·   {s.rounds} round{'s' if s.rounds != 1 else ''} played",
            f"{adv.villain.name}: {s.villain_health}/{s.villain_max} health left",
            f"Objectives completed: {s.completions}/4",
            f"Heroes defeated: {s.hero_deaths} of {len(players)}",
            f"Decisions taken: {s.decisions}   ·   seed {self.game.seed}",
        ]
        out += self.replay_notes()
        for side in players:
            alive = ", ".join(f"{f.name} {f.health}/{f.max_health}" for f in side.fighters if f.alive) or "eliminated"
            out.append(f"{side.name}: {alive}")
        return out

    def draw(self, surf: pygame.Surface, now: int) -> None:
        scene = self.app.game_scene
        scene.model = None
        scene.draw(surf, now)
        if self.peek:
            T.draw_text(surf, "Click or Space to return", (surf.get_width() // 2, 8), 15, T.HIGHLIGHT, bold=True,
                        anchor="midtop")
            self.buttons = []
            return
        dim(surf, 180)
        title, color = self.title()
        lines = self.lines()
        u = T.SCALE
        labels = [("New game", "new"), ("Play again", "again"), ("Watch replay", "watch"), ("Record", "record"),
                  ("Board", "peek"), ("Quit", "quit")]
        widths = [T.text_width(label, 15) + 40 for label, _v in labels]
        w = min(surf.get_width() - 40, max(int(560 * u), sum(widths) + 10 * (len(widths) - 1) + 60))
        reason = self.over.reason[:1].upper() + self.over.reason[1:] + "."
        body_w = w - 80
        lh = T.font(15).get_linesize()
        title_h = T.wrapped_height(title, 34, w - 40, True)
        body_h = T.wrapped_height(reason, 15, w - 40) + 12 + sum(T.wrapped_height(line, 15, body_w) + 4
                                                                  for line in lines)
        bh = int(40 * u)
        h = min(surf.get_height() - 20, 22 + title_h + 10 + body_h + 24 + bh + 24)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = surf.get_rect().center
        T.panel(surf, rect, T.PANEL, color, 14)
        y = rect.top + 22
        for line in T.wrap(title, 34, w - 40, True):
            T.draw_text(surf, line, (rect.centerx, y), 34, color, bold=True, anchor="midtop")
            y += T.font(34, True).get_linesize()
        y += 10
        for line in T.wrap(reason, 15, w - 40):
            T.draw_text(surf, line, (rect.centerx, y), 15, T.MUTED, anchor="midtop")
            y += lh
        y += 12
        for line in lines:
            y += T.draw_wrapped(surf, line, pygame.Rect(rect.left + 40, y, body_w, 10 ** 5), 15, T.TEXT) + 4
        x = rect.centerx - (sum(widths) + 10 * (len(widths) - 1)) // 2
        self.buttons = []
        for (label, value), bw in zip(labels, widths):
            self.buttons.append(Button(pygame.Rect(x, rect.bottom - bh - 24, bw, bh), label, value=value,
                                       primary=value == "new"))
            x += bw + 10
        for b in self.buttons:
            b.draw(surf, hover=b.rect.collidepoint(self.hover_pos))
