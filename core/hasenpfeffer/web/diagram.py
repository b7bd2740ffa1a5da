"""``diagram``'s Mermaid state diagram drawn as SVG, on the server, from its text alone: the
phases in layers from the start (a loop back drawn on the left), an edge between neighbours
straight down, a longer one round the right, each labelled with its words.

>>> text = '''stateDiagram-v2
...   state "deal" as deal
...   state "play" as play
...   [*] --> deal
...   deal --> play: cards dealt
...   play --> deal: next deal
...   play --> [*]'''
>>> parse(text)
(['deal', 'play'], {'deal': 'deal', 'play': 'play'}, [('deal', 'play', 'cards dealt'), ('play', 'deal', 'next deal')], 'deal')
>>> svg(text).startswith("<svg")
True
"""

from __future__ import annotations

import re
import textwrap
from html import escape

_STATE = re.compile(r'^\s*state "(?P<label>[^"]*)" as (?P<id>\w+)\s*$')
_EDGE = re.compile(r"^\s*(?P<a>\[\*\]|\w+) --> (?P<b>\[\*\]|\w+)(?::\s*(?P<words>.*))?$")
BOX_W, BOX_H, GAP, LABEL_W = 120, 34, 46, 30


def parse(text: str) -> tuple[list[str], dict[str, str], list[tuple[str, str, str]], str | None]:
    """The states in order, their labels, the edges (with their words) and the first state."""
    states: list[str] = []
    labels: dict[str, str] = {}
    edges: list[tuple[str, str, str]] = []
    first = None
    for line in text.splitlines():
        if m := _STATE.match(line):
            states.append(m["id"])
            labels[m["id"]] = m["label"]
        elif m := _EDGE.match(line):
            a, b = m["a"], m["b"]
            if a == "[*]":
                first = b
            elif b != "[*]":
                edges.append((a, b, (m["words"] or "").strip()))
    return states, labels, edges, first


def layers(states: list[str], edges: list[tuple[str, str, str]], first: str | None) -> dict[str, int]:
    """Each state's layer: the longest path to it from the first, loops back left out."""
    out = {s: 0 for s in states}
    forward = {s: [b for a, b, _ in edges if a == s] for s in states}
    back: set[tuple[str, str]] = set()
    seen: set[str] = set()
    stack: list[str] = []

    def visit(s: str) -> None:
        seen.add(s)
        stack.append(s)
        for b in forward.get(s, []):
            if b in stack:
                back.add((s, b))
            elif b not in seen:
                visit(b)
        stack.pop()

    for s in [first, *states] if first else states:
        if s is not None and s not in seen:
            visit(s)
    for _ in states:
        for a, b, _w in edges:
            if (a, b) not in back and a in out and b in out:
                out[b] = max(out[b], out[a] + 1)
    return out


def svg(text: str) -> str:
    """The diagram as an SVG document."""
    states, labels, edges, first = parse(text)
    layer = layers(states, edges, first)
    rows: dict[int, list[str]] = {}
    for s in states:
        rows.setdefault(layer[s], []).append(s)
    widest = max((len(r) for r in rows.values()), default=1)
    left = 150
    width = left + widest * (BOX_W + 20) + 300
    pos: dict[str, tuple[float, float]] = {}
    for n, row in rows.items():
        for i, s in enumerate(row):
            x = left + i * (BOX_W + 20) + (widest - len(row)) * (BOX_W + 20) / 2
            pos[s] = (x, 20 + n * (BOX_H + GAP))
    height = 40 + (max(rows, default=0) + 1) * (BOX_H + GAP)
    right = left + widest * (BOX_W + 20)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" class="diagram" role="img"><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" '
        'refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/>'
        "</marker></defs>"
    ]
    around = 0
    for a, b, words in edges:
        (xa, ya), (xb, yb) = pos[a], pos[b]
        la, lb = layer[a], layer[b]
        if lb == la + 1:
            x1, y1, x2, y2 = xa + BOX_W / 2, ya + BOX_H, xb + BOX_W / 2, yb
            path = f"M{x1},{y1} L{x2},{y2}"
            tx, ty = max(x1, x2) + 8, (y1 + y2) / 2 + 4
        elif lb > la:
            around += 1
            bend = right + 20 + 26 * around
            x1, y1, x2, y2 = xa + BOX_W, ya + BOX_H / 2, xb + BOX_W, yb + BOX_H / 2
            path = f"M{x1},{y1} C{bend},{y1} {bend},{y2} {x2},{y2}"
            tx, ty = bend - 10, (y1 + y2) / 2
        else:
            bend = left - 60 - 20 * around
            x1, y1, x2, y2 = xa, ya + BOX_H / 2, xb, yb + BOX_H / 2
            path = f"M{x1},{y1} C{bend},{y1} {bend},{y2} {x2},{y2}"
            tx, ty = 4, (y1 + y2) / 2
        parts.append(f'<path d="{path}" class="edge" marker-end="url(#arrow)"/>')
        for k, line in enumerate(textwrap.wrap(words, LABEL_W)[:3]):
            parts.append(f'<text x="{tx:.0f}" y="{ty + 12 * k:.0f}" class="edge-label">{escape(line)}</text>')
    for s in states:
        x, y = pos[s]
        parts.append(
            f'<g class="state"><rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8"/>'
            f'<text x="{x + BOX_W / 2}" y="{y + BOX_H / 2 + 5}" text-anchor="middle">{escape(labels[s])}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)
