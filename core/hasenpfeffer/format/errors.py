"""Errors for bad variant input, each pointing at a file, line and column.

>>> p = Problem("house.yaml", 4, 3, "deal.hand_size", "expected an integer or `all`")
>>> str(p)
'house.yaml:4:3: deal.hand_size: expected an integer or `all`'
>>> str(Problem("house.yaml", 1, 1, "", "the file is empty"))
'house.yaml:1:1: the file is empty'
>>> err = VariantError([p])
>>> isinstance(err, ValueError), err.problems[0].line
(True, 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

QUOTE_LIMIT = 80
"""Most characters of a value from a file quoted in a message."""

_BIDI = "\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_CONTROL = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{_BIDI}]")
_CONTROL_KEEP_LINES = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{_BIDI}]")


def clean(text: str, lines: bool = False) -> str:
    r"""Text safe to print on a terminal: control characters written as escapes.

    Newlines and tabs are escaped too, unless ``lines`` keeps them; so are the characters that
    reorder text (bidirectional controls) and unpaired surrogates (which no terminal can print).

    >>> print(clean("a\x1b]0;owned\x07b\nc"))
    a\x1b]0;owned\x07b\nc
    >>> print(clean("a\x1b[2Jb\nc", lines=True))
    a\x1b[2Jb
    c
    """
    pattern = _CONTROL_KEEP_LINES if lines else _CONTROL
    return pattern.sub(lambda m: repr(m.group())[1:-1], text)


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """A value from a file, for a message: at most ``limit`` characters, control characters escaped.

    >>> quote("x" * 200)[-20:]
    'xx… (200 characters)'
    >>> len(quote("x" * 200))
    98
    >>> quote(12)
    '12'
    """
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text)} characters)"
    return clean(text)


class Problem(NamedTuple):
    """One mistake in a variant: where it is (1-based line and column) and what is wrong.

    A problem of a whole file that could not be read, or of a name that is no file at all, has
    line 0: it is shown without a position.
    """

    path: str
    line: int
    col: int
    loc: str
    message: str

    def __str__(self) -> str:
        """``path:line:col: loc: message``, printable as it is (control characters escaped)."""
        where = f"{self.path}:{self.line}:{self.col}" if self.line > 0 else self.path
        text = f"{where}: {self.loc}: {self.message}" if self.loc else f"{where}: {self.message}"
        return clean(text)


MAX_PROBLEMS = 100
"""Most problems reported for one variant; the rest are counted in a last line."""


def capped(problems: list[Problem]) -> list[Problem]:
    """At most :data:`MAX_PROBLEMS` problems, and a last one saying how many more there were.

    >>> many = [Problem("f", n, 1, "", "bad") for n in range(1, 103)]
    >>> [str(p) for p in capped(many)[-2:]]
    ['f:100:1: bad', 'f:101:1: and 2 more problems']
    """
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = problems[MAX_PROBLEMS]
    more = f"and {len(problems) - MAX_PROBLEMS} more problems"
    return [*problems[:MAX_PROBLEMS], Problem(rest.path, rest.line, rest.col, "", more)]


class VariantError(ValueError):
    """A variant file or mapping that cannot be used; ``problems`` lists every mistake found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type[VariantError], tuple[list[Problem]]]:
        return (type(self), (self.problems,))
