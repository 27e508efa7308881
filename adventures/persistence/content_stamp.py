"""Which content a saved game was played with (issue 17: an owner's own cards).

A save is replayed from its answers, so it only comes back alike with the same content.
The record keeps a short stamp of the definitions the game used (heroes, enemies, board,
trap and ally decks) and which of them were the owner's own. Loading with other content
is not refused (the answers may still fit, and a deleted user file must not lose a game):
the player is told in one line that the game may play out differently.
"""
from __future__ import annotations

import hashlib
import json


def _used(game) -> list[tuple[str, str]]:
    """(table, key) of every definition the game reads."""
    used = {("hero" if not s.is_enemy else "enemy", s.hero_key) for s in game.sides if s.hero_key}
    board = getattr(game.board, "key", "")
    if board:
        used.add(("board", board))
    used.update({("traps", "traps"), ("allies", "allies")})
    return sorted(used)


_STAMPS: dict[tuple, tuple] = {}


def content_stamp(game) -> dict:
    """{"digest": ..., "yours": [...]} for `game`, or {} when it has no catalog.
    Worked out once per catalog and game content (the app autosaves after every answer)."""
    catalog = getattr(game, "catalog", None)
    if catalog is None:
        return {}
    used = _used(game)
    key = (id(catalog), tuple(used))
    hit = _STAMPS.get(key)
    if hit is None or hit[0] is not catalog:
        if len(_STAMPS) > 32:
            _STAMPS.clear()
        hit = _STAMPS[key] = (catalog, _stamp(catalog, used))
    return {"digest": hit[1]["digest"], "yours": list(hit[1]["yours"])}


def _stamp(catalog, used: list[tuple[str, str]]) -> dict:
    digest = hashlib.sha256()
    yours = []
    custom = getattr(catalog, "custom", {})
    for table, key in used:
        model = catalog.entry(table, key)
        dumped = model.model_dump(mode="json") if model is not None else None
        digest.update(json.dumps([table, key, dumped], sort_keys=True, separators=(",", ":")).encode())
        if (table, key) in custom:
            yours.append(key if table not in ("traps", "allies") else table)
    return {"digest": digest.hexdigest()[:16], "yours": yours}


def content_warning(record: dict, game) -> str:
    """One line when the content now in use differs from the save's, else ""."""
    saved = record.get("content")
    if not isinstance(saved, dict) or not isinstance(saved.get("digest"), str):
        return ""               # saves made before the stamp existed
    now = content_stamp(game)
    if not now or now["digest"] == saved["digest"]:
        return ""
    was = saved.get("yours") if isinstance(saved.get("yours"), list) else []
    mine = ", ".join(str(k) for k in was[:4]) if was else "the shipped cards only"
    return (f"This game was saved with other content ({mine}); "
            "it may play out differently with the content in use now.")
