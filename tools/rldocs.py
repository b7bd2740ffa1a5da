"""Generate the per-variant part of ``docs/rl.md``: each built-in's sizes and observation layout.

The part between the two markers below is what ``hasenpfeffer rl describe NAME`` prints for
every built-in variant. Run ``python tools/rldocs.py`` from the project folder to rewrite it
(``--check`` only tells whether it is stale).

>>> update(f"intro\\n{BEGIN}\\nold\\n{END}\\nend\\n").startswith(f"intro\\n{BEGIN}\\n\\n### buck-euchre")
True
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from hasenpfeffer.cli.commands import rl as rl_command
from hasenpfeffer.format.loader import builtin_names

BEGIN = "<!-- BEGIN GENERATED (python tools/rldocs.py): do not edit by hand -->"
END = "<!-- END GENERATED -->"
DEFAULT_PATH = Path("docs/rl.md")


def described(name: str) -> str:
    """What ``hasenpfeffer rl describe NAME`` prints."""
    out = io.StringIO()
    args = argparse.Namespace(variant=name, info_state=False, allow_path=[])
    with contextlib.redirect_stdout(out):
        rl_command.run(args)
    return out.getvalue().rstrip()


def generated() -> str:
    """The generated part: a section per built-in."""
    parts = []
    for name in builtin_names():
        text = described(name)
        head, _, table = text.partition("\n\n")
        facts = "\n".join(f"- {line}" for line in head.splitlines()[1:])
        parts.append(f"### {name}\n\n{facts}\n\n{table.split(chr(10), 2)[2]}")
    return "\n\n".join(parts)


def update(text: str) -> str:
    """The page with its generated part replaced."""
    before, _, rest = text.partition(BEGIN)
    _, _, after = rest.partition(END)
    return f"{before}{BEGIN}\n\n{generated()}\n\n{END}{after}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale, change nothing")
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_PATH)
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    new = update(text)
    if args.check:
        if new != text:
            print(f"{args.path} is stale: run python tools/rldocs.py", file=sys.stderr)
            return 1
        return 0
    args.path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
