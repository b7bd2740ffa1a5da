"""The game-record format: frozen pydantic models, read through the hardened YAML reader.

A record is data from a stranger: it is read with the same limits as a variant file (size,
depth, aliases, duplicate keys, binary and non-UTF-8 refused), and its structure is checked
by :class:`Record` (or :class:`OneHandRecord`, a file holding a single hand), so that every
mistake is a :class:`~hasenpfeffer.format.errors.Problem` at its line and column.

>>> doc = read_text("variant: hasenpfeffer\\nhands: []\\n", "r.yaml")
Traceback (most recent call last):
...
hasenpfeffer.records.errors.RecordError: r.yaml:2:8: hands: must hold at least 1 item; read []
>>> doc = read_text("variant: euchre\\nhands: [{hands: [[AS]], actions: [0 pass]}]\\n", "r.yaml")
>>> doc.record.hands[0].actions
('0 pass',)
"""

from __future__ import annotations

import os
from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from ..format.errors import MAX_PROBLEMS, Problem, VariantError
from ..format.variant import HAND_CAP, MAX_CARDS, Text, Word
from ..format.yamlload import Document, Loc, parse, read
from .errors import RecordError

MAX_RECORD_BYTES = 8 << 20
"""Largest record file read (8 MiB: a game of a thousand hands takes well under one)."""
MAX_ACTIONS = 2000
"""Most actions in one hand."""
MAX_SCORE = 10**9
"""Largest score (or score change) a record may state."""

