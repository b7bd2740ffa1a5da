"""``hasenpfeffer diagram VARIANT``: print a variant's phase machine as a Mermaid state diagram."""

from __future__ import annotations

import argparse

from ..common import add_allow_path, load_or_report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the sub-command."""
    parser.add_argument("variant", help="a built-in variant name, a variant file, or - for standard input")
    add_allow_path(parser)


def run(args: argparse.Namespace) -> int:
    """Print the diagram; exit 1 when the variant does not load."""
    from ...engine.diagram import mermaid

    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    print(mermaid(variant))
    return 0
