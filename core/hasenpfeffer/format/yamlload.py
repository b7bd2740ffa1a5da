"""YAML through PyYAML's safe loader, remembering where every value was written.

:func:`parse` turns text into plain data (mappings, lists, strings, numbers,
booleans, null) and a location map: for each path of keys and list indices, the
file, line and column of the value and of its key. Anything that is not plain
data is refused with a :class:`~hasenpfeffer.format.errors.Problem` at its position.

>>> doc = parse("name: tiny\\ndeal:\\n  hand_size: 5\\n", "tiny.yaml")
>>> doc.data
{'name': 'tiny', 'deal': {'hand_size': 5}}
>>> doc.locs[("deal", "hand_size")][1:3]
(3, 14)
>>> parse("a: 1\\na: 2\\n", "dup.yaml")
Traceback (most recent call last):
...
hasenpfeffer.format.errors.VariantError: dup.yaml:2:1: a: duplicate key (first given at line 1)
"""

from __future__ import annotations

import os
import stat
from typing import IO, Any, NamedTuple

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from . import yamldepth
from .errors import Problem, VariantError, capped, quote
from .yamldepth import MAX_DEPTH, TooDeep, refuse_deep, too_deep

MAX_BYTES = 1 << 20
"""Largest variant file read (1 MiB)."""
MAX_ALIAS_NODES = 10_000
"""Most nodes built again through aliases (bounds "billion laughs" expansion)."""
MAX_NODES = 500_000
"""Most values (scalars, lists and mappings) in one file."""
MAX_INT = 2**64 - 1
"""Largest whole number read (larger ones are refused before they reach the models)."""
STDIN = "-"
"""The path that stands for standard input, read only when asked for."""

Path = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
_INT, _BOOL = _CORE + "int", _CORE + "bool"
_BOOLS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}
_SCALARS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "timestamp")}


class Loc(NamedTuple):
    """Where a value was written: its position, its key's position (0 for list items), its text."""

    file: str
    line: int
    col: int
    key_line: int = 0
    key_col: int = 0
    text: str | None = None
    """Source text of a scalar read as something other than a string (e.g. ``no``)."""


class Document(NamedTuple):
    """Plain data read from a file, with the location of every value.

    ``problems`` holds mistakes that did not stop the reading (a duplicate key keeps its first
    value), so that they are reported with every other problem of the file.
    """

    data: dict[str, Any]
    locs: dict[Path, Loc]
    problems: tuple[Problem, ...] = ()


def dotted(path: Path) -> str:
    """A path as text: ``deal.kitty.size``, ``making.auction.ladder.2`` (long keys shortened)."""
    return ".".join(quote(str(p), 40) for p in path)


def _short(tag: str) -> str:
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if value is None:
        return "null (nothing)"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    return quote(repr(value))


class _Abort(Exception):
    def __init__(self, problem: Problem) -> None:
        self.problem = problem


