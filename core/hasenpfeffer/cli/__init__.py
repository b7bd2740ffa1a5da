"""The ``hasenpfeffer`` command: one sub-command per module, imported only when used.

Each sub-command module defines ``add_arguments(parser)`` and ``run(args) -> int``.
Exit codes: 0 success, 1 invalid input or failed check, 2 usage error, 130 after
Ctrl-C, 143 after SIGTERM.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..interrupt import Terminated, exit_code, sigterm_raises

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("hasenpfeffer.cli.validate", "check variant files (files, folders, globs)"),
    "schema": ("hasenpfeffer.cli.schema", "print the JSON Schema of the variant format"),
    "show": ("hasenpfeffer.cli.show", "print a variant fully resolved (after extends) as YAML"),
    "variants": ("hasenpfeffer.cli.variants", "list the built-in variants"),
    "diagram": ("hasenpfeffer.cli.diagram", "print a variant's phase machine as Mermaid"),
    "replay": ("hasenpfeffer.cli.replay", "check and replay a game record"),
    "play": ("hasenpfeffer.cli.play", "play a variant in the terminal against bots"),
    "simulate": ("hasenpfeffer.cli.simulate", "play many games with bots and print statistics"),
    "compare": ("hasenpfeffer.cli.compare", "compare two variants over the same deals"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; sub-command modules are imported only for ``only``."""
    parser = argparse.ArgumentParser(prog="hasenpfeffer", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version="%(prog)s 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == only:
            importlib.import_module(module).add_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    try:
        with sigterm_raises():
            return command(sys.argv[1:] if argv is None else argv)
    except (KeyboardInterrupt, Terminated) as exc:
        return exit_code(exc)
    except BrokenPipeError:
        return 0


def command(args_in: list[str]) -> int:
    """Parse the arguments and run the sub-command."""
    name = next((a for a in args_in if not a.startswith("-")), None)
    parser = build_parser(name if name in COMMANDS else None)
    args = parser.parse_args(args_in)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    code: int = module.run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
