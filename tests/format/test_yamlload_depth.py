"""Nesting is refused before the composer recurses: a deep text is read as events first."""

from __future__ import annotations

import pytest
import yaml

from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.yamlload import MAX_DEPTH, SCAN_ABOVE, depth_bound, parse


def refused(text: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The problem of ``text``, with the composer made to fail if it is reached."""

    def no_composer(self: object) -> None:
        raise AssertionError("the composer was reached")

    monkeypatch.setattr(getattr(yaml, "CSafeLoader", yaml.SafeLoader), "get_single_node", no_composer)
    with pytest.raises(VariantError) as info:
        parse(text, "deep.yaml")
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("name: x\nplayers: " + "[" * 300 + "]" * 300 + "\n", "deep.yaml:2:50"),
        ("name: x\nplayers: " + "{a: " * 300 + "}" * 300 + "\n", "deep.yaml:2:170"),
        ("name: x\nplayers:\n" + "- " * 5000 + "x\n", "deep.yaml:3:81"),
    ],
)
def test_a_deep_text_is_refused_before_the_composer(
    text: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The 42nd collection (the top mapping at depth 0, then 41 nested) is the first refused.
    assert refused(text, monkeypatch) == f"{where}: nesting depth over {MAX_DEPTH} levels: refused"


def test_a_shallow_long_file_is_scanned_and_read() -> None:
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
        "a:\n" + "- " * 30 + "1\n",
    ],
)
def test_the_bound_holds_for_the_nesting_it_allows(text: str) -> None:
    assert 20 <= depth_of(parse(text, "t.yaml").data) <= depth_bound(text)
