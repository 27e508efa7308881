"""The "Why?" panel: why an enemy did what it did, read from the engine's own record.

A click on an enemy's line in the game log, or on an enemy's intent in the status
column or on the board (its arrow, the ring of where it would stop, its "threat +1"
tag), opens it. It shows the record the rule made while it decided
(adventures.rules.reasons, `event["why"]` or `Intent.why`): the rule applied step by
step, the candidates with their distances, the tie and who broke it, the rulebook page.
Nothing here works the answer out again, so the panel cannot disagree with the game.
"""
from __future__ import annotations

import pygame

from adventures.app import theme as T
from adventures.app.overlays import CLOSE, Overlay, dim
from adventures.app.provenance import APPROX_COLOR
from adventures.app.widgets import Button, scrolled
from adventures.rules.reasons import THE_PLAYERS

OURS = "Our design: the printed card is not public, so this rule is the program's approximation."


def candidate_line(c: dict, chosen_uid, chosen: str) -> tuple[str, bool]:
    """'Raphael (hero, space 12): 2 spaces to move', and whether it is the one chosen."""
    what = ", ".join(x for x in (c.get("kind") if c.get("kind") in ("hero", "sidekick") else "",
                                 f"space {c['space']}" if c.get("space") is not None and c.get("kind") != "space"
                                 else "") if x)
    name = f"{c['name']} ({what})" if what else c["name"]
    moves = c.get("moves")
    if c.get("note"):
        tail = c["note"]
    elif moves is None:
        tail = ""
    elif moves == 0:
        tail = "adjacent"
    else:
        tail = f"{moves} space{'s' if moves != 1 else ''} to move"
    picked = (chosen_uid is not None and c.get("uid") == chosen_uid and c.get("kind") not in ("circle", "space")) \
        or (chosen and c["name"] == chosen)
    return (f"{name}: {tail}" if tail else name), picked


