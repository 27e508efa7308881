"""Colours, fonts and small text helpers shared by every view.

Fonts come from assets/fonts (DejaVu Sans, loaded through adventures.app.assets; its
condensed face, beside it, for a card's rules text: CONDENSED), then the system, then
pygame's built-in default. Rendered text is cached because
the software renderer spends most of a frame turning strings into surfaces.
"""
from __future__ import annotations

import functools
import math

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
# The enemies: red, sand, violet, silver and slate, at least CIEDE2000 20 apart from each other
# with normal vision and under protanopia and deuteranopia (five reds were 7 apart for a
# colour-blind player), apart from both palettes' seats; found by a search over sRGB and
# measured by tests/test_table_colours.py. Each also has a shape (ENEMY_SHAPES): a second cue.
VILLAIN_COLOR: Color = (204, 0, 0)
MINION_COLORS: list[Color] = [(221, 187, 119), (153, 17, 204), (187, 170, 187), (102, 102, 102)]
ENEMY_SHAPES = ("star", "triangle", "square", "cross", "diamond")    # the villain, then minions 1-4

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


def enemy_shape(side) -> str | None:
    """The shape that marks an enemy on its token and in the status column, whatever the
    palette ("star" for the villain); None for a player's side."""
    if side is None or not side.is_enemy:
        return None
    return ENEMY_SHAPES[0] if side.index == 10 else ENEMY_SHAPES[1 + (side.index - 11) % (len(ENEMY_SHAPES) - 1)]


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The outline of `shape` of radius `r` around `center` (a polygon)."""
    cx, cy = center
    if shape == "star":
        return [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                 cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "square":
        q = r * 0.8
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    t = r * 0.38                                  # "cross": a plus sign
    return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t), (cx + t, cy + t),
            (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t), (cx - r, cy - t), (cx - t, cy - t)]


def draw_shape(surf: pygame.Surface, shape: str, center: tuple[float, float], r: float, color: Color,
               edge: Color = (15, 15, 18)) -> None:
    """An enemy's shape filled with its colour and outlined, so it reads on any background."""
    pts = shape_points(shape, center, r)
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.polygon(surf, edge, pts, 2 if r >= 7 else 1)


def seat_color(side) -> Color:
    """A side's colour: its seat's for a player (the same on the setup screen and in play),
    the enemies' own colours (ENEMY_SHAPES gives each a shape too)."""
    if side is None:
        return MUTED
    if side.is_enemy:
        return VILLAIN_COLOR if side.index == 10 else MINION_COLORS[(side.index - 11) % len(MINION_COLORS)]
    return SEAT_COLORS[side.index % len(SEAT_COLORS)]


# ---------------------------------------------------------------- settings: palette and text size
STANDARD = {"seats": list(SEAT_COLORS), "minions": list(MINION_COLORS), "villain": VILLAIN_COLOR}
# Colour-blind safe: seats that stay apart from each other and from the enemies under
# protanopia and deuteranopia (Machado 2009 simulation), by hue and lightness together. The
# enemies' colours already stay apart under that simulation: both palettes share them.
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
    for cached in (font, render, _fit, fit_size, _wrap):
        cached.cache_clear()
    return SCALE


def px(pixels: float) -> float:
    """A size in screen pixels, for the text functions (which multiply every size by the text
    size): the board's labels are sized by its spaces, not by the text size."""
    return pixels / SCALE


# ---------------------------------------------------------------- fonts and text
_SYS_FONTS = "dejavusans,arial,helvetica,liberationsans,freesans"


# A face given where `bold` goes (every text function passes `bold` on to font() and keys its
# caches with it): DejaVu Sans Condensed, for a card's rules text, so a hand of cards reads
# whole at a legible size (assets/fonts, beside the regular face; the regular one without it).
CONDENSED = "condensed"


def pixel_size(size: float) -> int:
    """The pixel size a text `size` is drawn at, at the current text size (what font() loads)."""
    return max(8, int(round(size * SCALE)))


@functools.lru_cache(maxsize=96)
def font(size: int, bold: bool | str = False) -> pygame.font.Font:
    size = pixel_size(size)
    from adventures.app.assets import font_file
    condensed, bold = bold == CONDENSED, bool(bold) and bold != CONDENSED
    path = font_file(bold, condensed)       # the bundled DejaVu Sans (assets/fonts)
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


