"""Loading variants: built-ins and files, ``extends``, validation, semantic checks.

Every mistake becomes a :class:`~hasenpfeffer.format.errors.Problem` at the file, line
and column where it was written (in a parent file when a parent made it), and
all of a file's problems are raised together in one
:class:`~hasenpfeffer.format.errors.VariantError`.

>>> v = load_variant_data({"name": "quick", "game": {"target": 5}})
>>> v.game.target, v.hand_size
(5, 6)
>>> load_variant_data({"name": "x", "deal": {"hand_size": "six"}}, "house.yaml")
Traceback (most recent call last):
...
hasenpfeffer.format.errors.VariantError: house.yaml:1:1: deal.hand_size: must be a valid integer or 'all'; read 'six'
"""

from __future__ import annotations

import copy
import difflib
import functools
import os
import re
import typing
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .acting import settled
from .checks import check, related
from .errors import MAX_PROBLEMS, QUOTE_LIMIT, Problem, VariantError, capped, clean, quote
from .variant import Variant
from .yamlload import STDIN, Document, Loc, dotted, file_kind, read
from .yamlload import Path as DataPath

_PACKAGE = "hasenpfeffer.variants"
SCHEMA_KEY = "$schema"
"""A key editors read to find the JSON Schema; the loader accepts and ignores it."""
MAX_EXTENDS = 16
"""Longest chain of ``extends``."""


def _builtin_dir() -> Path:
    return Path(str(resources.files(_PACKAGE)))


@functools.cache
def builtin_names() -> list[str]:
    """Names of the built-in variants (the ``*.yaml`` files shipped in ``hasenpfeffer.variants``)."""
    folder = resources.files(_PACKAGE)
    return sorted(item.name[:-5] for item in folder.iterdir() if item.name.endswith(".yaml"))


@functools.cache
def _builtin_document(name: str) -> Document:
    resource = resources.files(_PACKAGE) / f"{name}.yaml"
    return read(Path(str(resource)))


def _is_path(text: str) -> bool:
    return "/" in text or os.sep in text or text.endswith((".yaml", ".yml"))


Allowed = tuple[str, ...]
"""Folders (real paths) outside a file's own folder that ``extends`` may also reach."""


class _Source:
    """A variant file to read: a built-in or a path, with an identity for cycle detection."""

    def __init__(
        self, ident: str, file: str, builtin: str | None, base_dir: Path, allow: Allowed, shown: str = ""
    ) -> None:
        self.ident, self.file, self.builtin, self.base_dir = ident, file, builtin, base_dir
        self.allow = allow
        self.shown = shown or file
        """The file's name in problems (a path named in a file is quoted short)."""

    def document(self) -> Document:
        return (
            _builtin_document(self.builtin) if self.builtin else read(self.file, self.shown, keep_going=True)
        )


def _builtin_source(name: str) -> _Source:
    file = str(_builtin_dir() / f"{name}.yaml")
    return _Source(f"builtin:{name}", file, name, _builtin_dir(), ())


def _path_source(file: str, allow: Allowed, shown: str = "") -> _Source:
    return _Source(os.path.realpath(file), file, None, Path(os.path.dirname(file) or "."), allow, shown)


def shown_path(folder: str | os.PathLike[str], text: str) -> str:
    """How a path named in a file is shown: the folder, then at most 80 characters of the text."""
    return os.path.join(folder, quote(text)) if len(text) > QUOTE_LIMIT else ""


def allowed_roots(paths: typing.Iterable[str | os.PathLike[str]]) -> Allowed:
    """Real paths of folders that the user lets ``extends`` and records reach (``--allow-path``)."""
    return tuple(os.path.realpath(p) for p in paths)


