"""Banners: the moments a table announces out loud ("Round 3", "Manhattan falls!",
"Dimension X expands to screen 2", "The heroes win!").

`banner_for(game, event, current)` turns a game event into a banner (or amends the
objective banner with what the objective did); `BannerView` draws the one on screen.
The controller holds each banner until it is clicked, Space is pressed, or a readable
time passes (see controller.GameController.observe).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from adventures.app import theme as T

HOLD_MS = 2600          # a readable time for a banner (the pace "instant" does not wait)
FADE_MS = 600


@dataclass
class Banner:
    title: str
    subtitle: str = ""
    color: T.Color = T.ACCENT
    kind: str = ""


def banner_for(game, event: dict, current: Banner | None) -> Banner | None:
    """A new banner for this event, the current one amended, or None."""
    kind = event.get("kind")
    adv = getattr(game, "adv", None)
    if kind == "round":
        cards = len(event.get("deck") or ())
        return Banner(f"Round {event.get('round', game.round)}",
                      f"{cards} initiative cards shuffled" if cards else "", T.ACCENT, "round")
    if kind == "objective" and adv is not None:
        n = event.get("completions", adv.completions)
        return Banner(f"{adv.villain.name} completes the objective", f"{n} of 4: the fourth loses the game",
                      T.DANGER, "objective")
    if kind == "borough" and current is not None and current.kind == "objective" and "falls" in str(
            event.get("text", "")):
        return Banner(f"{event.get('borough', 'A borough')} falls!", current.subtitle, T.DANGER, "objective")
    if kind == "dimension_x" and current is not None and current.kind == "objective":
        markers = event.get("markers")
        title = "Dimension X consumes the world" if "consumes" in str(event.get("text", "")) else (
            f"Dimension X expands to screen {markers}")
        return Banner(title, current.subtitle, (170, 90, 230), "objective")
    if kind == "game_over":
        winner = event.get("winner")
        if winner == "heroes":
            return Banner("The heroes win!", str(event.get("reason", "")), T.ACCENT, "end")
        if winner == "timeout":
            return Banner("Time's up", str(event.get("reason", "")), T.WARN, "end")
        return Banner(f"{adv.villain.name if adv else winner} wins", str(event.get("reason", "")),
                      T.DANGER, "end")
    return None


class BannerView:
    def __init__(self):
        self.banner: Banner | None = None
        self.since = 0
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, banner: Banner, now: int) -> None:
        if self.banner is None or self.banner.kind != banner.kind or banner.kind != "objective":
            self.since = now                  # an amended objective banner keeps its clock
        self.banner = banner

    def dismiss(self) -> None:
        self.banner = None

    def expired(self, now: int) -> bool:
        return self.banner is None or now - self.since > HOLD_MS + FADE_MS

    def draw(self, surf: pygame.Surface, area: pygame.Rect, now: int, held: bool) -> None:
        """A band across the middle of `area`; it fades out once no longer held."""
        b = self.banner
        if b is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        age = now - self.since
        alpha = 255
        if not held and age > HOLD_MS:
            alpha = max(0, 255 - int(255 * (age - HOLD_MS) / FADE_MS))
            if alpha == 0:
                self.banner = None
                return
        h = 118 if b.subtitle else 86
        band = pygame.Rect(area.left, area.centery - h // 2, area.width, h)
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((10, 12, 18, min(225, alpha)))
        pygame.draw.rect(layer, (*b.color, alpha), (0, 0, band.width, 4))
        pygame.draw.rect(layer, (*b.color, alpha), (0, band.height - 4, band.width, 4))
        title = T.render(T.fit(b.title, 40, band.width - 40, True), 40, b.color, True).copy()
        title.set_alpha(alpha)
        layer.blit(title, title.get_rect(midtop=(band.width // 2, 16)))
        if b.subtitle:
            sub = T.render(T.fit(b.subtitle, 18, band.width - 40), 18, T.TEXT).copy()
            sub.set_alpha(alpha)
            layer.blit(sub, sub.get_rect(midtop=(band.width // 2, 70)))
        if held:
            hint = T.render("click or Space to go on", 12, T.MUTED).copy()
            hint.set_alpha(alpha)
            layer.blit(hint, hint.get_rect(bottomright=(band.width - 12, band.height - 8)))
        surf.blit(layer, band.topleft)
        self.rect = band