# ---------------------------------------------------------------- the one text function and its cut register
# Every string the app draws to a width goes through draw_text / draw_wrapped / fit / wrap; whatever
# they had to shorten is written here, so a test (tests/test_layout.py) can say which text was cut.
CUTS: list[tuple[str, str]] = []          # (the full text, what was drawn instead), since reset_cuts()
TRACE: list[tuple[str, pygame.Rect]] | None = None   # when a list: every line drawn on TRACE_ON, with its rect
TRACE_ON: pygame.Surface | None = None    # the window's surface (not the cached layers drawn off screen)
NAME_MIN = 9                              # a name shrinks down to this size before anything else is done...
# When set, called with every line drawn (surf, text, rect, size, bold, color; size None for a label
# blitted whole by trace_mark): the rules hints find their keywords there (adventures/app/glossary_view.py).
WATCH = None


def name_min() -> int:
    """...in pixels on screen: at a large text size a name may shrink further in points
    (9 px is as readable at 130% as at 100%)."""
    return min(NAME_MIN, max(6, round(NAME_MIN / SCALE)))


def reset_cuts(trace: pygame.Surface | None = None) -> None:
    """Empty the register; `trace`: also keep where every line is drawn on that surface."""
    global TRACE, TRACE_ON
    CUTS.clear()
    ABBREVIATED.clear()
    TRACE = [] if trace is not None else None
    TRACE_ON = trace


ABBREVIATED: list[tuple[str, str]] = []   # (full text, the short form drawn) where the full text is on hover


def note_abbreviation(full: str, shown: str) -> None:
    if len(ABBREVIATED) < 10_000:
        ABBREVIATED.append((full, shown))


def wrap_name(text: str, size: int, width: int, bold: bool = False, max_lines: int = 2) -> tuple[tuple[str, ...], int]:
    """A name that must stay whole: one line shrunk down to NAME_MIN, else wrapped on
    `max_lines` lines (shrunk too if need be); returns (lines, size)."""
    smallest = name_min()
    s = fit_size(text, size, width, bold, smallest)
    if text_width(text, s, bold) <= width or " " not in text:
        return (text,), s
    for s in range(int(size), smallest - 1, -1):
        lines, cut = _wrap(text, s, width, bold)
        if len(lines) <= max_lines and not cut:
            return lines, s
    return (text,), smallest       # drawn anyway: draw_text's max_width will record the cut


CUT_WHERE = bool(__import__("os").environ.get("TMNT_CUT_WHERE"))   # debugging: say which line cut it


def note_cut(full: str, shown: str) -> None:
    if CUT_WHERE:
        import traceback
        frames = [f for f in traceback.extract_stack()[:-1] if not f.filename.endswith("theme.py")][-2:]
        shown += "  @ " + " < ".join(f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno}" for f in reversed(frames))
    if len(CUTS) < 10_000:
        CUTS.append((full, shown))


def new_layer() -> None:
    """What is drawn from now on lies over what was drawn before (a dialog over the game):
    the layout test compares lines of text within a layer only."""
    if TRACE is not None:
        TRACE.append(("", None))


