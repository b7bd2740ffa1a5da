"""The house-rule lab: a variant file's text checked as ``validate`` checks it (every problem at
its line and column, the same words), what it really means (``show``) and its phases
(``diagram``'s Mermaid, drawn as SVG).

>>> import tempfile
>>> from hasenpfeffer.web.folder import Folder
>>> root = Folder(tempfile.mkdtemp())
>>> out = check(root, "extends: euchre\\nname: t\\ngame:\\n  target: 15 points\\n", "t.yaml")
>>> [(p["line"], p["col"], p["text"]) for p in out["problems"]]
[(4, 11, "t.yaml:4:11: game.target: must be a valid integer; read '15 points'")]
>>> check(root, "extends: euchre\\nname: t\\n", "t.yaml")["valid"]
True
"""

from __future__ import annotations

from typing import Any

from ..cli.commands.show import dump
from ..cli.commands.validate import check_file
from ..engine.diagram import mermaid
from ..format.errors import VariantError
from ..format.loader import load_variant
from ..format.variant import Variant
from .diagram import svg
from .errors import ApiError
from .folder import Folder


def problems_json(problems: list[Any], name: str) -> list[dict[str, Any]]:
    """Problems as the page marks them: line, column, where, message, and ``validate``'s line."""
    return [
        {
            "file": p.path,
            "line": p.line,
            "col": p.col,
            "loc": p.loc,
            "message": p.message,
            "text": str(p),
            "here": p.path == name,
        }
        for p in problems
    ]


def check(folder: Folder, text: str, name: str = "house-rule.yaml") -> dict[str, Any]:
    """The text's problems (as ``validate``), and when it is valid, ``show`` and ``diagram``."""
    if not name.endswith((".yaml", ".yml")):
        raise ApiError(400, "the file name must end in .yaml or .yml")
    scratch = folder.scratch(text)
    try:
        problems = check_file(scratch, [str(folder.root)])
        variant = None if problems else load_variant(scratch, (folder.root,), name)
    except VariantError as exc:
        problems, variant = list(exc.problems), None
    finally:
        scratch.unlink(missing_ok=True)
    shown = [p._replace(path=name) if p.path == str(scratch) else p for p in problems]
    out: dict[str, Any] = {"valid": not shown, "problems": problems_json(shown, name)}
    if variant is not None:
        out |= meaning(variant)
    return out


def meaning(variant: Variant) -> dict[str, Any]:
    """``show``'s YAML, ``diagram``'s Mermaid and its drawing, the parent's name."""
    text = mermaid(variant)
    return {
        "name": variant.name,
        "parent": variant.extends,
        "players": variant.players,
        "show": dump(variant),
        "mermaid": text,
        "svg": svg(text),
    }
