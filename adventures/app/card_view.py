"""Drawing one card (player or enemy action card) at any size, and its large detail view.

Every card face the app paints goes through `draw_face`, and `draw_card` / `draw_detail`
paint a face only when the one who is looking may see that card where it lies
(`adventures.rules.view.may_see`); the game screen names who is looking before it draws
(`looking`), so a hidden card cannot be drawn face up by any view, old or new.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from adventures.app import theme as T
from adventures.rules.view import may_see

_LOOKING: tuple | None = None      # (game, viewer): who the screen is shown to; None: no game on screen


def looking(game, viewer) -> None:
    """The screen about to be drawn is shown to `viewer` (a seat, or TABLE) of `game`."""
    global _LOOKING
    _LOOKING = (game, viewer) if game is not None else None


def visible(card) -> bool:
    """Whether the one looking may see `card` face up (True with no game on screen)."""
    if _LOOKING is None or getattr(card, "owner", None) is None:
        return True
    game, viewer = _LOOKING
    return may_see(game, viewer, card)

TIMING_WORDS = {
    "immediately": "IMMEDIATELY", "during_combat": "DURING COMBAT", "after_combat": "AFTER COMBAT",
    "scheme": "", "after_attack": "AFTER ATTACKING",
}


def effect_lines(card) -> list[str]:
    """Each effect as 'TIMING: our text', the way the printed cards label them."""
    out = []
    for e in card.effects:
        head = TIMING_WORDS.get(e.timing, e.timing.upper())
        when = {"attack": " (attacking)", "defense": " (defending)"}.get(getattr(e, "when", "any"), "")
        out.append(f"{head}{when}: {e.text}" if head else e.text)
    return out


def value_text(card) -> str:
    if card.kind == "scheme":
        return ""
    if card.defense is not None:
        return f"{card.value}/{card.defense}"
    return str(card.value)


def hero_facts(hero) -> str:
    """A hero card's numbers in one line: health, move, attack type, sidekick."""
    side = f"{hero.sidekick.name} ×{hero.sidekick.count}" if hero.sidekick is not None else "no sidekick"
    return f"{hero.health} health, move {hero.move}, {hero.attack} · {side}"


def draw_hero_summary(surf: pygame.Surface, hero, seat: int, rect: pygame.Rect, y: int,
                      ability_lines: int | None = 2) -> int:
    """A picked hero on a new-game screen: "N. name: ability" in the seat's colour, its
    numbers beside it (below it when they do not fit), then the ability's text; returns
    the y below it."""
    name = T.draw_text(surf, f"{seat + 1}. {hero.name}: {hero.ability.name}", (rect.left, y), 14,
                       T.SEAT_COLORS[seat], bold=True, max_width=rect.width, name=True)
    facts = hero_facts(hero)
    if T.text_width(facts, 13) > rect.right - name.right - 10:       # no room beside the name
        y = name.bottom + 2
        y += T.draw_wrapped(surf, facts, pygame.Rect(rect.left, y, rect.width, 10 ** 5), 13, T.TEXT)
    else:
        T.draw_text(surf, facts, (name.right + 10, y + 1), 13, T.TEXT)
        y = name.bottom + 2
    height = 18 * ability_lines if ability_lines else 10 ** 5      # None: the whole text
    return y + T.draw_wrapped(surf, hero.ability.text, pygame.Rect(rect.left, y, rect.width, height),
                              13, T.MUTED, max_lines=ability_lines) + 6


def draw_frame(surf: pygame.Surface, rect: pygame.Rect, *, hover: bool, legal: bool) -> None:
    """A card face's frame: hover is white, a legal choice glows, else a thin dark edge."""
    if hover:
        pygame.draw.rect(surf, T.HOVER, rect.inflate(4, 4), 3, border_radius=10)
    elif legal:
        pygame.draw.rect(surf, T.HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=10)
    else:
        pygame.draw.rect(surf, (10, 10, 10), rect, 1, border_radius=8)


