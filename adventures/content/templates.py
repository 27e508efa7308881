"""Commented starting files for the owner's content folder (`adventures content new ...`).

A template is a shipped file, copied as it is (values, our comments) with an explanation
written above the first line that uses each field, and a header saying what the file does,
where it goes and how to check it. Only comment lines are added, so the template loads to
exactly the shipped model until the owner edits it.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from adventures.content.catalog import CONTENT_ROOT
from engine.content.loader import parse_yaml

# kind asked for -> (content folder, shipped file used when the name is not a shipped key)
KINDS = {
    "villain": ("villains", "shredder"),
    "minion": ("minions", "wingnut"),
    "traps": ("traps", "technodrome_traps"),
    "allies": ("allies", "allies"),
    "board": ("boards", "new_york_city"),
    "hero": ("heroes", "leonardo"),
}

_EFFECTS = {
    "effects": "effects: a list of effect blocks, each one timing + your own words + ops.",
    "effects.*.timing": "timing: immediately (after both cards are revealed), during_combat (changes values), "
                        "after_combat (after damage), scheme, after_attack.",
    "effects.*.when": "when: attack or defense; an enemy card with split boxes resolves only the effect of "
                      "the box in use (default any: both).",
    "effects.*.text": "text: the words players read, in the app and the log. Write your own summary, "
                      "do not copy the printed card.",
    "effects.*.ops": "ops: what the engine does, in the effect language (docs/CONTENT.md, docs/EFFECTS.md). "
                     "An empty list means the text is shown but nothing happens.",
    "effects.*.uncancellable": "uncancellable: true if no cancel effect can stop this block.",
}

_ENEMY = {
    "key": "key: the id (lowercase, digits, _). A file in your folder with a shipped key REPLACES that "
           "shipped file; a new key adds a new one (then pick it in the app or a scenario).",
    "name": "name: shown on screen.",
    "role": "role: villain or minion (must match the folder: villains/ or minions/).",
    "health": "health: a list, one value per player count [1 player, 2, 3, 4]; a minion has one value "
              "(the Adventures box gives every minion 10, p.4).",
    "attack": "attack: melee (attacks adjacent fighters) or ranged (fighters in its zone too).",
    "board": "board: key of the board side the villain plays on (new_york_city, technodrome or yours).",
    "rules": "rules: the Python module with this enemy's special rules (shredder, krang, wingnut, ...). "
             "A new villain or minion must reuse one of them; the app and `adventures validate` list them.",
    "supply": "supply: tokens the enemy brings, by name and count (Shredder's 24 Foot soldiers, p.4).",
    "special_text": "special_text: the enemy's special rules in your own words (shown on the new-game screen).",
    "threat_track": "threat_track: the villain's threat track (villains only).",
    "threat_track.levels": "levels: the threat level printed under each space, first space first "
                           "(the number of spaces is the track length).",
    "threat_track.numbered": "numbered: false when the printed track shows no numbers (Krang, p.17).",
    "provenance": "provenance: published (typed from the printed card), approximation (our design) or "
                  "original (a house rule). The app marks approximations; content from your folder is "
                  "shown as yours whatever this says.",
    "initiative": "initiative: the enemy's initiative cards. A card with a move value is "
                  "the enemy's turn; one without is a special card (To the Streets!, Technodrome Traps).",
    "initiative.*.key": "key: the id of this initiative card (lowercase, digits, _).",
    "initiative.*.name": "name: as printed.",
    "initiative.*.move": "move: how far the enemy moves on its turn (p.8: usually 3). Leave it out for "
                         "a card that is not the enemy's turn.",
    "initiative.*.right_now": "right_now: the RIGHT NOW text, your own words.",
    "initiative.*.right_now_ops": "right_now_ops: what RIGHT NOW does (the turn itself needs none).",
    "initiative.*.end_of_round": "end_of_round: the END OF ROUND text, your own words.",
    "initiative.*.end_of_round_ops": "end_of_round_ops: what END OF ROUND does, in the effect language.",
    "initiative.*.provenance": "provenance: as above, for this card.",
    "deck": "deck: the action cards (villains 10, minions 7; p.3). Every deck needs one Deception card "
            "(p.12). Enemy cards are versatile: one attack and one defense value.",
    "deck.*.name": "name: as printed.",
    "deck.*.attack": "attack: the value in the attack box.",
    "deck.*.defense": "defense: the value in the defense box.",
    "deck.*.boost": "boost: the BOOST value.",
    "deck.*.copies": "copies: how many of this card are in the deck (default 1).",
    "deck.*.deception": "deception: true for Deception: when it is discarded, the discard pile is "
                        "shuffled back into the deck (p.12).",
    "deck.*.fury": "fury: true for Slash's Fury cards (skipped when played).",
    "deck.*.provenance": "provenance: as above, for this card.",
    **{f"deck.*.{k}": v for k, v in _EFFECTS.items()},
    **{f"initiative.*.{k}": v for k, v in _EFFECTS.items()},
}

_HERO = {
    "key": "key: the id (lowercase, digits, _). A shipped key REPLACES that hero; a new key adds one.",
    "name": "name: shown on screen.",
    "health": "health: starting health.",
    "move": "move: the printed move value.",
    "attack": "attack: melee or ranged.",
    "small": "small: true for a small fighter (heroes/rules that care about size).",
    "hand_size": "hand_size: cards in the starting hand (default 5).",
    "hand_limit": "hand_limit: most cards kept at the end of a turn (default 7).",
    "uncancellable": "uncancellable: true if none of this hero's effects can be cancelled.",
    "set": "set: the box the hero comes from.",
    "provenance": _ENEMY["provenance"],
    "sidekick": "sidekick: the hero's sidekick(s), if any: name, health, count, attack, small.",
    "ability": "ability: the special ability: name, your own words, and triggers in the effect language "
               "(or plugin: a Python ability for rules the ops cannot say).",
    "ability.triggers": "triggers: when the ability acts (on: start_of_turn, after_combat, ...) and its ops.",
    "ability.plugin": "plugin: the Python ability class by name (only existing ones).",
    "starting_hand_extra": "starting_hand_extra: cards put in the starting hand besides the 5 drawn.",
    "deck": "deck: the hero's cards. type attack, defense, versatile or scheme; value (none for a scheme); "
            "boost (leave it out, or null, when no BOOST is printed); fighter: any, the hero or the sidekick.",
    "deck.*.type": "type: attack, defense, versatile or scheme.",
    "deck.*.value": "value: the printed value (a scheme card has none).",
    "deck.*.boost": "boost: the BOOST value; null when the card has no BOOST printed.",
    "deck.*.fighter": "fighter: who may play it: any, the hero's name or the sidekick's name.",
    "deck.*.copies": "copies: how many of this card are in the deck.",
    "deck.*.tags": "tags: words other effects look for (mission, item, ...).",
    "deck.*.requirement": "requirement: conditions to play the card (a list of conditions).",
    **{f"deck.*.{k}": v for k, v in _EFFECTS.items()},
}

_TRAPS = {
    "traps": "traps: the Technodrome trap cards (8 in the box, p.3). Krang reveals one and rolls the "
             "Die of Ultimate Destruction (p.17): the result 1-5 below resolves, X does nothing.",
    "traps.*.name": "name: as printed.",
    "traps.*.results": "results: one effect block for each die face 1, 2, 3, 4 and 5 (all five are needed).",
    "traps.*.provenance": _ENEMY["provenance"],
    **{f"traps.*.results.*.{k.removeprefix('effects.*.')}": v for k, v in _EFFECTS.items() if k != "effects"},
}

_ALLIES = {
    "friends_in_odd_places": "friends_in_odd_places: the Friends in Odd Places initiative card (p.19); its "
                             "END OF ROUND is the recruitment (recruit_ally). It is one of the 17 ally & "
                             "henchman cards of the box (p.2), so `cards` holds the other 16.",
    "cards": "cards: the allies and henchmen (p.19). Each is an initiative card with RIGHT NOW and/or END OF "
             "ROUND effects. Allies help the players (their ops run as the players, every choice theirs); "
             "henchmen act for the villain (self is the villain; they decide nothing).",
    "cards.*.key": "key: the id of the card (lowercase, digits, _).",
    "cards.*.name": "name: as printed.",
    "cards.*.kind": "kind: ally or henchman.",
    "cards.*.start_space": "start_space: allies only: the numbered starting space a player fighter must "
                           "stand on at the end of the round to recruit it (1-5).",
    "cards.*.right_now": "right_now: the RIGHT NOW text, your own words.",
    "cards.*.right_now_ops": "right_now_ops: what it does, in the effect language.",
    "cards.*.end_of_round": "end_of_round: the END OF ROUND text, your own words.",
    "cards.*.end_of_round_ops": "end_of_round_ops: what it does, in the effect language.",
    "cards.*.provenance": _ENEMY["provenance"],
}
_ALLIES.update({f"friends_in_odd_places.{k.removeprefix('initiative.*.')}": v
                for k, v in _ENEMY.items() if k.startswith("initiative.*.") and "effects" not in k})

_BOARD = {
    "key": "key: the id of the board side (a villain's `board:` names it). A shipped key REPLACES it.",
    "name": "name: shown on screen.",
    "provenance": _ENEMY["provenance"],
    "zones": "zones: every zone by name: a colour (#rrggbb) and a pattern (solid, stripes, dots, cross, "
             "waves, checks, rings) so zones differ without colour too.",
    "boroughs": "boroughs: New York City only (p.14): each borough and its numbered starting space.",
    "spaces": "spaces: every space: id (a number), pos [x, y] from 0 to 1 on the picture (x right, y down), "
              "zones (one or more), start (the printed starting number 1-5, if any), borough (NYC), screen "
              "(Technodrome: its Dimension X screen 1-4, on every space or none).",
    "paths": "paths: the lines between spaces, as [id, id] pairs (both ways).",
    "foot_circles": "foot_circles: NYC's Foot soldier circles: the path they sit on and their borough.",
    "machines": "machines: the Technodrome's Doomsday Machines: id, pos, and the spaces wired to them.",
}

DOCS = {"villain": _ENEMY, "minion": _ENEMY, "hero": _HERO, "traps": _TRAPS, "allies": _ALLIES,
        "board": _BOARD}

_HEADER = """\
# Your {what} file, made by `adventures content new {kind} {name}`
# from the shipped {source}.
# It lives in your content folder, never in the program: upgrades leave it alone.
#
# - {replace}
# - Lines starting with '#' are comments: ours explain each field the first time it
#   appears. Type the values printed on your cards over ours; effect `text` is what
#   players read, `ops` is what the engine does (docs/CONTENT.md has the effect language).
# - Check it with `adventures validate` (every problem is one `file:LINE: field: message`
#   line); the app and every command leave a broken file out, say why in one line, and
#   play with the shipped content instead.
# - Delete this file to go back to the shipped content.
# ------------------------------------------------------------------------------------------
"""


def _schema_path(path: str) -> str:
    return re.sub(r"(?<=\.)\d+(?=\.|$)|^\d+(?=\.|$)", "*", path)


def source_for(kind: str, name: str) -> Path:
    """The shipped file a template starts from: the one named `name`, else the kind's default."""
    folder, default = KINDS[kind]
    named = CONTENT_ROOT / folder / f"{name}.yaml"
    return named if named.is_file() else CONTENT_ROOT / folder / f"{default}.yaml"


