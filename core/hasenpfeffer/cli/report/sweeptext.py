"""How a sweep's figures are written: shares as percentages, values as YAML, intervals."""

from __future__ import annotations

from typing import Any


def share(name: str) -> bool:
    """Whether a figure is a share (shown as a percentage) rather than a mean.

    >>> share("side 0 win rate"), share("hands per game"), share("side 1 points/hand")
    (True, False, False)
    """
    return not (name == "hands per game" or name.endswith("points/hand"))


def fmt(name: str, f: dict[str, float], signed: bool = False) -> str:
    """A figure or a difference with its interval, as the table shows it.

    >>> fmt("side 0 win rate", {"value": 0.5, "low": 0.4, "high": 0.6})
    '50.0% (40.0..60.0)'
    >>> fmt("hands per game", {"value": 0.25, "low": -0.5, "high": 1.0}, signed=True)
    '+0.25 (-0.50..+1.00)'
    """
    sign = "+" if signed else ""
    if share(name):
        v, lo, hi = (100 * f[k] for k in ("value", "low", "high"))
        return f"{v:{sign}.1f}{'pp' if signed else '%'} ({lo:{sign}.1f}..{hi:{sign}.1f})"
    return f"{f['value']:{sign}.2f} ({f['low']:{sign}.2f}..{f['high']:{sign}.2f})"


def show(value: Any) -> str:
    """A set value as written in YAML.

    >>> show(True), show(None), show(15)
    ('true', 'null', '15')
    """
    if isinstance(value, bool):
        return str(value).lower()
    return "null" if value is None else str(value)


def excludes_zero(d: dict[str, float]) -> bool:
    """Whether a difference's interval lies on one side of 0."""
    return not d["low"] <= 0 <= d["high"]
