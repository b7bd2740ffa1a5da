"""A matplotlib figure saved as every file is written (:mod:`hasenpfeffer.output`): drawn in
memory in the format its name's extension says (PNG without one), then written whole.

Needs matplotlib, the ``plot`` extra; imported only when a picture is asked for.
"""

from __future__ import annotations

import io
import os
from typing import Any

from ...output import write_file


def picture_format(path: str) -> str | None:
    """The format a picture's file name asks for: its extension (None: matplotlib's default, PNG).

    >>> picture_format("grid.PNG"), picture_format("out/grid.svg"), picture_format("grid")
    ('png', 'svg', None)
    """
    return os.path.splitext(path)[1][1:].lower() or None


def unknown_format(path: str) -> str | None:
    """The line refusing ``--plot path`` where matplotlib draws no picture in the format its
    extension asks for (None: it does).

    >>> unknown_format("grid.svg") is None, unknown_format("grid") is None
    (True, True)
    >>> print(unknown_format("grid.pdfx"))  # doctest: +ELLIPSIS
    --plot grid.pdfx: matplotlib draws no 'pdfx' pictures; name the file with one of ..., .png, ...
    """
    from matplotlib.figure import Figure

    asked = picture_format(path)
    formats = sorted(Figure().canvas.get_supported_filetypes())
    if asked is None or asked in formats:
        return None
    return (
        f"--plot {path}: matplotlib draws no {asked!r} pictures; name the file with one of"
        f" {', '.join('.' + f for f in formats)}"
    )


def save(fig: Any, path: str, dpi: int) -> None:
    """Draw ``fig`` into ``path`` and close it (:class:`~hasenpfeffer.output.WriteError` when the
    file cannot be written)."""
    import matplotlib.pyplot as plt

    picture = io.BytesIO()
    try:
        fig.savefig(picture, format=picture_format(path), dpi=dpi)
    finally:
        plt.close(fig)
    write_file(path, picture.getvalue())
