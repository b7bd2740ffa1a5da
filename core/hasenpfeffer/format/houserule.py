"""House rules from a mapping: a variant with dotted keys set, checked exactly as a file would be.

>>> house_rule("euchre", {"game.target": 5}).game.target
5
>>> house_rule("euchre", {"game.target": 0}).game.target
Traceback (most recent call last):
...
hasenpfeffer.format.errors.VariantError: --set game.target:1:1: game.target: must be greater than or equal to 1; read 0
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .loader import load_variant_data
from .variant import Variant
from .yamlload import Loc


def nested(changes: Mapping[str, Any]) -> dict[str, Any]:
    """Dotted keys as nested mappings.

    >>> nested({"scoring.failed.per_bid_trick": 0, "game.target": 15})
    {'scoring': {'failed': {'per_bid_trick': 0}}, 'game': {'target': 15}}
    """
    out: dict[str, Any] = {}
    for key, value in changes.items():
        *parents, leaf = key.split(".")
        here = out
        for part in parents:
            here = here.setdefault(part, {})
        here[leaf] = value
    return out


def _parent(base: str | os.PathLike[str]) -> tuple[str, Path]:
    """What ``extends`` says for ``base`` and the folder it is relative to."""
    text = os.fspath(base)
    if isinstance(base, str) and "/" not in text and os.sep not in text and not Path(text).is_file():
        return text, Path(".")
    path = Path(text)
    return f"./{path.name}", path.parent


def house_rule(
    base: str | os.PathLike[str],
    changes: Mapping[str, Any],
    name: str | None = None,
    sources: Mapping[str, str] | None = None,
    allow: Sequence[str | os.PathLike[str]] = (),
) -> Variant:
    """``base`` (a built-in name or a file) with dotted keys set, checked like a variant file.

    Problems in a changed value are reported at ``sources[key]`` (``"--set 2"``) when given.
    """
    parent, folder = _parent(base)
    label = name or f"{Path(os.fspath(base)).stem}-house"
    locs: dict[tuple[str | int, ...], Loc] = {(): Loc("<house rule>", 1, 1)}
    for key, value in changes.items():
        where = (sources or {}).get(key, f"--set {key}")
        parts = tuple(key.split("."))
        text = value if isinstance(value, str) else None
        for n in range(1, len(parts)):
            locs.setdefault(parts[:n], Loc(where, 1, 1, 1, 1))
        locs[parts] = Loc(where, 1, 1, 1, 1, text)
    data = {"extends": parent, "name": label, **nested(changes)}
    return load_variant_data(data, "<house rule>", folder, allow, locs)
