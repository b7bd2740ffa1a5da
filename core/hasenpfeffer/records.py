"""Game records: the deals and actions of a game, as YAML (JSON is read too), replayable.

A record is a mapping: ``variant`` (a built-in name, a path, or an embedded variant
mapping), an optional ``seed``, and ``hands``, each with ``dealer``, ``hands`` (cards by
seat), ``widow`` (the kitty; for order-up variants the turned card first) and ``actions``
(``"SEAT VERB [ARG]"`` strings). The engine adds each finished hand's ``result``. A file
holding one hand may give ``dealer``, ``hands``, ``widow`` and ``actions`` at the top level.
See docs/records.md.

>>> from hasenpfeffer.game import Game
>>> from hasenpfeffer.variant import Variant
>>> g = Game(Variant(name="x"), seed=3)
>>> for _ in range(10): g.apply(g.legal_actions()[0])
>>> again = replay(loads(dump(g.record())))
>>> again.record() == g.record(), again.phase == g.phase
(True, True)
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .actions import IllegalActionError
from .variant import Variant

if TYPE_CHECKING:
    from .game import Game

HAND_KEYS = ("dealer", "hands", "widow", "actions")


class RecordError(ValueError):
    """A record that cannot be read or does not replay."""


class ReplayError(RecordError):
    """An action of a record that the rules refuse.

    ``hand`` and ``index`` are 0-based (the hand, the action within it), ``action`` the
    action's text, ``why`` the reason.
    """

    def __init__(self, hand: int, index: int, action: str, why: str) -> None:
        self.hand, self.index, self.action, self.why = hand, index, action, why
        super().__init__(f"hand {hand + 1}, action index {index} ({action!r}) is illegal: {why}")


# ---------------------------------------------------------------------- writing


@functools.lru_cache(maxsize=32)
def _builtin_for(text: str) -> str | None:
    try:
        from .loader import builtin_names, load_variant
    except ImportError:  # pragma: no cover - the loader ships with the package
        return None
    v = Variant.model_validate_json(text)
    if v.name in builtin_names() and load_variant(str(v.name)) == v:
        return str(v.name)
    return None


def variant_ref(v: Variant) -> str | dict[str, Any]:
    """A built-in's name, or the variant as an embedded mapping."""
    name = _builtin_for(v.model_dump_json())
    if name is not None:
        return name
    data: dict[str, Any] = v.model_dump(mode="json", exclude_defaults=True)
    data["name"] = v.name
    return data


def _hand_entry(game: Game, entry: dict[str, Any]) -> dict[str, Any]:
    names = game.rules.names
    text = game._p.text
    hand: dict[str, Any] = {
        "dealer": entry["dealer"],
        "hands": [[names[c] for c in h] for h in entry["hands"]],
        "widow": [names[c] for c in entry["widow"]],
        "actions": [text.get(a) or str(a) for a in entry["actions"]],
    }
    r = entry["result"]
    if r is not None:
        hand["result"] = {
            "maker": r.maker,
            "bid": r.bid,
            "trump": r.trump,
            "alone": r.alone,
            "defender_alone": r.defender_alone,
            "thrown_in": r.thrown_in,
            "forced": r.forced,
            "trick_winners": [w for _, _, w in entry["tricks"]],
            "tricks": list(r.tricks),
            "made": r.made,
            "score_change": list(r.score_change),
            "scores": list(r.scores),
        }
    return hand


def _fresh(hand: dict[str, Any]) -> dict[str, Any]:
    """A copy of a cached hand entry that callers may change freely."""
    out = {
        "dealer": hand["dealer"],
        "hands": [h[:] for h in hand["hands"]],
        "widow": hand["widow"][:],
        "actions": hand["actions"][:],
    }
    r = hand.get("result")
    if r is not None:
        out["result"] = {
            **r,
            "trick_winners": r["trick_winners"][:],
            "tricks": r["tricks"][:],
            "score_change": r["score_change"][:],
            "scores": r["scores"][:],
        }
    return out


def game_record(game: Game) -> dict[str, Any]:
    """The record of a game so far (finished hands carry their ``result``)."""
    done = game._rec
    for entry in game._log[len(done) :]:
        done.append(_hand_entry(game, entry))
    hands = [_fresh(h) for h in done]
    if not game.is_over:
        current = {**game._deal_log, "actions": game._actions, "tricks": game.tricks, "result": None}
        hands.append(_hand_entry(game, current))
    ref = game._p.record_ref
    if ref is None:
        ref = game._p.record_ref = variant_ref(game.variant)
    record: dict[str, Any] = {"variant": copy.deepcopy(ref)}
    if game.seed is not None:
        record["seed"] = game.seed
    record["hands"] = hands
    if game.is_over:
        record["result"] = {"scores": list(game.scores), "winner": game.winner}
    return record


