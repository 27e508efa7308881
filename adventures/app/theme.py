"""Colours, fonts and small text helpers shared by every view.

Fonts come from assets/fonts (DejaVu Sans, loaded through adventures.app.assets), then the
system, then pygame's built-in default. Rendered text is cached because
the software renderer spends most of a frame turning strings into surfaces.
"""
from __future__ import annotations

import functools

import pygame

Color = tuple[int, int, int]

BG: Color = (17, 20, 28)
PANEL: Color = (29, 34, 46)
PANEL_HI: Color = (40, 47, 63)
PANEL_EDGE: Color = (58, 67, 88)
BOARD_BG: Color = (24, 30, 40)
TEXT: Color = (232, 234, 238)
MUTED: Color = (150, 160, 178)
DIM: Color = (98, 106, 122)
ACCENT: Color = (94, 186, 92)        # turtle green
ACCENT_DARK: Color = (52, 110, 50)
WARN: Color = (240, 173, 78)
DANGER: Color = (220, 72, 66)
HIGHLIGHT: Color = (255, 230, 90)    # legal choices on the board and in the hand
HOVER: Color = (255, 255, 255)
PATH: Color = (112, 122, 142)
WIRE: Color = (236, 200, 40)         # Doomsday Machine wires (yellow, as printed)
FOOT: Color = (128, 72, 170)         # Foot soldiers: purple side = patrolling
FOOT_ENTRENCHED: Color = (60, 30, 40)
DX_SHADE: Color = (120, 40, 170)

# Player seats: one colour per SEAT (never per hero, so any team of heroes is told apart),
# chosen apart from each other, from the enemies, from the board's zone colours (red,
# yellow, blue, purple, green), Dimension X's purple, the Foot, the yellow of legal choices
# and the white space-number discs (tests/test_table_colours.py measures it: CIEDE2000,
# and for the colour-blind palette after protanopia/deuteranopia simulation too).
SEAT_COLORS: list[Color] = [(34, 221, 255), (255, 170, 255), (153, 255, 0), (170, 187, 255)]
VILLAIN_COLOR: Color = (190, 30, 45)
MINION_COLORS: list[Color] = [(230, 90, 70), (210, 60, 120), (240, 120, 110), (180, 70, 60)]

CARD_TYPE_COLORS: dict[str, Color] = {
    "attack": (200, 60, 60), "defense": (60, 120, 210), "versatile": (140, 90, 200),
    "scheme": (230, 170, 40),
}


def hex_color(value: str) -> Color:
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def readable_on(bg: Color) -> Color:
    """Black or white text, whichever reads better on `bg`."""
    lum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]
    return (20, 20, 20) if lum > 150 else (250, 250, 250)


def seat_color(side) -> Color:
    """A side's colour: its seat's for a player (the same on the setup screen and in play),
    red shades for the enemies."""
    if side is None:
        return MUTED
    if side.is_enemy:
        return VILLAIN_COLOR if side.index == 10 else MINION_COLORS[(side.index - 11) % len(MINION_COLORS)]
    return SEAT_COLORS[side.index % len(SEAT_COLORS)]


# ---------------------------------------------------------------- settings: palette and text size
STANDARD = {"seats": list(SEAT_COLORS), "minions": list(MINION_COLORS), "villain": VILLAIN_COLOR}
# Colour-blind safe: seats that stay apart from each other and from the enemies' reds under
# protanopia and deuteranopia (Machado 2009 simulation), by hue and lightness together.
COLOUR_BLIND = {
    "seats": [(0, 255, 255), (255, 0, 255), (153, 255, 0), (187, 255, 204)],
    "minions": list(MINION_COLORS),
    "villain": VILLAIN_COLOR,
}
PALETTES = {"standard": STANDARD, "colour-blind": COLOUR_BLIND}
SCALES = (0.85, 1.0, 1.15, 1.3)
SCALE = 1.0


def set_palette(name: str) -> str:
    """Switch the side colours in place (every view reads them when it draws)."""
    global VILLAIN_COLOR
    if name not in PALETTES:
        name = "standard"
    pal = PALETTES[name]
    SEAT_COLORS[:] = pal["seats"]
    MINION_COLORS[:] = pal["minions"]
    VILLAIN_COLOR = pal["villain"]
    return name


def set_scale(scale: float) -> float:
    """Text size (UI scale): every font size is multiplied by it; the text caches restart."""
    global SCALE
    try:
        scale = float(scale)
    except (TypeError, ValueError):
        scale = 1.0
    SCALE = min(SCALES, key=lambda s: abs(s - scale))
    for cached in (font, render, fit, fit_size, wrap):
        cached.cache_clear()
    return SCALE


# ---------------------------------------------------------------- fonts and text
_SYS_FONTS = "dejavusans,arial,helvetica,liberationsans,freesans"


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(round(size * SCALE)))
    from adventures.app.assets import font_file
    path = font_file(bold)                  # the bundled DejaVu Sans (assets/fonts)
    if path is not None:
        try:
            return pygame.font.Font(str(path), size)
        except (pygame.error, OSError):
            pass
    try:
        if pygame.font.match_font(_SYS_FONTS):
            return pygame.font.SysFont(_SYS_FONTS, size, bold=bold)
    except Exception:  # some platforms have no font lookup at all: use the built-in font
        pass
    f = pygame.font.Font(None, int(size * 1.3))   # the default font runs small
    f.set_bold(bold)
    return f


@functools.lru_cache(maxsize=2048)
def render(text: str, size: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, color)


def draw_text(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 15, color: Color = TEXT,
              bold: bool = False, anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
    """Blit one line of text; `anchor` is any pygame.Rect attribute name."""
    if max_width is not None:
        text = fit(text, size, max_width, bold)
    img = render(text, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    surf.blit(img, rect)
    return rect


def text_width(text: str, size: int, bold: bool = False) -> int:
    return font(size, bold).size(text)[0]


@functools.lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """Shorten with an ellipsis so the text fits `width` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


@functools.lru_cache(maxsize=1024)
def fit_size(text: str, size: int, width: int, bold: bool = False, smallest: int = 9) -> int:
    """The largest font size from `size` down to `smallest` at which `text` fits `width`
    (shrink before cutting: names stay whole wherever they can)."""
    for s in range(int(size), int(smallest) - 1, -1):
        if font(s, bold).size(text)[0] <= width:
            return s
    return int(smallest)


@functools.lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split text into lines no wider than `width` pixels (words never split unless too long)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word if f.size(word)[0] <= width else fit(word, size, width, bold)
        lines.append(line)
    return tuple(lines)


def draw_wrapped(surf: pygame.Surface, text: str, rect: pygame.Rect, size: int = 14, color: Color = TEXT,
                 bold: bool = False, line_gap: int = 2, max_lines: int | None = None) -> int:
    """Draw wrapped text inside `rect`; returns the height used."""
    lines = wrap(text, size, max(10, rect.width), bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines - 1] + (fit(lines[max_lines - 1] + " …", size, rect.width, bold),)
    y = rect.top
    h = font(size, bold).get_linesize()
    for line in lines:
        if y + h > rect.bottom + 2:
            break
        surf.blit(render(line, size, color, bold), (rect.left, y))
        y += h + line_gap
    return y - rect.top


def panel(surf: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, edge: Color | None = PANEL_EDGE,
          radius: int = 8) -> None:
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, rect, 1, border_radius=radius)


def heading(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 13) -> pygame.Rect:
    return draw_text(surf, text.upper(), pos, size, MUTED, bold=True)
