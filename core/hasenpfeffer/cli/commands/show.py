"""``hasenpfeffer show VARIANT``: print a variant fully resolved, as YAML.

The output is what a house-rule file really means: its parents merged in,
every field present with its value (defaults included), cards and ranks in
canonical notation, and no ``extends``. It is itself a valid variant file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import yaml

from ...format.variant import Bid, Variant
from ..common import add_allow_path, load_or_report


class _Flow(list[Any]):
    """A list written on one line."""


class _FlowMap(dict[str, Any]):
    """A mapping written on one line."""


class _Dumper(yaml.SafeDumper):
    """Block style for sections, flow style for short lists and bids; lists indented."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        """Indent block lists under their key."""
        super().increase_indent(flow, False)


_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))
_Dumper.add_representer(
    _FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v, flow_style=True)
)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _styled(value: Any) -> Any:
    """Plain data with lists of scalars (and flat mappings inside lists) on one line."""
    if isinstance(value, dict):
        return {key: _styled(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        items = [_styled(item) for item in value]
        if all(_scalar(item) for item in items):
            return _Flow(items)
        return [
            _FlowMap(item) if isinstance(item, dict) and all(map(_scalar, item.values())) else item
            for item in items
        ]
    return value


_SHOWN = ("name", "tricks", "multiplier")
"""A bid's fields shown always; its contract's are shown where they differ from the default."""


def _bid(bid: Bid) -> dict[str, Any]:
    """A bid as shown: name, tricks and multiplier, then what its contract changes.

    >>> _bid(Bid(name="6S", tricks=6, trump="S", points=40))
    {'name': '6S', 'tricks': 6, 'multiplier': 1, 'trump': 'S', 'points': 40}
    """
    changed = bid.model_dump(mode="python", exclude_defaults=True)
    return {k: v for k, v in bid.model_dump(mode="python").items() if k in _SHOWN or k in changed}


def dump(variant: Variant) -> str:
    """A resolved variant as YAML text (fields in model order, no ``extends``).

    >>> text = dump(Variant(name="x"))
    >>> print(text[: text.index("pack:")].strip())
    name: x
    description: ''
    players: 4
    partnerships: alternate
    >>> "      - {name: '6', tricks: 6, multiplier: 1}" in text
    True
    """
    data = variant.model_dump(mode="python", exclude={"extends", "replace"})
    data["making"]["auction"]["ladder"] = [_bid(b) for b in variant.making.auction.ladder]
    text: str = yaml.dump(_styled(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The variant to show."""
    parser.add_argument(
        "variant",
        metavar="VARIANT",
        help="a built-in name, a path to a variant file, or - for standard input",
    )
    add_allow_path(parser)


def run(args: argparse.Namespace) -> int:
    """Load, resolve and print the variant."""
    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    sys.stdout.write(dump(variant))
    return 0
