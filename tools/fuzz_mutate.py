"""Mutations of variant files, game records and shard reports, for the fuzzing harness (``tools/fuzz.py``).

A mutant is made from a seed file by one to three operations drawn from a seeded
``random.Random``, so the same seed always gives the same bytes. Structural operations
change the parsed data and dump it again (text that YAML would not dump, such as a tag or
a 5,000-digit number, goes in through a placeholder); textual ones change the bytes.

>>> seed = Seed("variant", "tiny", "variant.yaml", "name: tiny\\ngame:\\n  target: 5\\n")
>>> mutate(seed, random.Random(1)) == mutate(seed, random.Random(1))
True
"""

from __future__ import annotations

import copy
import random
import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml

DataPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Extra:
    """A file beside the mutant: ``file`` (bytes), ``symlink`` (to ``content``), ``fifo`` or ``dir``."""

    kind: str
    content: bytes = b""


@dataclass(frozen=True)
class Seed:
    """A well-formed file to mutate, with the files it needs beside it."""

    kind: str
    origin: str
    name: str
    text: str
    extras: dict[str, Extra] = field(default_factory=dict)


@dataclass
class Mutant:
    """The mutated bytes, the operations that made them and the files beside them."""

    name: str
    data: bytes
    ops: list[str]
    extras: dict[str, Extra]


# ---------------------------------------------------------------------- values

ESCAPES = [
    "\x1b]0;x\x07",
    "\x1b[2J",
    "\x1b[31mred\x1b[0m",
    "\x07",
    "\r",
    "\x08\x08",
    "\x9b2J",
    "\x85",
    "\x00",
]
ODD_TEXT = [
    "\u202eevil",
    "\u200b",
    "\ufeff",
    "e\u0301",
    "\U0001f0a1",
    "\u2028",
    "[bold red]markup[/]",
    "%s%n{0}",
    "::error::x",
    "$(id)",
    "\\",
    "'\"",
    "\ud800",
    "",
    " ",
    "JH",
    "NT",
    "all",
]
DEVICES = ["/dev/zero", "/dev/stdin", "/dev/urandom", "/proc/self/environ", "/proc/self/fd/0"]
PATH_TRICKS = [
    "../../../../etc/passwd",
    "/etc/passwd",
    "../..",
    "..",
    ".",
    "",
    "link.yaml",
    "link-up.yaml",
    "fifo.yaml",
    "dir.yaml",
    "../" * 40 + "etc/passwd",
    "../../../../dev/zero",
    "~/.bashrc",
    "C:\\Windows\\win.ini",
    "\\\\host\\share\\x.yaml",
    "file:///etc/passwd",
    "euchre\x1b[2J",
    "euchre\n",
    "parent.yaml",
    *DEVICES,
]
PARENT = b"extends: euchre\nname: parent\n"
EXTRAS = {
    "link.yaml": Extra("symlink", b"/etc/passwd"),
    "link-up.yaml": Extra("symlink", b"../../../../../../../../etc/hostname"),
    "fifo.yaml": Extra("fifo"),
    "dir.yaml": Extra("dir"),
    "parent.yaml": Extra("file", PARENT),
}
TAGS = [
    "!!python/object/apply:os.system ['echo FUZZ']",
    "!!python/object/apply:os._exit [3]",
    "!!python/name:os.system",
    "!!python/object/new:type ['x', [], {}]",
    "!<tag:yaml.org,2002:python/object/apply:os.system> ['echo FUZZ']",
    "!custom x",
    "!custom",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!!timestamp 2001-12-14",
    "!!float 1",
    "!!int '7'",
    "!!int 0x1F",
    "!!str 7",
    "!!bool yes",
    "!!null ''",
    "!!map {}",
    "!!seq []",
]
FLOATS = ["1e308", "1.0e+308", "1.7e+308", "-1.0e+308", "1.0e+309", ".inf", "-.inf", ".nan", "1.5", "-0.0"]
FLOATS += ["1.0e-320", "0.1"]


