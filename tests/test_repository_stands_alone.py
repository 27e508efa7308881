"""The repository stands alone (issue 41): a clone with nothing beside it is the whole
project, so no text file in it may point outside it: no sibling folder, no notes kept
elsewhere, no path of the machine it was written on. The rulebook is cited by book and
page ("Adventures p.9"); the published hero facts live in tests/facts.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Written so that this file does not match itself.
OUTSIDE = re.compile(
    r"\.\./shared"                      # a sibling folder of the checkout
    r"|shared/(?:facts|rules)"          # the same folder, named without ../
    r"|EXAMPLES\.md"                    # notes that were never part of the repository
    r"|(?<![\w.~/-])/(?:work|tmp)\b"    # an absolute path of a build machine
)

# Not the project's files: version control, caches, builds, virtual environments.
SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis",
             ".benchmarks", ".tox", ".eggs", "build", "dist", "out"}

# No file is let off (the list was emptied once every file was clean; never add one).
ALLOWED_FOR_NOW: set[str] = set()


def _text_files():
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for path in sorted(folder.iterdir()):
            if path.is_dir():
                skip = (path.name in SKIP_DIRS or path.name.endswith(".egg-info")
                        or (path / "pyvenv.cfg").exists())
                if not skip:
                    stack.append(path)
                continue
            data = path.read_bytes()
            if b"\0" in data[:8192]:
                continue                # binary: images, fonts, compiled modules
            try:
                yield path, data.decode("utf-8")
            except UnicodeDecodeError:
                continue


def test_no_text_file_refers_outside_the_repository():
    hits = []
    for path, text in _text_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED_FOR_NOW:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            match = OUTSIDE.search(line)
            if match:
                hits.append(f"{rel}:{number}: {match.group(0)!r} in {line.strip()[:100]}")
    assert not hits, "files that point outside the repository:\n" + "\n".join(hits)


def test_the_check_catches_each_kind_of_reference():
    """The pattern itself: each kind of outside reference is caught, ordinary text is not."""
    outside = ["see ../" + "shared/x", "shared/" + "facts/heroes/leonardo.yaml",
               "shared/" + "rules/core.txt", "EXAMPLES" + ".md 9", "(/" + "work/main/x.py)",
               "--out /" + "tmp/strong.json"]
    inside = ["tests/facts/heroes/leonardo.yaml", "Adventures p.9", "shared fixtures module",
              "https://example.org/work/tmp", "~/tmp/x", "a/tmp/b", "./tmp/x", "the work/ folder"]
    assert all(OUTSIDE.search(s) for s in outside), [s for s in outside if not OUTSIDE.search(s)]
    assert not any(OUTSIDE.search(s) for s in inside), [s for s in inside if OUTSIDE.search(s)]
