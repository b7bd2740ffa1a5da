"""PyYAML's safe loaders, with the nesting of a text bounded before anything recursive reads it.

Both of PyYAML's composers recurse once for each level of nesting: libyaml's
(``CSafeLoader``) in C, where 50,000 brackets overflowed the stack before PyYAML 6.0.4, and
the pure-Python one (``SafeLoader``, the only one of a PyYAML built without libyaml), where a
few hundred levels raise :class:`RecursionError`. So the depth is bounded twice over:

- a text whose shape allows more than :data:`SCAN_ABOVE` levels (:func:`depth_bound`) has its
  events counted first (:func:`refuse_deep`), whatever the parser;
- :class:`PureLoader`'s composer counts the levels it opens and stops past :data:`MAX_DEPTH`.

:data:`LOADER` is the loader class used: the C one where PyYAML has libyaml.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
from yaml.nodes import Node

from .errors import Problem, VariantError

MAX_DEPTH = 40
"""Deepest nesting of mappings and lists."""
SCAN_ABOVE = 400
"""Nesting a text's shape allows (:func:`depth_bound`) beyond which its events are counted
before any value is built: deeper than :data:`MAX_DEPTH` is then refused at once, before a
composer recurses."""

_TAGS: dict[tuple[Any, Any, Any], str] = {}


class TooDeep(Exception):
    """A collection nested deeper than :data:`MAX_DEPTH`, found where it starts."""

    def __init__(self, mark: Any) -> None:
        super().__init__("nesting too deep")
        self.mark = mark


def too_deep(file: str, mark: Any) -> VariantError:
    """The error for a collection nested too deep, at its start."""
    line, col = (1, 1) if mark is None else (mark.line + 1, mark.column + 1)
    return VariantError([Problem(file, line, col, "", f"nesting depth over {MAX_DEPTH} levels: refused")])


def _resolve(kind: Any, value: Any, implicit: Any, resolve: Callable[[Any, Any, Any], str]) -> str:
    """The implicit tag of a value, remembered between files."""
    key = (kind, value, implicit)
    tag = _TAGS.get(key)
    if tag is None:
        tag = resolve(kind, value, implicit)
        if len(_TAGS) < 4096:
            _TAGS[key] = tag
    return tag


class PureLoader(yaml.SafeLoader):
    """PyYAML's pure-Python safe loader, its composer refusing nesting deeper than :data:`MAX_DEPTH`.

    >>> PureLoader("a: " + "[" * 500 + "]" * 500).get_single_node()
    Traceback (most recent call last):
    ...
    hasenpfeffer.format.yamldepth.TooDeep: nesting too deep
    """

    depth = 0
    """Collections open around the node being composed (the top mapping is the first)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        return _resolve(kind, value, implicit, super().resolve)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if not self.check_event(yaml.CollectionStartEvent):
            return super().compose_node(parent, index)
        if self.depth > MAX_DEPTH:  # the top mapping is at depth 0
            raise TooDeep(self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


C_LOADER: type[Any] | None = None
"""The C safe loader, or None where PyYAML was built without libyaml."""

if hasattr(yaml, "CSafeLoader"):

    class _CLoader(yaml.CSafeLoader):
        """libyaml's safe loader; it composes in C, so texts reach it with their depth bounded."""

        def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
            return _resolve(kind, value, implicit, super().resolve)

    C_LOADER = _CLoader

LOADER: type[Any] = C_LOADER or PureLoader
"""The loader class that reads every file."""


def depth_bound(text: str) -> int:
    """At most how deep ``text`` can nest, from its shape alone.

    Block collections nest at rising columns (at most two to a column: a block mapping and
    the sequence at its indent). Each flow collection opens with a bracket, and a ``[`` may
    open two levels: a flow sequence and the single-pair mapping of an entry such as
    ``[a: [b: 1]]``.

    >>> depth_bound("a:\\n  b: [1, {c: 2}]\\n")
    37
    """
    return 2 * (max(map(len, text.split("\n"))) + 1) + 2 * text.count("[") + text.count("{")


def refuse_deep(text: str, file: str) -> None:
    """Raise :class:`VariantError` where ``text`` nests deeper than :data:`MAX_DEPTH`, read from
    its stream of events (no value built, nothing recursive), where its shape allows more
    than :data:`SCAN_ABOVE` levels; other texts are left to the reader's own checks.

    >>> refuse_deep("a: " + "[" * 500 + "]" * 500, "deep.yaml")
    Traceback (most recent call last):
    ...
    hasenpfeffer.format.errors.VariantError: deep.yaml:1:44: nesting depth over 40 levels: refused
    """
    if depth_bound(text) <= SCAN_ABOVE:
        return
    parser = LOADER(text)
    depth = 0
    try:
        while (event := parser.get_event()) is not None:
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH + 1:  # the top mapping is at depth 0
                    raise too_deep(file, event.start_mark)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    finally:
        parser.dispose()