def inside(path: str | os.PathLike[str], folder: str | os.PathLike[str], allow: Allowed = ()) -> bool:
    """Whether ``path`` (symbolic links followed) lies in ``folder`` or an allowed folder.

    >>> inside("a/b.yaml", "a"), inside("a/../b.yaml", "a"), inside("/etc/passwd", "a", ("/etc",))
    (True, False, True)
    """
    real = os.path.realpath(path)
    for root in (os.path.realpath(folder), *allow):
        if real == root or real.startswith(root.rstrip(os.sep) + os.sep):
            return True
    return False


CONTAINED = (
    "a path may only lead into the folder of the file that names it, the folder of the file"
    " first opened, or their subfolders (widen with --allow-path DIR)"
)
"""The rule for paths named inside files, as said in messages."""


def _top_source(name_or_path: str | os.PathLike[str], allow: Allowed = (), shown: str = "") -> _Source:
    if name_or_path == STDIN:
        here = os.path.realpath(".")
        return _Source("stdin", STDIN, None, Path("."), (*allow, here))
    if isinstance(name_or_path, str) and not _is_path(name_or_path):
        if name_or_path in builtin_names():
            return _builtin_source(name_or_path)
        if not os.path.exists(name_or_path):
            shown = quote(name_or_path, 40)
            message = f"no built-in variant `{shown}` and no such file; {_suggest(name_or_path)}"
            raise VariantError([Problem(quote(name_or_path), 0, 0, "", message)])
    file = os.fspath(name_or_path)
    return _path_source(file, (*allow, os.path.realpath(os.path.dirname(file) or ".")), shown)


def _suggest(name: str) -> str:
    close = difflib.get_close_matches(name, builtin_names(), n=1)
    if close:
        return f"did you mean `{close[0]}`?"
    return "built-ins: " + (", ".join(builtin_names()) or "none")


def _parent_source(text: Any, loc: Loc, child: _Source) -> _Source:
    def fail(message: str) -> VariantError:
        return VariantError([Problem(loc.file, loc.line, loc.col, "extends", message)])

    if not isinstance(text, str) or not text.strip():
        raise fail(f"expected a built-in name or a relative path, read {quote(text)}")
    shown = quote(text)
    if clean(text) != text:
        raise fail(f"`{shown}`: a name or path may not hold control characters")
    if not _is_path(text):
        if text in builtin_names():
            return _builtin_source(text)
        raise fail(f"no built-in variant `{shown}` (a path ends in .yaml); {_suggest(text)}")
    if os.path.isabs(text):
        raise fail(f"`{shown}` is an absolute path, refused: give a path relative to this file; {CONTAINED}")
    if child.builtin is not None:
        raise fail(f"`{shown}`: a built-in variant extends built-ins only")
    file = os.path.normpath(os.path.join(child.base_dir, text))
    if not inside(file, child.base_dir, child.allow):
        raise fail(f"`{shown}` leads outside this file's folder, refused: {CONTAINED}")
    kind = file_kind(file)
    if kind == "missing":
        raise fail(f"cannot find `{shown}` (looked for {quote(file)})")
    if kind:
        raise fail(f"`{shown}` is not a regular file but {kind}: refused")
    return _path_source(file, child.allow, shown_path(os.path.dirname(child.shown), text))


def _merge_data(
    base: dict[Any, Any], over: Mapping[Any, Any], path: DataPath, replaced: list[DataPath]
) -> dict[Any, Any]:
    result = dict(base)
    for key, value in over.items():
        old = result.get(key)
        here = (*path, str(key))
        if isinstance(old, dict) and isinstance(value, Mapping):
            result[key] = _merge_data(old, value, here, replaced)
        else:
            if key in result:
                replaced.append(here)
            result[key] = value
    return result


def merge(base: Document, over: Document) -> Document:
    """``over`` on top of ``base``: mappings merge key by key; lists and scalars replace.

    >>> merged = merge(Document({"a": {"x": 1, "y": [1, 2]}}, {}), Document({"a": {"y": [3]}}, {}))
    >>> merged.data
    {'a': {'x': 1, 'y': [3]}}
    """
    replaced: list[DataPath] = []
    data = _merge_data(base.data, over.data, (), replaced)
    gone = set(replaced)
    locs = {p: loc for p, loc in base.locs.items() if not any(p[:n] in gone for n in range(1, len(p) + 1))}
    locs.update(over.locs)
    return Document(data, locs, base.problems + over.problems)


