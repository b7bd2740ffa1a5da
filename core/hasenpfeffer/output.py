"""Writing a file whole or not at all, and only over a regular file: the one way files are written.

Every command that writes a file (``play --save``, ``simulate --records``, ``sweep --csv``,
``--json`` and ``--plot``, ``compare --plot``, ``merge --output``, ``schema --write``) writes it
with :func:`write_file`, by these rules (docs/outputs.md, "Writing files"):

- The target, once symbolic links are followed, is absent or a regular file. A directory, a
  device, a FIFO or a socket there is refused (:class:`Refused`), never opened.
- A link is followed: the file it names is replaced and the link stays a link; a dangling
  link creates the file it names.
- The data goes to a new temporary file in the target's folder, is flushed to the disk, and
  then takes the target's place in one step (``os.replace``): a reader sees the old file or
  the new one, never part of one. A file replaced keeps its permission bits; a new one gets
  the usual ones (the umask's). When anything fails, the temporary file is removed, the old
  file is left as it was, and :class:`WriteError` says in one line which file and why.

>>> import os, shutil, tempfile
>>> folder = tempfile.mkdtemp()
>>> notes = os.path.join(folder, "notes.txt")
>>> write_file(notes, "first\\n")
>>> os.symlink("notes.txt", os.path.join(folder, "link.txt"))
>>> write_file(os.path.join(folder, "link.txt"), b"second\\n")
>>> os.path.islink(os.path.join(folder, "link.txt")), open(notes).read()
(True, 'second\\n')
>>> os.mkfifo(os.path.join(folder, "pipe"))
>>> write_file(os.path.join(folder, "pipe"), "never opened")
Traceback (most recent call last):
...
hasenpfeffer.output.Refused: /.../pipe: a FIFO, not a regular file: refused
>>> sorted(os.listdir(folder))
['link.txt', 'notes.txt', 'pipe']
>>> shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat

__all__ = ["KINDS", "Refused", "WriteError", "check_target", "leftover", "place", "write_file"]

KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)
"""What a target may be that is not a regular file, and how it is named."""
NAME_MAX = 255
"""The longest file name, in bytes, on the usual file systems."""
_TEMPORARY = re.compile(r"\.(.+)\.[0-9a-f]{8}\.tmp")


class WriteError(OSError):
    """A file not written: ``filename`` as given, ``filename2`` the file a link led to (or None),
    ``strerror`` why. ``str()`` is one line naming both and the reason."""

    @property
    def place(self) -> str:
        """The path as given, and where links led when they did: ``out.json -> /data/out.json``."""
        return str(self.filename) if self.filename2 is None else f"{self.filename} -> {self.filename2}"

    def __str__(self) -> str:
        return f"cannot write {self.place}: {self.strerror}"


class Refused(WriteError):
    """The target is not a regular file: nothing was opened or written."""

    def __str__(self) -> str:
        return f"{self.place}: {self.strerror}"


def place(given: str, real: str) -> str:
    """How a path is named in a message: as given, and where links led when they did.

    >>> place("out.json", os.path.abspath("out.json")), place("out.json", "/data/out.json")
    ('out.json', 'out.json -> /data/out.json')
    """
    return given if real == os.path.abspath(given) else f"{given} -> {real}"


def _error(kind: type[WriteError], code: int, why: str, given: str, real: str) -> WriteError:
    return kind(code, why, given, None, None if place(given, real) == given else real)


def _failed(exc: OSError, given: str, real: str) -> WriteError:
    """``exc`` as a WriteError naming the target (an OSError's reason may be missing: never ``None``)."""
    if isinstance(exc, WriteError):
        return exc
    why = exc.strerror or str(exc) or type(exc).__name__
    return _error(WriteError, exc.errno or 0, why, given, real)


def _refuse_kind(mode: int, given: str, real: str) -> None:
    for test, name in KINDS:
        if test(mode):
            code = errno.EISDIR if name == "a directory" else errno.EINVAL
            raise _error(Refused, code, f"{name}, not a regular file: refused", given, real)
    if not stat.S_ISREG(mode):
        raise _error(Refused, errno.EINVAL, "not a regular file: refused", given, real)


def check_target(path: str | os.PathLike[str]) -> str:
    """The file ``path`` leads to (links followed), once it is known to be absent or a regular
    file in a folder; :class:`Refused` or :class:`WriteError` otherwise. Nothing is opened.

    Commands call it before a long run, so that a file they could not write is said at once.
    """
    given = os.fspath(path)
    real = os.path.realpath(given)
    if given.endswith(os.sep) or (os.altsep is not None and given.endswith(os.altsep)):
        raise _error(
            Refused, errno.EISDIR, "a folder's name (it ends in /), not a file: refused", given, real
        )
    try:
        _refuse_kind(os.stat(real).st_mode, given, real)
    except FileNotFoundError:
        try:
            folder = os.stat(os.path.dirname(real)).st_mode
        except OSError as exc:
            raise _failed(exc, given, real) from None
        if not stat.S_ISDIR(folder):
            raise _error(WriteError, errno.ENOTDIR, os.strerror(errno.ENOTDIR), given, real) from None
    except OSError as exc:
        raise _failed(exc, given, real) from None
    return real


def _temporary(real: str) -> str:
    folder, name = os.path.split(real)
    token = secrets.token_hex(4)
    temp = f".{name}.{token}.tmp"
    if len(os.fsencode(temp)) > NAME_MAX:
        temp = f".{token}.tmp"
    return os.path.join(folder, temp)


def leftover(name: str) -> str | None:
    """The name of the file that ``name`` was a temporary file for (one a killed process left
    behind), or None when it is not one.

    >>> leftover(".grid.csv.0f1e2d3c.tmp"), leftover("grid.csv")
    ('grid.csv', None)
    """
    found = _TEMPORARY.fullmatch(name)
    return None if found is None else found[1]


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def write_file(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` by the module's rules: :class:`Refused` when
    the target is not a regular file, :class:`WriteError` when the writing fails."""
    given = os.fspath(path)
    real = check_target(given)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    temp = _temporary(real)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        raise _failed(exc, given, real) from None
    try:
        try:
            try:
                with contextlib.suppress(FileNotFoundError):
                    old = os.stat(real)
                    if stat.S_ISREG(old.st_mode):
                        os.fchmod(fd, stat.S_IMODE(old.st_mode))
                _write_all(fd, blob)
            finally:
                os.close(fd)
            _refuse_kind_again(given, real)
            os.replace(temp, real)
        except OSError as exc:
            raise _failed(exc, given, real) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _refuse_kind_again(given: str, real: str) -> None:
    """Right before the replacing, the target is still absent or a regular file."""
    with contextlib.suppress(FileNotFoundError):
        _refuse_kind(os.stat(real).st_mode, given, real)