class _Builder:
    def __init__(self, file: str, loader: Any) -> None:
        self.file = file
        self.loader = loader
        self.locs: dict[Path, Loc] = {}
        self.problems: list[Problem] = []
        self.duplicates: list[Problem] = []
        self.seen: set[int] = set()
        self.repeats = 0
        self.nodes = 0

    def problem(self, node: Node, path: Path, message: str) -> Problem:
        mark = node.start_mark
        return Problem(self.file, mark.line + 1, mark.column + 1, dotted(path), message)

    def build(self, node: Node, path: Path, depth: int, key: Node | None) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Abort(self.problem(node, path[:4], f"more than {MAX_NODES:,} values: refused"))
        if id(node) in self.seen:
            self.repeats += 1
            if self.repeats > MAX_ALIAS_NODES:
                raise _Abort(
                    self.problem(node, path, f"aliases expand to more than {MAX_ALIAS_NODES} nodes: refused")
                )
        else:
            self.seen.add(id(node))
        if depth > MAX_DEPTH:
            raise _Abort(
                self.problem(
                    node, path[:4], f"nested more than {MAX_DEPTH} levels deep (or an alias refers to itself)"
                )
            )
        kline, kcol = (key.start_mark.line + 1, key.start_mark.column + 1) if key is not None else (0, 0)
        mark = node.start_mark
        if isinstance(node, ScalarNode):
            value, text = self.scalar(node, path)
            self.locs[path] = Loc(self.file, mark.line + 1, mark.column + 1, kline, kcol, text)
            return value
        self.locs[path] = Loc(self.file, mark.line + 1, mark.column + 1, kline, kcol)
        if node.tag not in (_CORE + "seq", _CORE + "map"):
            self.problems.append(self.problem(node, path, self.tag_message(node.tag)))
            return None
        if isinstance(node, SequenceNode):
            return [self.build(item, (*path, i), depth + 1, None) for i, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        return self.mapping(node, path, depth)

    def mapping(self, node: MappingNode, path: Path, depth: int) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first: dict[str, int] = {}
        merged: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _CORE + "merge":
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for src in sources:
                    if not isinstance(src, MappingNode):
                        self.problems.append(self.problem(src, path, "`<<` merges mappings only"))
                        continue
                    for k, v in self.mapping(src, path, depth).items():
                        merged.setdefault(k, v)
                continue
            key = self.key(key_node, path)
            if key is None:
                continue
            name = str(key)
            if name in first:
                self.duplicates.append(
                    self.problem(
                        key_node, (*path, name), f"duplicate key (first given at line {first[name]})"
                    )
                )
                continue
            first[name] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, (*path, name), depth + 1, key_node)
        return {**{k: v for k, v in merged.items() if str(k) not in first}, **result}

    def key(self, node: Node, path: Path) -> str | int | None:
        if not isinstance(node, ScalarNode):
            self.problems.append(
                self.problem(node, path, "a key must be a plain word, not a list or mapping")
            )
            return None
        value, text = self.scalar(node, path)
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        if text is not None:
            hint = f"read `{quote(text)}` as {_kind(value)}; a key must be text: put it in quotes"
            self.problems.append(self.problem(node, (*path, text), hint))
        return None

    def scalar(self, node: ScalarNode, path: Path) -> tuple[Any, str | None]:
        tag = node.tag
        if tag == _CORE + "str" or tag == _CORE + "timestamp":
            return node.value, None
        value = node.value
        if tag == _INT and value.isdigit() and (value[0] != "0" or value == "0"):
            if len(value) > 20 or int(value) > MAX_INT:
                self.problems.append(self.problem(node, path, self.too_large(value)))
                return None, value
            return int(value), value
        if tag == _BOOL and value.lower() in _BOOLS:
            return _BOOLS[value.lower()], value
        if tag not in _SCALARS:
            self.problems.append(self.problem(node, path, self.tag_message(tag)))
            return None, node.value
        if tag == _INT and len(value) > 40:
            self.problems.append(self.problem(node, path, self.too_large(value)))
            return None, value
        try:
            result = self.loader.construct_object(node)
        except (ValueError, TypeError, LookupError, ArithmeticError, yaml.YAMLError):
            message = f"cannot read `{quote(node.value)}` as `{_short(tag)}`"
            self.problems.append(self.problem(node, path, message))
            return None, node.value
        if isinstance(result, int) and not isinstance(result, bool) and abs(result) > MAX_INT:
            self.problems.append(self.problem(node, path, self.too_large(value)))
            return None, value
        return result, node.value

    @staticmethod
    def too_large(text: str) -> str:
        return f"the number `{quote(text, 20)}` is too large (at most 20 digits)"

    @staticmethod
    def tag_message(tag: str) -> str:
        short = quote(_short(tag), 40)
        if "python/" in tag:
            return f"python tags are not allowed (`{short}`): a file is data, never code"
        return f"unsupported tag `{short}`: use plain mappings, lists, text, numbers and booleans"


def _position(raw: bytes, index: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, index) + 1
    return line, index - (raw.rfind(b"\n", 0, index) + 1) + 1