def sections(why: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    """The panel's parts for one record: (heading, [(style, text)]); style is one of
    step, chosen, other, note, ours."""
    out = [("The rule, step by step", [("step", s) for s in why.get("steps") or ()])]
    cands = why.get("candidates") or []
    if cands:
        rows = []
        for c in cands:
            text, picked = candidate_line(c, why.get("chosen_uid"), why.get("chosen", ""))
            rows.append(("chosen" if picked else "other", text))
        out.append(("Candidates" if why.get("move") is None else f"Candidates (its move: {why['move']})", rows))
    tied = why.get("tied") or []
    if len(tied) > 1:
        names = ", ".join(tied[:-1]) + " and " + tied[-1]
        if why.get("decided_by") == THE_PLAYERS:
            tie = f"{names} were tied. Enemies make no choices: the players chose {why.get('chosen')}"
        else:
            tie = f"{names} are tied. Enemies make no choices: the players will choose"
        out.append(("Tie-break", [("note", f"{tie} ({why.get('tie_page') or why.get('page')}).")]))
    book = [("note", f"{why.get('page')}: {why.get('rule_text') or why.get('rule', '') + '.'}")]
    if why.get("ours"):
        book.append(("ours", OURS))
    out.append(("Rulebook", book))
    return out


STYLE = {"step": (14, T.TEXT, False), "chosen": (14, T.HIGHLIGHT, True), "other": (14, T.MUTED, False),
         "note": (14, T.TEXT, False), "ours": (13, APPROX_COLOR, False)}
BULLET = {"step": "•", "chosen": "▶", "other": "·"}


class WhyOverlay(Overlay):
    """One or more reason records (`[(label, why)]`, label '' for a lone one), scrollable,
    with a Close button that stays in view. Esc, Close or a click outside closes it."""

    def __init__(self, records: list[tuple[str, dict]]):
        self.records = [(label, why) for label, why in records if isinstance(why, dict)]
        self.scroll = 0
        self.max_scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close = None

    @property
    def title(self) -> str:
        heads = {why.get("headline", "") for _label, why in self.records}
        return f"Why? {heads.pop()}" if len(heads) == 1 else f"Why? {self.records[0][1].get('actor', '')}"

    def _body(self, surf, x: int, y: int, w: int, draw: bool) -> int:
        """Draw (or only measure) the records from y; returns the y below them."""
        indent = int(18 * T.SCALE)
        for label, why in self.records:
            if label:
                size = 15
                if draw:
                    T.draw_wrapped(surf, label, pygame.Rect(x, y, w, 10 ** 5), size, T.ACCENT, bold=True)
                y += T.wrapped_height(label, size, w, True) + 2
            for heading, rows in sections(why):
                if draw:
                    T.heading(surf, heading, (x, y + 4))
                y += T.font(13, True).get_linesize() + 6
                for style, text in rows:
                    size, color, bold = STYLE[style]
                    bullet = BULLET.get(style)
                    if draw and bullet:
                        T.draw_text(surf, bullet, (x + 2, y), size, color, bold=bold)
                    if draw:
                        T.draw_wrapped(surf, text, pygame.Rect(x + indent, y, w - indent, 10 ** 5), size, color,
                                       bold=bold)
                    y += T.wrapped_height(text, size, w - indent, bold) + 2
            y += 8
        return y

    def draw(self, surf, hover_pos) -> None:
        dim(surf)
        u = T.SCALE
        screen = surf.get_rect()
        w = min(screen.width - 40, int(620 * u))
        inner = w - 40
        title_h = T.wrapped_height(self.title, 20, inner, True)
        body_h = self._body(surf, 0, 0, inner, draw=False)
        bh = int(34 * u)
        foot = bh + 18
        h = min(screen.height - 20, 18 + title_h + 8 + body_h + foot)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = screen.center
        self.rect = rect
        T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 12)
        y = rect.top + 16
        y += T.draw_wrapped(surf, self.title, pygame.Rect(rect.left + 20, y, inner, 10 ** 5), 20, T.TEXT, bold=True)
        view = pygame.Rect(rect.left + 2, y + 6, w - 4, rect.bottom - foot - (y + 6))
        self.max_scroll = max(0, body_h - view.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        clip = surf.get_clip()
        surf.set_clip(view.clip(clip) if clip else view)
        self._body(surf, rect.left + 20, view.top - self.scroll, inner, draw=True)
        surf.set_clip(clip)
        if self.max_scroll:
            T.draw_text(surf, "▲▼ wheel to scroll", (rect.right - 12, rect.top + 6), 11, T.WARN, anchor="topright")
        bw = T.text_width("Close (Esc)", 15) + 40
        self.close = Button(pygame.Rect(rect.centerx - bw // 2, rect.bottom - foot + 8, bw, bh), "Close (Esc)",
                            value=CLOSE, size=15, primary=True)
        self.close.draw(surf, hover=self.close.rect.collidepoint(hover_pos))

    @property
    def buttons(self) -> list[Button]:
        """For the layout test and the app's tests: the buttons drawn."""
        return [self.close] if self.close is not None else []

    def handle(self, event):
        scroll = scrolled(event, self.scroll, self.max_scroll)
        if scroll is not None:
            self.scroll = scroll
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if (self.close is not None and self.close.hit(event.pos)) or not self.rect.collidepoint(event.pos):
                return CLOSE
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return CLOSE
        return super().handle(event)


def intent_records(items) -> list[tuple[str, dict]]:
    """The records of an enemy's intents (intent_view.EnemyIntent), one per move value it
    may still get; labelled when there are several."""
    recs = [(item.move, item.intent.why) for item in items if item.intent.why is not None]
    if len(recs) == 1:
        return [("", recs[0][1])]
    return [(f"If its move is {move}:", why) for move, why in recs]


def current_turn_record(events, side_index: int) -> dict | None:
    """The record on the log line of `side_index`'s turn under way (event["why"], attached
    once the rule has decided), else None: the last turn logged must be that side's."""
    for event in reversed(events or ()):
        if event.get("kind") == "turn":
            why = event.get("why")
            return why if event.get("side") == side_index and isinstance(why, dict) else None
    return None


def board_records(events, items, item, under_way: bool) -> list[tuple[str, dict]]:
    """What a click on `item`'s arrow, ring or tag on the board opens: for an enemy's turn
    under way (`under_way`), its log line's record once the rule has made it, else the
    record its targeting made for the arrow; on a player's turn, the same records as its
    intent in the status column (one per move value it may still get)."""
    if under_way:
        logged = current_turn_record(events, item.side.index)
        if logged is not None:
            return [("", logged)]
    return intent_records([i for i in items if i.side is item.side])