REPLACE = "replace"
"""The key listing the dotted keys a file replaces instead of merging them with its parent's."""


def _replaced(doc: Document, file: str) -> tuple[Document, list[DataPath]]:
    """The document without its ``replace`` list, the paths it names, and a problem for each entry
    that names no field of the format."""
    if REPLACE not in doc.data:
        return doc, []
    listed, problems = doc.data[REPLACE], list(doc.problems)
    paths: list[DataPath] = []
    entries = listed if isinstance(listed, list) else [listed]
    for i, entry in enumerate(entries):
        where = (REPLACE, i) if isinstance(listed, list) else (REPLACE,)
        loc = _located(where, doc.locs, file)
        path = tuple(str(entry).split(".")) if isinstance(entry, str) else ()
        if not path or not _is_field(path):
            message = f"must be the dotted key of a field, such as `scoring.made`; read {quote(repr(entry))}"
            problems.append(Problem(loc.file, loc.line, loc.col, dotted(where), message))
            continue
        paths.append(path)
    data = {k: v for k, v in doc.data.items() if k != REPLACE}
    return Document(data, doc.locs, tuple(problems)), paths


def _is_field(path: DataPath) -> bool:
    """Whether a dotted key names a field of the variant format.

    >>> _is_field(("scoring", "made")), _is_field(("scoring", "mde")), _is_field(("replace",))
    (True, False, False)
    """
    model = _model_at(tuple(path[:-1]))
    return model is not None and path[-1] in model.model_fields and path != (REPLACE,)


def _cut(doc: Document, paths: list[DataPath]) -> Document:
    """The document without the values at ``paths`` (and their positions)."""
    data = copy.deepcopy(doc.data)
    for path in paths:
        here: Any = data
        for key in path[:-1]:
            here = here.get(key) if isinstance(here, dict) else None
        if isinstance(here, dict):
            here.pop(path[-1], None)
    locs = {p: loc for p, loc in doc.locs.items() if not any(p[: len(q)] == q for q in paths)}
    return Document(data, locs, doc.problems)


def _resolve(doc: Document, source: _Source, chain: tuple[_Source, ...], files: list[str]) -> Document:
    doc, paths = _replaced(doc, source.shown)
    if "extends" not in doc.data:
        return doc
    own = Document({k: v for k, v in doc.data.items() if k != "extends"}, doc.locs, doc.problems)
    parent_text = doc.data["extends"]
    if parent_text is None:
        return own
    loc = doc.locs.get(("extends",), Loc(source.file, 1, 1))
    parent = _parent_source(parent_text, loc, source)
    if any(parent.ident == c.ident for c in chain):
        names = " -> ".join(c.builtin or c.shown for c in (*chain, parent))
        message = f"extends cycle: {quote(names, 300)}"
        raise VariantError([Problem(loc.file, loc.line, loc.col, "extends", message)])
    if len(chain) >= MAX_EXTENDS:
        message = f"more than {MAX_EXTENDS} files in the chain of `extends`"
        raise VariantError([Problem(loc.file, loc.line, loc.col, "extends", message)])
    files.append(parent.shown)
    base = _resolve(parent.document(), parent, (*chain, parent), files)
    return merge(_cut(base, paths), own)


def _located(path: DataPath, locs: Mapping[DataPath, Loc], default: str) -> Loc:
    for n in range(len(path), -1, -1):
        loc = locs.get(path[:n])
        if loc is not None:
            return loc
    return Loc(default, 1, 1)


