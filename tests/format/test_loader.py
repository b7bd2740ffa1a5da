"""Loader: built-ins, files, extends and merging, refusals of bad bytes and bad data."""

from __future__ import annotations

import os
import pickle
import socket
from pathlib import Path

import pytest

from hasenpfeffer.format.errors import Problem, VariantError
from hasenpfeffer.format.loader import builtin_names, load_variant, load_variant_data, merge, resolve
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.format.yamlload import MAX_BYTES, Document, parse


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def messages(call: object, *args: object) -> list[str]:
    with pytest.raises(VariantError) as info:
        call(*args)  # type: ignore[operator]
    return [str(p) for p in info.value.problems]


# --------------------------------------------------------------------------- errors


def test_problem_text_and_error() -> None:
    p = Problem("a.yaml", 3, 5, "deal.hand_size", "bad")
    assert str(p) == "a.yaml:3:5: deal.hand_size: bad"
    assert str(Problem("a.yaml", 1, 1, "", "empty")) == "a.yaml:1:1: empty"
    err = VariantError([p, p._replace(line=4)])
    assert str(err) == "a.yaml:3:5: deal.hand_size: bad\na.yaml:4:5: deal.hand_size: bad"
    again = pickle.loads(pickle.dumps(err))
    assert again.problems == err.problems


# --------------------------------------------------------------------------- built-ins


def test_builtins_are_listed_and_load() -> None:
    names = builtin_names()
    assert {"hasenpfeffer", "hasenpfeffer-pepper"} <= set(names)
    for name in names:
        assert load_variant(name).name == name


def test_builtin_is_section_one_and_cached() -> None:
    v = load_variant("hasenpfeffer")
    assert v is load_variant("hasenpfeffer")
    assert (v.players, v.pack.size, v.hand_size, v.deal.kitty.size) == (4, 25, 6, 1)
    assert [b.name for b in v.making.auction.ladder] == ["1", "2", "3", "4", "5", "6"]


def test_pepper_differs_only_in_name_description_and_ladder() -> None:
    base = load_variant("hasenpfeffer").model_dump()
    pepper = load_variant("hasenpfeffer-pepper").model_dump()
    differ = {k for k in base if base[k] != pepper[k]}
    assert differ == {"name", "description", "making"}
    assert [b["name"] for b in pepper["making"]["auction"]["ladder"]] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "little-pepper",
        "big-pepper",
    ]
    assert pepper["making"]["auction"]["ladder"][-1]["multiplier"] == 2
    del base["making"]["auction"]["ladder"], pepper["making"]["auction"]["ladder"]
    assert base["making"] == pepper["making"]


def test_unknown_builtin_suggests() -> None:
    assert messages(load_variant, "hasenpfefer") == [
        "hasenpfefer: no built-in variant `hasenpfefer` and no such file; did you mean `hasenpfeffer`?"
    ]


# --------------------------------------------------------------------------- extends


def test_house_rule_list_replaces_and_mapping_merges(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "house.yaml",
        "extends: hasenpfeffer\nname: house\nmaking:\n  auction:\n    ladder: [3, 4, 5, 6]\n"
        "scoring:\n  failed:\n    per_trick: 0\n    per_bid_trick: 1\n",
    )
    v = load_variant(path)
    assert [b.tricks for b in v.making.auction.ladder] == [3, 4, 5, 6]
    assert v.making.auction.style == "until-passes"  # sibling key kept from the parent
    assert v.scoring.failed.per_bid_trick == 1 and v.scoring.failed.per_trick == 0
    assert v.scoring.failed.to == "makers"  # kept from the parent's mapping
    assert v.making.all_pass.bid == "3"
    data = resolve(path)
    assert "extends" not in data and data["name"] == "house"
    assert data["deal"]["kitty"] == {"size": 1, "use": "widow"}


def test_extends_chain_of_relative_files(tmp_path: Path) -> None:
    write(tmp_path, "rules/base.yaml", "extends: hasenpfeffer\ngame: {target: 15}\n")
    write(tmp_path, "rules/mid.yaml", "extends: base.yaml\nleads: {first: maker}\n")
    top = write(tmp_path, "top.yaml", "extends: rules/mid.yaml\nname: top\n")
    v = load_variant(top)
    assert (v.name, v.game.target, v.leads.first) == ("top", 15, "maker")


def test_parent_error_is_reported_in_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.yaml", "extends: hasenpfeffer\n\ngame:\n  target: [10]\n")
    child = write(
        tmp_path, "child.yaml", "name: child\nextends: parent.yaml\ngame: {tie: higher}\nplayers: x\n"
    )
    assert messages(load_variant, child) == [
        f"{child}:4:10: players: must be a valid integer; read 'x'",
        f"{parent}:4:11: game.target: must be a valid integer",
    ]
    write(tmp_path, "parent.yaml", "extends: hasenpfeffer\n\ngame:\n  target: 10\n")
    write(tmp_path, "child.yaml", "name: child\nextends: parent.yaml\nplayers: 3\n")
    assert messages(load_variant, child) == [
        f"{child}:3:1: deal.hand_size: 3 players x 6 cards + 1 left over = 19 cards, but the pack has 25",
        f"{child}:3:1: partnerships: alternate partnerships need an even number of players, read 3",
    ]


