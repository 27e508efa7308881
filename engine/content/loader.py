"""Load content YAML safely and turn every problem into a `file:LINE: field: message` line.

Pipeline: bytes (size + UTF-8 checks) -> our own event-driven composer (duplicate keys,
aliases, tags, depth, source lines) -> PyYAML's safe constructor -> pydantic model ->
effect-language name check against `engine.effects.registry`.
"""
from __future__ import annotations

import difflib
import functools
import os
import re
import stat
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from pydantic import BaseModel, ValidationError

from engine.content.schema import (
    AllyDeckDef,
    BoardDef,
    DifficultyDef,
    EnemyDef,
    GlossaryDef,
    HeroDef,
    MatchDef,
    ScenarioDef,
    TrapDeckDef,
)
from engine.effects import registry

# The C parser is ~10x faster; both are *safe* loaders: they never build Python objects.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_BYTES = 2 * 1024 * 1024
# Deep nesting crashes the C composer (stack overflow) and would blow Python's recursion
# limit in the constructor, so our composer refuses it first. Real content needs ~10.
MAX_DEPTH = 64
_STD = "tag:yaml.org,2002:"
ALLOWED_TAGS = frozenset(_STD + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp"))

Lines = dict[str, int]


# ---------------------------------------------------------------- errors
class Problem(NamedTuple):
    file: str
    line: int
    field: str      # dotted path; "" for file-level problems (syntax, encoding, size)
    message: str

    def __str__(self) -> str:
        if self.field:
            return f"{self.file}:{self.line}: {self.field}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"


class ContentError(Exception):
    """One or more content problems; `str()` is one `file:LINE: field: message` per line."""

    def __init__(self, problems: Problem | Iterable[Problem]):
        self.problems: list[Problem] = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__(str(self))

    @classmethod
    def at(cls, file: Any, line: int, field: str, message: str) -> ContentError:
        return cls(Problem(os.fspath(file), line, field, message))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


def suggest(name: str, candidates: Iterable[str], limit: int = 6) -> str:
    """A short `known:` list: close matches if any, else the first few names."""
    names = sorted(set(candidates))
    if not names:
        return "none"
    close = difflib.get_close_matches(name, names, n=limit, cutoff=0.6)
    if close:
        return ", ".join(close)
    return ", ".join(names[:limit]) + (", ..." if len(names) > limit else "")


def _join(path: str, part: Any) -> str:
    return f"{path}.{part}" if path else str(part)


def line_of(lines: Lines, path: str) -> int:
    """1-based line of a dotted path, or of its nearest recorded ancestor."""
    while path:
        if path in lines:
            return lines[path]
        path = path.rpartition(".")[0]
    return lines.get("", 1)


# ---------------------------------------------------------------- YAML
def load_yaml(path: str | os.PathLike) -> tuple[Any, Lines]:
    """Read one YAML document safely; return (data, {dotted.path: line})."""
    file = os.fspath(path)
    try:
        # Non-blocking open: a FIFO would otherwise wait for a writer forever. Only regular
        # files are read (not folders, pipes, devices or sockets).
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as exc:     # ValueError: an embedded NUL byte
        raise ContentError.at(file, 1, "", f"cannot read file: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = "a folder" if stat.S_ISDIR(mode) else "a pipe, device or socket"
            raise ContentError.at(file, 1, "", f"cannot read file: it is {what}, not a regular file")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            raw = fh.read(MAX_BYTES + 1)   # bounded read: never slurp a huge file
    except OSError as exc:
        raise ContentError.at(file, 1, "", f"cannot read file: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > MAX_BYTES:
        raise ContentError.at(file, 1, "", f"file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ContentError.at(
            file, line, "", f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as UTF-8"
        ) from None
    return parse_yaml(text.removeprefix("\ufeff"), file)


def parse_yaml(text: str, file: str = "<string>") -> tuple[Any, Lines]:
    deep = _too_deep_flow(text)
    if deep is not None:
        # The parser scans a flow collection ahead to its end, and newer PyYAML refuses deep
        # flow nesting there, in its own words, before our composer sees the events. Composing
        # the text up to the first bracket too deep gives our refusal, at its line and path.
        _compose_or_refuse(text[: deep + 1], file, deep)
    loader = Loader(text)
    try:
        root, lines, problems = _compose(loader, file)
        if problems:
            raise ContentError(problems)
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or exc.context or "invalid YAML"
        raise ContentError.at(file, line, "", f"YAML syntax error: {what}") from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        char = ord(exc.character) if isinstance(exc.character, str) else exc.character
        raise ContentError.at(file, line, "", f"YAML syntax error: unacceptable character #x{char:04x}") from None
    except yaml.YAMLError as exc:                 # anything else the parser can raise
        raise ContentError.at(file, 1, "", f"YAML error: {exc}") from None
    except (ValueError, OverflowError) as exc:   # e.g. an integer over Python's digit limit
        raise ContentError.at(file, 1, "", f"cannot read a value: {exc}") from None
    finally:
        loader.dispose()
    return data, lines


def _too_deep_flow(text: str) -> int | None:
    """The offset of the first `[` or `{` that opens flow nesting deeper than MAX_DEPTH, if any.

    A small lexer: quoted scalars and comments are skipped; outside flow collections a bracket
    counts only where a node starts (line start, after `- `, `: `, `? `), so prose with a
    bracket in a plain scalar is not counted. Only texts with more brackets than MAX_DEPTH
    are read.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth, i, n, node_start = 0, 0, len(text), True
    while i < n:
        c = text[i]
        if c in " \t\r":
            i += 1
            continue
        if c == "\n":
            node_start = True
        elif c == "#" and (i == 0 or text[i - 1] in " \t\r\n"):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "'\"" and node_start:
            i = _after_quoted(text, i)
            node_start = False
            continue
        elif c in "[{" and (depth or node_start):
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif c in "]}" and depth:
            depth -= 1
            node_start = False
        elif c == "," and depth:
            node_start = True
        elif c in ":-?" and (i + 1 >= n or text[i + 1] in " \t\r\n" or c == ":" and depth):
            node_start = True
        else:
            node_start = False
        i += 1
    return None


def _after_quoted(text: str, start: int) -> int:
    """The offset just past the quoted scalar opening at `start` ('' and \\ escapes)."""
    quote, i, n = text[start], start + 1, len(text)
    while i < n:
        c = text[i]
        if quote == '"' and c == "\\":
            i += 2
            continue
        if c == quote:
            if quote == "'" and text[i + 1 : i + 2] == "'":
                i += 2
                continue
            return i + 1
        i += 1
    return n


def _compose_or_refuse(head: str, file: str, offset: int) -> None:
    """Compose `head` (a text cut just after a bracket too deep): our composer refuses it."""
    loader = Loader(head)
    try:
        _compose(loader, file)
    except yaml.YAMLError:
        pass       # the cut text ends mid-collection; the depth refusal below still holds
    finally:
        loader.dispose()
    raise ContentError.at(file, head.count("\n", 0, offset) + 1, "", f"nesting deeper than {MAX_DEPTH} levels")


def _compose(loader: Any, file: str) -> tuple[yaml.Node | None, Lines, list[Problem]]:
    """Build the node tree from parser events without recursion.

    Doing this ourselves (instead of yaml.compose) lets us refuse aliases at their exact
    line (no billion-laughs expansion), cap nesting depth, reject duplicate keys and
    non-plain tags, and record the line of every key / item on the way.
    """
    lines: Lines = {}
    problems: list[Problem] = []
    loader.get_event()                                   # StreamStart
    if loader.check_event(yaml.StreamEndEvent):
        return None, lines, problems                     # empty file
    loader.get_event()                                   # DocumentStart
    # Frame: [node, path, seen_keys{ident: line}, pending_key_node, next_index]
    stack: list[list[Any]] = []
    root = None

    def fail(mark: Any, field: str, message: str) -> ContentError:
        return ContentError.at(file, mark.line + 1, field, message)

    def attach(node: yaml.Node) -> str:
        """Hook `node` under the current frame; return its dotted path."""
        if not stack:
            lines[""] = node.start_mark.line + 1
            return ""
        frame = stack[-1]
        parent, ppath = frame[0], frame[1]
        line = node.start_mark.line + 1
        if isinstance(parent, yaml.SequenceNode):
            path = _join(ppath, frame[4])
            frame[4] += 1
            parent.value.append(node)
            lines[path] = line
            return path
        if frame[3] is None:                              # a mapping key
            if not isinstance(node, yaml.ScalarNode):
                raise fail(node.start_mark, ppath, "mapping keys must be plain scalars")
            if node.tag == _STD + "merge":
                raise fail(node.start_mark, ppath, "merge keys (<<) are not supported")
            ident = (node.tag, node.value)
            if ident in frame[2]:
                problems.append(Problem(file, line, _join(ppath, node.value),
                                        f"duplicate key '{node.value}' (first at line {frame[2][ident]})"))
            else:
                frame[2][ident] = line
                lines[_join(ppath, node.value)] = line
            frame[3] = node
            return _join(ppath, node.value)
        key = frame[3]
        parent.value.append((key, node))
        frame[3] = None
        return _join(ppath, key.value)

    while True:
        event = loader.get_event()
        if isinstance(event, yaml.DocumentEndEvent):
            break
        if isinstance(event, yaml.AliasEvent):
            where = ""
            if stack:   # the path the alias would have taken
                frame = stack[-1]
                pos = frame[4] if isinstance(frame[0], yaml.SequenceNode) else getattr(frame[3], "value", "")
                where = _join(frame[1], pos)
            raise fail(event.start_mark, where, f"aliases (*{event.anchor}) are not allowed in content files")
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            node = stack.pop()[0]
            node.end_mark = event.end_mark
            if not stack:
                root = node
            continue
        if isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
                # YAML 1.1 reads on/off/yes/no as booleans: `on:` (a trigger key) would
                # become True. Only true/false are booleans here; pydantic still accepts
                # "yes"/"on" for bool fields.
                if tag == _STD + "bool" and event.value.lower() not in ("true", "false"):
                    tag = _STD + "str"
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        else:
            kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
        path = attach(node)
        if node.tag not in ALLOWED_TAGS:
            shown = node.tag.replace(_STD, "!!")
            problems.append(Problem(file, node.start_mark.line + 1, path,
                                    f"tag '{shown}' is not allowed (plain YAML only)"))
        if isinstance(node, yaml.ScalarNode):
            if not stack:
                root = node
            continue
        if len(stack) >= MAX_DEPTH:
            shown = path if len(path) <= 60 else path[:57] + "..."
            raise fail(event.start_mark, shown, f"nesting deeper than {MAX_DEPTH} levels")
        stack.append([node, path, {}, None, 0])

    if not loader.check_event(yaml.StreamEndEvent):
        event = loader.peek_event()
        raise fail(event.start_mark, "", "expected a single YAML document (found another '---')")
    return root, lines, problems


# ---------------------------------------------------------------- pydantic
_VALUE_PATH = re.compile(r"^([A-Za-z_]\w*(?:\.\w+)*): (.+)$", re.S)
# pydantic names union members in `loc` ('str', "literal['random']", 'list[str]', ...).
_TYPE_TAGS = frozenset({"str", "int", "float", "bool", "none", "list", "dict", "tuple"})


def _clean_loc(loc: tuple, data: Any) -> tuple[list[Any], bool]:
    """Drop pydantic's union-member tags from `loc`, following the data to tell keys from tags."""
    parts: list[Any] = []
    cur, union = data, False
    for el in loc:
        if isinstance(cur, dict) and el in cur:
            parts.append(el)
            cur = cur[el]
        elif isinstance(cur, list) and isinstance(el, int) and 0 <= el < len(cur):
            parts.append(el)
            cur = cur[el]
        elif isinstance(el, str) and (not el.isidentifier() or el in _TYPE_TAGS or not isinstance(cur, dict)):
            union = union or el != "[key]"
        else:
            parts.append(el)
            cur = None
    return parts, union


def _model_at(model_cls: type, parts: list[Any]) -> type[BaseModel] | None:
    """The pydantic model reached by following `parts` through field annotations."""
    tp: Any = model_cls
    for part in parts:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            field = tp.model_fields.get(str(part))
            if field is None:
                return None
            tp = field.annotation
        elif typing.get_origin(tp) in (list, tuple, dict):
            tp = typing.get_args(tp)[-1]
        else:
            return None
    tp = _unwrap(tp)
    return tp if isinstance(tp, type) and issubclass(tp, BaseModel) else None


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        for arg in typing.get_args(tp):
            arg = _unwrap(arg)
            if (isinstance(arg, type) and issubclass(arg, BaseModel)) or typing.get_origin(arg) in (list, dict):
                return arg
    return tp


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def validate(model_cls: type[BaseModel], data: Any, path: Any, lines: Lines, *, at: str = "") -> Any:
    """Validate `data` as `model_cls`; raise ContentError with one line per problem.

    `at` is the dotted path of `data` inside the file (for documents nested in others).
    """
    file = os.fspath(path)
    try:
        model = model_cls.model_validate(data)
    except ValidationError as exc:
        raise ContentError(_problems(exc, model_cls, data, file, lines, at)) from None
    check_ops(model, file, lines, at=at)
    return model


def _problems(exc: ValidationError, model_cls: type, data: Any, file: str, lines: Lines, at: str) -> list[Problem]:
    grouped: dict[str, list[str]] = {}   # field -> messages; union members share one line
    unions: set[str] = set()
    got: dict[str, str] = {}
    for err in exc.errors(include_url=False):
        parts, union = _clean_loc(err["loc"], data)
        kind, msg = err["type"], err["msg"]
        if kind in ("value_error", "assertion_error"):
            msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")
            m = _VALUE_PATH.match(msg)
            if m:                                # our validators prefix a dotted path
                parts = parts + m.group(1).split(".")
                msg = m.group(2)
        elif kind == "missing":
            msg = "required field is missing"
        elif kind == "extra_forbidden":
            owner = _model_at(model_cls, parts[:-1])
            msg = f"unknown field (known: {suggest(str(parts[-1]), owner.model_fields)})" if owner else "unknown field"
        field = ".".join(str(p) for p in ([at] if at else []) + parts)
        if kind not in ("value_error", "assertion_error", "missing", "extra_forbidden") \
                and "input" in err and not isinstance(err["input"], (dict, list)):
            got[field] = f" (got {_short(err['input'])})"
        msgs = grouped.setdefault(field, [])
        if msg not in msgs:
            msgs.append(msg)
        if union:
            unions.add(field)
    out = [
        Problem(file, line_of(lines, f), f, (" or " if f in unions else "; ").join(msgs) + got.get(f, ""))
        for f, msgs in grouped.items()
    ]
    return sorted(out, key=lambda p: p.line)


# ---------------------------------------------------------------- effect language
OP_LIST_FIELDS = frozenset({"ops", "right_now_ops", "end_of_round_ops", "requirement"})
NESTED_OP_KEYS = frozenset({"then", "else", "ops", "may"})
LOGIC_CONDITIONS = frozenset({"all", "any", "not"})


@functools.cache
def _ensure_registry() -> None:
    # The engine's own op modules plus those other layers registered in
    # registry.PLUGIN_MODULES (the Adventures package does on import): the engine never
    # names, nor imports, a layer above it.
    registry.load_all()


def check_ops(model: BaseModel, path: Any, lines: Lines, *, at: str = "") -> None:
    """Check every op/condition name in a validated model against the registry."""
    _ensure_registry()
    checker = _OpChecker(os.fspath(path), lines)
    checker.walk(model, at)
    if checker.problems:
        raise ContentError(checker.problems)


@dataclass
class _OpChecker:
    file: str
    lines: Lines

    def __post_init__(self) -> None:
        self.problems: list[Problem] = []

    def error(self, path: str, message: str, line_path: str | None = None) -> None:
        line = line_of(self.lines, line_path or path)
        self.problems.append(Problem(self.file, line, path, message))

    def walk(self, obj: Any, path: str) -> None:
        if isinstance(obj, BaseModel):
            for name in type(obj).model_fields:
                value = getattr(obj, name)
                if name == "requirement" and isinstance(value, list):
                    # a card's requirement is a list of conditions, not ops (Marvel p.17)
                    for i, cond in enumerate(value):
                        self.condition(cond, _join(_join(path, name), i))
                elif name in OP_LIST_FIELDS and isinstance(value, list):
                    self.op_list(value, _join(path, name))
                else:
                    self.walk(value, _join(path, name))
        elif isinstance(obj, (list, tuple)):
            for i, item in enumerate(obj):
                self.walk(item, _join(path, i))
        elif isinstance(obj, dict):
            for key, item in obj.items():
                self.walk(item, _join(path, key))

    def op_list(self, ops: Any, path: str) -> None:
        if not isinstance(ops, list):
            self.error(path, "expected a list of effect ops")
            return
        for i, op in enumerate(ops):
            self.op(op, _join(path, i))

    def op(self, op: Any, path: str) -> None:
        if not isinstance(op, dict) or not op:
            self.error(path, "an effect op is a one-key mapping like {op_name: args}")
            return
        if "if" in op:
            extra = sorted(str(k) for k in set(op) - registry.STRUCTURAL_KEYS)
            if extra:
                self.error(path, f"an if-op only has if/then/else keys, not {', '.join(extra)}")
            if "then" not in op:
                self.error(path, "an if-op needs a then: list")
            self.condition(op["if"], _join(path, "if"))
            for key in ("then", "else"):
                if key in op:
                    self.op_list(op[key], _join(path, key))
            return
        if len(op) != 1:
            self.error(path, f"an effect op has exactly one key, got {', '.join(map(str, op))}")
            return
        name, args = next(iter(op.items()))
        if name not in registry.OPS:
            self.error(path, f"unknown effect op '{name}' (known: {suggest(str(name), registry.OPS)})")
            return
        self.nested(name, args, _join(path, name))

    def nested(self, key: Any, args: Any, path: str) -> None:
        """Find op lists inside an op's arguments (`may: [...]`, `{ops: [...]}`, choose_one)."""
        if key in NESTED_OP_KEYS and isinstance(args, list):
            self.op_list(args, path)
        elif key == "choose_one" and isinstance(args, list):
            for j, branch in enumerate(args):
                if isinstance(branch, list):
                    self.op_list(branch, _join(path, j))
                elif isinstance(branch, dict) and "ops" in branch:   # {label, ops} as core_ops runs it
                    self.op_list(branch["ops"], _join(_join(path, j), "ops"))
                else:
                    self.op(branch, _join(path, j))
        elif isinstance(args, dict):
            for k, v in args.items():
                self.nested(k, v, _join(path, k))

    def condition(self, cond: Any, path: str) -> None:
        if not isinstance(cond, dict) or len(cond) != 1:
            self.error(path, "a condition is a one-key mapping like {condition_name: args}")
            return
        name, args = next(iter(cond.items()))
        if name in ("all", "any"):
            if not isinstance(args, list) or not args:
                self.error(_join(path, name), f"'{name}' takes a non-empty list of conditions")
                return
            for j, sub in enumerate(args):
                self.condition(sub, _join(_join(path, name), j))
        elif name == "not":
            self.condition(args, _join(path, name))
        elif name not in registry.CONDITIONS:
            known = suggest(str(name), set(registry.CONDITIONS) | LOGIC_CONDITIONS)
            self.error(path, f"unknown condition '{name}' (known: {known})", _join(path, name))


# ---------------------------------------------------------------- files
# Folder names (and `kind:` values) -> the kind of document.
FOLDER_KINDS = {
    "heroes": "hero", "villains": "villain", "minions": "minion", "boards": "board",
    "traps": "traps", "allies": "allies", "scenarios": "scenario", "difficulty": "difficulty",
    "glossary": "glossary",
}
KIND_MODELS: dict[str, type[BaseModel] | None] = {
    "hero": HeroDef, "villain": EnemyDef, "minion": EnemyDef, "enemy": EnemyDef,
    "board": BoardDef, "traps": TrapDeckDef, "allies": AllyDeckDef, "scenario": ScenarioDef,
    "difficulty": DifficultyDef,    # the difficulty levels and their calibration table
    "glossary": GlossaryDef,        # the keywords the app explains on hover
    "match": MatchDef,   # a competitive game (duel, free-for-all, teams)
    "sweep": None,   # validated by _check_sweep until the simulator defines a model
}


@dataclass(frozen=True)
class Loaded:
    path: str
    kind: str
    model: Any          # the pydantic model; for a sweep file, its raw mapping
    data: Any
    lines: Lines


def _normal_kind(name: Any) -> str | None:
    name = str(name).lower()
    name = FOLDER_KINDS.get(name, name)
    return name if name in KIND_MODELS else None


def _kind_from_path(path: Path) -> str | None:
    # Nearest of parent/grandparent named like a content folder (heroes/tmnt/leo.yaml works),
    # then the file stem for root-level traps.yaml / allies.yaml.
    for folder in list(path.parents)[:2]:
        if folder.name in FOLDER_KINDS:
            return FOLDER_KINDS[folder.name]
    return FOLDER_KINDS.get(path.stem) if path.stem in ("traps", "allies", "difficulty", "glossary") else None


def load(path: str | os.PathLike, kind: str | None = None) -> Loaded:
    """Load, validate and name-check one content file (see load_file)."""
    file = os.fspath(path)
    data, lines = load_yaml(file)
    if not isinstance(data, dict):
        what = "empty" if data is None else f"a {type(data).__name__}"
        raise ContentError.at(file, lines.get("", 1), "", f"expected a mapping at the top level, got {what}")
    data = dict(data)
    wanted = _normal_kind(kind) if kind else None
    if kind and wanted is None:
        raise ValueError(f"unknown content kind {kind!r}")
    if "kind" in data:
        declared = _normal_kind(data.pop("kind"))
        if declared is None:
            raise ContentError.at(file, lines["kind"], "kind",
                                  f"unknown kind (known: {', '.join(k for k in KIND_MODELS)})")
        if wanted == "scenario" and declared == "match":
            wanted = None     # a competitive game file stands where a scenario may
        if wanted and declared != wanted and {declared, wanted} != {"scenario", "sweep"}:
            raise ContentError.at(file, lines["kind"], "kind", f"file says '{declared}' but a {wanted} is expected here")
        wanted = wanted or declared
    wanted = wanted or _kind_from_path(Path(file))
    if wanted is None and "seats" in data:   # as every command that plays a scenario reads it
        wanted = "scenario"
    if wanted is None:
        raise ContentError.at(file, 1, "", "cannot tell what this file is: add a top-level `kind:` "
                              f"({', '.join(KIND_MODELS)}) or put it in one of {', '.join(FOLDER_KINDS)}/")
    if wanted == "scenario" and "sweep" in data:
        wanted = "sweep"
    if wanted == "sweep":
        return Loaded(file, "sweep", _check_sweep(data, file, lines), data, lines)
    model = validate(KIND_MODELS[wanted], data, file, lines)
    if wanted in ("villain", "minion") and model.role != wanted:
        raise ContentError.at(file, line_of(lines, "role"), "role",
                              f"a {wanted} file needs role '{wanted}', got '{model.role}'")
    return Loaded(file, wanted, model, data, lines)


def load_file(path: str | os.PathLike, kind: str | None = None) -> Any:
    """The validated model of one content file (kind from `kind:`, else from its folder)."""
    return load(path, kind).model


def _check_sweep(data: dict, file: str, lines: Lines) -> dict:
    """Minimal shape check of a sweep file: `base` + `sweep: {param: [values...]}`.

    Hook: when the simulator defines a SweepDef model, validate it here instead and
    return the model; until then the raw mapping is returned.
    """
    problems: list[Problem] = []
    for key in ("base", "sweep"):
        if key not in data:
            problems.append(Problem(file, 1, key, "required field is missing"))
    base = data.get("base")
    if isinstance(base, str):
        if not (Path(file).parent / base).is_file() and not Path(base).is_file():
            there = any(os.path.lexists(p) for p in (Path(file).parent / base, Path(base)))
            problems.append(Problem(file, line_of(lines, "base"), "base",
                                    f"scenario file '{base}' " + ("is not a regular file" if there else "not found")))
    elif isinstance(base, dict):
        try:
            validate(ScenarioDef, base, file, lines, at="base")
        except ContentError as exc:
            problems.extend(exc.problems)
    elif "base" in data:
        problems.append(Problem(file, line_of(lines, "base"), "base", "expected a scenario path or an inline scenario"))
    grid = data.get("sweep")
    if "sweep" in data and not isinstance(grid, dict):
        problems.append(Problem(file, line_of(lines, "sweep"), "sweep", "expected a mapping of parameter -> list of values"))
    elif isinstance(grid, dict):
        for param, values in grid.items():
            if not isinstance(values, list) or not values:
                field = _join("sweep", param)
                problems.append(Problem(file, line_of(lines, field), field, "expected a non-empty list of values"))
    if problems:
        raise ContentError(problems)
    return data
