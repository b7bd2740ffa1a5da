"""Game records: the deals and actions of a game, as YAML (JSON is read too), replayable.

A record is a mapping: ``variant`` (a built-in name, a path, or an embedded variant
mapping), an optional ``seed``, and ``hands``, each with ``dealer``, ``hands`` (cards by
seat), ``widow`` (the kitty; for order-up variants the turned card first) and ``actions``
(``"SEAT VERB [ARG]"`` strings). The engine adds each finished hand's ``result``. A file
holding one hand may give ``dealer``, ``hands``, ``widow`` and ``actions`` at the top level.
See docs/records.md.

>>> from hasenpfeffer.engine.game import Game
>>> from hasenpfeffer.format.variant import Variant
>>> g = Game(Variant(name="x"), seed=3)
>>> for _ in range(10): _ = g.apply(g.legal_actions()[0])
>>> again = replay(loads(dump(g.record())))
>>> again.record() == g.record(), again.phase == g.phase
(True, True)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..engine.events import TrickWon
from ..engine.transcript import split
from ..format.errors import VariantError, clean, quote
from ..format.variant import Variant
from ..format.yamlload import Document
from ..output import write_file
from ..rules.actions import IllegalActionError
from .errors import RecordError, ReplayError
from .format import Hand, ReadRecord, from_mapping, read_file, read_text
from .format import check as check_data

if TYPE_CHECKING:
    from ..engine.game import Game

HAND_KEYS = ("dealer", "hands", "widow", "actions")


# ---------------------------------------------------------------------- writing


def game_record(game: Game) -> dict[str, Any]:
    """The record of a game so far (finished hands carry their ``result``): ``game.record()``."""
    return game.record()


def dump(record: Mapping[str, Any]) -> str:
    """A record as YAML text."""
    return yaml.safe_dump(
        dict(record), sort_keys=False, default_flow_style=None, width=100, allow_unicode=True
    )


def save(record: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record to a file (JSON when the name ends in ``.json``, else YAML).

    It is written as every file is (:func:`hasenpfeffer.output.write_file`): whole or not at
    all, never half-written even if the process is killed, and only over a regular file (a
    link: the file it names); :class:`~hasenpfeffer.output.WriteError` says why not.
    """
    text = json.dumps(record, indent=1) if Path(path).suffix == ".json" else dump(record)
    write_file(path, text)


# ---------------------------------------------------------------------- reading


class RecordData(dict[str, Any]):
    """A record's plain data, remembering where each value was written (for replay's errors)."""

    read: ReadRecord | None = None


def _data(read: ReadRecord) -> RecordData:
    data = RecordData(read.doc.data)
    data.read = read
    return data