_PREFIXES = ("Value error, ", "Assertion failed, ")
_SIZES = {
    "too_short": "at least",
    "too_long": "at most",
    "string_too_short": "at least",
    "string_too_long": "at most",
}
_OWN_TYPES = {"rank", "suit", "yaml_boolean", "slug", "text"}
_UNKNOWN = {"extra_forbidden", "invalid_key"}


def _model_at(loc: tuple[str | int, ...], root: type[BaseModel] = Variant) -> type[BaseModel] | None:
    """The model class at a pydantic location (for naming the keys it accepts)."""
    model: Any = root
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or part not in model.model_fields:
            return None
        model = model.model_fields[part].annotation
        while typing.get_origin(model) is not None:
            args = [a for a in typing.get_args(model) if a is not type(None) and a is not Ellipsis]
            model = args[0] if args else None
    return model if isinstance(model, type) and issubclass(model, BaseModel) else None


def _walk(data: Any, loc: tuple[str | int, ...]) -> tuple[DataPath, tuple[str | int, ...]]:
    """Split a pydantic location into the part found in the data and the rest."""
    path: list[str | int] = []
    for n, part in enumerate(loc):
        if isinstance(data, Mapping):
            key = part if part in data else next((k for k in data if str(k) == str(part)), _MISSING)
            if key is _MISSING:
                return tuple(path), loc[n:]
            data = data[key]
            path.append(str(part))
        elif isinstance(data, list | tuple) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
            path.append(part)
        else:
            return tuple(path), loc[n:]
    return tuple(path), ()


_MISSING = object()


def _message(error: Any, text: str | None) -> str:
    kind, message, value = error["type"], str(error["msg"]), error.get("input")
    for prefix in _PREFIXES:
        message = message.removeprefix(prefix)
    ctx = error.get("ctx") or {}
    if kind in _SIZES:
        size = ctx.get("min_length", ctx.get("max_length"))
        unit = "character" if kind.startswith("string") else "item"
        message = f"must hold {_SIZES[kind]} {size} {unit}{'' if size == 1 else 's'}"
        if kind == "too_long" or kind == "string_too_long":
            return message + f"; read {len(value) if isinstance(value, str | list | dict) else 'more'}"
        return message + (f"; read {quote(repr(value))}" if isinstance(value, str | list) else "")
    if kind == "string_pattern_mismatch":
        return f"must match the pattern `{ctx.get('pattern')}`; read {quote(repr(value))}"
    if kind == "yaml_boolean":
        ctx = error.get("ctx") or {}
        read_as = (
            f"`{quote(text)}` as the boolean {ctx.get('word')}" if text else f"the boolean {ctx.get('word')}"
        )
        return f"read {read_as} (YAML 1.1 reads yes/no/on/off as booleans); expected {ctx.get('expected')}: put it in quotes"
    if kind == "missing":
        return "required, but missing"
    if message.startswith("Input should be "):
        message = "must be " + message.removeprefix("Input should be ").split(", unable to parse")[0]
        message = re.sub(r"a valid dictionary or instance of (\w+)", r"a mapping (\1)", message)
        message = message.replace("a valid tuple", "a list").replace("a valid list", "a list")
    if kind not in _OWN_TYPES and isinstance(value, str | int | float | bool) | (value is None):
        if text is not None and (isinstance(value, bool) or value is None):
            word = "null" if value is None else f"the boolean {str(value).lower()}"
            message += f"; read `{quote(text)}` as {word} (YAML 1.1): put it in quotes if you meant text"
        else:
            message += f"; read {quote(repr(value))}"
    return message


def _counted_short(error: Any) -> bool:
    """A "too short" error on a list that holds enough items: pydantic counts only the items that
    validated, so a list whose one item is invalid is also said to be too short. The items' own
    errors say what is wrong.

    >>> _counted_short({"type": "too_short", "input": [{}], "ctx": {"min_length": 1}})
    True
    >>> _counted_short({"type": "too_short", "input": [], "ctx": {"min_length": 1}})
    False
    """
    if error["type"] != "too_short":
        return False
    value, ctx = error.get("input"), error.get("ctx") or {}
    return isinstance(value, list | tuple) and len(value) >= int(ctx.get("min_length", 0))