Int = Annotated[int, Strict()]
Bool = Annotated[bool, Strict()]
Seat = Annotated[int, Strict(), Field(ge=0, le=7)]
Score = Annotated[int, Strict(), Field(ge=-MAX_SCORE, le=MAX_SCORE)]
CardText = Annotated[str, Strict(), Field(min_length=1, max_length=4)]
ActionText = Annotated[str, Strict(), Field(min_length=1, max_length=80)]
Cards = Annotated[tuple[CardText, ...], Field(max_length=MAX_CARDS)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class HandResult(_Model):
    """What a finished hand gave, as written by the engine; a replay checks every field given."""

    maker: Seat | None = Field(None, description="The maker's seat (null when thrown in).")
    bid: Word | None = Field(None, description="The bid made (its name in the ladder).")
    trump: Annotated[str, Field(max_length=4)] | None = Field(None, description="Trump: C, D, H, S or NT.")
    alone: Bool | None = Field(None, description="The maker went alone.")
    defender_alone: Bool | None = Field(None, description="A defender went alone.")
    thrown_in: Bool | None = Field(None, description="Nobody made trump (or a turned Joker).")
    forced: Bool | None = Field(None, description="The maker was forced after all passed.")
    trick_winners: Annotated[tuple[Seat, ...], Field(max_length=MAX_CARDS)] | None = Field(
        None, description="The seat that won each trick."
    )
    tricks: (
        Annotated[tuple[Annotated[int, Strict(), Field(ge=0, le=MAX_CARDS)], ...], Field(max_length=8)] | None
    ) = Field(None, description="Tricks won by each side.")
    made: Bool | None = Field(None, description="The makers made their bid.")
    score_change: Annotated[tuple[Score, ...], Field(max_length=8)] | None = Field(
        None, description="Points each side gained or lost."
    )
    scores: Annotated[tuple[Score, ...], Field(max_length=8)] | None = Field(
        None, description="Running totals after the hand."
    )
    partner: Seat | None = Field(
        None,
        description="The holder of the card the maker called (`partnerships: called`; null: nobody"
        " held it, or none was called), or the player it named.",
    )
    second_partner: Seat | None = Field(
        None,
        description="The second player the maker named (`making.call.two_partners_from`); absent: none.",
    )


class Hand(_Model):
    """One hand: the deal and every decision."""

    dealer: Seat | None = Field(None, description="The dealer (checked against the rotation).")
    hands: Annotated[tuple[Cards, ...], Field(min_length=1, max_length=8)] = Field(
        description="Each seat's cards as dealt, seat 0 first."
    )
    widow: Cards = Field((), description="The kitty; for order-up variants the turned card first.")
    actions: Annotated[tuple[ActionText, ...], Field(max_length=MAX_ACTIONS)] = Field(
        (), description="Actions as `SEAT VERB [ARG] [alone]`, in order."
    )
    result: HandResult | None = Field(None, description="Written by the engine once the hand is over.")


class GameResult(_Model):
    """The end of a finished game."""

    scores: Annotated[tuple[Score, ...], Field(max_length=8)] = Field(description="Final scores by side.")
    winner: Seat | None = Field(None, description="The winning side (null: no winner).")
    games: Annotated[tuple[Annotated[int, Field(ge=0, le=1000)], ...], Field(max_length=8)] | None = Field(
        None, description="In a match: the games each side won (shut-outs counted as the variant says)."
    )


VariantRef = Annotated[str, Strict(), Field(min_length=1, max_length=1024)] | dict[str, Any]
PlayerName = Annotated[str, Strict(), Field(min_length=1, max_length=100, pattern=r"^[\x21-\x7e]+$")]


class _Head(_Model):
    variant: VariantRef = Field(
        description="A built-in name, a path relative to the record's folder (never leaving it), or"
        " an embedded variant mapping (see the variant schema)."
    )
    seed: Annotated[int, Strict(), Field(ge=0, lt=2**64)] | None = Field(
        None, description="The seed the game was created with."
    )
    players: Annotated[tuple[PlayerName, ...], Field(max_length=8)] | None = Field(
        None,
        description="Who played each seat (`person`, or a built-in bot's name), as saved by"
        " `hasenpfeffer play`; bots named here are never loaded unless they are built in.",
    )
    note: Text | None = Field(None, description="Free text about the game.")


class Record(_Head):
    """A whole game (or a game so far): every hand dealt, in order."""

    hands: Annotated[tuple[Hand, ...], Field(min_length=1, max_length=HAND_CAP + 100)] = Field(
        description="Every hand dealt, thrown-in ones included."
    )
    result: GameResult | None = Field(None, description="Written once the game is over.")


class OneHandRecord(_Head, Hand):
    """A file holding a single hand: the hand's keys at the top level, beside ``variant``."""

    def as_record(self) -> Record:
        """The same as a one-hand :class:`Record`."""
        hand = Hand(
            dealer=self.dealer, hands=self.hands, widow=self.widow, actions=self.actions, result=self.result
        )
        return Record(
            variant=self.variant, seed=self.seed, players=self.players, note=self.note, hands=(hand,)
        )


class ReadRecord(NamedTuple):
    """A record checked against the format, with where each value was written."""

    record: Record
    doc: Document
    file: str
    one_hand: bool = False

    def where(self, *path: str | int) -> Loc:
        """The position of a value (or of the nearest enclosing one)."""
        if self.one_hand and path[:2] == ("hands", 0):
            path = path[2:]
        for n in range(len(path), -1, -1):
            loc = self.doc.locs.get(path[:n])
            if loc is not None:
                return loc
        return Loc(self.file, 1, 1)


def _error(problems: list[Problem]) -> Exception:
    return RecordError.of(problems)


def _deepest(errors: list[Any]) -> list[Any]:
    """Errors without a list's "too short" that only follows from its items' own errors."""
    locs = [tuple(e["loc"]) for e in errors]
    return [
        e
        for e in errors
        if e["type"] != "too_short"
        or not any(len(o) > len(e["loc"]) and o[: len(e["loc"])] == tuple(e["loc"]) for o in locs)
    ]


def check(doc: Document, file: str) -> ReadRecord:
    """Check plain data read from a record file against the format."""
    from ..format.loader import convert

    if isinstance(doc.data.get("$schema"), str):  # for editors only
        doc = Document({k: v for k, v in doc.data.items() if k != "$schema"}, doc.locs, doc.problems)
    one = "actions" in doc.data or (
        isinstance(doc.data.get("hands"), list) and any(isinstance(h, list) for h in doc.data["hands"])
    )
    model: type[BaseModel] = OneHandRecord if one else Record
    try:
        parsed = model.model_validate(doc.data)
    except ValidationError as exc:
        errors = _deepest(exc.errors(include_url=False))
        problems = sorted(convert(errors[:MAX_PROBLEMS], doc, file, model), key=lambda p: (p.line, p.col))
        raise _error(problems) from None
    if doc.problems:
        raise _error(list(doc.problems))
    record = parsed.as_record() if isinstance(parsed, OneHandRecord) else parsed
    assert isinstance(record, Record)
    return ReadRecord(record, doc, file, one)


def read_text(text: str, file: str = "<record>") -> ReadRecord:
    """A record from YAML or JSON text."""
    try:
        doc = parse(text, file, keep_going=True, limit=MAX_RECORD_BYTES)
    except VariantError as exc:
        raise _error(exc.problems) from None
    return check(doc, file)


def read_file(path: str | os.PathLike[str]) -> ReadRecord:
    """A record from a regular file (``-``: standard input)."""
    name = os.fspath(path)
    try:
        doc = read(path, name, keep_going=True, limit=MAX_RECORD_BYTES)
    except VariantError as exc:
        raise _error(exc.problems) from None
    return check(doc, name)


def from_mapping(data: Any, file: str = "<record>") -> ReadRecord:
    """A record from data already in memory (no positions known: problems point at line 1)."""
    if not isinstance(data, dict):
        raise _error([Problem(file, 1, 1, "", "a record must be a mapping with `variant` and `hands`")])
    return check(Document(data, {(): Loc(file, 1, 1)}), file)


def _with_schema_key(schema: dict[str, Any]) -> dict[str, Any]:
    pointer = {"type": "string", "description": "Where this schema is, for editors; ignored."}
    return {**schema, "properties": {"$schema": pointer, **schema["properties"]}}


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a record file (a whole game, or a single hand at the top level)."""
    from ..format.schema import DRAFT

    whole = Record.model_json_schema()
    one = OneHandRecord.model_json_schema()
    defs = {**whole.pop("$defs", {}), **one.pop("$defs", {})}
    return {
        "$schema": DRAFT,
        "$id": "urn:hasenpfeffer:schema:record",
        "title": "Hasenpfeffer game record",
        "description": "The deals and decisions of a game, replayable by `hasenpfeffer replay`.",
        "anyOf": [_with_schema_key(whole), _with_schema_key(one)],
        "$defs": defs,
    }
