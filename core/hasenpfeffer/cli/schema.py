"""``hasenpfeffer schema``: print the JSON Schema (draft 2020-12) of a variant file."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the schema goes to standard output."""
    parser.epilog = "The output is what schemas/variant.schema.json holds."


def run(args: argparse.Namespace) -> int:
    """Print the schema."""
    from ..schema import render

    sys.stdout.write(render())
    return 0