def convert(errors: list[Any], doc: Document, file: str, root: type[BaseModel] = Variant) -> list[Problem]:
    """Problems, one per location, from pydantic's validation errors on ``doc.data``.

    ``root`` is the model that was validated (for naming the keys it accepts).
    """
    grouped: dict[tuple[DataPath, str, bool], list[Any]] = {}
    for error in errors:
        if _counted_short(error):
            continue
        path, rest = _walk(doc.data, tuple(error["loc"]))
        kind = error["type"]
        path_text = dotted((*path, *rest[:1])) if kind == "missing" and rest else dotted(path)
        on_key = kind in _UNKNOWN or "[key]" in rest
        grouped.setdefault((path, path_text, on_key), []).append(error)
    problems = []
    for (path, path_text, on_key), group in grouped.items():
        loc = _located(path, doc.locs, file)
        use_key = loc.key_line > 0 and (on_key or group[0]["type"] == "missing")
        line, col = (loc.key_line, loc.key_col) if use_key else (loc.line, loc.col)
        text = loc.text if doc.locs.get(path) is loc else None
        first = group[0]
        if first["type"] in _UNKNOWN:
            message = _unknown_key(str(path[-1]) if path else "", tuple(first["loc"])[:-1], root)
        elif len(group) > 1:
            bodies = [_message(e, text).split(";")[0].removeprefix("must be ") for e in group]
            message = "must be " + " or ".join(dict.fromkeys(bodies))
            if isinstance(first.get("input"), str | int | float | bool):
                message += f"; read {quote(repr(first['input']))}"
        else:
            message = _message(first, text)
        if "[key]" in tuple(first["loc"]):
            message = "bad key: " + message
        problems.append(Problem(loc.file, line, col, path_text, message))
    return problems


def _unknown_key(key: str, parent: tuple[str | int, ...], root: type[BaseModel]) -> str:
    model = _model_at(parent, root)
    if model is None:
        return "unknown key"
    fields = list(model.model_fields)
    close = difflib.get_close_matches(key, fields, n=1)
    if close:
        return f"unknown key; did you mean `{close[0]}`?"
    return "unknown key; expected one of " + ", ".join(fields)


def _check_location(path: DataPath, doc: Document, files: list[str]) -> tuple[Loc, bool]:
    """Where to report a semantic problem: the given or a related value, in the most derived file."""
    candidates = [p for p in (path, *related(path)) if p in doc.locs]
    if candidates:
        rank = {f: n for n, f in enumerate(files)}
        best = min(candidates, key=lambda p: rank.get(doc.locs[p].file, len(files)))
        return doc.locs[best], True
    for near in (path, *related(path)):
        for n in range(len(near) - 1, 0, -1):
            if near[:n] in doc.locs:
                return doc.locs[near[:n]], True
    return _located((), doc.locs, files[0]), False


def _sorted(problems: list[Problem], file: str) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.path != file, p.path, p.line, p.col))