def draw_back(surf: pygame.Surface, rect: pygame.Rect, color: T.Color = (60, 90, 60), label: str = "") -> None:
    pygame.draw.rect(surf, T.mix(color, (10, 10, 10), 0.4), rect, border_radius=8)
    inner = rect.inflate(-8, -8)
    pygame.draw.rect(surf, color, inner, border_radius=6)
    clip = surf.get_clip()
    surf.set_clip(inner.clip(clip) if clip else inner)
    for k in range(-inner.height, inner.width, 12):
        pygame.draw.line(surf, T.mix(color, (0, 0, 0), 0.2), (inner.left + k, inner.bottom),
                         (inner.left + k + inner.height, inner.top), 3)
    surf.set_clip(clip)
    pygame.draw.rect(surf, T.mix(color, (255, 255, 255), 0.3), inner, 2, border_radius=6)
    pygame.draw.rect(surf, (10, 10, 10), rect, 1, border_radius=8)
    if label:
        T.draw_text(surf, label, rect.center, max(10, rect.width // 7), T.TEXT, bold=True, anchor="center")


BADGE_SIZE = 10          # the provenance badge's text size on a card


def name_room(size: tuple[int, int]) -> tuple[int, int, int]:
    """Where a card of `size` writes its name: (largest text size, width, lines). The
    whole band is the name's: a provenance badge sits under it, on the type line."""
    w, h = size
    band_h = max(16, h // 7)
    return max(9, min(15, band_h - 6)), w - 10, 3 if h < 150 else 2


def name_lines_at(name: str, size: int, width: int, max_lines: int) -> tuple[str, ...] | None:
    """The name at exactly `size`: one line, or wrapped on up to `max_lines` without
    cutting a word; None where it does not fit so."""
    if T.text_width(name, size, True) <= width:
        return (name,)
    lines, cut = T._wrap(name, size, max(10, width), True)
    return lines if len(lines) <= max_lines and not cut else None


def shared_name_size(cards, size: tuple[int, int]) -> int | None:
    """One name size for cards of one `size` shown side by side (a hand): the largest at
    which every name fits whole. None where even the smallest does not fit every name
    (each card then finds its own, a thumbnail its initials)."""
    names = {c.name for c in cards}
    biggest, width, lines = name_room(size)
    for s in range(biggest, T.name_min() - 1, -1):
        if names and all(name_lines_at(name, s, width, lines) is not None for name in names):
            return s
    return None


# ---------------------------------------------------------------- the reading face (a hand's cards)
LEGIBLE = 11             # the smallest effect text a hand's card is drawn at to be read without hovering, in
                         # screen pixels (DejaVu Sans Condensed is as tall as the regular face: only narrower)
READING_SIZES = (17, 16, 15, 14, 13, 12, LEGIBLE)     # a hand's effect text, largest first (at text size 100%)
READING_NAME = 12        # a reading face's name (bold, white on the type's colour): up to three lines,
                         # smaller for a whole hand where a long name needs it (hand_plan.BANDS)
META_SIZE = 9            # the type and fighter line
PAD = 4


def reading_sizes() -> tuple[float, ...]:
    """The effect text sizes a hand tries, largest first, down to the one drawn LEGIBLE
    pixels high at the current text size: at 130% that is 8.5 (11 px, as readable as 11 at
    100%: names do the same, theme.name_min), at 85% it is 13."""
    least = LEGIBLE / T.SCALE
    sizes = list(range(READING_SIZES[0], math.ceil(least) - 1, -1))
    if T.pixel_size(least) < T.pixel_size(sizes[-1]):
        sizes.append(least)
    return tuple(sizes)


def meta_size() -> float:
    """The type line's size: small print, 9 px on screen at any text size from 100% (as
    the board's labels, board_view.LEGIBLE_PX)."""
    return META_SIZE / max(1.0, T.SCALE)


def copies_text(copies: int) -> str:
    """The mark of a stack of identical cards (a hand shows their text once)."""
    return f"×{copies}"


@dataclass(frozen=True)
class ReadingFace:
    """Where everything of a card's reading face goes, for one size and text size; drawn by
    draw_face and measured by the hand (adventures/app/hand_plan.py) with the same numbers,
    so what the hand counts on is what is drawn. `fits`: the name whole on its lines, the
    type and fighter whole, every word of the effect text inside the card, clear of the pill."""
    band: pygame.Rect
    name_lines: tuple[str, ...]
    value: pygame.Rect | None         # the value's disc, a pill where it is wider ("3/3")
    copies: pygame.Rect | None        # "×2": identical cards stacked under this one
    meta: tuple[tuple[str, tuple[int, int], bool], ...]     # (text, topleft, is a name) per meta line part
    badge: pygame.Rect | None
    boost: pygame.Rect | None
    text: pygame.Rect
    text_size: int
    name_size: int
    fits: bool


def kind_words(card) -> str:
    return "ATTACK / DEFENSE" if card.defense is not None else card.kind.upper()


def reading_face(card, rect: pygame.Rect, text_size: int, band_lines: int = 1, mark=None,
                 name_size: int = READING_NAME, copies: int = 1) -> ReadingFace:
    """The reading face of `card` in `rect`: the value on a disc and the name in the band
    (`band_lines` lines high at `name_size`, the same for a whole hand), the type and fighter
    under it with the BOOST pill at their right where it fits (else in the bottom right
    corner), and the effect text at `text_size` below. A wide card says the type, fighter
    and BOOST in the band, to the name's right, and its text gains a line. `copies`:
    identical cards stacked under it, said by a "×N" on the type line, else in the band."""
    if copies > 1:
        face = _reading_face(card, rect, text_size, band_lines, mark, name_size, copies, False)
        if face.fits:
            return face
    return _reading_face(card, rect, text_size, band_lines, mark, name_size, copies, True)


def _reading_face(card, rect: pygame.Rect, text_size: int, band_lines: int, mark, name_size: float, copies: int,
                  stack_in_band: bool) -> ReadingFace:
    w, h = rect.size
    vt = value_text(card)
    name_lh = T.font(name_size, True).get_linesize()
    value = None
    band_h = band_lines * name_lh + 4
    if vt:       # a disc as tall as the name's line, a pill where "3/3" is wider than that
        d = 2 * max(name_lh // 2 + 1, (T.font(11, True).get_height() + 1) // 2)
        band_h = max(band_h, d + 4)
        value = pygame.Rect(rect.left + PAD, rect.top + (band_h - d) // 2, max(d, T.text_width(vt, 11, True) + 8), d)
    band = pygame.Rect(rect.left, rect.top, w, band_h)
    stack = None
    if copies > 1:
        sw, sh = T.font(meta_size(), True).size(copies_text(copies))
        stack = pygame.Rect(0, 0, sw + 10, sh + 2)
        if stack_in_band:
            stack.midright = (rect.right - PAD, band.centery)
    name_x = value.right + 4 if value is not None else rect.left + PAD
    name_w = (stack.left - 4 if stack is not None and stack_in_band else rect.right - PAD) - name_x
    lines = name_lines_at(card.name, name_size, name_w, band_lines) if name_w > 10 else None
    fits = lines is not None
    kind = kind_words(card)
    who = "Deception" if card.deception else ("" if card.fighter == "any" else card.fighter)
    words = " ".join(effect_lines(card))
    if band_lines == 1 and lines and mark is None:     # a wide card: type, fighter and BOOST in the band
        in_band = _meta_in_band(card, kind, who, band, lines[0], name_x, name_size, stack)
        if in_band is not None:
            meta, boost = in_band
            text = pygame.Rect(rect.left + PAD + 1, band.bottom + 3, w - 2 * PAD - 2, rect.bottom - 7 - band.bottom)
            if not words or text_fits(words, text, text_size, None):
                return ReadingFace(band, lines, value, stack, tuple(meta), None, boost, text, text_size, name_size,
                                   fits)
    if stack is not None and not stack_in_band:
        stack = stack.copy()
    head = (band, lines or (card.name,), value, stack)
    return _meta_under_band(card, kind, who, rect, band, mark, words, text_size, head, name_size, fits,
                            stack if stack is not None and not stack_in_band else None)


def _meta_under_band(card, kind: str, who: str, rect: pygame.Rect, band: pygame.Rect, mark, words: str,
                     text_size: int, head: tuple, name_size: float, fits: bool, stack: pygame.Rect | None = None
                     ) -> ReadingFace:
    """The printed card's order: the type and fighter on a line under the band (the fighter
    on a line of its own where both do not fit), the BOOST pill at their right where it
    fits, else in the bottom right corner; the provenance badge at the right. `stack`: the
    "×N" pill, placed at the line's right (the face does not fit where there is no room)."""
    w = rect.width
    meta = []
    boost = None
    y = band.bottom + 2
    meta_lh = T.font(meta_size(), True).get_linesize()
    badge = None
    room = w - 2 * PAD
    if mark is not None:
        from adventures.app.provenance import badge_size
        badge = pygame.Rect((0, 0), badge_size(mark, BADGE_SIZE))
        badge.topright = (rect.right - PAD, y)
        room -= badge.width + 4
    if stack is not None:
        stack.topright = (rect.left + PAD + room, y - 1)
        room -= stack.width + 6
        fits = fits and T.text_width(kind, meta_size(), True) <= room
    if card.boost:
        bw, bh = T.font(meta_size(), True).size(f"BOOST {card.boost}")
        boost = pygame.Rect(0, 0, bw + 10, bh + 2)
        first = f"{kind} · {who}" if who else kind
        if T.text_width(first, meta_size(), True) + 6 + boost.width <= room:
            boost.topright = (rect.left + PAD + room, y - 1)
            room -= boost.width + 6
        else:
            boost.bottomright = (rect.right - PAD, rect.bottom - 4)
    if who and T.text_width(f"{kind} · {who}", meta_size(), True) <= room:
        meta.append((f"{kind} · ", (rect.left + PAD, y), False))
        meta.append((who, (rect.left + PAD + T.text_width(f"{kind} · ", meta_size(), True), y), True))
        y += meta_lh
    else:
        fits = fits and T.text_width(kind, meta_size(), True) <= room
        meta.append((kind, (rect.left + PAD, y), False))
        y += meta_lh
        if who and badge is not None:
            y = max(y, badge.bottom)
        if who:
            fits = fits and T.text_width(who, meta_size(), True) <= w - 2 * PAD
            meta.append((who, (rect.left + PAD, y), True))
            y += meta_lh
    if badge is not None:
        y = max(y, badge.bottom)
    if boost is not None and boost.top < y:
        y = max(y, boost.bottom)
    if stack is not None:
        y = max(y, stack.bottom)
    text = pygame.Rect(rect.left + PAD + 1, y + 2, w - 2 * PAD - 2, rect.bottom - 4 - (y + 2))
    if words:
        fits = fits and text_fits(words, text, text_size, boost)
    return ReadingFace(*head, tuple(meta), badge, boost, text, text_size, name_size, fits)


def _meta_words(kind: str, who: str) -> list[tuple[str, bool]]:
    """The type line's parts: (text, is a name)."""
    return [(f"{kind} · ", False), (who, True)] if who else [(kind, False)]


def _place_meta(parts, right: int, y: int) -> list[tuple[str, tuple[int, int], bool]]:
    """The type line's parts ending at `right`, their tops at `y`."""
    x = right - sum(T.text_width(t, meta_size(), True) for t, _n in parts)
    out = []
    for text, is_name in parts:
        out.append((text, (x, y), is_name))
        x += T.text_width(text, meta_size(), True)
    return out


def _meta_in_band(card, kind: str, who: str, band: pygame.Rect, name: str, name_x: int, name_size: int, stack):
    """(type line, BOOST pill) at the right of a one-line band, where the name leaves room
    for them; else None."""
    right = band.right - PAD
    if stack is not None:         # "×N" at the band's right end
        stack.midright = (right, band.centery)
        right = stack.left - 5
    pill = None
    if card.boost:
        bw, bh = T.font(meta_size(), True).size(f"BOOST {card.boost}")
        pill = pygame.Rect(0, 0, bw + 10, bh + 2)
        pill.midright = (right, band.centery)
        right = pill.left - 5
    parts = _meta_words(kind, who)
    if name_x + T.text_width(name, name_size, True) + 10 + sum(T.text_width(t, meta_size(), True) for t, _n in parts) \
            > right:
        return None
    return _place_meta(parts, right, band.centery - T.font(meta_size(), True).get_linesize() // 2), pill


def text_fits(words: str, area: pygame.Rect, size: int, pill: pygame.Rect | None) -> bool:
    """Every word inside `area` at `size`, and the lines beside `pill` short enough to end before it."""
    lines, cut = T._wrap(words, size, max(10, area.width), T.CONDENSED)
    lh = T.font(size, T.CONDENSED).get_linesize()
    if cut or len(lines) * lh > area.height + 1:
        return False
    if pill is None:
        return True
    for k, line in enumerate(lines):
        top = area.top + k * lh
        if (top < pill.bottom and top + lh > pill.top
                and area.left + T.text_width(line, size, T.CONDENSED) > pill.left - 3):
            return False
    return True


def draw_reading_face(surf: pygame.Surface, card, rect: pygame.Rect, face: ReadingFace, *, legal: bool, dim: bool,
                      hover: bool, mark, copies: int = 1) -> None:
    type_color = T.CARD_TYPE_COLORS.get(card.kind, T.MUTED)
    if dim:
        type_color = T.mix(type_color, (120, 120, 120), 0.5)
    body = (246, 240, 226) if not dim else (150, 146, 138)
    ink = (30, 30, 34)
    pygame.draw.rect(surf, (8, 8, 10), rect.move(2, 3), border_radius=8)
    pygame.draw.rect(surf, body, rect, border_radius=8)
    pygame.draw.rect(surf, type_color, face.band, border_top_left_radius=8, border_top_right_radius=8)
    if face.value is not None:
        v = face.value
        pygame.draw.rect(surf, (250, 250, 250), v, border_radius=v.height // 2)
        pygame.draw.rect(surf, ink, v, 1, border_radius=v.height // 2)
        vt = value_text(card)
        T.draw_text(surf, vt, v.center, T.fit_size(vt, 11, v.width - 4, True, 8), T.mix(type_color, ink, 0.3),
                    bold=True, anchor="center")
    if face.copies is not None:
        pygame.draw.rect(surf, (40, 40, 48), face.copies, border_radius=face.copies.height // 2)
        T.draw_text(surf, copies_text(copies), face.copies.center, meta_size(), (255, 255, 255), bold=True,
                    anchor="center")
    name_x = face.value.right + 4 if face.value is not None else face.band.left + PAD
    lh = T.font(face.name_size, True).get_linesize()
    ny = face.band.centery - lh * len(face.name_lines) // 2
    in_band = face.copies is not None and face.copies.bottom <= face.band.bottom       # "×N" beside the name
    name_right = face.copies.left - 4 if in_band else face.band.right - PAD
    for line in face.name_lines:
        T.draw_text(surf, line, (name_x, ny), face.name_size, (255, 255, 255), bold=True,
                    max_width=name_right - name_x, name=True)
        ny += lh
    for text, pos, is_name in face.meta:
        on_band = pos[1] < face.band.bottom           # a wide card says them in the band, in white
        color = (255, 255, 255) if on_band else (90, 90, 96) if is_name else T.mix(type_color, ink, 0.35)
        T.draw_text(surf, text, pos, meta_size(), color, bold=True, max_width=rect.right - PAD - pos[0], name=is_name)
    words = " ".join(effect_lines(card))
    if words:
        if face.fits:         # the rules text in the condensed face, as printed cards set it
            T.draw_wrapped(surf, words, face.text, face.text_size, ink, bold=T.CONDENSED, line_gap=0)
        else:             # a hand that could not be laid out for reading: the old way, hover to read
            draw_effect_text(surf, card, words, face.text, face.text_size, ink)
    if face.boost is not None:
        img = T.render(f"BOOST {card.boost}", meta_size(), (250, 220, 120), True)
        pygame.draw.rect(surf, (40, 40, 48), face.boost, border_radius=face.boost.height // 2)
        surf.blit(img, img.get_rect(center=face.boost.center))
        T.trace_mark(surf, img.get_rect(center=face.boost.center), f"BOOST {card.boost}")
    if face.badge is not None:
        from adventures.app.provenance import draw_badge
        draw_badge(surf, face.badge.topleft, mark, BADGE_SIZE)
    draw_frame(surf, rect, hover=hover, legal=legal)


def draw_card(surf: pygame.Surface, card, rect: pygame.Rect, **style) -> None:
    """The card at `rect`: its face when the one looking may see it, else its back."""
    if visible(card):
        draw_face(surf, card, rect, **style)
    else:
        draw_back(surf, rect)


def draw_face(surf: pygame.Surface, card, rect: pygame.Rect, *, legal: bool = False, dim: bool = False,
              hover: bool = False, owner_color: T.Color | None = None, mark=None,
              name_size: int | None = None, reading: tuple[int, int] | None = None, copies: int = 1) -> None:
    """A card face scaled to `rect` (about 5:7). `mark`: its provenance badge, drawn at
    the right of the type line (the type and fighter keep clear of it, the text starts
    below it); `name_size`: the size its neighbours' names share (shared_name_size),
    else the card finds its own. `reading`: (text size, band lines, name size): the reading face a
    hand lays out so that every effect is read without hovering (reading_face); `copies`: the
    identical cards it stands for there (a stack)."""
    if reading is not None:
        face = reading_face(card, rect, reading[0], reading[1], mark, reading[2], copies)
        draw_reading_face(surf, card, rect, face, legal=legal, dim=dim, hover=hover, mark=mark, copies=copies)
        return
    type_color = T.CARD_TYPE_COLORS.get(card.kind, T.MUTED)
    w, h = rect.size
    body = (246, 240, 226) if not dim else (150, 146, 138)
    ink = (30, 30, 34)
    pygame.draw.rect(surf, (8, 8, 10), rect.move(2, 3), border_radius=8)
    pygame.draw.rect(surf, body, rect, border_radius=8)
    band_h = max(16, h // 7)
    biggest, name_w, max_lines = name_room(rect.size)
    shared = name_lines_at(card.name, name_size, name_w, max_lines) if name_size else None
    name_lines = (shared, name_size) if shared else T.wrap_name(card.name, biggest, name_w, True, max_lines)
    if T.text_width(name_lines[0][0], name_lines[1], True) > name_w + 2:
        # a thumbnail (a pile's top card): its initials, the whole name on hover or in the pile
        from adventures.app.board_view import abbreviation
        T.note_abbreviation(card.name, abbreviation(card.name))
        name_lines = ((abbreviation(card.name),), T.fit_size(abbreviation(card.name), biggest, name_w, True,
                                                                T.name_min()))
    line_h = T.font(name_lines[1], True).get_linesize()
    band_h = max(band_h, line_h * len(name_lines[0]) + 4)
    band = pygame.Rect(rect.left, rect.top, w, band_h)
    pygame.draw.rect(surf, type_color if not dim else T.mix(type_color, (120, 120, 120), 0.5), band,
                     border_top_left_radius=8, border_top_right_radius=8)
    ny = band.centery - line_h * len(name_lines[0]) // 2
    for line in name_lines[0]:
        T.draw_text(surf, line, (band.left + 5, ny), name_lines[1], (255, 255, 255), bold=True, max_width=name_w + 2,
                    name=True)
        ny += line_h

    # value badge and type line
    vt = value_text(card)
    y = band.bottom + 4
    if vt:
        vr = max(11, min(w // 6, h // 9))
        vc = (rect.left + 6 + vr, y + vr)
        pygame.draw.circle(surf, type_color, vc, vr)
        pygame.draw.circle(surf, ink, vc, vr, 2)
        T.draw_text(surf, vt, vc, T.fit_size(vt, max(10, int(vr * (1.1 if len(vt) <= 2 else 0.75))), 2 * vr - 4, True,
                                             8), (255, 255, 255), bold=True, anchor="center")
        tx = vc[0] + vr + 5
    else:
        vr = max(9, h // 14)
        tx = rect.left + 6
    kind_size = max(8, h // 17)
    room = rect.right - tx - 4
    badge = None          # the provenance badge: at the right of the type line, nothing under it
    if mark is not None:
        from adventures.app.provenance import badge_size
        badge = pygame.Rect((0, 0), badge_size(mark, BADGE_SIZE))
        badge.topright = (rect.right - 4, y)
        if badge.left < tx - 3:            # a narrow card: under the value's disc, the text below it
            badge.top = y + 2 * vr + 2
    beside = room - (badge.width + 3 if badge is not None and badge.top == y else 0)
    # the type in the longest form that fits (the detail popup and hover always spell it out)
    forms = ("ATTACK / DEFENSE", "ATK / DEF", "A/D") if card.defense is not None else (
        card.kind.upper(), card.kind.upper()[:4] + ".", card.kind.upper()[:1])
    kind = next((f for f in forms if T.text_width(f, 8, True) <= beside), None)
    if kind is not None:
        kind_size = T.fit_size(kind, kind_size, beside, True, 8)
        T.draw_text(surf, kind, (tx, y + 1), kind_size, T.mix(type_color, ink, 0.35), bold=True)
    else:                 # no room beside the badge: the colours say the type, hover spells it out
        T.note_abbreviation(forms[0], "")
    who = "" if card.fighter == "any" else card.fighter
    if card.deception:
        who = "Deception"
    who_size = max(8, h // 18)
    who_y = y + 1 + T.font(kind_size, True).get_linesize() - 2      # under the type line at any text size
    if badge is not None and who_y < badge.bottom and badge.top == y:
        room = beside
    if who and T.text_width(who, T.name_min()) > room:       # a tiny card: the short form, whole on hover
        from adventures.app.board_view import abbreviation
        short = abbreviation(who) if T.text_width(abbreviation(who), T.name_min()) <= room else ""
        T.note_abbreviation(who, short)
        who = short
    if who:
        T.draw_text(surf, who, (tx, who_y), who_size, (90, 90, 96), max_width=room, name=True)
    # the boost pill first: the effect text stops above it at any text size
    boost_rect = None
    if card.boost:
        size = max(8, min(13, max(14, h // 9) - 5))
        img = T.render(f"BOOST {card.boost}", size, (250, 220, 120), True)
        boost_rect = img.get_rect().inflate(12, 4)
        boost_rect.bottomright = (rect.right - 6, rect.bottom - 5)
        who_bottom = who_y + T.font(who_size).get_linesize() if who else 0
        if (vt and boost_rect.top < y + 2 * vr + 2 and boost_rect.left < rect.left + 6 + 2 * vr) or (
                badge is not None and boost_rect.colliderect(badge)) or boost_rect.top < who_bottom:
            T.note_abbreviation(f"BOOST {card.boost}", "")     # a thumbnail: the value (and badge) stay readable
            boost_rect = None
    # effect text
    below_who = who_y + (T.font(who_size).get_linesize() + 2 if who else 4)
    text_top = max(y + 2 * vr + 6, below_who) if vt else below_who    # schemes: below the type and fighter
    if badge is not None:
        text_top = max(text_top, badge.bottom + 2)
    bottom = boost_rect.top - 2 if boost_rect is not None else rect.bottom - 6
    area = pygame.Rect(rect.left + 6, text_top, w - 12, bottom - text_top)
    text = " ".join(effect_lines(card))
    if text and area.height > 8:
        draw_effect_text(surf, card, text, area, max(8, min(12, h // 15)), ink)
    if boost_rect is not None:
        pygame.draw.rect(surf, (40, 40, 48), boost_rect, border_radius=boost_rect.height // 2)
        surf.blit(img, img.get_rect(center=boost_rect.center))
        T.trace_mark(surf, img.get_rect(center=boost_rect.center), f"BOOST {card.boost}")
    if badge is not None:
        from adventures.app.provenance import draw_badge
        draw_badge(surf, badge.topleft, mark, BADGE_SIZE)
    if owner_color is not None:
        pygame.draw.rect(surf, owner_color, (rect.left + 4, rect.bottom - 8, w // 4, 4), border_radius=2)
    draw_frame(surf, rect, hover=hover, legal=legal)


def draw_effect_text(surf: pygame.Surface, card, text: str, area: pygame.Rect, size: int, ink) -> None:
    """The effect text at the largest size from `size` down to 8 that fits `area`; where even
    that does not fit (a small card), the card says when it acts ("AFTER COMBAT …") and the
    full text is one hover away (draw_detail): an abbreviation, written to T.ABBREVIATED."""
    for s in range(size, 7, -1):
        if T.fits(text, s, area.width, area.height + 1):
            T.draw_wrapped(surf, text, area, s, ink, line_gap=0)
            return
    heads = " · ".join(dict.fromkeys(line.split(":")[0] for line in effect_lines(card) if ":" in line))
    for short in (f"{heads} … (hover to read)", f"{heads} …", "(hover to read)", "…"):
        s = next((s for s in range(size, 7, -1) if T.fits(short, s, area.width, area.height + 1)), None)
        if s is not None and short.strip(" …"):
            T.note_abbreviation(text, short)
            T.draw_wrapped(surf, short, area, s, ink, line_gap=0)
            return
    T.note_abbreviation(text, "")          # no room for a word: the card's face says nothing


def draw_detail(surf: pygame.Surface, card, anchor: tuple[int, int], bounds: pygame.Rect,
                note: str = "") -> pygame.Rect | None:
    """A large, fully readable card with every effect spelled out, kept inside `bounds`
    (nothing when the one looking may not see the card).

    `note`: a last line in small print (where the card's values come from)."""
    if not visible(card):
        return None
    w = 300
    lines = effect_lines(card)
    body_h = 0
    for line in lines:
        body_h += len(T.wrap(line, 14, w - 24)) * (T.font(14).get_linesize() + 1) + 6
    note_h = len(T.wrap(note, 12, w - 24)) * (T.font(12).get_linesize() + 1) + 8 if note else 0
    h = 96 + body_h + (0 if lines else 20) + note_h
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = anchor
    rect.clamp_ip(bounds)
    type_color = T.CARD_TYPE_COLORS.get(card.kind, T.MUTED)
    pygame.draw.rect(surf, (6, 6, 8), rect.move(3, 4), border_radius=10)
    pygame.draw.rect(surf, (250, 246, 236), rect, border_radius=10)
    band = pygame.Rect(rect.left, rect.top, w, 34)
    pygame.draw.rect(surf, type_color, band, border_top_left_radius=10, border_top_right_radius=10)
    T.draw_text(surf, card.name, (band.left + 12, band.centery), 18, (255, 255, 255), bold=True, anchor="midleft",
                max_width=w - 24, name=True)
    ink = (30, 30, 34)
    if card.kind == "scheme":
        stats = "SCHEME"
    elif card.defense is not None:
        stats = f"ATTACK {card.value}  ·  DEFENSE {card.defense}"
    else:
        stats = f"{card.kind.upper()}  {card.value}"
    T.draw_text(surf, stats, (rect.left + 12, band.bottom + 8), 15, T.mix(type_color, ink, 0.4), bold=True)
    extra = []
    if card.boost:
        extra.append(f"boost {card.boost}")
    if card.fighter != "any":
        extra.append(f"{card.fighter} only")
    if card.deception:
        extra.append("Deception: reshuffles the discard pile")
    if card.tags:
        extra.append(", ".join(card.tags))
    T.draw_text(surf, "  ·  ".join(extra) or "any fighter", (rect.left + 12, band.bottom + 30), 13, (90, 90, 96),
                max_width=w - 24)
    y = band.bottom + 54
    if not lines:
        T.draw_text(surf, "No effect.", (rect.left + 12, y), 14, (110, 110, 116))
    for line in lines:
        y += T.draw_wrapped(surf, line, pygame.Rect(rect.left + 12, y, w - 24, rect.bottom - y), 14, ink,
                            line_gap=1) + 6
    if note:
        T.draw_wrapped(surf, note, pygame.Rect(rect.left + 12, y + 2, w - 24, rect.bottom - y), 12,
                       (120, 96, 40), line_gap=1)
    pygame.draw.rect(surf, (10, 10, 10), rect, 1, border_radius=10)
    return rect