def test_extends_cycle_of_three(tmp_path: Path) -> None:
    a = write(tmp_path, "a.yaml", "name: a\nextends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: c.yaml\n")
    c = write(tmp_path, "c.yaml", "# c\nextends: a.yaml\n")
    b = tmp_path / "b.yaml"
    assert messages(load_variant, a) == [f"{c}:2:10: extends: extends cycle: {a} -> {b} -> {c} -> {a}"]


def test_missing_grandparent_is_reported_in_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "sub/parent.yaml", "# parent\n\nextends: ../gone.yaml\n")
    child = write(tmp_path, "child.yaml", "name: c\nextends: sub/parent.yaml\n")
    assert messages(load_variant, child) == [
        f"{parent}:3:10: extends: cannot find `../gone.yaml` (looked for {tmp_path / 'gone.yaml'})"
    ]


@pytest.mark.parametrize(
    ("kind", "make"), [("a pipe", os.mkfifo), ("a folder", os.mkdir), ("a socket", "bind")]
)
def test_extends_naming_no_regular_file_says_what_it_is(tmp_path: Path, kind: str, make: object) -> None:
    target = tmp_path / "parent.yaml"
    if make == "bind":
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(target))
    else:
        make(target)  # type: ignore[operator]
    child = write(tmp_path, "child.yaml", "name: c\nextends: parent.yaml\n")
    assert messages(load_variant, child) == [
        f"{child}:2:10: extends: `parent.yaml` is not a regular file but {kind}: refused"
    ]


def test_extends_null_is_no_parent(tmp_path: Path) -> None:
    path = write(tmp_path, "plain.yaml", "name: plain\nextends: null\n")
    assert load_variant(path) == Variant(name="plain")


def test_merge_keeps_positions_of_untouched_values() -> None:
    base = parse("a:\n  x: 1\n  y: [1, 2]\n", "base.yaml")
    over = parse("a:\n  y: [3]\n", "over.yaml")
    merged = merge(base, over)
    assert merged.data == {"a": {"x": 1, "y": [3]}}
    assert merged.locs[("a", "x")][:3] == ("base.yaml", 2, 6)
    assert merged.locs[("a", "y", 0)][:3] == ("over.yaml", 2, 7)
    assert ("a", "y", 1) not in merged.locs
    assert merge(Document({}, {}), Document({"k": [1]}, {})).data == {"k": [1]}


# --------------------------------------------------------------------------- data


def test_load_variant_data_with_extends(tmp_path: Path) -> None:
    write(tmp_path, "p.yaml", "extends: hasenpfeffer\ngame: {target: 21}\n")
    v = load_variant_data({"name": "rec", "extends": "p.yaml"}, "games/record.json", tmp_path)
    assert (v.name, v.game.target) == ("rec", 21)
    assert messages(load_variant_data, {"name": "rec", "extends": "q.yaml"}, "games/r.json", tmp_path) == [
        f"games/r.json:1:1: extends: cannot find `q.yaml` (looked for {tmp_path / 'q.yaml'})"
    ]
    v2 = load_variant_data(load_variant("hasenpfeffer").model_dump(mode="json"))
    assert v2 == load_variant("hasenpfeffer")


def test_load_variant_data_problems() -> None:
    assert messages(load_variant_data, {"name": "x", "players": 3, "partnerships": "none"}, "rec") == [
        "rec:1:1: deal.hand_size: 3 players x 6 cards + 1 left over = 19 cards, but the pack has 25",
        "rec:1:1: alone.allowed: going alone needs partners, or a dummy the maker takes into hand (partnerships is none): set alone.allowed to nobody",
    ]
    assert messages(load_variant_data, ["name"], "rec") == ["rec:1:1: expected a mapping, read list"]


