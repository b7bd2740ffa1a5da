"""Nesting is bounded whatever PyYAML was built with: libyaml's composer and the pure-Python one.

Every shape of nesting (flow sequences, flow mappings, the single-pair mappings of ``[a: ...``,
block sequences and mappings, and a mix), just under, at and over the limit, as deep as a
text may be before its events are counted first, and 50,000 levels deep, is read or refused
with a ``path:line:col: message``: never a RecursionError.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import pytest
import yaml

from hasenpfeffer.format import yamldepth
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.yamldepth import C_LOADER, MAX_DEPTH, SCAN_ABOVE, PureLoader, depth_bound
from hasenpfeffer.format.yamlload import MAX_BYTES, parse
from hasenpfeffer.records.errors import RecordError
from hasenpfeffer.records.format import read_text

LOADERS = [pytest.param(PureLoader, id="pure")] + (
    [pytest.param(C_LOADER, id="libyaml")] if C_LOADER is not None else []
)
DEEP = re.compile(
    rf"deep\.yaml:\d+:\d+: (nesting depth over {MAX_DEPTH} levels: refused"
    rf"|[\w.]+: nested more than {MAX_DEPTH} levels deep \(or an alias refers to itself\))"
)


@pytest.fixture(params=LOADERS)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> type:
    """Each loader PyYAML has here, as the one that reads every file."""
    monkeypatch.setattr(yamldepth, "LOADER", request.param)
    return request.param  # type: ignore[no-any-return]


def flow(opening: str, closing: str) -> Callable[[int], str]:
    """``n`` flow collections, one to a line (short lines: the shape allows little block nesting)."""
    return lambda n: f" {opening}\n" * n + " x\n" + f" {closing}\n" * n


def block_sequence(n: int) -> str:
    return " " + "- " * n + "x\n"


def block_mapping(n: int) -> str:
    return "".join(f"{' ' * (i + 1)}k:\n" for i in range(n)) + " " * (n + 1) + "x\n"


def mixed(n: int) -> str:
    """Block sequences and mappings, then flow sequences, mappings and pairs."""
    block = min(n, 6)
    lines = [f"{' ' * (i + 1)}{'-' if i % 2 == 0 else 'k:'}" for i in range(block)]
    units = [("[", "]"), ("{b:", "}"), ("[a:", "]")]
    flows = [units[i % 3] for i in range(n - block)]
    pad = " " * (block + 1)
    lines += [pad + o for o, _ in flows] + [pad + "x"] + [pad + c for _, c in reversed(flows)]
    return "\n".join(lines) + "\n"


SHAPES = {
    "[": flow("[", "]"),
    "{": flow("{a:", "}"),
    "[a:": flow("[a:", "]"),
    "- ": block_sequence,
    "a:": block_mapping,
    "mixed": mixed,
}
HEADS = {"variant": "name: x\nplayers:\n", "record": "variant: euchre\nhands:\n"}


def deepest(text: str) -> int:
    """The depth of the deepest value (the top mapping at 0), from the events: nothing recursive."""
    parser = yaml.SafeLoader(text)
    depth = most = 0
    while (event := parser.get_event()) is not None:
        if isinstance(event, (yaml.CollectionStartEvent, yaml.ScalarEvent, yaml.AliasEvent)):
            most = max(most, depth)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return most


def steps(head: str, shape: Callable[[int], str], target: str | int) -> int:
    """How many steps of a shape reach a depth (the first at or past it), the most the shape
    allows without counting events first (``scan``), one more (``scan+1``), or 50,000."""
    if target == "50000":
        return 50_000
    if isinstance(target, int):
        return next(n for n in range(1, 200) if deepest(head + shape(n)) >= target)
    n = next(n for n in range(1, 2000) if depth_bound(head + shape(n)) > SCAN_ABOVE)
    return n - 1 if target == "scan" else n


TARGETS = [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2, "scan", "scan+1", "50000"]


@functools.cache
def text_of(kind: str, shape: str, target: str | int) -> str:
    head, make = HEADS[kind], SHAPES[shape]
    n = steps(head, make, target)
    if shape == "a:":  # rising indents: 1,400 levels fill a file
        n = min(n, 1400)
    text = head + make(n)
    assert len(text) <= MAX_BYTES
    return text


def read(kind: str, text: str) -> None:
    """Read a variant file's or a record's text, raising VariantError for either."""
    if kind == "variant":
        parse(text, "deep.yaml")
        return
    try:
        read_text(text, "deep.yaml")
    except RecordError as exc:
        if not re.match(r"deep\.yaml:\d+:\d+: ", str(exc)) or "nest" not in str(exc):
            return  # read, then refused for what it holds
        raise VariantError(exc.problems) from None


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("kind", HEADS)
def test_every_shape_of_nesting_is_bounded(loader: type, kind: str, shape: str, target: str | int) -> None:
    text = text_of(kind, shape, target)
    allowed = isinstance(target, int) and deepest(text) <= MAX_DEPTH
    try:
        read(kind, text)
    except VariantError as exc:
        assert not allowed, str(exc)
        assert DEEP.fullmatch(str(exc)), str(exc)
        if target in ("scan+1", "50000"):
            assert str(exc).endswith(f"nesting depth over {MAX_DEPTH} levels: refused")
    else:
        assert allowed


@pytest.mark.parametrize("shape", SHAPES)
def test_the_shape_bounds_the_real_depth(shape: str) -> None:
    head, make = HEADS["variant"], SHAPES[shape]
    for n in (1, 5, 20, steps(head, make, "scan")):
        text = head + make(n)
        assert deepest(text) <= depth_bound(text)


def test_a_pair_in_a_flow_sequence_is_two_levels() -> None:
    text = "a: " + "[a: " * 10 + "]" * 10
    assert deepest(text) == 21 and depth_bound(text) >= 21


def test_the_pure_composer_stops_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Even a text that skipped the count of its events (here: every one) is composed no deeper.
    monkeypatch.setattr(yamldepth, "LOADER", PureLoader)
    monkeypatch.setattr(yamldepth, "depth_bound", lambda text: 0)
    text = "name: x\nplayers:\n" + " [a:\n" * 600 + " ]\n" * 600
    with pytest.raises(VariantError, match=r"deep\.yaml:23:2: nesting depth over 40 levels"):
        parse(text, "deep.yaml")


def refused(text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The problem of ``text``, with the composer made to fail if it is reached."""

    def no_composer(self: object) -> None:
        raise AssertionError("the composer was reached")

    monkeypatch.setattr(yamldepth.LOADER, "get_single_node", no_composer)
    with pytest.raises(VariantError) as info:
        parse(text, "deep.yaml")
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("name: x\nplayers: " + "[" * 300 + "]" * 300 + "\n", "deep.yaml:2:50"),
        ("name: x\nplayers: " + "{a: " * 300 + "}" * 300 + "\n", "deep.yaml:2:170"),
        ("name: x\nplayers:\n" + "- " * 5000 + "x\n", "deep.yaml:3:81"),
        ("name: x\nplayers:\n" + " [a:\n" * 300 + " ]\n" * 300, "deep.yaml:23:2"),
    ],
)
def test_a_deep_text_is_refused_before_the_composer(
    loader: type, text: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The 42nd collection (the top mapping at depth 0, then 41 nested) is the first refused.
    assert refused(text, monkeypatch) == f"{where}: nesting depth over {MAX_DEPTH} levels: refused"


def test_a_shallow_long_file_is_scanned_and_read(loader: type) -> None:
    text = "name: x\ndescription: " + "y" * 1000 + "\npack: {suits: [[C], [D]]}\n"
    assert depth_bound(text) > SCAN_ABOVE
    assert parse(text, "long.yaml").data["pack"] == {"suits": [["C"], ["D"]]}


def depth_of(data: object) -> int:
    depth, node = 0, data
    while isinstance(node, (dict, list)) and node:
        node = next(iter(node.values())) if isinstance(node, dict) else node[0]
        depth += 1
    return depth


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(f"{' ' * (2 * i)}k{i}:" for i in range(30)) + " 1\n",  # a mapping in a mapping
        "k0:\n" + "".join(f"{' ' * (2 * i)}- k{i + 1}:\n" for i in range(15)) + " " * 30 + "- 1\n",
        "a: " + "[" * 30 + "]" * 30 + "\n",
        "a: " + "[a: " * 15 + "]" * 15 + "\n",
        "a:\n" + "- " * 30 + "1\n",
    ],
)
def test_the_bound_holds_for_the_nesting_it_allows(loader: type, text: str) -> None:
    assert 20 <= depth_of(parse(text, "t.yaml").data) <= depth_bound(text)
