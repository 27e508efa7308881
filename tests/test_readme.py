"""The README a newcomer reads first, and the docs it links to (issue 41).

The README fits on a screen or two and opens with the two commands a newcomer types; the
rest lives in docs/, every link resolves, and nothing points outside the repository."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
INSTALL_AND_PLAY = "pip install -e . && adventures"
INSTALL_AND_TEST = 'pip install -e ".[dev]" && python -m pytest'
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _readme_lines() -> list[str]:
    return README.read_text(encoding="utf-8").splitlines()


def test_readme_fits_on_a_screen_or_two():
    assert len(_readme_lines()) <= 150


def test_readme_starts_with_the_install_and_play_and_the_install_and_test_commands():
    """After the title, the first thing is a shell block holding exactly the two commands."""
    lines = [line for line in _readme_lines() if line.strip()]
    assert lines[0].startswith("# ")
    assert lines[1] == "```bash"
    first, second, end = lines[2:5]
    assert first.split("#")[0].strip() == INSTALL_AND_PLAY
    assert second.split("#")[0].strip() == INSTALL_AND_TEST
    assert end == "```"


def test_ci_runs_the_readme_test_command():
    """.ci/run is what a newcomer runs: the same extra installed, the same test command."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '-e ".[dev]"' in ci
    assert re.search(r"^python -m pytest$", ci, re.MULTILINE)


def test_readme_links_every_doc():
    linked = {target for target in LINK.findall(README.read_text(encoding="utf-8"))}
    missing = [f"docs/{doc.name}" for doc in DOCS if f"docs/{doc.name}" not in linked]
    assert not missing, f"docs the README does not link: {missing}"


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_and_pictures_resolve_inside_the_repository(path: Path):
    text = path.read_text(encoding="utf-8")
    broken = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        resolved = (path.parent / target.split("#")[0]).resolve()
        if not resolved.exists() or ROOT not in resolved.parents:
            broken.append(target)
    assert not broken, f"{path.name}: links that do not resolve in the repository: {broken}"


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_docs_name_nothing_outside_the_repository(path: Path):
    """The rulebook is cited by book and page; no file beside the repository, no path of a
    machine (the pattern of tests/test_repository_stands_alone.py, here for the README and
    docs even while that test still lets a file off)."""
    from tests.test_repository_stands_alone import OUTSIDE
    lines = path.read_text(encoding="utf-8").splitlines()
    outside = [f"{n}: {line.strip()[:80]}" for n, line in enumerate(lines, 1) if OUTSIDE.search(line)]
    assert not outside, f"{path.name} names files outside the repository: {outside}"


def test_designer_tools_doc_lists_every_command():
    """Every `adventures` subcommand a designer can run is in docs/DESIGNER.md's list."""
    from adventures.cli import SUBCOMMANDS
    text = (ROOT / "docs" / "DESIGNER.md").read_text(encoding="utf-8")
    missing = [name for name in SUBCOMMANDS if name != "play" and f"adventures {name}" not in text]
    assert not missing, f"commands docs/DESIGNER.md does not list: {missing}"