def annotate(text: str, kind: str) -> str:
    """The file's text with each field explained above its first use (comment lines only)."""
    _, lines = parse_yaml(text)
    docs = DOCS[kind]
    seen: set[str] = set()
    above: dict[int, list[str]] = {}
    for path, line in sorted(lines.items(), key=lambda item: (item[1], item[0].count("."))):
        doc = docs.get(_schema_path(path))
        if doc is None or _schema_path(path) in seen:
            continue
        seen.add(_schema_path(path))
        above.setdefault(line, []).append(doc)
    out = []
    for number, row in enumerate(text.splitlines(), start=1):
        if number in above:
            indent = row[: len(row) - len(row.lstrip())]
            for doc in above[number]:
                out += [f"{indent}# {part}" for part in _wrap(doc, 92 - len(indent))]
        out.append(row)
    return "\n".join(out) + "\n"


def _wrap(text: str, width: int) -> list[str]:
    words, rows, row = text.split(), [], ""
    for word in words:
        if row and len(row) + 1 + len(word) > width:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}" if row else word
    return rows + ([row] if row else [])


def render(kind: str, name: str) -> str:
    """The whole template for `adventures content new KIND NAME`."""
    source = source_for(kind, name)
    text = source.read_text(encoding="utf-8")
    folder, default = KINDS[kind]
    same = source.stem == name
    if kind in ("traps", "allies"):
        replace = f"Your {kind} file replaces the whole shipped {kind} deck (only one {kind} file is allowed)."
    elif same:
        replace = f"Its key '{name}' is a shipped one, so this file REPLACES the shipped {name}."
    else:
        replace = (f"Its key '{name}' is new, so this file ADDS a {kind} (copied from {source.stem}); "
                   f"give it a key of a shipped {kind} to replace that one instead.")
        text = re.sub(r"(?m)^key: .*$", f"key: {name}", text, count=1)
        old_name = re.search(r"(?m)^name: (.*)$", text)
        new_name = display_name(name)
        text = re.sub(r"(?m)^name: .*$", f"name: {new_name}", text, count=1)
        if kind == "hero" and old_name:      # a card for the hero himself names him (`fighter:`)
            text = re.sub(r"(\bfighter:[ \t]*)" + re.escape(old_name.group(1).strip()) + r"(?=[ \t]*(?:[,}\n#]|$))",
                          lambda m: m.group(1) + new_name, text)
    header = _HEADER.format(what=kind, kind=kind, name=name, source=f"{folder}/{source.name}", replace=replace)
    return header + annotate(text, kind)


