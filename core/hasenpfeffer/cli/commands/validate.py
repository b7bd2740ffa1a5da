"""``hasenpfeffer validate PATH...``: check variant files, folders and globs.

Folders are searched recursively for ``*.yaml``, ``*.yml`` and ``*.json`` files, skipping
hidden folders and files (names starting with a dot). A symbolic link found there that leads
out of the folder is not read: it is reported as a problem of its own (:data:`OUTSIDE`).
Output formats:

- ``text``: one ``path:line:col: loc: message`` line per problem, then a summary;
- ``github``: ``::error file=F,line=L,col=C::loc: message`` workflow commands,
  so that GitHub Actions annotates the lines, then the summary;
- ``json``: one object ``{"format": 1, "files": [...], "valid": bool, "problems": [...]}``.

Exit code 0 when every file is valid, 1 when any is not, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from ...format.errors import Problem, clean, quote
from ..common import add_allow_path

SUFFIXES = (".yaml", ".yml", ".json")
FORMAT = 1
"""Version of the ``--format json`` output (``docs/outputs.md``)."""
_GLOB_CHARS = frozenset("*?[")
OUTSIDE = "a symbolic link that leads out of the folder being checked: not read (name its target to check it)"
"""The problem of such a link, found in a folder."""


class UsageError(Exception):
    """A command-line mistake: exit code 2."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Paths and the output format."""
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="variant files, folders or glob patterns; - for standard input",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="output: text lines (default), a JSON object, or GitHub Actions annotations",
    )
    add_allow_path(parser)
    parser.epilog = "Exit status: 0 when every file is valid, 1 when one is not, 2 on a usage error."


def _walk(folder: Path) -> Iterator[tuple[Path, bool]]:
    """Variant files under a folder, sorted, hidden entries skipped, each with whether it lies
    in the folder (a symbolic link may lead out; links to folders are not followed)."""
    from ...format.loader import inside

    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(SUFFIXES) and not name.startswith("."):
                path = Path(root, name)
                yield path, not path.is_symlink() or inside(path, folder)


def expand(args: Iterable[str]) -> dict[Path, bool]:
    """Files named by the arguments, in order and without repeats, each with whether to read it
    (not a link found in a folder that leads out of it).

    Raises :class:`UsageError` for a path that does not exist, a pattern that
    matches nothing, or no file at all.
    """
    found: dict[Path, bool] = {}
    args = list(args)
    if not args:
        raise UsageError("give at least one PATH (a variant file, a folder or a glob pattern)")
    for arg in args:
        if arg == "-":
            found.setdefault(Path(arg), True)
            continue
        if any(ch in _GLOB_CHARS for ch in arg) and not os.path.exists(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise UsageError(f"{arg}: no file matches this pattern")
            paths = [Path(m) for m in matches]
        else:
            path = Path(arg)
            if not path.exists():
                raise UsageError(f"{arg}: no such file or folder")
            paths = [path]
        for path in paths:
            for file, read in _walk(path) if path.is_dir() else [(path, True)]:
                found.setdefault(file, read)
    if not found:
        raise UsageError("no variant files (*.yaml, *.yml, *.json) found")
    return found


def check_file(path: Path, allow: Iterable[str] = ()) -> list[Problem]:
    """Problems of one variant file (``-``: standard input); empty when it is valid."""
    from ...format.errors import VariantError
    from ...format.loader import load_variant

    name = str(path)
    try:
        load_variant(name if name == "-" else path, allow)
    except VariantError as exc:
        return list(exc.problems)
    except OSError as exc:
        return [Problem(name, 0, 0, "", f"cannot read the file: {exc.strerror or exc}")]
    except Exception as exc:  # a bug in the loader must not end the run with a traceback
        return [
            Problem(name, 1, 1, "", f"unexpected {type(exc).__name__} (please report): {quote(str(exc))}")
        ]
    return []


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(files: int, invalid: int, problems: int) -> str:
    """The closing line.

    >>> summary(3, 0, 0)
    '3 files valid'
    >>> summary(5, 2, 4)
    '2 of 5 files invalid, 4 problems'
    >>> summary(1, 1, 1)
    '1 of 1 file invalid, 1 problem'
    """
    if not invalid:
        return f"{_plural(files, 'file')} valid"
    return f"{invalid} of {_plural(files, 'file')} invalid, {_plural(problems, 'problem')}"


def _escape(text: str, prop: bool = False) -> str:
    """Escape text for a GitHub workflow command (message, or property value)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def github_line(problem: Problem) -> str:
    """A problem as a GitHub Actions ``::error`` command.

    >>> from hasenpfeffer.format.errors import Problem
    >>> github_line(Problem("v.yaml", 3, 5, "game.target", "must be at least 1"))
    '::error file=v.yaml,line=3,col=5::game.target: must be at least 1'
    """
    message = clean(f"{problem.loc}: {problem.message}" if problem.loc else problem.message)
    where = f",line={problem.line},col={problem.col}" if problem.line > 0 else ""
    return f"::error file={_escape(clean(problem.path), True)}{where}::{_escape(message)}"


def _json_report(results: dict[Path, list[Problem]]) -> str:
    import json

    report = {
        "format": FORMAT,
        "files": [{"path": str(p), "valid": not probs} for p, probs in results.items()],
        "valid": not any(results.values()),
        "problems": [p._asdict() for ps in results.values() for p in ps],
    }
    # Names and messages as they are; every character outside ASCII written as an escape, so
    # that the text is safe on a terminal and a file name reads back as the real name.
    return json.dumps(report, indent=2)


def run(args: argparse.Namespace) -> int:
    """Validate every file; print problems and a summary."""
    try:
        files = expand(args.paths)
    except UsageError as exc:
        print(f"hasenpfeffer validate: error: {clean(str(exc))}", file=sys.stderr)
        return 2
    results = {
        path: check_file(path, args.allow_path) if read else [Problem(str(path), 0, 0, "", OUTSIDE)]
        for path, read in files.items()
    }
    problems = [p for ps in results.values() for p in ps]
    if args.format == "json":
        print(_json_report(results))
    else:
        line = github_line if args.format == "github" else str
        for problem in problems:
            print(line(problem))
        print(summary(len(files), sum(1 for ps in results.values() if ps), len(problems)))
    return 1 if problems else 0
