"""Errors of records: one that cannot be read, and an action the rules refuse."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..format.errors import Problem, clean, quote


class RecordError(ValueError):
    """A record that cannot be read or does not replay; ``problems`` says where, when known."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(message)

    @classmethod
    def of(cls, problems: Sequence[Problem]) -> RecordError:
        """An error listing problems, one ``path:line:col: key: message`` line each."""
        return cls("\n".join(str(p) for p in problems), problems)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.problems))


class ReplayError(RecordError):
    """An action of a record that the rules refuse.

    ``hand`` and ``index`` are 0-based (the hand, the action within it), ``action`` the
    action's text, ``why`` the reason.
    """

    def __init__(self, hand: int, index: int, action: str, why: str, where: str = "") -> None:
        self.hand, self.index, self.action, self.why = hand, index, action, why
        text = f"{where}hand {hand + 1}, action index {index} ({quote(repr(action))}) is illegal: {why}"
        super().__init__(clean(text))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.hand, self.index, self.action, self.why))