def dump(record: Mapping[str, Any]) -> str:
    """A record as YAML text."""
    return yaml.safe_dump(
        dict(record), sort_keys=False, default_flow_style=None, width=100, allow_unicode=True
    )


def save(record: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write a record to a file (JSON when the name ends in ``.json``, else YAML).

    The text goes to a temporary file in the same folder that then replaces ``path``, so
    the file is never left half-written, even if the process is killed.
    """
    p = Path(path)
    text = json.dumps(record, indent=1) if p.suffix == ".json" else dump(record)
    temp = p.with_name(f".{p.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(temp, "x", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


# ---------------------------------------------------------------------- reading


def loads(text: str) -> dict[str, Any]:
    """A record from YAML or JSON text."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RecordError(f"not a YAML or JSON record: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a mapping with 'variant' and 'hands'")
    return data


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A record from a YAML or JSON file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: {exc.strerror or exc}") from None
    return loads(text)


def _variant(record: Mapping[str, Any], base: Path | None) -> Variant:
    ref = record.get("variant")
    from .errors import VariantError
    from .loader import load_variant, load_variant_data

    try:
        if isinstance(ref, str):
            if base is not None and not Path(ref).is_absolute() and (base / ref).exists():
                return load_variant(base / ref)
            return load_variant(ref)
        if isinstance(ref, Mapping):
            return load_variant_data(ref, "<record variant>", base)
    except (VariantError, OSError) as exc:
        raise RecordError(f"the record's variant does not load: {exc}") from None
    raise RecordError("a record needs 'variant': a built-in name, a path or a mapping")


def _hands(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    if "hands" in record and isinstance(record["hands"], list) and "actions" not in record:
        hands = record["hands"]
    elif "actions" in record:
        hands = [{k: record[k] for k in (*HAND_KEYS, "result") if k in record}]
    else:
        raise RecordError("a record needs 'hands' (or one hand's 'hands' and 'actions' at the top level)")
    for i, h in enumerate(hands):
        if not isinstance(h, Mapping) or "hands" not in h:
            raise RecordError(f"hand {i + 1}: expected a mapping with 'hands', 'widow' and 'actions'")
    return hands


def replay(
    record: Mapping[str, Any] | str | os.PathLike[str], check: bool = True, base_dir: Path | None = None
) -> Game:
    """Replay a record (a mapping or a file), checking every action and each stated result.

    A variant path in the record is read relative to ``base_dir`` (for a file: its folder).
    """
    from .game import Game

    if not isinstance(record, Mapping):
        base_dir = Path(record).resolve().parent if base_dir is None else base_dir
        record = load(record)
    v = _variant(record, base_dir)
    hands = _hands(record)
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RecordError(f"'seed' must be an integer, read {seed!r}")
    # All deals are given before the first hand starts: a hand thrown in as it is dealt
    # (a turned Joker) goes straight on to the next given deal.
    probe = Game(v, seed=0)
    for i, h in enumerate(hands):
        try:
            probe._parse_deal(_deal(h, with_dealer=True))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"hand {i + 1}: {exc}") from None
    deals = [_deal(h, with_dealer=i == 0) for i, h in enumerate(hands)]
    game = Game(v, seed=seed, dealer=hands[0].get("dealer"), deals=deals)
    for i, h in enumerate(hands):
        if game.is_over:
            raise RecordError(f"hand {i + 1}: the game was already over")
        if h.get("dealer") is not None and h["dealer"] != game.dealer:
            raise RecordError(
                f"hand {i + 1}: the record says dealer {h['dealer']}, the rotation gives {game.dealer}"
            )
        done = len(game.hand_results)
        for j, text in enumerate(h.get("actions") or []):
            if len(game.hand_results) > done:
                raise ReplayError(i, j, str(text), "the hand is already over")
            try:
                game.apply(str(text))
            except IllegalActionError as exc:
                raise ReplayError(i, j, str(text), exc.why or str(exc)) from None
        if check and h.get("result") is not None:
            _check_result(game, i, h["result"])
    return game


def _deal(hand: Mapping[str, Any], with_dealer: bool) -> dict[str, Any]:
    deal = {"hands": hand.get("hands"), "widow": hand.get("widow") or []}
    if with_dealer and hand.get("dealer") is not None:
        deal["dealer"] = hand["dealer"]
    return deal


def _check_result(game: Game, i: int, stated: Mapping[str, Any]) -> None:
    if len(game.hand_results) <= i:
        raise RecordError(f"hand {i + 1}: the record gives a result but its actions do not finish the hand")
    r = game.hand_results[i]
    winners = [w for _, _, w in game._log[i]["tricks"]]
    got = {**{k: getattr(r, k) for k in stated if hasattr(r, k)}, "trick_winners": winners}
    for key, value in stated.items():
        if key not in got:
            continue
        mine = list(got[key]) if isinstance(got[key], tuple) else got[key]
        if mine != value:
            raise RecordError(f"hand {i + 1}: the record says {key} {value!r}, the replay gives {mine!r}")
