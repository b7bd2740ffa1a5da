"""``hasenpfeffer variants``: list the built-in variants, one line each."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""
    parser.epilog = "Use a name with `show`, `play`, `simulate`, or after `extends:` in a file."


def run(args: argparse.Namespace) -> int:
    """Print each built-in's name and description; exit 1 if one does not load."""
    from ...format.errors import VariantError
    from ...format.loader import builtin_names, load_variant

    names = builtin_names()
    width = max((len(n) for n in names), default=0)
    code = 0
    for name in names:
        try:
            text = load_variant(name).description
        except VariantError as exc:
            text, code = f"(invalid: {len(exc.problems)} problems; see `hasenpfeffer validate`)", 1
        print(f"{name:<{width}}  {text}".rstrip())
    if not names:
        print("no built-in variants found", file=sys.stderr)
        return 1
    return code
