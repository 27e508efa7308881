"""What each face of a die would do, beside the question that rolled it (Krang's Die of
Ultimate Destruction, p.17: "reroll?" is only a real choice if you can read the faces).

Reads `decision.context["faces"]` ({face: plain words}) and `["face"]` (the rolled one).
"""
from __future__ import annotations

import pygame

from adventures.app import theme as T


def draw_faces(surf: pygame.Surface, board: pygame.Rect, context: dict, avoid=()) -> pygame.Rect | None:
    """Draw in the bottom corner of the board covering the fewest `avoid` points."""
    faces = context.get("faces") or {}
    if not faces:
        return None
    rolled = str(context.get("face", ""))
    width = min(560, board.width - 20)
    size = 13
    rows = [(face, T.wrap(text, size, width - 64, face == rolled)) for face, text in faces.items()]
    line_h = T.font(size).get_linesize()
    height = 34 + sum(len(lines) * line_h + 6 for _f, lines in rows)
    corners = [pygame.Rect(board.left + 10, board.bottom - height - 10, width, height),
               pygame.Rect(board.right - width - 10, board.bottom - height - 10, width, height),
               pygame.Rect(board.right - width - 10, board.top + 10, width, height),
               pygame.Rect(board.left + 10, board.top + 10, width, height)]
    rect = min(corners, key=lambda r: (sum(1 for x, y in avoid if r.inflate(20, 20).collidepoint(x, y)),
                                       corners.index(r)))
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((12, 14, 20, 235))
    surf.blit(shade, rect)
    pygame.draw.rect(surf, T.WARN, rect, 2, border_radius=8)
    why = str(context.get("why", ""))
    T.draw_text(surf, f"The die's faces{': ' + why if why else ''}", (rect.left + 12, rect.top + 8), 13, T.WARN,
                bold=True, max_width=rect.width - 24)
    y = rect.top + 30
    for face, lines in rows:
        hit = face == rolled
        chip = pygame.Rect(rect.left + 12, y, 30, line_h + 2)
        pygame.draw.rect(surf, T.HIGHLIGHT if hit else T.PANEL_HI, chip, border_radius=5)
        T.draw_text(surf, face, chip.center, 13, (20, 20, 20) if hit else T.TEXT, bold=True, anchor="center")
        for k, line in enumerate(lines):
            T.draw_text(surf, line, (rect.left + 52, y + 1 + k * line_h), size, T.TEXT if hit else T.MUTED, bold=hit)
        y += len(lines) * line_h + 6
    return rect