def long_text(rng: random.Random, low: int = 100, high: int = 400) -> str:
    """Random words, ``low`` to ``high`` characters: a value too long to quote in full."""
    words: list[str] = []
    size = rng.randint(low, high)
    while sum(len(w) + 1 for w in words) < size:
        words.append("".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 9))))
    return " ".join(words)[:size]


def nasty_text(rng: random.Random) -> str:
    """A string with control characters, terminal escapes or odd Unicode, maybe long."""
    parts = [rng.choice(ESCAPES + ODD_TEXT) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.3:
        parts.append(long_text(rng))
    if rng.random() < 0.5:
        parts.insert(0, rng.choice(["euchre", "JH", "name", "x"]))
    rng.shuffle(parts)
    return "".join(parts)


def huge_number(rng: random.Random) -> str:
    """A 4,301 to 5,000 digit integer, maybe negative, as YAML text."""
    digits = rng.choice([4301, 5000]) - 1
    return rng.choice(["", "-"]) + str(rng.randint(1, 9)) + "".join(rng.choices(string.digits, k=digits))


def deep_text(rng: random.Random) -> str:
    """Lists or mappings nested 50 to 10,000 deep, in flow style."""
    depth = rng.choice([50, 200, 1000, 10_000])
    if rng.random() < 0.5:
        return "[" * depth + "1" + "]" * depth
    return "{a: " * depth + "1" + "}" * depth


class _Ctx:
    """What the operations of one mutant share: the random source, raw texts, extra files."""

    def __init__(self, rng: random.Random, kind: str) -> None:
        self.rng, self.kind = rng, kind
        self.raws: list[str] = []
        self.extras: dict[str, Extra] = {}

    def raw(self, text: str) -> str:
        """A placeholder replaced by ``text`` after dumping."""
        self.raws.append(text)
        return f"RAWTEXT{len(self.raws) - 1}X"

    def needs(self, value: Any) -> None:
        """Add the files that a path trick refers to."""
        for name, extra in EXTRAS.items():
            if isinstance(value, str) and name in value:
                self.extras[name] = extra
            elif isinstance(value, dict):
                self.needs(value.get("extends"))

    def value(self, avoid: type | None = None) -> Any:
        """A random value of another type than ``avoid``."""
        rng = self.rng
        makers: dict[type, Callable[[], Any]] = {
            str: lambda: rng.choice([nasty_text(rng), long_text(rng), rng.choice(ODD_TEXT)]),
            int: lambda: rng.choice(
                [0, -1, 1, 7, 2**31, 2**63, -(2**63), 10**18, self.raw(huge_number(rng))]
            ),
            float: lambda: self.raw(rng.choice(FLOATS)),
            list: lambda: rng.choice([[], [1], ["x", None], [[]], list(range(rng.choice([5, 1000])))]),
            dict: lambda: rng.choice([{}, {"a": 1}, {"extends": "../.."}, {"name": nasty_text(rng)}]),
            bool: lambda: rng.choice([True, False, self.raw(rng.choice(["yes", "no", "on", "off"]))]),
            type(None): lambda: rng.choice([None, self.raw("~")]),
        }
        kinds = [t for t in makers if avoid is None or not issubclass(avoid, t)]
        return makers[rng.choice(kinds)]()


# ---------------------------------------------------------------------- paths in data


def _children(node: Any) -> list[tuple[str | int, Any]]:
    if isinstance(node, dict):
        return list(node.items())
    if isinstance(node, list):
        return list(enumerate(node))
    return []


def pick_path(rng: random.Random, data: Any, stop: float = 0.3) -> DataPath:
    """A random path into the data: a walk from the top that stops early at times."""
    path: DataPath = ()
    node = data
    while True:
        children = _children(node)
        if not children or (path and rng.random() < stop):
            return path
        key, node = rng.choice(children)
        path = (*path, key)


def all_paths(data: Any, want: Callable[[Any], bool]) -> list[DataPath]:
    """Every path whose value passes ``want``."""
    found: list[DataPath] = []
    stack: list[tuple[DataPath, Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        if want(node):
            found.append(path)
        stack.extend(((*path, k), v) for k, v in _children(node))
    return sorted(found, key=str)


def get(data: Any, path: DataPath) -> Any:
    """The value at a path."""
    for key in path:
        data = data[key]
    return data


def put(data: Any, path: DataPath, value: Any) -> None:
    """Set the value at a (non-empty) path."""
    get(data, path[:-1])[path[-1]] = value


def dotted(path: DataPath) -> str:
    """A path as text, for operation labels."""
    return ".".join(map(str, path)) or "<top>"


# ---------------------------------------------------------------------- structural operations

DataOp = Callable[[_Ctx, dict[str, Any]], str]


def op_delete_key(ctx: _Ctx, data: dict[str, Any]) -> str:
    """Delete a key of a mapping."""
    maps = all_paths(data, lambda v: isinstance(v, dict) and bool(v))
    path = ctx.rng.choice(maps)
    key = ctx.rng.choice(sorted(get(data, path), key=str))
    del get(data, path)[key]
    return f"delete {dotted((*path, key))}"


def op_swap_type(ctx: _Ctx, data: dict[str, Any]) -> str:
    """Replace a value by one of another type."""
    path = pick_path(ctx.rng, data) or (ctx.rng.choice(sorted(data)),)
    value = ctx.value(type(get(data, path)))
    put(data, path, value)
    return f"swap {dotted(path)}"


def _numbers(data: dict[str, Any]) -> list[DataPath]:
    paths = all_paths(data, lambda v: isinstance(v, int) and not isinstance(v, bool))
    return paths or all_paths(data, lambda v: not isinstance(v, (dict, list)))


def op_number(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A number made huge, negative or a float such as 1e308."""
    path = ctx.rng.choice(_numbers(data) or [(ctx.rng.choice(sorted(data)),)])
    rng = ctx.rng
    choice = rng.choice(["huge", "negative", "float"])
    if choice == "huge":
        value: Any = ctx.raw(huge_number(rng))
    elif choice == "negative":
        value = rng.choice([-1, -2, -1000, -(2**63), -(10**30)])
    else:
        value = ctx.raw(rng.choice(FLOATS))
    put(data, path, value)
    return f"{choice} number at {dotted(path)}"


def op_text(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A string made long or full of control characters and odd Unicode."""
    strings = all_paths(data, lambda v: isinstance(v, str))
    keys = [p for p in strings if p and p[0] in ("name", "description", "variant")]
    path = ctx.rng.choice(keys if keys and ctx.rng.random() < 0.4 else strings or [("name",)])
    value = nasty_text(ctx.rng) if ctx.rng.random() < 0.7 else long_text(ctx.rng)
    put(data, path, value)
    return f"text at {dotted(path)}"


def op_key_text(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A mapping key renamed to odd text."""
    maps = all_paths(data, lambda v: isinstance(v, dict) and bool(v))
    path = ctx.rng.choice(maps)
    mapping = get(data, path)
    key = ctx.rng.choice(sorted(mapping, key=str))
    mapping[nasty_text(ctx.rng)] = mapping.pop(key)
    return f"key text at {dotted((*path, key))}"


def op_deep(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A value replaced by deeply nested lists or mappings."""
    path = pick_path(ctx.rng, data) or (ctx.rng.choice(sorted(data)),)
    put(data, path, ctx.raw(deep_text(ctx.rng)))
    return f"deep at {dotted(path)}"


def op_path_trick(ctx: _Ctx, data: dict[str, Any]) -> str:
    """``extends`` (variants) or ``variant`` (records) pointing out of the folder, or at devices."""
    rng = ctx.rng
    trick: Any = rng.choice(PATH_TRICKS)
    if ctx.kind == "record":
        key = "variant"
        if rng.random() < 0.35:
            trick = {"name": "x", "extends": trick} if rng.random() < 0.5 else {"extends": trick}
    else:
        key = "extends"
    ctx.needs(trick)
    data[key] = trick
    return f"{key}: {trick!r}"


HAND_TRICKS: list[tuple[str, Any]] = [
    ("dealer", -1),
    ("dealer", 99),
    ("dealer", True),
    ("dealer", "0"),
    ("dealer", 1.5),
    ("dealer", 10**20),
    ("hands", []),
    ("hands", "x"),
    ("hands", [["ZZ"]]),
    ("hands", [["JH"] * 6] * 4),
    ("hands", None),
    ("widow", "x"),
    ("widow", {"a": 1}),
    ("widow", [["x"]]),
    ("actions", True),
    ("actions", "0 pass"),
    ("actions", [None]),
    ("actions", [["a"]]),
    ("actions", [{"a": 1}]),
    ("actions", ["0 play"]),
    ("actions", ["99 pass"]),
    ("actions", ["-1 pass"]),
    ("actions", ["0 bid 999999999999999999999"]),
    ("result", 1.5),
    ("result", "x"),
    ("result", {"made": "maybe"}),
    ("result", {"trick_winners": "x"}),
    ("result", {"scores": [1e308, -1]}),
]
RECORD_TRICKS: list[tuple[str, Any]] = [
    ("hands", []),
    ("hands", {}),
    ("hands", "x"),
    ("hands", [1]),
    ("hands", [[]]),
    ("hands", None),
    ("actions", True),
    ("actions", []),
    ("result", 1.5),
    ("result", "x"),
    ("result", {"scores": "x"}),
    ("result", {"winner": 99}),
    ("players", ["person", "os:_exit"]),
    ("players", ["person", "os:system", "os:system", "os:system"]),
    ("players", ["os:_exit"] * 4),
    ("players", ["person", "builtins:exec"]),
    ("players", ["person", "importlib:import_module"]),
    ("players", "person"),
    ("players", ["person"] * 4),
    ("seed", -1),
    ("seed", "x"),
    ("seed", 1.5),
    ("seed", True),
    ("seed", 2**70),
]


def op_record_trick(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A record field set to a value of the wrong shape (the record's or one hand's)."""
    rng = ctx.rng
    hands = data.get("hands")
    if isinstance(hands, list) and hands and all(isinstance(h, dict) for h in hands) and rng.random() < 0.5:
        index = rng.randrange(len(hands))
        key, value = rng.choice(HAND_TRICKS)
        if key == "actions" and rng.random() < 0.3:
            value = [f"0 play {nasty_text(rng)}"]
        hands[index][key] = copy.deepcopy(value)
        return f"hands.{index}.{key}: {value!r}"[:120]
    key, value = rng.choice(RECORD_TRICKS)
    if key == "seed" and rng.random() < 0.3:
        value = ctx.raw(huge_number(rng))
    if key == "hands" and isinstance(hands, list) and hands and rng.random() < 0.3:
        data.update({k: hands[0][k] for k in ("dealer", "hands", "widow", "actions") if k in hands[0]})
        return "one hand's keys at the top level"
    data[key] = copy.deepcopy(value)
    return f"{key}: {value!r}"[:120]


REPORT_TRICKS: list[tuple[DataPath, Any]] = [
    (("engine",), "compiled (numba)"),
    (("engine",), "python (another reason)"),
    (("engine",), None),
    (("accel", "compiled"), "yes"),
    (("accel",), None),
    (("run", "shard", "index"), 0),
    (("run", "shard", "index"), 99),
    (("run", "shard"), None),
    (("run", "shard"), {"index": 1}),
    (("run", "games"), 10**9),
    (("run", "max_hands"), 1001),
    (("raw", "unfinished"), 10**30),
    (("raw", "games"), -1),
    (("raw", "hands"), True),
    (("raw", "wins"), [0, 0]),
    (("raw", "sums", "side 0 win rate"), [1, 1, 1, 1, 1]),
    (("raw", "sums", "bogus"), [0, 0, 0, 0, 0]),
    (("raw", "hand_points", "07"), 1),
    (("raw", "margins"), {"1": 10**6}),
    (("raw", "stats"), []),
    (("raw", "cross", 0), {"hands per game": [1, 1, 1, 1]}),
    (("seed",), 2**64),
    (("format",), 2),
    (("command",), "compare"),
    (("bots",), ["greedy"] * 9),
    (("points",), []),
]
"""Values of a shard's report that no run gives (the paths missing from a report are skipped)."""


def _walk(data: Any, path: DataPath) -> Any:
    """The value at a path, or None where the path leads nowhere."""
    for step in path:
        in_dict = isinstance(data, dict) and step in data
        if not (in_dict or (isinstance(data, list) and isinstance(step, int) and step < len(data))):
            return None
        data = data[step]
    return data


def op_report_trick(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A field of a shard's report set to what no run gives, else a number of it moved by one."""
    rng = ctx.rng
    path, value = rng.choice(REPORT_TRICKS)
    parent, last = _walk(data, path[:-1]), path[-1]
    label = f"{dotted(path)}: {value!r}"[:120]
    if isinstance(parent, dict):
        parent[last] = copy.deepcopy(value)
        return label
    if isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        parent[last] = copy.deepcopy(value)
        return label
    numbers = all_paths(data, lambda v: isinstance(v, int) and not isinstance(v, bool))
    if not numbers:
        return "report trick: no number"
    target = rng.choice(numbers)
    put(data, target, get(data, target) + rng.choice([-1, 1]))
    return f"{dotted(target)} moved by one"


def op_tweak(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A plausible change that may keep the file valid: a number nudged, a flag flipped, a list cut."""
    rng = ctx.rng
    path = rng.choice(all_paths(data, lambda v: not isinstance(v, dict)) or [("name",)])
    old = get(data, path) if path else None
    if isinstance(old, bool):
        new: Any = not old
    elif isinstance(old, int):
        new = rng.choice([0, 1, 2, 3, old - 1, old + 1, old * 2, 100, 10**9, 2**63])
    elif isinstance(old, float):
        new = rng.choice([0.0, 0.5, 2.0, 100.0, 1e-300, ctx.raw(rng.choice(FLOATS))])
    elif isinstance(old, list) and old:
        new = rng.choice([old[:1], old[1:], old[::-1], old + old[-1:]])
    else:
        new = rng.choice(GRAFTS.get(str(path[-1]), [None]))
    put(data, path, new)
    return f"tweak {dotted(path)}"


GRAFTS: dict[str, list[Any]] = {}
"""Values seen under each key in the shipped files (filled by :func:`learn`)."""


def learn(texts: list[str]) -> None:
    """Remember the values of every key in the shipped variant files, for grafting."""
    for text in texts:
        stack: list[Any] = [yaml.safe_load(text)]
        while stack:
            node = stack.pop()
            for key, value in _children(node):
                if isinstance(key, str):
                    values = GRAFTS.setdefault(key, [])
                    if value not in values:
                        values.append(copy.deepcopy(value))
                stack.append(value)


def op_graft(ctx: _Ctx, data: dict[str, Any]) -> str:
    """A value replaced by another shipped file's value for the same key (often still valid)."""
    rng = ctx.rng
    paths = [p for p in all_paths(data, lambda v: True) if p and str(p[-1]) in GRAFTS]
    if not paths:
        return "graft: nothing to graft"
    path = rng.choice(paths)
    put(data, path, copy.deepcopy(rng.choice(GRAFTS[str(path[-1])])))
    return f"graft {dotted(path)}"


DATA_OPS: dict[str, tuple[DataOp, float]] = {
    "tweak": (op_tweak, 3),
    "graft": (op_graft, 4),
    "delete_key": (op_delete_key, 3),
    "swap_type": (op_swap_type, 4),
    "number": (op_number, 2),
    "text": (op_text, 2),
    "key_text": (op_key_text, 0.5),
    "deep": (op_deep, 0.7),
    "path_trick": (op_path_trick, 1.2),
    "record_trick": (op_record_trick, 3),
    "report_trick": (op_report_trick, 3),
}


class _Dumper(yaml.SafeDumper):
    """The safe dumper, without aliases (the data may share lists)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(ctx: _Ctx, data: Any) -> str:
    """YAML text of mutated data, with placeholders replaced by their raw text."""
    rng = ctx.rng
    text: str = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=rng.random() < 0.7,
        default_flow_style=rng.choice([None, False]),
        width=rng.choice([80, 100, 10_000]),
    )
    return re.sub(r"RAWTEXT(\d+)X", lambda m: ctx.raws[int(m.group(1))], text)


# ---------------------------------------------------------------------- textual operations

TextOp = Callable[[_Ctx, bytes], tuple[bytes, str]]
_VALUE_LINE = re.compile(rb"^(\s*(?:- )?[A-Za-z_][\w-]*:[ ]+)(\S.*)$")
_KEY_LINE = re.compile(rb"^\s*[A-Za-z_][\w-]*:(\s|$)")


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _value_lines(lines: list[bytes]) -> list[int]:
    return [i for i, line in enumerate(lines) if _VALUE_LINE.match(line) and b"#" not in line[:1]]


def tx_insert_bytes(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Insert a few random bytes (YAML punctuation half of the time)."""
    rng = ctx.rng
    at = rng.randint(0, len(data))
    if rng.random() < 0.5:
        chunk = "".join(rng.choices(":{}[],&*#?|-<>=!%@`\"' \n\t", k=rng.randint(1, 4))).encode()
    else:
        chunk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return data[:at] + chunk + data[at:], f"insert {chunk!r} at {at}"


def tx_replace_bytes(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Replace a few bytes by random ones."""
    rng = ctx.rng
    at = rng.randint(0, max(0, len(data) - 1))
    chunk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
    return data[:at] + chunk + data[at + len(chunk) :], f"replace at {at} with {chunk!r}"


def tx_truncate(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Cut the file short (maybe inside a UTF-8 sequence)."""
    at = ctx.rng.randint(0, len(data))
    return data[:at], f"truncate at {at}"


def tx_encoding(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Bytes that are not UTF-8, a byte-order mark, or other line endings."""
    rng = ctx.rng
    choice = rng.randrange(7)
    if choice == 0:
        bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80", b"\x00"])
        at = rng.randint(0, len(data))
        return data[:at] + bad + data[at:], f"bytes {bad!r} at {at}"
    if choice == 1:
        bom = rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"])
        return bom + data, f"byte-order mark {bom!r}"
    if choice == 2:
        return data.decode("utf-8", "replace").encode("utf-16"), "UTF-16"
    if choice == 3:
        return data.decode("utf-8", "replace").encode("latin-1", "replace") + "é".encode("latin-1"), "Latin-1"
    if choice == 4:
        return data.replace(b"\n", b"\r\n"), "CRLF"
    if choice == 5:
        return data.replace(b"\n", b"\r"), "CR only"
    return re.sub(rb"\n  ", b"\n\t", data, count=rng.randint(1, 3)), "tabs"


def tx_duplicate_key(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """A key written twice: a line repeated, or a top-level key appended."""
    lines = _lines(data)
    keyed = [i for i, line in enumerate(lines) if _KEY_LINE.match(line)]
    if not keyed or ctx.rng.random() < 0.3:
        key = ctx.rng.choice(["name", "variant", "hands", "extends", "players"])
        return data.rstrip(b"\n") + b"\n" + key.encode() + b": dup\n", f"duplicate top-level {key}"
    i = ctx.rng.choice(keyed)
    lines.insert(i + 1, lines[i])
    return b"\n".join(lines), f"duplicate line {i + 1}"


def tx_tag(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """A value replaced by a tagged one (python tags, custom tags, ``!!binary``...)."""
    lines = _lines(data)
    rng = ctx.rng
    tag = rng.choice(TAGS)
    if rng.random() < 0.15:
        directive = b"%TAG !p! tag:yaml.org,2002:python/object/apply:\n---\n"
        return directive + data + b"\nzz: !p!os.system ['echo FUZZ']\n", "%TAG directive"
    candidates = _value_lines(lines)
    if not candidates:
        return data + b"\nzz: " + tag.encode() + b"\n", f"tag {tag}"
    i = rng.choice(candidates)
    m = _VALUE_LINE.match(lines[i])
    assert m is not None
    lines[i] = m.group(1) + tag.encode()
    return b"\n".join(lines), f"tag {tag} on line {i + 1}"


def _bomb(levels: int, width: int) -> bytes:
    rows = [b"l0: &l0 [" + b", ".join([b"lol"] * width) + b"]"]
    for n in range(1, levels + 1):
        rows.append(f"l{n}: &l{n} [".encode() + b", ".join([f"*l{n - 1}".encode()] * width) + b"]")
    return b"\n".join(rows) + b"\n"


def tx_alias(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Anchors and aliases: shared values, undefined or self-referring aliases, merges, bombs."""
    lines = _lines(data)
    rng = ctx.rng
    values = _value_lines(lines)
    choice = rng.randrange(5)
    if choice == 0 and len(values) >= 2:
        i, j = sorted(rng.sample(values, 2))
        mi, mj = _VALUE_LINE.match(lines[i]), _VALUE_LINE.match(lines[j])
        assert mi is not None and mj is not None
        lines[i] = mi.group(1) + b"&a " + mi.group(2)
        lines[j] = mj.group(1) + b"*a"
        return b"\n".join(lines), f"alias line {j + 1} to line {i + 1}"
    if choice == 1 and values:
        i = rng.choice(values)
        m = _VALUE_LINE.match(lines[i])
        assert m is not None
        lines[i] = m.group(1) + rng.choice([b"*nope", b"&r [*r]", b"&r {a: *r}"])
        return b"\n".join(lines), f"bad alias on line {i + 1}"
    if choice == 2:
        merge = b"_base: &m {name: merged, players: 99, hands: []}\n"
        return merge + data.rstrip(b"\n") + b"\n<<: *m\n", "merge key"
    levels = rng.choice([3, 5, 6])
    bomb = _bomb(levels, 10)
    if values:
        i = rng.choice(values)
        m = _VALUE_LINE.match(lines[i])
        assert m is not None
        lines[i] = m.group(1) + f"*l{levels}".encode()
        return bomb + b"\n".join(lines), f"alias bomb 10^{levels + 1} on line {i + 1}"
    return bomb + data, f"alias bomb 10^{levels + 1}"


def tx_raw_control(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """Raw control characters or terminal escapes written into a value or a key."""
    lines = _lines(data)
    rng = ctx.rng
    escape = rng.choice(ESCAPES).encode()
    values = _value_lines(lines) or [0]
    i = rng.choice(values)
    line = lines[i]
    at = rng.randint(len(line) // 2, len(line))
    lines[i] = line[:at] + escape + line[at:]
    return b"\n".join(lines), f"raw {escape!r} on line {i + 1}"


def tx_big(ctx: _Ctx, data: bytes) -> tuple[bytes, str]:
    """A file over 1 MiB, or with hundreds of unknown keys."""
    if ctx.rng.random() < 0.4:
        return data + b"# " + b"x" * (1 << 20) + b"\n", "over 1 MiB"
    extra = b"".join(f"k{n}: {n}\n".encode() for n in range(ctx.rng.choice([150, 600])))
    return data.rstrip(b"\n") + b"\n" + extra, "many unknown keys"


TEXT_OPS: dict[str, tuple[TextOp, float]] = {
    "insert_bytes": (tx_insert_bytes, 2),
    "replace_bytes": (tx_replace_bytes, 1),
    "truncate": (tx_truncate, 1),
    "encoding": (tx_encoding, 1),
    "duplicate_key": (tx_duplicate_key, 1),
    "tag": (tx_tag, 1.5),
    "alias": (tx_alias, 1.2),
    "raw_control": (tx_raw_control, 1),
    "big": (tx_big, 0.2),
}


# ---------------------------------------------------------------------- mutants


def _ops(rng: random.Random, kind: str) -> list[str]:
    table = {**{k: w for k, (_, w) in DATA_OPS.items()}, **{k: w for k, (_, w) in TEXT_OPS.items()}}
    if kind != "record":
        table.pop("record_trick")
    if kind != "merge":
        table.pop("report_trick")
    if kind == "record":
        table["tweak"] = 1
        table["graft"] = 0
    elif kind == "merge":  # a report names no file and holds no variant's keys; JSON breaks at a byte
        table["graft"] = table["path_trick"] = 0
        table |= {k: w / 4 for k, (_, w) in TEXT_OPS.items()}
    names = list(table)
    count = 1 + (rng.random() < 0.4) + (rng.random() < 0.15)
    chosen = rng.choices(names, weights=[table[n] for n in names], k=count)
    return sorted(chosen, key=lambda n: n not in DATA_OPS)  # structural operations first


def mutate(seed: Seed, rng: random.Random) -> Mutant:
    """A mutant of ``seed``: one to three operations drawn from ``rng``."""
    ctx = _Ctx(rng, seed.kind)
    names = _ops(rng, seed.kind)
    labels: list[str] = []
    data = seed.text.encode()
    structural = [n for n in names if n in DATA_OPS]
    if structural:
        tree = yaml.safe_load(seed.text)
        for name in structural:
            labels.append(DATA_OPS[name][0](ctx, tree))
        text = dump(ctx, tree)
        data = (json_text(tree, ctx) if seed.name.endswith(".json") else text).encode(
            "utf-8", "surrogatepass"
        )
    for name in names:
        if name in TEXT_OPS:
            data, label = TEXT_OPS[name][0](ctx, data)
            labels.append(label)
    return Mutant(seed.name, data, labels, {**seed.extras, **ctx.extras})


def json_text(tree: Any, ctx: _Ctx) -> str:
    """JSON text of mutated data (a JSON record stays JSON), placeholders replaced."""
    import json

    text = json.dumps(tree, ensure_ascii=ctx.rng.random() < 0.5)
    return re.sub(r'"RAWTEXT(\d+)X"', lambda m: ctx.raws[int(m.group(1))], text)


FILE_TRICKS = ["leave out", "twice", "fifo", "dir", "device", "empty", "swap"]
"""What may happen to the other shards of a merge: one left out, the mutant given twice, one
replaced by a FIFO, a folder, a link to ``/dev/zero`` or an empty file, or two files' raw sums swapped."""


def mutate_report(seed: Seed, rng: random.Random) -> Mutant:
    """A mutant of a shard's report (:func:`mutate`), the run's other shards beside it (its
    ``extras``), one of them changed a third of the time (:data:`FILE_TRICKS`)."""
    import json

    mutant = mutate(seed, rng)
    extras = dict(mutant.extras)
    if not extras or rng.random() < 2 / 3:
        return mutant
    trick, name = rng.choice(FILE_TRICKS), rng.choice(sorted(extras))
    if trick == "leave out":
        del extras[name]
    elif trick == "twice":
        extras["part-copy.json"] = Extra("file", mutant.data)
    elif trick in ("fifo", "dir"):
        extras[name] = Extra(trick)
    elif trick == "device":
        extras[name] = Extra("symlink", b"/dev/zero")
    elif trick == "empty":
        extras[name] = Extra("file", b"")
    else:
        mine, theirs = json.loads(seed.text), json.loads(extras[name].content)
        mine["raw"], theirs["raw"] = theirs.get("raw"), mine.get("raw")
        extras[name] = Extra("file", json.dumps(theirs).encode())
        return Mutant(mutant.name, json.dumps(mine).encode(), [*mutant.ops, "raw sums swapped"], extras)
    return Mutant(mutant.name, mutant.data, [*mutant.ops, f"{trick} {name}"], extras)
