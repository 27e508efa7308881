"""Content loader: every problem is one `file:LINE: field: message` line at the right line."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from adventures.cli import main as cli_main
from adventures.content.catalog import check_scenario, load_catalog
from engine.content import loader
from engine.content.loader import ContentError, load, load_file, load_yaml
from engine.content.schema import BoardDef, HeroDef
from engine.effects import registry

HERO = """\
key: leo
name: Leonardo
health: 14
move: 2
attack: melee
ability:
  name: Leader
  text: Lead from the front.
  triggers:
    - on: start_of_turn
      ops: []
deck:
  - name: Slash
    type: attack
    value: 3
    effects:
      - timing: after_combat
        text: Draw a card.
        ops:
          - draw: 1
"""

BOARD = """\
key: tiny
name: Tiny
zones:
  Street: {color: "#112233"}
spaces: [{id: 1, pos: [0.1, 0.1], zones: [Street], start: 1}, {id: 2, pos: [0.2, 0.2], zones: [Street], start: 2},
  {id: 3, pos: [0.3, 0.3], zones: [Street], start: 3}, {id: 4, pos: [0.4, 0.4], zones: [Street], start: 4}, {id: 5, pos: [0.5, 0.5], zones: [Street], start: 5},
  {id: 6, pos: [0.6, 0.6], zones: [Street]}, {id: 7, pos: [0.7, 0.7], zones: [Street]}, {id: 8, pos: [0.8, 0.8], zones: [Street]}, {id: 10, pos: [0.9, 0.9], zones: [Street]}]
paths:
  - [1, 2]
"""

VILLAIN = """\
key: shredder
name: Shredder
role: villain
health: [20]
board: tiny
threat_track: {levels: [1, 2]}
deck:
  - {name: Kick, attack: 3, defense: 1, deception: true}
initiative:
  - {key: strike, name: Strike}
"""


def write(root: Path, rel: str, text: str) -> str:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def errors(path: str, kind: str | None = None) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_file(path, kind)
    return str(info.value).splitlines()


def test_valid_hero_loads_and_keeps_on_key_as_string(tmp_path):
    # YAML 1.1 reads `on:` as True; the loader must keep it a string for TriggerDef.on.
    hero = load_file(write(tmp_path, "heroes/leo.yaml", HERO))
    assert isinstance(hero, HeroDef)
    assert hero.ability.triggers[0].on == "start_of_turn"


def test_wrong_type_names_field_and_line(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("health: 14", "health: ten"))
    found = errors(path)      # our part: one line, file:LINE: field: ... (got the value); the middle is pydantic's
    assert len(found) == 1 and found[0].startswith(f"{path}:3: health: ") and found[0].endswith("(got 'ten')")


def test_missing_field_points_at_enclosing_item(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("    type: attack\n", ""))
    assert errors(path) == [f"{path}:13: deck.0.type: required field is missing"]


def test_unknown_key_suggests_the_real_field(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("move: 2", "move: 2\nhelth: 3"))
    assert errors(path) == [f"{path}:5: helth: unknown field (known: health)"]


def test_model_validator_path_is_used_for_the_line(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("    value: 3\n", "    value: 3\n    fighter: Bob\n"))
    assert errors(path) == [f"{path}:16: deck.0.fighter: 'Bob' is not 'any', 'Leonardo'"]


def test_duplicate_key_is_refused_with_both_lines(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("move: 2", "move: 2\nhealth: 12"))
    assert errors(path) == [f"{path}:5: health: duplicate key 'health' (first at line 3)"]


def test_bad_yaml_syntax_reports_the_line(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", "key: leo\nname: [Leonardo\nhealth: 14\n")
    (line,) = errors(path)
    assert line.startswith(f"{path}:3: YAML syntax error: ")


def test_dangling_reference_unknown_hero_in_scenario(tmp_path):
    write(tmp_path, "heroes/leo.yaml", HERO)
    write(tmp_path, "boards/tiny.yaml", BOARD)
    write(tmp_path, "villains/shredder.yaml", VILLAIN)
    path = write(tmp_path, "scenarios/duo.yaml", """\
        name: Duo
        villain: shredder
        seats:
          - hero: leonardo
          - hero: Leonard
        minions: []
        """)
    catalog = load_catalog(tmp_path)
    assert catalog.hero("LEO") is catalog.hero("Leonardo") is catalog.heroes["leo"]
    loaded = load(path)
    with pytest.raises(ContentError) as info:
        check_scenario(loaded.model, catalog, path, loaded.lines)
    assert str(info.value) == f"{path}:5: seats.1.hero: unknown hero 'Leonard' (known: Leonardo)"


def test_dangling_reference_villain_board_in_catalog(tmp_path):
    write(tmp_path, "boards/tiny.yaml", BOARD)
    path = write(tmp_path, "villains/shredder.yaml", VILLAIN.replace("board: tiny", "board: tinyy"))
    with pytest.raises(ContentError) as info:
        load_catalog(tmp_path)
    assert str(info.value) == f"{path}:5: board: unknown board 'tinyy' (known: tiny)"


def test_dangling_reference_unknown_space_in_board_path(tmp_path):
    path = write(tmp_path, "boards/tiny.yaml", BOARD + "  - [2, 9]\n")
    assert errors(path) == [f"{path}:10: paths.1: unknown space 9"]
    assert isinstance(load_file(write(tmp_path, "boards/ok.yaml", BOARD)), BoardDef)


def test_unknown_effect_op_lists_close_matches(tmp_path, monkeypatch):
    loader._ensure_registry()   # register the real ops first, then swap in a known table
    monkeypatch.setattr(registry, "OPS", {"draw": None, "deal_damage": None, "may": None})
    monkeypatch.setattr(registry, "CONDITIONS", {"adjacent": None})
    text = HERO.replace("          - draw: 1\n", """\
          - draw: 1
          - deal_damge: 2
          - if: {not: {adjacnt: true}}
            then: [{may: [{drow: 1}]}]
