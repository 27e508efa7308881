"""A competitive match file checked against the content: its board and heroes by the one name
normalisation (content validation, so the competitive mode imports it and never the reverse)."""
from __future__ import annotations

import os

from adventures.content.catalog import normal_name
from engine.content.loader import ContentError, Problem, line_of, suggest
from engine.content.schema import MatchDef


def match_board(catalog, name: str):
    """The board a match names, by the catalog's one name normalisation; None if unknown."""
    wanted = normal_name(name)
    return next((b for b in catalog.boards.values() if wanted in (normal_name(b.key), normal_name(b.name))), None)


def check_match(match: MatchDef, catalog, path, lines) -> MatchDef:
    """Raise ContentError if a match names a hero or board the catalog lacks, or a board
    without a starting space for every seat (core rules p.6; team play needs four, p.19);
    return the match with its board and heroes named by their content keys (the same name
    normalisation as a co-op scenario's: case, padding, spaces and underscores do not matter)."""
    file = os.fspath(path)
    problems = []

    def bad(field: str, message: str) -> None:
        problems.append(Problem(file, line_of(lines, field), field, message))

    board = match_board(catalog, match.board)
    if board is None:
        bad("board", f"unknown board '{match.board}' (known: {suggest(str(match.board), list(catalog.boards))})")
    else:
        starts = sum(1 for s in board.spaces if s.start is not None)
        if starts < len(match.seats):
            bad("seats", f"{board.name} has {starts} starting spaces for {len(match.seats)} seats")
    seats = []
    for i, seat in enumerate(match.seats):
        hero = catalog.hero(seat.hero)
        if hero is None and normal_name(seat.hero) != "random":
            bad(f"seats.{i}.hero", f"unknown hero '{seat.hero}' (known: {suggest(seat.hero, catalog.names('hero'))})")
        seats.append(seat.model_copy(update={"hero": hero.key if hero is not None else "random"}))
    if problems:
        raise ContentError(problems)
    return match.model_copy(update={"board": board.key, "seats": seats})