def _validate(doc: Document, files: list[str]) -> Variant:
    file = files[0]
    problems = list(doc.problems)
    if SCHEMA_KEY in doc.data:  # for editors only: a pointer to the JSON Schema
        pointer = doc.data[SCHEMA_KEY]
        if not isinstance(pointer, str):
            loc = _located((SCHEMA_KEY,), doc.locs, file)
            problems.append(
                Problem(loc.file, loc.line, loc.col, SCHEMA_KEY, "must be text: the schema's location")
            )
        doc = Document({k: v for k, v in doc.data.items() if k != SCHEMA_KEY}, doc.locs, doc.problems)
    try:
        variant = Variant.model_validate(doc.data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        problems += convert(errors[:MAX_PROBLEMS], doc, file)
        problems = _sorted(problems, file)
        if len(errors) > MAX_PROBLEMS:
            last = problems[-1]
            more = f"and {len(errors) - MAX_PROBLEMS} more problems"
            problems.append(Problem(last.path, last.line, last.col, "", more))
        raise VariantError(problems) from None
    parents = set(files[1:])
    for path, message in check(variant, lambda p: _own(p, doc.locs, parents)):
        loc, keyed = _check_location(path, doc, files)
        line, col = (loc.key_line, loc.key_col) if keyed and loc.key_line else (loc.line, loc.col)
        problems.append(Problem(loc.file, line, col, dotted(path), message))
    if problems:
        raise VariantError(capped(_sorted(problems, file)))
    return settled(variant, lambda p: not _own(p, doc.locs, parents))


def _own(path: DataPath, locs: Mapping[DataPath, Loc], parents: set[str]) -> bool:
    """Whether the file itself (or what stands for it: ``--set`` keys) wrote the value at
    ``path`` or some of it, rather than one of its ``parents``."""
    n = len(path)
    return any(loc.file not in parents for p, loc in locs.items() if p[:n] == path)


def _paths(data: Any, path: DataPath = ()) -> typing.Iterator[DataPath]:
    """The path of every value in plain data, the whole first."""
    yield path
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from _paths(value, (*path, str(key)))
    elif isinstance(data, list | tuple):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def _document(
    name_or_path: str | os.PathLike[str], allow: Allowed = (), shown: str = ""
) -> tuple[Document, list[str]]:
    source = _top_source(name_or_path, allow, shown)
    files = [source.shown]
    return _resolve(source.document(), source, (source,), files), files


@functools.cache
def _builtin_variant(name: str) -> Variant:
    return _validate(*_document(name))


def load_variant(
    name_or_path: str | os.PathLike[str],
    allow: typing.Iterable[str | os.PathLike[str]] = (),
    shown: str = "",
) -> Variant:
    """A variant from a built-in name (``"hasenpfeffer-pepper"``) or a file path, checked.

    ``extends`` paths must stay inside the folder of the file that names them, or inside one
    of the ``allow`` folders. ``shown`` is the file's name in problems (default: the path).
    """
    if isinstance(name_or_path, str) and not _is_path(name_or_path) and name_or_path in builtin_names():
        return _builtin_variant(name_or_path)
    return _validate(*_document(name_or_path, allowed_roots(allow), shown))


def resolve(
    name_or_path: str | os.PathLike[str], allow: typing.Iterable[str | os.PathLike[str]] = ()
) -> dict[str, Any]:
    """The plain mapping of a variant after ``extends`` is applied, before validation."""
    doc, _ = _document(name_or_path, allowed_roots(allow))
    return copy.deepcopy(doc.data)


def load_variant_data(
    data: Mapping[str, Any],
    source: str = "<data>",
    base_dir: Path | None = None,
    allow: typing.Iterable[str | os.PathLike[str]] = (),
    locs: Mapping[DataPath, Loc] | None = None,
) -> Variant:
    """A variant from a mapping (e.g. embedded in a game record).

    ``extends`` is relative to ``base_dir`` and may not leave it (or the ``allow`` folders);
    ``locs`` gives the positions of the values when the mapping was read from a file.
    """
    if not isinstance(data, Mapping):
        message = f"expected a mapping, read {type(data).__name__}"
        raise VariantError([Problem(source, 1, 1, "", message)])
    folder = Path(base_dir) if base_dir is not None else Path(".")
    here = _Source(f"data:{source}", source, None, folder, (*allowed_roots(allow), os.path.realpath(folder)))
    files = [source]
    where: dict[DataPath, Loc] = (
        dict(locs) if locs is not None else dict.fromkeys(_paths(data), Loc(source, 1, 1))
    )
    doc = _resolve(Document(dict(data), where), here, (here,), files)
    return _validate(doc, files)