def decode(raw: bytes, file: str, limit: int = MAX_BYTES) -> str:
    """UTF-8 text of a file's bytes, refusing binary and other encodings."""
    if len(raw) > limit:
        raise VariantError([Problem(file, 1, 1, "", f"the file is larger than {limit} bytes: refused")])
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise VariantError([Problem(file, 1, 1, "", "the file is UTF-16 text: save it as UTF-8")])
    nul = raw.find(b"\x00")
    if nul >= 0:
        line, col = _position(raw, nul)
        raise VariantError([Problem(file, line, col, "", "a binary file (NUL byte), not YAML text")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _position(raw, exc.start)
        byte = raw[exc.start]
        message = f"not UTF-8 text (byte 0x{byte:02x} cannot be read): save the file as UTF-8"
        raise VariantError([Problem(file, line, col, "", message)]) from None


def _syntax(exc: yaml.YAMLError, text: str, file: str) -> Problem:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        context = exc.context or ""
        cmark = exc.context_mark
        if context and cmark is not None and mark is not None and cmark.line != mark.line:
            context += f" (from line {cmark.line + 1})"
        message = "YAML syntax error: " + ", ".join(p for p in (context, exc.problem) if p)
        if mark is None:
            return Problem(file, 1, 1, "", message)
        lines = text.splitlines()
        if mark.line < len(lines) and lines[mark.line][mark.column : mark.column + 1] == "\t":
            message += " (a tab: indent with spaces)"
        return Problem(file, mark.line + 1, mark.column + 1, "", message)
    position = getattr(exc, "position", None)
    reason = getattr(exc, "reason", None)
    if isinstance(position, int) and reason:
        line = text.count("\n", 0, position) + 1
        col = position - (text.rfind("\n", 0, position) + 1) + 1
        char = getattr(exc, "character", "")
        char = ord(char) if isinstance(char, str) and len(char) == 1 else char
        code = f" #x{char:04x}" if isinstance(char, int) else ""
        return Problem(file, line, col, "", f"unacceptable character{code}: {reason}")
    return Problem(file, 1, 1, "", f"YAML error: {exc}")


def parse(text: str, file: str, keep_going: bool = False, limit: int = MAX_BYTES) -> Document:
    """Read YAML text whose top level is a mapping; raise :class:`VariantError` on anything else.

    With ``keep_going`` a duplicate key keeps its first value and is returned in the
    document's ``problems`` instead of being raised, so that the caller can report it beside
    the file's other problems.
    """
    if len(text) > limit:
        raise VariantError([Problem(file, 1, 1, "", f"the text is longer than {limit} characters: refused")])
    loader = yamldepth.LOADER(text)
    try:
        refuse_deep(text, file)
        node = loader.get_single_node()
        if node is None:
            raise VariantError(
                [Problem(file, 1, 1, "", "the file is empty: expected a mapping such as `name: ...`")]
            )
        if not isinstance(node, MappingNode):
            what = "a list" if isinstance(node, SequenceNode) else "a single value (text or a number)"
            mark = node.start_mark
            message = f"the top level must be a mapping (`name: ...`), read {what}"
            raise VariantError([Problem(file, mark.line + 1, mark.column + 1, "", message)])
        builder = _Builder(file, loader)
        try:
            data = builder.build(node, (), 0, None)
        except _Abort as abort:
            raise VariantError([abort.problem]) from None
    except TooDeep as exc:
        raise too_deep(file, exc.mark) from None
    except RecursionError:  # never reached while the depth checks hold
        raise VariantError([Problem(file, 1, 1, "", "nested too deeply: refused")]) from None
    except yaml.YAMLError as exc:
        raise VariantError([_syntax(exc, text, file)]) from None
    finally:
        loader.dispose()
    duplicates = sorted(builder.duplicates, key=lambda p: (p.line, p.col))
    if builder.problems or (duplicates and not keep_going):
        problems = builder.problems + duplicates
        raise VariantError(capped(sorted(problems, key=lambda p: (p.line, p.col))))
    return Document(data, builder.locs, tuple(duplicates))


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket"))


def file_kind(path: str | os.PathLike[str]) -> str:
    """What a path is when it is no regular file, seen without opening it: ``a folder``,
    ``a pipe``, ``a socket``, ``a device`` or ``missing``; ``""`` for a regular file (or one
    that cannot be looked at: opening it says why).

    >>> file_kind("/dev/null"), file_kind("/"), file_kind("/no/such/file")
    ('a device', 'a folder', 'missing')
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError:
        return ""
    if stat.S_ISREG(mode):
        return ""
    return next((kind for test, kind in _KINDS if test(mode)), "a device")


def open_regular(path: str | os.PathLike[str], name: str) -> IO[bytes]:
    """Open a regular file for reading, refusing folders, FIFOs, devices and sockets.

    The file is opened without blocking (a FIFO cannot hold the program up) and checked
    once it is open, so it cannot be swapped for something else in between.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise VariantError(
            [Problem(name, 0, 0, "", f"cannot read the file: {exc.strerror or exc}")]
        ) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            message = "cannot read the file: Is a directory"
        else:
            message = "not a regular file (a pipe, device or socket): refused; give `-` for standard input"
        raise VariantError([Problem(name, 0, 0, "", message)])
    return os.fdopen(fd, "rb")


def read_bytes(path: str | os.PathLike[str], name: str | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file (or of standard input for ``-``), at most ``limit``."""
    name = os.fspath(path) if name is None else name
    if os.fspath(path) == STDIN:
        import sys

        raw = sys.stdin.buffer.read(limit + 1)
    else:
        with open_regular(path, name) as fh:
            raw = fh.read(limit + 1)
    if len(raw) > limit:
        raise VariantError([Problem(name, 1, 1, "", f"the file is larger than {limit} bytes: refused")])
    return raw


def read(
    path: str | os.PathLike[str], file: str | None = None, keep_going: bool = False, limit: int = MAX_BYTES
) -> Document:
    """Read and parse a YAML file; ``file`` is the name used in problems (default: ``path``)."""
    name = os.fspath(path) if file is None else file
    return parse(decode(read_bytes(path, name, limit), name, limit), name, keep_going, limit)