""")
    path = write(tmp_path, "heroes/leo.yaml", text)
    assert errors(path) == [
        f"{path}:21: deck.0.effects.0.ops.1: unknown effect op 'deal_damge' (known: deal_damage)",
        f"{path}:22: deck.0.effects.0.ops.2.if.not: unknown condition 'adjacnt' (known: adjacent)",
        f"{path}:23: deck.0.effects.0.ops.2.then.0.may.0: unknown effect op 'drow' (known: draw)",
    ]


def test_non_utf8_file_is_refused(tmp_path):
    path = tmp_path / "heroes" / "leo.yaml"
    path.parent.mkdir()
    path.write_bytes(b"key: leo\nname: L\xe9onardo\n")
    assert errors(str(path)) == [f"{path}:2: not valid UTF-8 (byte 0xe9); save the file as UTF-8"]


def test_python_object_apply_tag_is_refused(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", 'key: leo\nname: !!python/object/apply:os.system ["echo pwned"]\n')
    assert errors(path) == [
        f"{path}:2: name: tag '!!python/object/apply:os.system' is not allowed (plain YAML only)"
    ]


def test_too_large_file_is_refused(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", "text: " + "x" * (loader.MAX_BYTES + 1) + "\n")
    assert errors(path) == [f"{path}:1: file is larger than 2 MB"]


def test_alias_bomb_is_refused(tmp_path):
    bomb = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi")
    )
    path = write(tmp_path, "heroes/leo.yaml", bomb)
    assert errors(path) == [f"{path}:2: b.0: aliases (*a) are not allowed in content files"]


def test_deep_nesting_is_refused_before_parsing_recursively(tmp_path):
    path = write(tmp_path, "heroes/leo.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    (line,) = errors(path)
    assert line.startswith(f"{path}:1: a.0.0.") and line.endswith(f"nesting deeper than {loader.MAX_DEPTH} levels")


def test_deep_flow_mappings_are_refused_at_their_line_and_path(tmp_path):
    # The parser reads a flow collection ahead to its end; our refusal must still come first
    # (a newer PyYAML refuses deep flow nesting in its own words otherwise).
    path = write(tmp_path, "heroes/leo.yaml", "name: x\na:\n  " + "{b: " * 3000 + "1" + "}" * 3000 + "\n")
    (line,) = errors(path)
    assert line.startswith(f"{path}:3: a.b.b.") and line.endswith(f"nesting deeper than {loader.MAX_DEPTH} levels")


def test_brackets_in_quoted_text_prose_and_comments_are_not_nesting():
    text = ("a: '" + "[" * 500 + "'\n" + 'b: "' + "{" * 500 + '\\" x"\n'
            + "c: use [x " + "[" * 500 + "\n" + "d: 1 # " + "[" * 500 + "\n")
    data, _ = loader.parse_yaml(text, "x.yaml")
    assert data["a"] == "[" * 500 and data["c"].startswith("use [x [[") and data["d"] == 1


def test_load_yaml_records_lines_of_keys_and_items(tmp_path):
    path = write(tmp_path, "x.yaml", HERO)
    data, lines = load_yaml(path)
    assert data["deck"][0]["effects"][0]["ops"] == [{"draw": 1}]
    assert lines["deck.0.effects.0.ops.0"] == 20
    assert loader.line_of(lines, "deck.0.effects.0.nothing.here") == 17


def test_kind_key_selects_the_model_outside_content_folders(tmp_path):
    path = write(tmp_path, "anywhere/tiny.yaml", "kind: board\n" + BOARD)
    assert load(path).kind == "board"
    assert errors(write(tmp_path, "anywhere/what.yaml", BOARD))[0].endswith(
        "cannot tell what this file is: add a top-level `kind:` "
        "(hero, villain, minion, enemy, board, traps, allies, scenario, difficulty, glossary, match, sweep) "
        "or put it in one of heroes, villains, minions, boards, traps, allies, scenarios, difficulty, glossary/"
    )


def test_sweep_file_shape_is_checked(tmp_path):
    write(tmp_path, "scenarios/base.yaml", "name: B\nvillain: shredder\nseats: [{}]\n")
    ok = write(tmp_path, "scenarios/sweep.yaml", "base: base.yaml\nsweep:\n  max_rounds: [10, 20]\n")
    assert load(ok).kind == "sweep"
    bad = write(tmp_path, "scenarios/bad.yaml", "base: nope.yaml\nsweep:\n  max_rounds: 10\n")
    assert errors(bad) == [
        f"{bad}:1: base: scenario file 'nope.yaml' not found",
        f"{bad}:3: sweep.max_rounds: expected a non-empty list of values",
    ]


def test_cli_validate_reports_errors_without_traceback(tmp_path, capsys):
    bad = write(tmp_path, "heroes/leo.yaml", HERO.replace("health: 14", "health: ten"))
    good = write(tmp_path, "boards/tiny.yaml", BOARD)
    assert cli_main(["validate", bad]) == 2
    out = capsys.readouterr()
    assert f"{bad}:3: health: " in out.out
    assert "Traceback" not in out.out + out.err
    assert cli_main(["validate", str(tmp_path / "boards")]) == 0
    assert capsys.readouterr().out == f"ok  {good}\n"
    assert cli_main(["validate", str(tmp_path / "missing.yaml")]) == 2
    assert "Traceback" not in "".join(capsys.readouterr())


def test_cli_validate_turns_unexpected_exceptions_into_one_line(tmp_path, capsys, monkeypatch):
    import adventures.tools.validate as tool

    def boom(path, kind=None):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(tool, "load", boom)
    path = write(tmp_path, "boards/tiny.yaml", BOARD)
    assert cli_main(["validate", path]) == 2
    out = capsys.readouterr()
    assert out.out == f"{path}: internal error: RuntimeError: kaboom\n"
    assert "Traceback" not in out.err


def test_cli_validate_cross_checks_scenarios_against_content(tmp_path, capsys):
    write(tmp_path, "content/heroes/leo.yaml", HERO)
    write(tmp_path, "content/boards/tiny.yaml", BOARD)
    write(tmp_path, "content/villains/shredder.yaml", VILLAIN)
    path = write(tmp_path, "scenarios/solo.yaml", "name: Solo\nvillain: shredder\nseats:\n  - hero: Raph\n")
    assert cli_main(["validate", "--content", str(tmp_path / "content"), path]) == 2
    # --content DIR sits on top of the shipped content (issue 17), so the shipped Raphael is the hint
    # (the tiny test board cannot seat a full game of the merged catalog: that is only a note)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{path}:4: seats.0.hero: unknown hero 'Raph' (known: Raphael)"
    assert all(line.startswith("note: ") for line in lines[:-1])


def test_effects_reference_lists_every_registered_op():
    """docs/EFFECTS.md is generated from the registries; regenerate it after adding an op
    (`python -m adventures.tools.effects_doc`)."""
    from adventures.tools.effects_doc import DOC, render
    assert DOC.read_text(encoding="utf-8") == render()


@pytest.mark.parametrize("field,value", [("health", "true"), ("health", "no"), ("health", "off")])
def test_a_number_field_refuses_a_yes_or_no(tmp_path, field, value):
    """`health: true` was read as 1 and `no` as 0 (silent substitutes): a yes or no is not a number."""
    path = write(tmp_path, "heroes/leo.yaml", HERO.replace("health: 14", f"{field}: {value}"))
    found = errors(path)
    assert len(found) == 1 and found[0].startswith(f"{path}:3: health: ")
