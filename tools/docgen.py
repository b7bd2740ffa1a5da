"""Generate the field reference of ``docs/variant-format.md`` from the models.

The page has hand-written parts; the part between the two markers below is
generated: every field by dotted path with its type, default and description,
then the semantic checks. Run ``python tools/docgen.py`` from the
project folder to rewrite it (``--check`` only tells whether it is stale).

>>> type_text(tuple[int, ...]), type_text(int | None)
('list of integer', 'integer or null')
>>> inline(("9", "T")), inline(True), inline(None)
('`[9, T]`', '`true`', '`null`')
"""

from __future__ import annotations

import argparse
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from hasenpfeffer.format import variant as models

BEGIN = "<!-- BEGIN GENERATED (python tools/docgen.py): do not edit by hand -->"
END = "<!-- END GENERATED -->"
DEFAULT_PATH = Path("docs/variant-format.md")

_CHECKS_INTRO = (
    "Beyond the type and range of each field, the loader checks that the fields fit together."
    " Each problem is reported at the line of the field named, with a message of the form shown"
    " (`{...}` filled in). Checks of the auction apply only when `making.method` is `auction`,"
    " checks of order-up only with `order-up`."
)
_ACTING_INTRO = (
    "A field that acts only under another is refused at its line where the file sets it to other"
    " than its default and it does not act (`making.auction.ladder: acts only when making.method"
    " is auction, but it is order-up`). A value inherited from a parent (`extends`) is never"
    " refused: where the file's own rules leave it idle it goes back to its default, which `show`"
    " then prints. Each field acts only when:"
)
_NAMED = {"Rank": "rank", "Suit": "suit", "Name": "name", "Word": "name", "Text": "text"}
_BASIC = {int: "integer", str: "text", bool: "boolean", float: "number"}


def type_text(ann: Any, metadata: tuple[Any, ...] = ()) -> str:
    """A field's type in words a YAML author reads (``metadata``: a field's ``Annotated`` extras)."""
    for alias, word in _NAMED.items():
        extras = getattr(models, alias).__metadata__
        if ann == getattr(models, alias) or any(m in extras for m in metadata):
            return word
    if ann is models.Bid:
        return "bid (a number, or a mapping)"
    origin, args = get_origin(ann), get_args(ann)
    if origin is Annotated:
        return type_text(args[0])
    if origin is Literal:
        return " or ".join(f"`{a}`" for a in args)
    if origin in (Union, types.UnionType):
        parts = [type_text(a) for a in args if a is not type(None)]
        return " or ".join(parts) + (" or null" if type(None) in args else "")
    if origin is tuple:
        return f"list of {type_text(args[0])}"
    if origin is dict:
        return f"mapping of {type_text(args[0])} to {type_text(args[1])}"
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return f"{ann.__name__} mapping"
    return _BASIC.get(ann, getattr(ann, "__name__", str(ann)))


def _plain(value: Any) -> str:
    if isinstance(value, models.Bid):
        if value.multiplier == 1 and value.name == str(value.tricks):
            return value.name
        return f"{{name: {value.name}, tricks: {value.tricks}, multiplier: {value.multiplier}}}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str) and value == "":
        return "''"
    return str(value)


def inline(value: Any) -> str:
    """A default value as inline YAML in backticks."""
    return f"`{_plain(value)}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _model_of(ann: Any) -> type[BaseModel] | None:
    """The model class of a section field (also when optional), else None."""
    candidates = [ann, *get_args(ann)] if get_origin(ann) in (Union, types.UnionType) else [ann]
    for cand in candidates:
        if isinstance(cand, type) and issubclass(cand, BaseModel):
            return cand
    return None


def _item_model(ann: Any) -> type[BaseModel] | None:
    """The model class of a list-of-models field, else None."""
    if get_origin(ann) is tuple:
        return _model_of(get_args(ann)[0])
    return None


Section = tuple[str, str, list[tuple[str, str, str, str]]]
"""(dotted path, model summary, rows of (field, type, default, description))."""


