"""What the fuzzing harness asserts about one command's output.

>>> longest_quote("name: " + "abcdefghij" * 12, "error: " + "abcdefghij" * 11)[0]
112
>>> longest_quote("x" * 300, "nothing in common")[0]
0
>>> control_chars("ok\\tline\\n"), control_chars("title \\x1b]0;x\\x07")
(None, ('ESC (0x1b)', 'title \\x1b]0;x\\x07'))
"""

from __future__ import annotations

import os
import re
import sysconfig
from collections.abc import Iterable
from importlib import resources

WINDOW = 50
"""A quote of 2 * WINDOW characters always contains one whole window starting at a multiple of WINDOW."""
QUOTE_LIMIT = 100
"""Longest run of a file's characters allowed in the output."""
LINE_LIMIT = 4000
"""Longest output line allowed (text expanded from a file, e.g. through aliases)."""
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]|[\ud800-\udfff]")
_NAMES = {0x1B: "ESC", 0x07: "BEL", 0x0D: "CR", 0x08: "BS", 0x00: "NUL", 0x9B: "CSI", 0x85: "NEL"}


def longest_quote(source: str, output: str) -> tuple[int, str]:
    """The longest run of ``source`` found in ``output`` when it is at least ``WINDOW`` long."""
    best = (0, "")
    seen: set[str] = set()
    for q in range(0, len(source) - WINDOW + 1, WINDOW):
        piece = source[q : q + WINDOW]
        if piece in seen:
            continue
        seen.add(piece)
        start, hits = output.find(piece), 0
        while start >= 0 and hits < 20:
            a, b = q, start
            while a > 0 and b > 0 and source[a - 1] == output[b - 1]:
                a, b = a - 1, b - 1
            c, d = q + WINDOW, start + WINDOW
            while c < len(source) and d < len(output) and source[c] == output[d]:
                c, d = c + 1, d + 1
            if c - a > best[0]:
                best = (c - a, source[a:c])
            start, hits = output.find(piece, start + 1), hits + 1
    return best


def control_chars(output: str) -> tuple[str, str] | None:
    """The name of the first raw control character (or lone surrogate) in the output, and its line."""
    m = _CONTROL.search(output)
    if m is None:
        return None
    code = ord(m.group())
    name = _NAMES.get(code, "surrogate" if 0xD800 <= code <= 0xDFFF else "control")
    line_start = output.rfind("\n", 0, m.start()) + 1
    line_end = output.find("\n", m.start())
    line = output[line_start : line_end if line_end >= 0 else len(output)]
    return f"{name} (0x{code:02x})", line[:150]


def long_line(output: str) -> int:
    """Length of the longest output line over ``LINE_LIMIT``, else 0."""
    longest = max((len(line) for line in output.splitlines()), default=0)
    return longest if longest > LINE_LIMIT else 0


def line_with(output: str, quote: str) -> str:
    """The output line where a quote starts, shortened."""
    at = output.find(quote[:WINDOW])
    start = output.rfind("\n", 0, at) + 1
    return output[start : start + 120]


def template(line: str) -> str:
    """An output line with its variable parts blanked, to tell failures apart.

    >>> template("<dir>/v.yaml:3:9: deal.hand_size: cannot read `12345` as `!!int`")
    'cannot read Q as Q'
    >>> template('::error file=<dir>/v.yaml,line=2,col=1::extends: no built-in variant `abc')
    'no built-in variant Q'
    """
    line = re.sub(r'^\s*"message": "', "", line.strip())
    line = re.sub(r"^::error file=[^,]*,line=\d+,col=\d+::", "", line)
    line = re.sub(r"^<dir>/[^:\s]*(:\d+:\d+)?: ", "", line)
    first = line.find(": ")
    if first > 0 and not re.search(r"[`'\"]", line[:first]):
        line = line[first + 2 :]
    line = re.sub(r"`[^`]*`|'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "Q", line)
    line = re.sub(r"[`'\"].*", "Q", line)
    return re.sub(r"\d+", "N", line)[:60]


def allowed_roots(case_dir: str) -> list[str]:
    """Folders a case may open files in: its own, the package's and Python's, and numba's
    compile cache where ``NUMBA_CACHE_DIR`` puts it (the kernels' cache, not the file read)."""
    roots = {os.path.realpath(case_dir)}
    if os.environ.get("NUMBA_CACHE_DIR"):
        roots.add(os.path.realpath(os.environ["NUMBA_CACHE_DIR"]))
    for package in ("hasenpfeffer", "hasenpfeffer.variants", "hasenpfeffer.schemas"):
        roots.add(os.path.realpath(str(resources.files(package))))
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        roots.add(os.path.realpath(paths[key]))
    return sorted(roots)


def outside(opened: Iterable[str], roots: list[str]) -> list[str]:
    """Opened paths (resolved, links followed) outside every root."""
    found: list[str] = []
    for path in opened:
        real = os.path.realpath(path)
        if not any(real == r or real.startswith(r + os.sep) for r in roots) and real not in found:
            found.append(real)
    return found