# --------------------------------------------------------------------------- bytes


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"", "1:1: the file is empty: expected a mapping such as `name: ...`"),
        (b"  \n\n", "1:1: the file is empty: expected a mapping such as `name: ...`"),
        (b"name: x\nplayers: \x00\x01", "2:10: a binary file (NUL byte), not YAML text"),
        (b"name: caf\xe9\n", "1:10: not UTF-8 text (byte 0xe9 cannot be read): save the file as UTF-8"),
        ("name: x\n".encode("utf-16"), "1:1: the file is UTF-16 text: save it as UTF-8"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "3:1: a binary file (NUL byte), not YAML text"),
    ],
)
def test_bad_bytes(tmp_path: Path, raw: bytes, expected: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(raw)
    assert messages(load_variant, path) == [f"{path}:{expected}"]


def test_utf8_bom_and_symbols_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffname: bom\npack:\n  suits: [♣, ♦, ♥, ♠]\n  jokers: 1\n".encode())
    assert load_variant(path).pack.suits == ("C", "D", "H", "S")


def test_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("name: big\n" + "# padding\n" * (MAX_BYTES // 10), encoding="utf-8")
    assert messages(load_variant, path) == [f"{path}:1:1: the file is larger than {MAX_BYTES} bytes: refused"]


def test_unreadable_paths(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    assert messages(load_variant, missing) == [f"{missing}: cannot read the file: No such file or directory"]
    folder = tmp_path / "dir.yaml"
    folder.mkdir()
    assert messages(load_variant, folder) == [f"{folder}: cannot read the file: Is a directory"]


def test_yaml11_numbers_are_ranks_and_names(tmp_path: Path) -> None:
    path = write(tmp_path, "nums.yaml", "name: 500\npack:\n  ranks: [9, 10, J, Q, K, A]\n  jokers: 1\n")
    v = load_variant(path)
    assert (v.name, v.pack.ranks) == ("500", ("9", "T", "J", "Q", "K", "A"))


def test_merge_keys_and_aliases_are_plain_data(tmp_path: Path) -> None:
    text = "name: m\nscoring:\n  made: &m {per_trick: 1}\n  failed:\n    <<: *m\n    to: makers\n"
    v = load_variant(write(tmp_path, "m.yaml", text))
    assert (v.scoring.failed.per_trick, v.scoring.failed.to) == (1, "makers")


def test_many_problems_are_capped(tmp_path: Path) -> None:
    path = write(tmp_path, "many.yaml", "name: many\n" + "".join(f"k{i}: 1\n" for i in range(150)))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    found = info.value.problems
    assert len(found) == 101
    assert str(found[99]).startswith(f"{path}:101:1: k99: unknown key")
    assert str(found[100]) == f"{path}:101:1: and 50 more problems"
    dup = write(tmp_path, "dup.yaml", "name: dup\n" + "on: 1\n" * 120)
    assert messages(load_variant, dup)[-1] == f"{dup}:102:1: and 20 more problems"


def test_a_list_whose_only_item_is_invalid_is_not_also_too_short(tmp_path: Path) -> None:
    one = "extends: hasenpfeffer\nname: x\nmaking:\n  auction:\n    ladder:\n      - {name: x, tricks: 1, multiplier: 0}\n"
    assert messages(load_variant, write(tmp_path, "one.yaml", one)) == [
        f"{tmp_path}/one.yaml:6:42: making.auction.ladder.0.multiplier: must be greater than 0; read 0"
    ]
    empty = "extends: hasenpfeffer\nname: x\nmaking:\n  auction:\n    ladder: []\n"
    assert messages(load_variant, write(tmp_path, "empty.yaml", empty)) == [
        f"{tmp_path}/empty.yaml:5:13: making.auction.ladder: must hold at least 1 item; read []"
    ]


def test_replace_stands_instead_of_merging_and_resets_what_it_omits(tmp_path: Path) -> None:
    text = (
        "extends: euchre\nname: auction-euchre\nreplace: [scoring.made, scoring.made_alone]\n"
        "scoring:\n  made: {per_trick: 1}\n"
    )
    v = load_variant(write(tmp_path, "ae.yaml", text))
    euchre = load_variant("euchre")
    assert euchre.scoring.made.table and euchre.scoring.made_alone is not None
    assert v.scoring.made.table == {} and v.scoring.made.per_trick == 1
    assert v.scoring.made_alone is None  # listed, not given: the default
    assert v.scoring.failed == euchre.scoring.failed  # not listed: merged as before
    assert v.replace == ()
    merged = load_variant(
        write(tmp_path, "m.yaml", text.replace("replace: [scoring.made, scoring.made_alone]\n", ""))
    )
    assert merged.scoring.made.table == euchre.scoring.made.table


def test_replace_names_fields_only(tmp_path: Path) -> None:
    text = "extends: euchre\nname: x\nreplace: [scoring.mde, game.target.x, 7]\n"
    assert messages(load_variant, write(tmp_path, "bad.yaml", text)) == [
        f"{tmp_path}/bad.yaml:3:11: replace.0: must be the dotted key of a field, such as `scoring.made`;"
        " read 'scoring.mde'",
        f"{tmp_path}/bad.yaml:3:24: replace.1: must be the dotted key of a field, such as `scoring.made`;"
        " read 'game.target.x'",
        f"{tmp_path}/bad.yaml:3:39: replace.2: must be the dotted key of a field, such as `scoring.made`;"
        " read 7",
    ]


def test_replace_a_list_of_a_grandparent(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: hasenpfeffer-pepper\nname: a\ngame: {target: 15}\n")
    b = write(tmp_path, "b.yaml", "extends: a.yaml\nname: b\nreplace: [making.auction.ladder]\n")
    v = load_variant(b)
    assert [x.name for x in v.making.auction.ladder] == ["1", "2", "3", "4", "5", "6"]
    assert v.game.target == 15
