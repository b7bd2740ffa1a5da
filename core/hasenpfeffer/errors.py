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

from collections.abc import Iterable
from typing import NamedTuple


class Problem(NamedTuple):
    """One mistake in a variant: where it is (1-based line and column) and what is wrong."""

    path: str
    line: int
    col: int
    loc: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.col}"
        return f"{where}: {self.loc}: {self.message}" if self.loc else f"{where}: {self.message}"


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
