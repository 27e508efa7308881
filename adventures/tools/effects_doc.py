"""Write docs/EFFECTS.md from the effect registries (`python -m adventures.tools.effects_doc`).

The reference lists every op, condition and value with its module and the first line of
its docstring; a test checks the file is current, so a new op cannot go undocumented.
"""
from __future__ import annotations

import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "EFFECTS.md"
HEADER = """# Effect language reference

Generated from the registries (`engine/effects/registry.py`) by
`python -m adventures.tools.effects_doc`; each entry is the op's module and the first line
of its docstring. See docs/ARCHITECTURE.md for the syntax and docs/CONTENT.md for examples.
"""


def first_line(fn) -> str:
    doc = (fn.__doc__ or "").strip().splitlines()
    return doc[0].strip().replace("|", "\\|") if doc else ""


def render() -> str:
    import adventures  # noqa: F401  (registers the Adventures layer's modules)
    from engine.effects import registry
    registry.load_all()
    out = [HEADER]
    for title, table in (("Ops", registry.OPS), ("Conditions", registry.CONDITIONS), ("Values", registry.VALUES)):
        out += [f"## {title}", "", "| name | module | what it does |", "|---|---|---|"]
        out += [f"| `{name}` | `{fn.__module__}` | {first_line(fn)} |" for name, fn in sorted(table.items())]
        out.append("")
    return "\n".join(out)


def main() -> int:
    DOC.write_text(render(), encoding="utf-8")
    print(f"wrote {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