def display_name(key: str) -> str:
    """The name a new entry shows until the owner types one: 'my_villain' -> 'My Villain'."""
    return " ".join(key.split("_")).title() or key


def template_problems(kind: str, name: str, folder: Path) -> list[str]:
    """Why the template for `content new KIND NAME` would not load in `folder` (one line
    each; empty if it would): the same checks as `validate`, cross-file ones included, run
    on a copy of the owner's YAML files with the template added, so the command never
    writes a file that `validate` refuses (a key of another kind, a second traps file...)."""
    import shutil
    import tempfile

    from adventures.content.sources import build_merged
    target = Path(KINDS[kind][0]) / f"{name}.yaml"
    if kind in ("traps", "allies") and folder.is_dir():       # the one deck file the folder may hold
        others = sorted(p for p in (folder / KINDS[kind][0]).rglob("*.y*ml") if p.name != target.name) \
            + [p for p in (folder / f"{kind}.yaml", folder / f"{kind}.yml") if p.is_file()]
        if others:
            return [f"{others[0]}: your folder already has a {kind} file and only one is allowed; edit that one "
                    "(or delete it first)"]
    with tempfile.TemporaryDirectory(prefix="tmnt-template-") as tmp:
        root = Path(tmp)
        if folder.is_dir():
            for path in folder.rglob("*"):
                rel = path.relative_to(folder)
                if path.suffix in (".yaml", ".yml") and path.is_file() and rel != target:
                    (root / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, root / rel)
        before = {(p.file, p.message) for p in build_merged([CONTENT_ROOT, root]).problems} \
            if any(root.rglob("*.y*ml")) else set()
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        (root / target).write_text(render(kind, name), encoding="utf-8")
        after = build_merged([CONTENT_ROOT, root]).problems
        return [str(p).replace(tmp, os.fspath(folder)) for p in after if (p.file, p.message) not in before]


def check_name(name: str) -> str | None:
    """Why `name` cannot be a key, or None."""
    if not re.fullmatch(r"[a-z0-9_]{1,60}", name):
        return f"'{name}' is not a valid key: use lowercase letters, digits and _ (like shredder or my_villain)"
    return None


def shipped_names(kind: str) -> list[str]:
    folder, _ = KINDS[kind]
    return sorted(p.stem for p in (CONTENT_ROOT / folder).glob("*.yaml"))