def sections(model: type[BaseModel], value: BaseModel | None, path: str = "") -> Iterator[Section]:
    """Sections of the reference, depth first, defaults taken from ``value`` when given: every
    mapping has its table, an optional one (null by default) and each entry of a list too."""
    rows: list[tuple[str, str, str, str]] = []
    later: list[tuple[type[BaseModel], BaseModel | None, str]] = []
    for name, info in model.model_fields.items():
        dotted = f"{path}.{name}" if path else name
        ann, desc = info.annotation, info.description or ""
        if info.is_required():
            default = "required"
        elif value is not None:
            default = inline(getattr(value, name))
        else:
            default = inline(info.get_default(call_default_factory=True))
        sub, item = _model_of(ann), _item_model(ann)
        if sub is not None and get_origin(ann) not in (Union, types.UnionType):
            later.append((sub, getattr(value, name) if value is not None else None, dotted))
            continue
        if sub is not None:
            later.append((sub, None, dotted))
        if item is not None:
            later.append((item, None, f"{dotted}[]"))
        rows.append((f"`{dotted}`", type_text(ann, tuple(info.metadata)), default, desc))
    doc = " ".join((model.__doc__ or "").split()).replace("``", "`")
    yield path, doc, rows
    for sub, sub_value, dotted in later:
        yield from sections(sub, sub_value, dotted)


def _checks() -> list[str]:
    """The checks as list items: ``hasenpfeffer.format.checks.CHECKS`` holds "location: message form"."""
    from hasenpfeffer.format import checks

    lines = []
    for item in checks.CHECKS:
        loc, _, message = str(item).partition(": ")
        lines.append(f"- `{loc}`: {message}" if message else f"- {loc}")
    return lines


def _acting() -> list[str]:
    """The fields that act only under another, as list items with their conditions."""
    from hasenpfeffer.format.acting import UNDER

    conditions: dict[str, list[str]] = {}
    for rule in UNDER:
        conditions.setdefault(rule.field.replace("{i}", "[]").replace(".[]", "[]"), []).append(rule.when)
    return [f"- `{field}`: {'; and '.join(whens)}" for field, whens in conditions.items()]


def generated() -> str:
    """The generated part of the page, markers included."""
    out = [BEGIN, "", "## Field reference", ""]
    out.append(
        "Defaults are those of a variant that gives no value; a section's table lists its fields. A"
        " mapping that is null by default (`match`, `scoring.slam`...) has its table too: the defaults"
        " of its fields where the file gives the mapping but not the field; so has an entry of a list"
        " (`making.auction.ladder[]`)."
    )
    for path, doc, rows in sections(models.Variant, models.Variant(name="default")):
        out += ["", f"### `{path}`" if path else "### Top level", "", doc, ""]
        if rows:
            out += ["| Field | Type | Default | Description |", "| --- | --- | --- | --- |"]
            out += [f"| {f} | {_cell(t)} | {_cell(d)} | {_cell(x)} |" for f, t, d, x in rows]
    out += ["", "## Semantic checks", "", _CHECKS_INTRO, "", *_checks()]
    out += ["", "### Fields that act only under another", "", _ACTING_INTRO, "", *_acting()]
    out += ["", END]
    return "\n".join(out) + "\n"


def update(text: str) -> str:
    """The page with its generated part replaced (appended when the markers are missing)."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return text.rstrip("\n") + "\n\n" + generated()
    rest = text[end + len(END) :].lstrip("\n")
    return text[:start] + generated() + ("\n" + rest if rest else "")


def main(argv: list[str] | None = None) -> int:
    """Rewrite the page, or with ``--check`` exit 1 when it is stale."""
    parser = argparse.ArgumentParser(prog="python tools/docgen.py", description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_PATH, help="the page to update")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 when the page is stale")
    args = parser.parse_args(argv)
    if not args.path.is_file():
        print(f"{args.path}: no such file (run from the project folder, or give the page)", file=sys.stderr)
        return 2
    old = args.path.read_text(encoding="utf-8")
    new = update(old)
    if args.check:
        if new != old:
            print(f"{args.path} is stale: run python tools/docgen.py", file=sys.stderr)
        return int(new != old)
    if new != old:
        args.path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
