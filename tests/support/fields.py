"""Every field of the variant format by its dotted path, for the tests that walk the models."""

from __future__ import annotations

import types
from typing import Union, get_args, get_origin

from pydantic import BaseModel


def field_paths(model: type[BaseModel], entry: str = "[]", prefix: str = "") -> list[str]:
    """Every field of every mapping: a section's fields; an optional section (null by default)
    and a list of mappings as a field of their own, then their fields, an entry of a list
    written ``entry`` after the list (``making.auction.ladder[].name``).

    >>> from hasenpfeffer.format.variant import Variant
    >>> paths = field_paths(Variant)
    >>> "match" in paths and "match.wins" in paths and "making.auction.ladder[].open" in paths
    True
    >>> "making.auction.ladder.{i}.open" in field_paths(Variant, ".{i}")
    True
    """
    out = []
    for name, info in model.model_fields.items():
        path, ann = f"{prefix}{name}", info.annotation
        args = get_args(ann) if get_origin(ann) in (Union, types.UnionType) else (ann,)
        sub = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        item = get_args(ann)[0] if get_origin(ann) is tuple else None
        if isinstance(item, type) and issubclass(item, BaseModel):
            out += [path, *field_paths(item, entry, f"{path}{entry}.")]
        elif sub is not None:
            out += [path] * (type(None) in args) + field_paths(sub, entry, f"{path}.")
        else:
            out.append(path)
    return out
