"""The folder of a run's records (``simulate --records DIR``): one run's records, and only them.

A run writes the record of game ``i`` as :func:`record_name` ``(i)`` into a folder that
:func:`prepare` makes or finds empty: a folder that holds entries is refused, unless the run
is to replace an earlier run's records, and then only when records are all it holds. Once the
run ends, even stopped part-way, :func:`settle` leaves the records of the games it counted and
no others, nor any temporary file.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> prepare(folder)
>>> for i in range(3):
...     open(os.path.join(folder, record_name(i)), "w").close()
>>> settle(folder, [(0, 2)]), sorted(os.listdir(folder))
(2, ['game-000000.yaml', 'game-000001.yaml'])
>>> prepare(folder)
Traceback (most recent call last):
...
hasenpfeffer.records.folder.NotEmpty: /...: the folder holds 2 entries already
>>> prepare(folder, replace=True); os.listdir(folder)
[]
>>> os.rmdir(folder)
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence

from ..output import KINDS, leftover, place

_RECORD = re.compile(r"game-(\d{6,})\.yaml")
SHOWN = 5
"""Most entries named in a message."""


class FolderError(ValueError):
    """A records folder that cannot be used, in one line naming it."""


class NotEmpty(FolderError):
    """A records folder that holds entries already."""


def record_name(index: int) -> str:
    """The file name of game ``index``'s record.

    >>> record_name(7), record_name(1234567)
    ('game-000007.yaml', 'game-1234567.yaml')
    """
    return f"game-{index:06d}.yaml"


def _index(name: str) -> int | None:
    """The game a record's file name is of; None for another name."""
    found = _RECORD.fullmatch(name)
    return None if found is None else int(found[1])


def _ours(folder: str, name: str) -> bool:
    """Whether an entry is a record or a record's left-over temporary file (not a folder)."""
    of = leftover(name)
    if _index(name) is None and (of is None or _index(of) is None):
        return False
    return not stat.S_ISDIR(os.lstat(os.path.join(folder, name)).st_mode)


def _kind(mode: int) -> str:
    return next((name for test, name in KINDS if test(mode)), "a regular file")


def prepare(folder: str | os.PathLike[str], replace: bool = False) -> None:
    """Make ``folder`` ready for a run's records: made if missing (a link: the folder it names).

    :class:`NotEmpty` when it holds entries; with ``replace``, the records (and left-over
    temporary files) of an earlier run are removed instead, when the folder holds nothing else.
    :class:`FolderError` when it is not a folder or cannot be made or read.
    """
    given = os.fspath(folder)
    real = os.path.realpath(given)
    where = place(given, real)
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise FolderError(f"{where}: {exc.strerror or exc}") from None
    try:
        if mode is None:
            os.makedirs(real)
            return
        if not stat.S_ISDIR(mode):
            raise FolderError(f"{where}: {_kind(mode)}, not a folder: refused")
        entries = sorted(os.listdir(real))
        if entries and not replace:
            raise NotEmpty(f"{where}: the folder holds {len(entries)} entries already")
        others = [e for e in entries if not _ours(real, e)]
        if others:
            shown = ", ".join(others[:SHOWN]) + (
                f" and {len(others) - SHOWN} more" if len(others) > SHOWN else ""
            )
            raise FolderError(f"{where}: the folder holds more than records ({shown}): refused")
        for name in entries:
            os.unlink(os.path.join(real, name))
    except OSError as exc:
        raise FolderError(f"{where}: {exc.strerror or exc}") from None


def settle(folder: str | os.PathLike[str], kept: Sequence[tuple[int, int]]) -> int:
    """Remove from a run's ``folder`` the records of games outside the spans ``kept`` (start, stop)
    and every left-over temporary file of a record; the records left."""
    real = os.path.realpath(folder)
    left = 0
    for name in os.listdir(real):
        index = _index(name)
        if index is not None and any(start <= index < stop for start, stop in kept):
            left += 1
        elif _ours(real, name):
            os.unlink(os.path.join(real, name))
    return left