def _trace(surf: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    """Keep where a line was drawn; under a clip (a scroll view) only its visible part."""
    if surf is not TRACE_ON:
        return
    clip = surf.get_clip()
    if clip != surf.get_rect():
        rect = rect.clip(clip)
        if not rect.width or not rect.height:
            return
    TRACE.append((text, rect))


MARK = "\x00mark"          # a TRACE entry that is a badge, not text: no text may lie under it
BUTTON = "\x00button"      # a button's area: no text but its own label may lie over it


def trace_mark(surf: pygame.Surface, rect: pygame.Rect, what: str = MARK) -> None:
    """Keep where a badge (or a button, or a label blitted without draw_text) was drawn."""
    if TRACE is not None:
        _trace(surf, what, rect)
    if WATCH is not None and what not in (MARK, BUTTON):
        WATCH(surf, what, rect, None, False, None)


def draw_text(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 15, color: Color = TEXT,
              bold: bool = False, anchor: str = "topleft", max_width: int | None = None,
              name: bool = False) -> pygame.Rect:
    """Blit one line of text; `anchor` is any pygame.Rect attribute name.

    Too wide for `max_width`, the text first shrinks (a name down to NAME_MIN, other text by two
    points); only then is it cut with an ellipsis, and the cut is written to CUTS."""
    if max_width is not None and text_width(text, size, bold) > max_width:
        smallest = name_min() if name else max(NAME_MIN, size - 2)
        size = fit_size(text, size, max_width, bold, smallest)
        text = fit(text, size, max_width, bold)
    img = render(text, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    surf.blit(img, rect)
    if TRACE is not None:
        _trace(surf, text, rect)
    if WATCH is not None:
        WATCH(surf, text, rect, size, bold, color)
    return rect


def text_width(text: str, size: int, bold: bool = False) -> int:
    return font(size, bold).size(text)[0]


@functools.lru_cache(maxsize=1024)
def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """Shorten with an ellipsis so the text fits `width` pixels (a cut: written to CUTS)."""
    shown = _fit(text, size, width, bold)
    if shown != text:
        note_cut(text, shown)
    return shown


@functools.lru_cache(maxsize=1024)
def fit_size(text: str, size: int, width: int, bold: bool = False, smallest: int = 9) -> int:
    """The largest font size from `size` down to `smallest` at which `text` fits `width`
    (shrink before cutting: names stay whole wherever they can)."""
    for s in range(int(size), int(smallest) - 1, -1):
        if font(s, bold).size(text)[0] <= width:
            return s
    return int(smallest)


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    f = font(size, bold)
    lines: list[str] = []
    cut: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            if f.size(word)[0] <= width:
                line = word
            else:
                line = _fit(word, size, width, bold)
                cut.append(word)
        lines.append(line)
    return tuple(lines), tuple(cut)


def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split text into lines no wider than `width` pixels (words never split unless too long:
    such a word is cut, and written to CUTS)."""
    lines, cut = _wrap(text, size, width, bold)
    for word in cut:
        note_cut(word, _fit(word, size, width, bold))
    return lines


def wrapped_height(text: str, size: int, width: int, bold: bool = False, line_gap: int = 2) -> int:
    """The height draw_wrapped needs for `text` (so a panel can be made that tall)."""
    n = len(_wrap(text, size, max(10, width), bold)[0])
    return n * (font(size, bold).get_linesize() + line_gap)


def fits(text: str, size: int, width: int, height: int, bold: bool = False, line_gap: int = 0) -> bool:
    """Whether `text` wraps into width x height without cutting a word."""
    lines, cut = _wrap(text, size, max(10, width), bold)
    return not cut and len(lines) * (font(size, bold).get_linesize() + line_gap) <= height


def draw_wrapped(surf: pygame.Surface, text: str, rect: pygame.Rect, size: int = 14, color: Color = TEXT,
                 bold: bool = False, line_gap: int = 2, max_lines: int | None = None) -> int:
    """Draw wrapped text inside `rect`; returns the height used. Lines that do not fit
    (`max_lines`, or the rect's bottom) are a cut, written to CUTS."""
    lines = wrap(text, size, max(10, rect.width), bold)
    if max_lines is not None and len(lines) > max_lines:
        last = _fit(lines[max_lines - 1] + " …", size, rect.width, bold)
        note_cut(text, " ".join(lines[:max_lines - 1] + (last,)))
        lines = lines[:max_lines - 1] + (last,)
    y = rect.top
    h = font(size, bold).get_linesize()
    for k, line in enumerate(lines):
        if y + h > rect.bottom + 2:
            note_cut(text, " ".join(lines[:k]))
            break
        surf.blit(render(line, size, color, bold), (rect.left, y))
        if TRACE is not None:
            _trace(surf, line, pygame.Rect(rect.left, y, text_width(line, size, bold), h))
        if WATCH is not None:
            WATCH(surf, line, pygame.Rect(rect.left, y, text_width(line, size, bold), h), size, bold, color)
        y += h + line_gap
    return y - rect.top


def panel(surf: pygame.Surface, rect: pygame.Rect, color: Color = PANEL, edge: Color | None = PANEL_EDGE,
          radius: int = 8) -> None:
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, rect, 1, border_radius=radius)


def heading(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 13) -> pygame.Rect:
    return draw_text(surf, text.upper(), pos, size, MUTED, bold=True)