def loads(text: str, file: str = "<record>") -> dict[str, Any]:
    """A record from YAML or JSON text, checked against the record format."""
    return _data(read_text(text, file))


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A record from a YAML or JSON file (``-``: standard input), checked against the format."""
    return _data(read_file(path))


def _at(read: ReadRecord, *path: str | int) -> str:
    loc = read.where(*path)
    return f"{loc.file}:{loc.line}:{loc.col}: "


def _variant(read: ReadRecord, base: Path | None, allow: Sequence[str | os.PathLike[str]]) -> Variant:
    from ..format.loader import CONTAINED, builtin_names, inside, load_variant, load_variant_data, shown_path

    ref = read.record.variant
    where = _at(read, "variant")
    try:
        if isinstance(ref, str):
            if clean(ref) != ref:
                raise RecordError(
                    f"{where}variant: `{quote(ref)}`: a name or path may not hold control characters"
                )
            looks_like_path = "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml", ".json"))
            if not looks_like_path:
                if ref in builtin_names():
                    return load_variant(ref)
                raise RecordError(
                    f"{where}variant: the record's variant does not load: no built-in variant `{quote(ref)}`"
                )
            if os.path.isabs(ref):
                raise RecordError(f"{where}variant: `{quote(ref)}` is an absolute path, refused: {CONTAINED}")
            folder = base if base is not None else Path(".")
            target = folder / ref
            if not inside(target, folder, tuple(os.path.realpath(a) for a in allow)):
                message = f"`{quote(ref)}` leads outside the record's folder, refused: {CONTAINED}"
                raise RecordError(f"{where}variant: {message}")
            return load_variant(target, (*allow, folder), shown_path(folder, ref))
        locs = {p[1:]: loc for p, loc in read.doc.locs.items() if p[:1] == ("variant",)}
        return load_variant_data(ref, read.file, base, allow, locs)
    except VariantError as exc:
        raise RecordError.of(exc.problems) from None


def _problem(read: ReadRecord, path: tuple[str | int, ...], message: str) -> RecordError:
    return RecordError(clean(_at(read, *path) + message))


def replay(
    record: Mapping[str, Any] | str | os.PathLike[str],
    check: bool = True,
    base_dir: Path | None = None,
    allow: Sequence[str | os.PathLike[str]] = (),
) -> Game:
    """Replay a record (a mapping or a file), checking every action and each stated result.

    A variant path in the record is read relative to ``base_dir`` (for a file: its folder)
    and may not lead out of it, unless into one of the ``allow`` folders.
    """
    from ..engine.dealing import parse_deal
    from ..engine.game import Game
    from ..rules.plan import plan_for
    from ..rules.ruleset import compile_variant

    if isinstance(record, RecordData) and record.read is not None:
        # checked again: the data may have changed since it was read
        read = check_data(Document(dict(record), record.read.doc.locs), record.read.file)
    elif isinstance(record, Mapping):
        read = from_mapping(dict(record))
    else:
        if base_dir is None:
            base_dir = Path(os.fspath(record)).resolve().parent if os.fspath(record) != "-" else Path(".")
        read = read_file(record)
    v = _variant(read, base_dir, allow)
    hands = read.record.hands
    # All deals are given before the first hand starts: a hand thrown in as it is dealt
    # (a turned Joker) goes straight on to the next given deal.
    plan = plan_for(compile_variant(v))
    for i, h in enumerate(hands):
        try:
            parse_deal(plan, _deal(h, with_dealer=True))
        except (ValueError, TypeError, KeyError) as exc:
            raise _problem(read, ("hands", i), f"hand {i + 1}: {quote(str(exc), 300)}") from None
    deals = [_deal(h, with_dealer=i == 0) for i, h in enumerate(hands)]
    game = Game(v, seed=read.record.seed, dealer=hands[0].dealer, deals=deals)
    for i, h in enumerate(hands):
        if game.is_over:
            raise _problem(read, ("hands", i), f"hand {i + 1}: the game was already over")
        if h.dealer is not None and h.dealer != game.dealer:
            message = f"hand {i + 1}: the record says dealer {h.dealer}, the rotation gives {game.dealer}"
            raise _problem(read, ("hands", i, "dealer"), message)
        done = len(game.hand_results)
        for j, text in enumerate(h.actions):
            where = _at(read, "hands", i, "actions", j)
            if len(game.hand_results) > done:
                raise ReplayError(i, j, text, "the hand is already over", where)
            try:
                game.apply(text)
            except IllegalActionError as exc:
                raise ReplayError(i, j, text, exc.why or str(exc), where) from None
        if check and h.result is not None:
            _check_result(game, i, h, read)
    return game


def _deal(hand: Hand, with_dealer: bool) -> dict[str, Any]:
    deal: dict[str, Any] = {"hands": [list(cards) for cards in hand.hands], "widow": list(hand.widow)}
    if with_dealer and hand.dealer is not None:
        deal["dealer"] = hand.dealer
    return deal


def _check_result(game: Game, i: int, hand: Hand, read: ReadRecord) -> None:
    if len(game.hand_results) <= i:
        message = f"hand {i + 1}: the record gives a result but its actions do not finish the hand"
        raise _problem(read, ("hands", i, "result"), message)
    assert hand.result is not None
    stated = hand.result.model_dump(mode="json", exclude_unset=True)
    r = game.hand_results[i]
    winners = [e.winner for e in split(game.events)[i] if isinstance(e, TrickWon)]
    got = {**{k: getattr(r, k) for k in stated if hasattr(r, k)}, "trick_winners": winners}
    for key, value in stated.items():
        if key not in got:
            continue
        mine = list(got[key]) if isinstance(got[key], tuple) else got[key]
        if mine != value:
            message = f"hand {i + 1}: the record says {key} {quote(repr(value))}, the replay gives {mine!r}"
            raise _problem(read, ("hands", i, "result", key), message)
