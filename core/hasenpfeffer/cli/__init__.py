"""The ``hasenpfeffer`` command: one sub-command per module, imported only when used.

Each sub-command module defines ``add_arguments(parser)`` and ``run(args) -> int``.
Exit codes: 0 success, 1 invalid input or failed check, 2 usage error, 130 after
Ctrl-C, 143 after SIGTERM.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__, accel
from ..sim.interrupt import Terminated, exit_code, sigterm_raises

DESCRIPTION = """\
Play, check and study card games of the Euchre family (Hasenpfeffer, Euchre, Pepper and
their relatives). Each game is a variant file in YAML: use a built-in one by name, or write
a house rule that extends one and changes only what differs."""

EPILOG = """\
examples:
  hasenpfeffer variants                       list the built-in variants
  hasenpfeffer play hasenpfeffer-pepper       play a seat against three bots
  hasenpfeffer validate our-table.yaml        check a house rule
  hasenpfeffer simulate euchre --games 1000   statistics of bot games
  hasenpfeffer sweep euchre --set game.target=5,10,15
                                              a rule study: each target against euchre's
  hasenpfeffer analyze game.yaml              every play of a record, double dummy
  hasenpfeffer serve .                        the same in the browser, this folder's files served
  hasenpfeffer COMMAND --help                 the options of one command

exit status: 0 success; 1 invalid input (a variant file, a record) or a failed check;
2 usage error; 130 interrupted.

documentation: https://github.com/hasenpfeffer/hasenpfeffer (README.md and docs/)"""

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("hasenpfeffer.cli.commands.validate", "check variant files (files, folders, globs)"),
    "schema": (
        "hasenpfeffer.cli.commands.schema",
        "print the JSON Schema of a variant file (or of a record)",
    ),
    "show": ("hasenpfeffer.cli.commands.show", "print a variant fully resolved (after extends) as YAML"),
    "variants": ("hasenpfeffer.cli.commands.variants", "list the built-in variants"),
    "diagram": ("hasenpfeffer.cli.commands.diagram", "print a variant's phase machine as Mermaid"),
    "replay": ("hasenpfeffer.cli.commands.replay", "check and replay a game record"),
    "analyze": (
        "hasenpfeffer.cli.commands.analyze",
        "a record's card play double dummy, or a deal's table of makeable bids",
    ),
    "play": ("hasenpfeffer.cli.commands.play", "play a variant in the terminal against bots"),
    "simulate": ("hasenpfeffer.cli.commands.simulate", "play many games with bots and print statistics"),
    "compare": ("hasenpfeffer.cli.commands.compare", "compare two variants over the same deals"),
    "sweep": (
        "hasenpfeffer.cli.commands.sweep",
        "play a grid of house rules of a variant over the same deals",
    ),
    "merge": (
        "hasenpfeffer.cli.commands.merge",
        "merge the JSON outputs of the shards of a simulate or sweep run",
    ),
    "serve": (
        "hasenpfeffer.web.command",
        "play, review and write house rules in the browser (needs the web extra)",
    ),
    "rl": ("hasenpfeffer.cli.commands.rl", "a variant as a learning environment: `rl describe VARIANT`"),
    "train": (
        "hasenpfeffer.cli.commands.train",
        "learn a policy for a variant by self-play (--bots learned:FILE plays it; the learn extra)",
    ),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; sub-command modules are imported only for ``only``."""
    parser = argparse.ArgumentParser(
        prog="hasenpfeffer",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
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
    try:
        args = parser.parse_args(args_in)
    except SystemExit as exc:  # --help, --version, or a usage error (already printed)
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:
        parser.print_help()
        return 2
    try:
        accel.enabled()  # a HASENPFEFFER_ENGINE that cannot be met is a usage error, said in one line
    except ValueError as exc:
        from .common import error

        error(str(exc))
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    code: int = module.run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
