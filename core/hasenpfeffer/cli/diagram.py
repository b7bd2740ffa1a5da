"""``hasenpfeffer diagram VARIANT``: print a variant's phase machine as a Mermaid state diagram."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the sub-command."""
    parser.add_argument("variant", help="a built-in variant name or a variant file")


def run(args: argparse.Namespace) -> int:
    """Print the diagram; exit 1 when the variant does not load."""
    from ..errors import VariantError
    from ..loader import load_variant
    from ..phases import mermaid

    try:
        variant = load_variant(args.variant)
    except (VariantError, OSError) as exc:
        print(exc, file=sys.stderr)
        return 1
    print(mermaid(variant))
    return 0
