"""The variant format: frozen pydantic models, the single source of truth.

A variant file is YAML whose top level is a :class:`Variant`. Everything a
game of the Euchre family may vary (docs/rules.md section 4) is a field here; the
engine reads these fields and never a variant's name.

>>> v = Variant(name="tiny")
>>> v.players, v.pack.size, v.deal.kitty.size
(4, 25, 1)
>>> [b.name for b in v.making.auction.ladder]
['1', '2', '3', '4', '5', '6']
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .cards import JOKER, RANKS, SUIT_NAMES, SUITS, CardError, parse_rank, parse_suit
from .errors import clean, quote

HAND_CAP = 1000
"""Most hands of one game: a game still running after this many hands is stopped unfinished."""
MAX_POINTS = 1000
"""Largest number of points in any scoring field (and the bound of its negative)."""
MAX_MULTIPLIER = 100
"""Largest stake multiplier."""
MAX_CARDS = 100
"""Largest number of cards in a hand, a kitty, a packet or an exchange; most tricks a bid needs."""
MAX_TARGET = 100_000
"""Largest game target."""
SLUG = r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,63}$"
"""What a name is: letters, digits and ``- _ . +``, starting with a letter or digit, at most 64."""
_SLUG = __import__("re").compile(SLUG)


def _yaml_bool_hint(value: Any, expected: str) -> PydanticCustomError:
    word = "true" if value else "false"
    return PydanticCustomError(
        "yaml_boolean",
        "read the boolean {word} (YAML 1.1 reads yes/no/on/off as booleans); expected {expected}:"
        " put it in quotes",
        {"word": word, "expected": expected},
    )


def _rank(value: Any) -> str:
    if isinstance(value, bool):
        raise _yaml_bool_hint(value, "a rank")
    if not isinstance(value, (str, int)):
        raise PydanticCustomError(
            "rank", "a rank (2-9, T, 11-13, J, Q, K, A), read {v}", {"v": quote(repr(value))}
        )
    try:
        return parse_rank(value)
    except CardError as exc:
        raise PydanticCustomError("rank", str(exc)) from None


def _suit(value: Any) -> str:
    if isinstance(value, bool):
        raise _yaml_bool_hint(value, "a suit")
    if not isinstance(value, str):
        raise PydanticCustomError("suit", "a suit (C, D, H, S), read {v}", {"v": quote(repr(value))})
    try:
        return parse_suit(value)
    except CardError as exc:
        raise PydanticCustomError("suit", str(exc)) from None


def _suit_or_joker(value: Any) -> str:
    if isinstance(value, str) and value.strip().upper() == JOKER:
        return JOKER
    return _suit(value)


def _text(value: Any) -> Any:
    if isinstance(value, bool):
        raise _yaml_bool_hint(value, "a string")
    if isinstance(value, (int, float)):
        return str(value)
    return value


Rank = Annotated[
    str,
    BeforeValidator(_rank),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": "^([2-9TJQKAtjqka]|1[0-3])$"},
                {"type": "integer", "minimum": 2, "maximum": 13},
            ],
            "description": "A rank: 2-9, T (or 10), J, Q, K, A.",
        }
    ),
]
Suit = Annotated[
    str,
    BeforeValidator(_suit),
    WithJsonSchema({"type": "string", "pattern": "^[CDHScdhs♣♦♥♠]$", "description": "A suit: C, D, H or S."}),
]
TurnedCard = Annotated[
    str,
    BeforeValidator(_suit_or_joker),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": "^([CDHScdhs♣♦♥♠]|[Jj][Kk])$",
            "description": "A suit (C, D, H or S), or JK: a turned Joker.",
        }
    ),
]


def _slug(value: Any) -> Any:
    value = _text(value)
    if isinstance(value, str) and not _SLUG.match(value):
        raise PydanticCustomError(
            "slug",
            "a name is one word of letters, digits and - _ . + (starting with a letter or digit,"
            " at most 64 characters), read {v}",
            {"v": quote(repr(value))},
        )
    return value


def _plain_text(value: Any) -> Any:
    value = _text(value)
    if isinstance(value, str) and clean(value, lines=True) != value:
        raise PydanticCustomError(
            "text", "control characters are not allowed in text, read {v}", {"v": quote(repr(value))}
        )
    return value


def _word_schema(description: str) -> dict[str, Any]:
    """The JSON Schema of a one-word text (a number reads as text)."""
    return {"type": ["string", "integer"], "pattern": SLUG, "description": description}


Name = Annotated[
    str,
    BeforeValidator(_slug),
    WithJsonSchema(_word_schema("A name: one word of letters, digits and - _ . + (numbers read as text).")),
]
Word = Annotated[
    str,
    BeforeValidator(_text),
    WithJsonSchema(_word_schema("One word of letters, digits and - _ . + (numbers read as text).")),
]
"""A bid's name: checked for its form with the variant's other rules (see the checks)."""
Text = Annotated[
    str,
    BeforeValidator(_plain_text),
    Field(max_length=2000),
    WithJsonSchema(
        {"type": "string", "maxLength": 2000, "pattern": "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f]*$"}
    ),
]


def _whole(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value


Int = Annotated[int, BeforeValidator(_whole), Strict()]
"""A whole number (`2.0` reads as 2): `true` or `"12"` is refused, not read as 1 or 12."""
Bool = Annotated[bool, Strict()]
"""`true` or `false`: `1`, `"t"` or `"yes"` in quotes is refused."""
Float = Annotated[float, Strict()]
"""A number (whole or decimal); text is refused."""


class Model(BaseModel):
    """Base of every section: frozen, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


# --------------------------------------------------------------------------- pack


class Pack(Model):
    """The cards: ranks in each suit, copies of each card, and Jokers."""

    suits: tuple[Suit, ...] = Field(SUITS, description="Suits in the pack.", min_length=1)
    ranks: tuple[Rank, ...] = Field(
        ("9", "T", "J", "Q", "K", "A"),
        description="Ranks in each suit (any order; the natural order is used for ranking).",
        min_length=1,
    )
    suit_ranks: dict[Suit, tuple[Rank, ...]] = Field(
        default_factory=dict,
        max_length=4,
        json_schema_extra={"additionalProperties": False},  # keys: the suits' letters only
        description="Ranks of a suit that differ from `ranks`, by suit: Five Hundred's 43 cards have"
        " 4s in the red suits only (`{H: [4, 5, 6, 7, 8, 9, T, J, Q, K, A], D: [...]}`).",
    )
    copies: Int = Field(1, ge=1, le=4, description="Copies of each suited card (2 for a pinochle pack).")
    jokers: Int = Field(1, ge=0, le=2, description="Number of Jokers (card `JK`).")

    def ranks_of(self, suit: str) -> tuple[str, ...]:
        """The ranks of one suit.

        >>> Pack(suit_ranks={"H": ["4", "A"]}).ranks_of("H"), Pack().ranks_of("S")
        (('4', 'A'), ('9', 'T', 'J', 'Q', 'K', 'A'))
        """
        return self.suit_ranks.get(suit, self.ranks)

    @property
    def all_ranks(self) -> tuple[str, ...]:
        """Every rank of some suit of the pack, in the natural order (low to high)."""
        seen = {r for s in self.suits for r in self.ranks_of(s)}
        return tuple(r for r in RANKS if r in seen)

    @property
    def size(self) -> int:
        """Cards in the pack."""
        return sum(len(self.ranks_of(s)) for s in self.suits) * self.copies + self.jokers


# --------------------------------------------------------------------------- ranking


class Ranking(Model):
    """The order of cards, in trump and in plain suits."""

    joker: Literal["highest", "below-right-bower", "below-left-bower"] = Field(
        "highest", description="Where the Joker ranks in the trump suit (ignored without a Joker)."
    )
    bowers: Bool = Field(
        True,
        description="Jack of trump is the right bower and the other jack of its colour the left"
        " bower, both top trumps; the left bower belongs to the trump suit.",
    )
    order: tuple[Rank, ...] | None = Field(
        None,
        description="Ranks from high to low; default: the natural order (A K Q J T 9 ...)."
        " Must list exactly the pack's ranks.",
    )
    no_trump_joker: Literal["highest", "own-suit"] = Field(
        "highest",
        description="In no-trump: `highest` = the Joker wins any trick it is played to and may be"
        " played only when its holder cannot follow (or leads); `own-suit` = it is a suit of its"
        " own that wins only when led.",
    )

    no_trump_joker_led: Literal["leader-names", "any-card"] = Field(
        "any-card",
        description="In no-trump with the Joker `highest`, when the Joker is led: `leader-names` = the"
        " leader names the suit the others must follow (`0 suit H` after `0 play JK`); `any-card` ="
        " the others may play any card.",
    )

    def high_to_low(self, pack: Pack) -> tuple[str, ...]:
        """Plain-suit ranks from high to low."""
        if self.order is not None:
            return self.order
        return tuple(reversed(pack.all_ranks))


# --------------------------------------------------------------------------- deal


class Kitty(Model):
    """Cards left over after the deal and what happens to them."""

    size: Int = Field(1, ge=0, le=MAX_CARDS, description="Cards left over (the widow, kitty or blind).")
    use: Literal["widow", "turn-up", "unused"] = Field(
        "widow",
        description="`widow`: the maker takes them all and discards as many; `turn-up`: the top"
        " card is turned for an order-up and the rest are unused; `unused`: set aside.",
    )


class HandCount(Model):
    """One test of a dealt hand: how many of its cards have one of some ranks."""

    ranks: tuple[Rank, ...] = Field(
        min_length=1, description="The ranks counted (`[9, T]`: nines and tens; the Joker is never one)."
    )
    at_least: Int | Literal["all"] = Field(
        0, description="The fewest such cards the hand holds (`all`: every card of the hand is one)."
    )
    at_most: Int | None = Field(None, ge=0, description="The most such cards the hand holds (null: any).")
    one_rank: Bool = Field(
        False,
        description="Count only the cards of the one rank among `ranks` the hand holds most of (three"
        " nines or three tens, not two and one).",
    )

    def count(self, ranks: Sequence[str]) -> int:
        """The cards of a hand (by rank) this test counts.

        >>> HandCount(ranks=["9", "T"], one_rank=True).count(["9", "T", "9", "A"])
        2
        """
        if self.one_rank:
            return max(ranks.count(r) for r in self.ranks)
        return sum(r in self.ranks for r in ranks)

    def holds(self, ranks: Sequence[str]) -> bool:
        """Whether a hand (its cards' ranks) passes the test.

        >>> HandCount(ranks=["9", "T"], at_least="all").holds(["9", "T", "9", "T", "T"])
        True
        >>> HandCount(ranks=["A"], at_most=1).holds(["A", "A", "9"])
        False
        """
        n = self.count(ranks)
        least = len(ranks) if self.at_least == "all" else self.at_least
        return n >= least and (self.at_most is None or n <= self.at_most)

    def counted(self, ranks: Sequence[str]) -> list[int]:
        """The places in the hand of the cards counted, lowest rank first (then as held).

        >>> HandCount(ranks=["9", "T"], one_rank=True).counted(["T", "9", "A", "T"])
        [0, 3]
        """
        wanted = self.ranks
        if self.one_rank:
            wanted = (max(self.ranks, key=lambda r: (ranks.count(r), -RANKS.index(r))),)
        places = [i for i, r in enumerate(ranks) if r in wanted]
        return sorted(places, key=lambda i: RANKS.index(ranks[i]))


class WeakHand(Model):
    """A condition on a dealt hand and what its holder may do about it, before trump is made."""

    name: Text = Field(
        min_length=1,
        max_length=64,
        description="What the hand is called, as records say it (`nines and tens`).",
    )
    when: tuple[HandCount, ...] = Field(
        min_length=1,
        max_length=8,
        description="Tests the hand must all pass (`{ranks: [9, T], at_least: all}`).",
    )
    action: Literal["redeal", "swap"] = Field(
        description="`redeal`: the hand is thrown in and dealt again; `swap`: the holder gives `cards` of"
        " the cards the first test counts (lowest first) for as many of the kitty's hidden cards."
    )
    optional: Bool = Field(
        True,
        description="The holder may call it (`0 redeal`, `0 swap`) or keep the hand (`0 pass`); false:"
        " it happens as soon as the hand is dealt.",
    )
    cards: Int = Field(0, ge=0, le=MAX_CARDS, description="Cards swapped with the kitty (action `swap`).")
    dealer: Literal["same-dealer", "next-dealer"] = Field(
        "same-dealer", description="Who deals after a redeal (action `redeal`)."
    )

    def met_by(self, ranks: Sequence[str]) -> bool:
        """Whether a hand (its cards' ranks) meets every test.

        >>> ace_no_face = WeakHand(name="ace no face", action="redeal", when=[
        ...     {"ranks": ["9", "T"], "at_least": 4}, {"ranks": ["A"], "at_most": 1}])
        >>> ace_no_face.met_by(["A", "9", "T", "T", "9"]), ace_no_face.met_by(["A", "9", "T", "J", "9"])
        (True, False)
        """
        return all(t.holds(ranks) for t in self.when)

    def given(self, ranks: Sequence[str]) -> list[int]:
        """The places in the hand of the cards a swap gives: ``cards`` of those the first test
        counts, lowest first."""
        return self.when[0].counted(ranks)[: self.cards]


class Dummies(Model):
    """Hands dealt to seats nobody sits at (two-handed Euchre with a dummy each, three-handed
    Euchre with a dummy for the maker): a dummy is a seat of the table for the deal and the play,
    never bids nor deals, and its cards are played by its controller, whose side scores its tricks.
    """

    seats: tuple[Annotated[Int, Field(ge=0, le=7)], ...] = Field(
        (),
        max_length=7,
        description="Seats dealt a hand that nobody sits at (empty: every seat is a player).",
    )
    controller: Literal["partner", "maker"] = Field(
        "partner",
        description="Who plays a dummy's cards: `partner`, the player of its side (partnerships"
        " alternate), who sees its hand from the deal; `maker`, the maker of each hand, the dummy"
        " on the maker's side for that hand and unseen until trump is made (players each for"
        " themselves).",
    )
    exposed: Bool = Field(
        False,
        description="The dummy's hand is laid face up to every seat once trump is made (one dummy;"
        " false: only its controller sees it; `play: seat` only).",
    )
    hand_size: Annotated[Int, Field(ge=1, le=MAX_CARDS)] | None = Field(
        None,
        description="Cards dealt to each dummy, in one packet in the first round of the deal"
        " (`play: merged` only; default: as many as a player).",
    )
    play: Literal["seat", "merged"] = Field(
        "seat",
        description="How a dummy is played: `seat`, its controller plays its cards from its seat,"
        " in its turn; `merged`, once trump is made its controller takes its cards into their own"
        " hand, unseen by the others, and lays away as many (the published two- and three-handed"
        " forms), and the dummy's seat sits out the play. A maker going alone takes no dummy.",
    )

    def is_dummy(self, seat: int) -> bool:
        """Whether ``seat`` is a dummy.

        >>> d = Dummies(seats=(2, 3))
        >>> d.controller, d.exposed, d.is_dummy(3), d.is_dummy(1)
        ('partner', False, True, False)
        """
        return seat in self.seats

    def floating(self, seat: int) -> bool:
        """Whether ``seat`` is a dummy whose side is the maker's, hand by hand (controller ``maker``)."""
        return self.controller == "maker" and seat in self.seats

    @property
    def merged(self) -> bool:
        """Whether dummies are taken into their controllers' hands (``play: merged``).

        >>> Dummies(seats=(3,), play="merged").merged, Dummies(play="merged").merged
        (True, False)
        """
        return self.play == "merged" and bool(self.seats)


class Deal(Model):
    """How the cards are dealt."""

    hand_size: Annotated[Int, Field(le=MAX_CARDS)] | Literal["all"] = Field(
        6, description="Cards to each player, or `all` to deal the whole pack (no kitty)."
    )
    packets: tuple[Annotated[Int, Field(le=MAX_CARDS)], ...] | None = Field(
        None,
        max_length=MAX_CARDS,
        description="Cards per player in each round of the deal, e.g. [3, 3]; must sum to the hand"
        " size. Default: one packet. (Recorded deals give hands directly.)",
    )
    kitty: Kitty = Field(default_factory=Kitty, description="What is left over.")
    dead_hand: Int = Field(
        0,
        ge=0,
        le=MAX_CARDS,
        description="Cards dealt face down to nobody after the hands and the kitty: out of play for"
        " the hand and seen by nobody (two-handed Five Hundred's dead hand). 0: none.",
    )
    dealer_rotation: Literal["left", "right"] = Field(
        "left", description="Where the deal passes after a hand."
    )
    weak_hands: tuple[WeakHand, ...] = Field(
        (),
        max_length=8,
        description="Conditions on a dealt hand (farmer's hand, nines and tens, ace no face...), asked of"
        " each seat from the dealer's left before trump is made; a seat acts on the first it meets."
        " Empty: every hand is played as dealt.",
    )
    dummies: Dummies = Field(
        default_factory=Dummies,
        description="Hands dealt to seats nobody sits at, played by a controller (two- and"
        " three-handed Euchre with a dummy). Empty: every seat is a player.",
    )


# --------------------------------------------------------------------------- making trump


def _tricks_unless_none(schema: dict[str, Any]) -> None:
    """A bid's JSON Schema: tricks are required, at least 1, unless the bid is to take none."""
    schema["required"] = [k for k in schema.get("required", []) if k != "tricks"]
    schema["if"] = {"properties": {"objective": {"const": "none"}}, "required": ["objective"]}
    schema["then"] = {"properties": {"tricks": {"const": 0}}}
    schema["else"] = {"required": ["tricks"], "properties": {"tricks": {"minimum": 1}}}


TrumpName = Annotated[
    str,
    BeforeValidator(lambda v: "NT" if isinstance(v, str) and v.strip().upper() == "NT" else _suit(v)),
    WithJsonSchema(
        {"type": "string", "pattern": "^([CDHScdhs♣♦♥♠]|[Nn][Tt])$", "description": "A suit or NT."}
    ),
]

LOW_NO_TRUMP = "NTL"
"""Low no-trump, as a bid names it: no trump, and every suit ranks the other way."""
NO_TRUMPS = ("NT", LOW_NO_TRUMP)
"""The trumps that are no trump: high (``NT``) and low (``NTL``)."""


def _bid_trump(value: Any) -> str:
    if isinstance(value, str) and value.strip().upper() in NO_TRUMPS:
        return value.strip().upper()
    return _suit(value)


BidTrump = Annotated[
    str,
    BeforeValidator(_bid_trump),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": "^([CDHScdhs♣♦♥♠]|[Nn][Tt][Ll]?)$",
            "description": "A suit, NT (no-trump) or NTL (low no-trump).",
        }
    ),
]


class Bid(Model):
    """A step of the bid ladder: a number of tricks or a named bid, and the contract it makes.

    A plain bid (``4``) needs its tricks, scores by the ``scoring`` section times its
    multiplier, and leaves trump to be named after the auction. A contract may also fix its
    trump, aim at taking no trick, carry its own points, be played alone or with the hand open,
    and be open to some seats only.
    """

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        strict=False,
        json_schema_extra=lambda schema: _tricks_unless_none(schema),
    )

    name: Word = Field(description="What players say: `4`, `little-pepper`, `6S`, `misere`...")
    tricks: Int = Field(
        ge=0,
        le=MAX_CARDS,
        description="Tricks the making side must take: at least 1 for a contract of tricks; left out"
        " for a contract to take none (`objective: none`).",
    )
    multiplier: Int = Field(
        1,
        gt=0,
        le=MAX_MULTIPLIER,
        description="Stake multiplier for what the makers win or lose by the `scoring` section.",
    )
    trump: BidTrump | None = Field(
        None,
        description="The trump the bid names: a suit, `NT` (no trump; the Joker is the only trump) or"
        " `NTL` (low no-trump: no trump, and in every suit the cards rank the other way, the lowest"
        " winning, as Bid Euchre's low bids play; the Joker keeps its no-trump rank);"
        " null: the maker names trump after the auction.",
    )
    objective: Literal["tricks", "none"] = Field(
        "tricks",
        description="`tricks`: take at least `tricks`; `none`: take no trick at all (misère).",
    )
    points: Annotated[Int, Field(ge=-MAX_POINTS, le=MAX_POINTS)] | None = Field(
        None,
        description="Points the makers score when they make it, fixed (not multiplied, not by the"
        " trick); null: by the `scoring` section.",
    )
    failed_points: Annotated[Int, Field(ge=-MAX_POINTS, le=MAX_POINTS)] | None = Field(
        None,
        description="Points the makers lose when they fail it, fixed; null: `points` when it is set,"
        " else by the `scoring` section.",
    )
    failed_to: Literal["makers", "opponents"] | None = Field(
        None,
        description="Who the failed points go to: `makers` lose them, or each opposing side gains them;"
        " null: as `scoring.failed.to` (against a lone defender, `scoring.failed_alone_defence.to`"
        " where it is set).",
    )
    alone: Bool = Field(
        False,
        description="The maker plays alone: the partners sit out, or with a called partner no card is"
        " called; scored as a lone maker's hand where the bid has no points of its own.",
    )
    exchange: Bool | None = Field(
        None,
        description="Where this bid is played alone (`alone: true`, or its maker going alone): the"
        " lone maker exchanges cards with the partners as `alone.exchange` says (true: even where"
        ' `alone.allowed` is nobody, a pepper\'s "give me your best"), or plays without the'
        ' exchange (false: a pepper\'s "loner"); null: as every lone hand (an exchange where'
        " `alone.allowed` is maker).",
    )
    open: Bool = Field(False, description="The maker's hand is shown to every seat during play.")
    open_from: Literal["first-trick", "lead"] = Field(
        "first-trick",
        description="When an open hand is shown: after the first trick (`first-trick`, Five Hundred's"
        " open misère) or before the opening lead (`lead`, Jambone).",
    )
    defenders_score: Bool = Field(
        True, description="The defenders score `scoring.defenders` in this contract (misère: false)."
    )
    positions: tuple[Annotated[Int, Field(ge=1, le=8)], ...] | None = Field(
        None,
        max_length=8,
        description="Who may bid it, by place from the dealer's left (1 = the dealer's left, the"
        " number of players = the dealer); null: everyone.",
    )
    only_over: Word | None = Field(
        None,
        description="It may be bid only when the high bid is this bid of the ladder or a later one"
        " (misère only after a seven-bid: `only_over: 7S`).",
    )

    def describe(self) -> str:
        """What the bid commits its makers to, in words.

        >>> Bid(name="4", tricks=4).describe()
        '4 tricks'
        >>> Bid(name="7H", tricks=7, trump="H", points=200).describe()
        '7 tricks, trump hearts, 200 points'
        >>> Bid(name="m", objective="none", trump="NT", points=500, alone=True, open=True).describe()
        'no trick, no-trump, alone, hand open after the first trick, 500 points'
        >>> Bid(name="3L", tricks=3, trump="ntl").describe()
        '3 tricks, low no-trump'
        """
        parts = ["no trick" if self.objective == "none" else f"{self.tricks} trick{'s' * (self.tricks != 1)}"]
        if self.trump is not None:
            parts.append(
                {"NT": "no-trump", LOW_NO_TRUMP: "low no-trump"}.get(self.trump)
                or f"trump {SUIT_NAMES[self.trump]}"
            )
        if self.multiplier != 1:
            parts.append(f"{self.multiplier}x stakes")
        if self.alone:
            parts.append("alone")
        if self.open:
            parts.append(
                "hand open " + ("from the lead" if self.open_from == "lead" else "after the first trick")
            )
        if self.points is not None:
            failed = self.points if self.failed_points is None else self.failed_points
            parts.append(f"{self.points} points" + (f", {failed} if failed" if failed != self.points else ""))
        if not self.defenders_score:
            parts.append("defenders score nothing")
        return ", ".join(parts)

    @property
    def contract(self) -> bool:
        """Whether the bid carries more than tricks and a multiplier."""
        return (
            self.trump is not None
            or self.objective != "tricks"
            or self.points is not None
            or self.failed_points is not None
            or self.failed_to is not None
            or self.alone
            or self.open
            or not self.defenders_score
            or self.positions is not None
            or self.only_over is not None
        )

    @model_validator(mode="before")
    @classmethod
    def _from_number(cls, data: Any) -> Any:
        if isinstance(data, int) and not isinstance(data, bool):
            return {"name": str(data), "tricks": data}
        if isinstance(data, dict) and data.get("objective") == "none" and "tricks" not in data:
            return {**data, "tricks": 0}  # a bid to take no trick needs no tricks
        return data


def _ladder(*tricks: int) -> tuple[Bid, ...]:
    return tuple(Bid(name=str(t), tricks=t) for t in tricks)


class Auction(Model):
    """An auction for the right to name trump."""

    ladder: tuple[Bid, ...] = Field(
        default_factory=lambda: _ladder(1, 2, 3, 4, 5, 6),
        description="Bids from lowest to highest; a number is short for a bid of that many tricks."
        " Each bid must be later in the ladder than the current high bid.",
        min_length=1,
        max_length=64,
    )
    style: Literal["until-passes", "one-round"] = Field(
        "until-passes",
        description="`until-passes`: round and round until all but one have passed (a pass is"
        " final); `one-round`: each player bids or passes once, dealer last.",
    )
    pass_final: Bool = Field(
        True,
        description="`until-passes`: a player who passed is out of the auction. False: a player who"
        " passed may bid again in turn; the auction ends when every other player has passed since"
        " the last bid (everyone, when nobody bids).",
    )
    rank: Literal["ladder", "tricks"] = Field(
        "ladder",
        description="How a bid overcalls the high bid. `ladder`: by coming later in the ladder."
        " `tricks`: later in the ladder and for more tricks, so the suits named in bids do not rank"
        " (`7H` does not overcall `7S`); a bid to take no trick, or over one, ranks by the ladder.",
    )
    stuck_dealer: Bool = Field(
        False,
        description="Stick the dealer: when every other player has passed and nobody has bid, the"
        " dealer may not pass but makes any bid open to it (where none is, `all_pass` applies).",
    )


class MustOrder(Model):
    """A turned card that must be ordered up, and by whom (``making.order_up.must_order``).

    >>> MustOrder(suits=["H", "D"], positions=[2, 4]).matches("D", "9")
    True
    >>> MustOrder(ranks=["J", "Q", "K"], positions=[1, 3]).matches("S", None)
    False
    """

    suits: tuple[Suit, ...] = Field(
        (),
        max_length=8,
        description="The turned card's suits it holds for (a turned Joker's: the suit it proposes);"
        " empty: any suit.",
    )
    ranks: tuple[Rank, ...] = Field(
        (),
        max_length=16,
        description="The turned card's ranks it holds for (never a Joker); empty: any rank.",
    )
    positions: tuple[Annotated[Int, Field(ge=1, le=8)], ...] = Field(
        min_length=1,
        max_length=8,
        description="Who must order it up, by place from the dealer's left (1 = the dealer's left,"
        " the number of players = the dealer): the others may only pass, and the last of these to"
        " speak may not pass.",
    )
    alone: Bool = Field(
        False,
        description='The players named who order it up go alone (lisa.baldwin.co.nz, "EK games":'
        ' "if a HEART is the up card, the dealer must pick it up and go alone"); needs lone play'
        " (`alone`). False: alone or not, as they like.",
    )

    def matches(self, suit: str | None, rank: str | None) -> bool:
        """Whether a turned card of this suit and rank (None: a Joker's rank, or no suit) is one."""
        return (not self.suits or suit in self.suits) and (not self.ranks or rank in self.ranks)


class OrderUp(Model):
    """Making trump by ordering up a turned card, then naming a suit.

    From the dealer's left, each player may order the turned card up (its suit is trump, the
    dealer takes the card and discards); when all pass, round two offers the other suits. Three
    house rules change how the turned card speaks: a turned Joker proposes a fixed suit, lets the
    dealer name one first (``turned_joker: dealer-names``), or throws the hand in; a turned card of
    a ``turned_trump`` suit (dirty clubs; a turned Joker, where ``JK`` is listed) is trump at once,
    with the dealer as maker and nobody asked; and ``all_pass.stuck_dealer`` lets a stuck dealer
    alone name the turned-down suit or no-trump.
    """

    rounds: Int = Field(2, ge=1, le=2, description="1: order-up only; 2: then name another suit.")
    turned_suit_barred: Bool = Field(
        True, description="In round two the turned card's suit may not be named."
    )
    dealer_discards: Bool = Field(True, description="The dealer takes the turned card and discards one.")
    dealer_keeps_turned: Bool = Field(
        False,
        description="The dealer who takes the turned card may not lay that card away, but one of"
        " the others (as World of Card Games plays); false: any card.",
    )
    dealer_partner_alone: Bool = Field(
        False, description="Canadian loner: if the dealer's partner orders up, that player must go alone."
    )
    tricks_required: Int = Field(3, ge=1, le=MAX_CARDS, description="Tricks the makers need.")
    turned_joker: Suit | Literal["dealer-names"] | None = Field(
        None,
        description="The suit a turned-up Joker proposes (it is then a card of that suit for the"
        " order-up and the barred suit); `dealer-names`: the dealer names the suit before round one"
        " (`suit S`), and the hand goes on as if a card of that suit was turned (with `JK` in"
        " `turned_trump`, it is trump at once: British Euchre's turned Benny); null: a turned Joker"
        " throws the hand in (same dealer).",
    )
    turned_joker_blind: Bool = Field(
        False,
        description="With `turned_joker: dealer-names`, the dealer names the suit before looking at"
        ' the hand (British Euchre: the suit is chosen "before looking at your cards"): the'
        " dealer's view shows no card of its hand until the suit is named. False: the dealer names"
        " it knowing the hand.",
    )
    turned_trump: tuple[TurnedCard, ...] = Field(
        (),
        max_length=8,
        description="Dirty clubs: a turned card of these suits (a turned Joker proposing one of them"
        " too) makes its suit trump at once; nobody orders up, the dealer is the maker and takes the"
        " card (where `dealer_discards`). `JK`: a turned Joker does, in the suit it proposes"
        " (`turned_joker`: its suit, or the one the dealer names first), as British Euchre's turned"
        " Benny makes the dealer's side the makers. Empty: every turned card is offered.",
    )
    failed_suit_barred: Bool = Field(
        False,
        description='Memory across the hands of a game (lisa.baldwin.co.nz, "EK games": "if a'
        ' player is euchred, that suit cannot be called for remainder of game"): a suit made trump by'
        " makers who failed may not be made trump again in the game, neither ordered up nor named."
        " When every suit is barred the game ends and the higher score wins (level: the bars are"
        " lifted and play goes on). A match's next game starts with none barred.",
    )
    last_maker_passes: Bool = Field(
        False,
        description='Memory across the hands of a game (lisa.baldwin.co.nz, "EK games": "the same'
        ' player may not call twice in a row"): the maker of the last hand that had one may only'
        " pass in this hand, in both rounds. A hand thrown in or played without a maker leaves it"
        " as it was; a match's next game starts with nobody passing. Not with a stuck dealer"
        " (`all_pass.rule: forced`) nor `must_order`, which could leave that player no action.",
    )
    last_trick_suit: Bool = Field(
        False,
        description='Memory across the hands of a game (lisa.baldwin.co.nz, "EK games": "whatever'
        ' suit takes the last trick MUST be the suit called next hand"): the suit of the card that'
        " won the last trick of the game's last hand played (a bower or Joker of trump: the trump"
        " suit) is the only suit that may be made trump in the next, ordered up or named, by"
        " anyone; a last trick won by a card of no suit (a Joker in no-trump) leaves the next hand"
        " free. The game's first hand is free; a hand thrown in leaves it as it was; a match's next"
        " game starts free.",
    )
    take_over: Bool = Field(
        False,
        description='A partner may take the contract alone (Laws of Euchre, 74-75 and 93-94: "if a'
        ' player declares to play alone, his partner may take it from him"): when a player orders'
        " up or names trump, alone or not, each of its partners yet to speak in that round is"
        " asked in turn, `order-up alone` (round two: `trump S alone`, the suit named) taking it"
        " alone, the first maker sitting out, or `pass`. Needs partners and lone play.",
    )
    named_alone: Bool = Field(
        False,
        description='Round two is for loners only (lisa.baldwin.co.nz, "EK games": "if the up card is'
        ' passed on, the hand becomes LONERS only"): a suit named in round two is named alone'
        " (`trump S alone`), by a stuck dealer too. Needs lone play.",
    )
    makers: tuple[Annotated[Int, Field(ge=1, le=8)], ...] = Field(
        (),
        max_length=8,
        description="The places, counted from the dealer's left (1: the dealer's left; the number of"
        " players: the dealer), of the players who may make trump, ordering up or naming a suit, in"
        ' both rounds (lisa.baldwin.co.nz, "EK games": "only the DEALER\'S PARTNER can call trump ...'
        ' first or second time around": `[2]`); the others only pass. Empty: anyone. Not with a'
        " stuck dealer who is not listed, nor `must_order`, nor dummies.",
    )
    must_order: tuple[MustOrder, ...] = Field(
        (),
        max_length=16,
        description="Turned cards that must be ordered up, and by whom (Wacky Suits: a turned heart"
        " by the dealer, a diamond by the dealer's left...; Red/Black Suicide: a red card by the"
        " dealer's side, a black one by the other): in round one only the listed players may order"
        " it up, and the last of them to speak may not pass. The first entry the turned card meets"
        " holds. Empty: anyone may order up or pass.",
    )
    turned_trump_forced: Bool = Field(
        True,
        description="A dealer made maker by `turned_trump` counts as forced, as a stuck dealer does:"
        " a loss is scaled by `all_pass.failure_multiplier`. False: scored as any order-up.",
    )
    turned_trump_maker: Literal["dealer", "nobody"] = Field(
        "dealer",
        description="Who makes a `turned_trump` suit trump: `dealer`, made maker as above; `nobody`:"
        " the hand is played without a maker (Buck Euchre's dirty clubs), nobody drops out, the"
        " dealer's left leads, and it is scored by `scoring.no_maker`.",
    )


class StuckDealer(Model):
    """What only a stuck dealer may name in order-up's last round (stick the dealer)."""

    turned_suit: Bool = Field(
        False,
        description="The stuck dealer may name the turned card's suit although"
        " `order_up.turned_suit_barred` bars it to the others.",
    )
    no_trump: Bool = Field(
        False,
        description="The stuck dealer may name no-trump (`trump NT`) although `making.no_trump` is off"
        " for the others.",
    )


class AllPass(Model):
    """What happens when nobody makes trump."""

    rule: Literal["throw-in", "forced", "play"] = Field(
        "forced",
        description="`throw-in`: the hand is thrown in and redealt; `forced`: a player is made"
        " maker (auction: at `bid`; order-up: the dealer must name a suit in the last round);"
        " `play`: the hand is played without a maker at `trump` (auction: when nobody bids;"
        " order-up: when all pass in the last round), the kitty and the turned card left"
        " untouched and the dealer's left leading, each side scoring `per_trick` a trick.",
    )
    forced: Literal["joker-holder", "dealer"] = Field("joker-holder", description="Who is forced.")
    bid: Word = Field(
        "3",
        description="The bid the forced player is made to make (auction): a bid of the ladder, or a"
        " number of tricks, which may be below the ladder's lowest bid.",
    )
    redeal: Literal["same-dealer", "next-dealer"] = Field(
        "same-dealer",
        description="Who deals after a throw-in (also used when the Joker holder is forced but the"
        " Joker lies in the widow).",
    )
    failure_multiplier: Float = Field(
        1.0,
        ge=0,
        le=MAX_MULTIPLIER,
        description="Multiplier on a forced player's loss when set (0.5: loses only half; 0: nothing).",
    )
    trump: TrumpName = Field(
        "NT", description="The trump of a hand played when all pass (rule `play`): a suit or `NT`."
    )
    per_trick: Annotated[Int, Field(ge=0, le=MAX_POINTS)] = Field(
        10, description="Points each side scores a trick in a hand played when all pass (rule `play`)."
    )
    stuck_dealer: StuckDealer = Field(
        default_factory=StuckDealer,
        description="Order-up with `rule: forced`: exceptions for the stuck dealer alone, in the last"
        " round after everyone else passed.",
    )


class Call(Model):
    """Calling a partner (``partnerships: called``): once trump is made (and any discard laid
    away), the maker calls a card (``0 call AS``); whoever holds it is the maker's partner for
    the hand, unknown to the others until it is played (the holder may not say so before). A card nobody holds (in the kitty, or
    discarded) leaves the maker alone. Five-handed Euchre (bradwilson.io, "Call-Your-Partner
    Euchre"; Wikipedia, "Five-Handed Euchre"). Or the maker names another player
    (``by: seat``, ``0 call 2``), the partner known to all at once, and two players after a
    contract of ``two_partners_from`` tricks or more: Five Hundred for five (bicyclecards.com,
    "Five-Hand Five Hundred").
    """

    by: Literal["card", "seat"] = Field(
        "card",
        description="How the partner is called: by a `card` (`0 call AS`), its holder the partner,"
        " unknown to the others until it is played; or by `seat`, the maker naming any other"
        " player (`0 call 2`), the partner known to all at once.",
    )
    cards: Literal["any", "plain", "best-trump"] = Field(
        "any",
        description="What may be called: `any` card; a `plain` card (not a trump); or `best-trump`,"
        " the highest trump the maker does not hold (the call is then forced).",
    )
    own: Bool = Field(
        False,
        description="A card of the maker's own hand may be called (the maker then plays alone);"
        " false: only a card the maker does not hold.",
    )
    alone: Bool = Field(
        False,
        description="The maker may call no card and play alone (`0 call alone`). A maker with no"
        " card it may call (the best trump it lacks, where it holds every trump) plays alone so.",
    )
    two_partners_from: Annotated[Int, Field(ge=1, le=MAX_CARDS)] | None = Field(
        None,
        description="With `by: seat`: a contract of at least this many tricks has the maker name"
        " two partners, one call after the other (`0 call 2`, then `0 call 4`), the three a side"
        ' against the others: Five Hundred for five (bicyclecards.com: "if the player bids eight'
        ' or more tricks, he may name any two partners"). Null: one partner at most.',
    )


class Making(Model):
    """How the maker and trump are decided."""

    method: Literal["auction", "order-up"] = Field("auction", description="Auction or order-up.")
    auction: Auction = Field(default_factory=Auction, description="The auction (method `auction`).")
    order_up: OrderUp = Field(default_factory=OrderUp, description="Order-up rounds (method `order-up`).")
    no_trump: Bool = Field(False, description="The maker may name no-trump (`trump NT`).")
    all_pass: AllPass = Field(default_factory=AllPass, description="When everybody passes.")
    call: Call | None = Field(
        None,
        description="Calling a partner once trump is made (`partnerships: called`; null: the"
        " defaults of each field there).",
    )


# --------------------------------------------------------------------------- alone, leads


class Exchange(Model):
    """Cards a lone player exchanges with the partner who sits out."""

    cards: Int = Field(0, ge=0, le=MAX_CARDS, description="Cards passed each way (0: no exchange).")
    best: Bool = Field(
        False, description="The partner must give their best cards (highest in the trump order)."
    )
    lone_defender: Bool = Field(False, description="A lone defender exchanges with their partner too.")


class DropOut(Model):
    """Dropping out: once trump is made, each player but the maker may sit the hand out.

    Asked from the maker's left round to the maker's right (``0 drop``, else ``0 pass`` to stay
    in); a player who drops out lays the hand aside (its cards are out of play) and scores
    nothing for the hand. Buck Euchre (pagat.com).
    """

    allowed: Bool = Field(
        False, description="Each player other than the maker may drop out once trump is made."
    )
    when_turned_trump: Bool = Field(
        False,
        description="Players may drop out also when the turned card made trump at once"
        " (`making.order_up.turned_trump`, dirty clubs); false: after a turned club nobody may.",
    )


class Alone(Model):
    """Going alone: the partner sits out; dropping out (``drop_out``): a player sits out."""

    allowed: Literal["nobody", "maker"] = Field(
        "maker", description="Who may go alone (the maker, when naming trump or ordering up)."
    )
    lone_defence: Bool = Field(
        True, description="When the maker goes alone, one defender (from the maker's left) may too."
    )
    lone_defence_against: Literal["lone-maker", "any-maker"] = Field(
        "lone-maker",
        description="`lone-maker`: lone defence is offered only against a lone maker; `any-maker`:"
        " also when the maker plays with the partner (then only the lone defender's partner sits out).",
    )
    lone_defence_order: Literal["maker-left", "dealer-left"] = Field(
        "maker-left",
        description="Which defender is offered lone defence first: the maker's left or the dealer's left.",
    )
    exchange: Exchange = Field(default_factory=Exchange, description="Card exchange with the partner.")
    drop_out: DropOut = Field(
        default_factory=DropOut,
        description="Dropping out once trump is made (Buck Euchre; players each for themselves).",
    )


class Leads(Model):
    """Who leads to the first trick."""

    first: Literal["dealer-left", "maker"] = Field("dealer-left", description="Normal first lead.")
    alone: Literal["lone-left", "unchanged"] = Field(
        "lone-left", description="When one player is alone: the player to the lone player's left leads."
    )
    both_alone: Literal["defender", "maker", "unchanged"] = Field(
        "defender",
        description="When a maker and a defender are both alone: who leads (`unchanged`: the"
        " `first` rule, passing over players who sit out).",
    )


# --------------------------------------------------------------------------- scoring


class Points(Model):
    """Points as a formula of the tricks taken and the bid.

    ``fixed + per_trick * tricks + per_bid_trick * bid``, unless ``table`` has an
    entry for the tricks taken, which is used instead.
    """

    fixed: Int = Field(0, ge=-MAX_POINTS, le=MAX_POINTS, description="Points regardless of tricks.")
    per_trick: Int = Field(0, ge=0, le=MAX_POINTS, description="Points for each trick taken.")
    per_bid_trick: Int = Field(0, ge=0, le=MAX_POINTS, description="Points for each trick bid.")
    table: dict[
        Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)],
        Annotated[int, Field(ge=-MAX_POINTS, le=MAX_POINTS)],
    ] = Field(
        default_factory=dict,
        max_length=MAX_CARDS + 1,
        description="Tricks taken -> points, overriding the formula.",
    )

    def value(self, tricks: int, bid: int) -> int:
        """Points for taking ``tricks`` on a bid of ``bid``.

        >>> Points(per_trick=1).value(4, 3), Points(table={5: 2}, fixed=1).value(5, 3)
        (4, 2)
        """
        if tricks in self.table:
            return self.table[tricks]
        return self.fixed + self.per_trick * tricks + self.per_bid_trick * bid


class Failed(Points):
    """What a set (failed) making side loses, or its opponents gain."""

    to: Literal["makers", "opponents"] = Field(
        "makers",
        description="`makers`: the makers lose the points; `opponents`: each opposing side gains them.",
    )


class Slam(Model):
    """Points for taking every trick of the hand, fixed (never multiplied)."""

    points: Int = Field(ge=-MAX_POINTS, le=MAX_POINTS, description="The slam's points.")
    rule: Literal["floor", "fixed", "bonus"] = Field(
        "floor",
        description="`floor`: the makers score at least `points` (Five Hundred: 250 or the bid's"
        " value if higher); `fixed`: exactly `points`; `bonus`: `points` on top of the contract's.",
    )

    def score(self, pts: int) -> int:
        """The makers' points when they take every trick, from their contract's ``pts``.

        >>> [Slam(points=250, rule=r).score(300) for r in ("floor", "fixed", "bonus")]
        [300, 250, 550]
        """
        if self.rule == "floor":
            return max(pts, self.points)
        if self.rule == "fixed":
            return self.points
        return pts + self.points


class Declaration(Model):
    """A set of cards its holder may show, once trump is made and before the first lead, to
    score at once (Jamboree: the five highest trumps, 16 points; four of a kind). Where several
    seats hold sets, the higher set wins: a set listed earlier is higher, and of one pattern of
    ranks the higher ranks (four aces over four kings)."""

    name: Name = Field(
        description="What the set is called, as the holder declares it (`0 declare jamboree`)."
    )
    holding: Literal["top-trumps", "ranks"] = Field(
        "top-trumps",
        description="`top-trumps`: the `cards` highest trumps of the suit made trump (bowers and Joker"
        " included); `ranks`: cards of the same rank in the groups of `groups` (four of a kind, a"
        " full house), by rank as printed, whatever the trump (a Joker has no rank).",
    )
    cards: Int = Field(ge=1, le=MAX_CARDS, description="How many cards the set holds.")
    groups: Annotated[tuple[Annotated[Int, Field(ge=1, le=MAX_CARDS)], ...], Field(max_length=6)] | None = (
        Field(
            None,
            description="With `holding: ranks`, the pattern: how many cards of one rank each group holds,"
            " each group of another rank, adding up to `cards` (`[3, 2]`: a full house); null: one group"
            " of `cards` (four of a kind: `cards: 4`).",
        )
    )
    points: Int = Field(ge=1, le=MAX_POINTS, description="Points to the holder's side, at once.")
    wins_game: Bool = Field(
        False,
        description="The holder's side wins the game at once, whatever the scores (EK Games' four of a"
        ' kind: "that team wins"); in a match, that game.',
    )
    ends_hand: Bool = Field(
        True,
        description="The hand ends when the set is shown: it is scored at once, its tricks not played"
        " (only `true` is played today).",
    )

    @property
    def pattern(self) -> tuple[int, ...]:
        """The sizes of the same-rank groups of a ``ranks`` set, largest first.

        >>> Declaration(name="boat", holding="ranks", cards=5, groups=(2, 3), points=6).pattern
        (3, 2)
        >>> Declaration(name="four", holding="ranks", cards=4, points=10).pattern
        (4,)
        """
        return tuple(sorted(self.groups or (self.cards,), reverse=True))


class NoMaker(Model):
    """A hand played without a maker (``making.all_pass.rule: play``, or a turned trump with
    ``making.order_up.turned_trump_maker: nobody``): each side scores its tricks, and each side
    short of ``minimum`` tricks is charged ``short`` a trick short (Buck Euchre's dirty clubs:
    everyone must take a trick, pagat.com)."""

    per_trick: Annotated[Int, Field(ge=0, le=MAX_POINTS)] | None = Field(
        None, description="Points a side scores a trick (null: `making.all_pass.per_trick`)."
    )
    minimum: Int = Field(0, ge=0, le=MAX_CARDS, description="Tricks each side must take (0: none).")
    short: Annotated[Int, Field(ge=0, le=MAX_POINTS)] = Field(
        0, description="Points a side loses for each trick it is short of `minimum`."
    )

    def points(self, per_trick: int, taken: int) -> int:
        """What a side scores that took ``taken`` tricks at ``per_trick`` points a trick.

        >>> NoMaker(minimum=1, short=5).points(1, 0), NoMaker(minimum=2, short=5).points(1, 3)
        (-5, 3)
        """
        return per_trick * taken - self.short * max(0, self.minimum - taken)


class Scoring(Model):
    """How a hand is scored."""

    made: Points = Field(
        default_factory=lambda: Points(per_trick=1), description="Makers who make their bid."
    )
    made_alone: Points | None = Field(
        None, description="A lone maker who makes it (default: `made` x `alone_multiplier`)."
    )
    failed: Failed = Field(default_factory=lambda: Failed(per_trick=1), description="Makers who fail.")
    failed_alone_defence: Failed | None = Field(
        None, description="Makers set by a lone defender (default: `failed`)."
    )
    defenders: Points = Field(
        default_factory=Points, description="Each defending side, for its tricks, every hand."
    )
    slam: Slam | None = Field(
        None,
        description="Makers of a contract of tricks who take every trick (null: no slam rule).",
    )
    alone_multiplier: Int = Field(
        2, ge=1, le=MAX_MULTIPLIER, description="Multiplier on a lone maker's result."
    )
    multiply_failed_alone: Bool = Field(
        True, description="Apply `alone_multiplier` to a lone maker's loss too."
    )
    declarations: tuple[Declaration, ...] = Field(
        (),
        max_length=8,
        description="Sets of cards a player may show before the first lead to score at once"
        " (Jamboree, four of a kind); the first its hand holds is offered, and once one is shown"
        " only players holding a higher set (listed earlier, or higher ranks) are asked on.",
    )
    bucked: Annotated[Int, Field(ge=-MAX_POINTS, le=MAX_POINTS)] | None = Field(
        None,
        description="A side that stayed in (did not drop out) and took no trick scores this in place of"
        " anything else for the hand, makers too (Buck Euchre: bucked, -5 where scores count up to"
        " the target); null: no such rule.",
    )
    no_maker: NoMaker = Field(
        default_factory=NoMaker,
        description="A hand played without a maker: each side's tricks, and a charge for each trick"
        " a side is short of a minimum.",
    )

    def made_points(
        self, taken: int, required: int, multiplier: int, alone: bool, fixed: int | None, slam: bool
    ) -> int:
        """What makers score who took ``taken`` tricks of ``required``: a contract's ``fixed``
        points, or ``made`` (``made_alone``) times the multipliers; by ``slam`` when they took all.

        >>> Scoring().made_points(5, 3, 2, True, None, False)
        20
        """
        if fixed is not None:
            pts = fixed
        elif alone and self.made_alone is not None:
            pts = self.made_alone.value(taken, required) * multiplier
        else:
            pts = self.made.value(taken, required) * (self.alone_multiplier if alone else 1) * multiplier
        return self.slam.score(pts) if slam and self.slam is not None else pts


class GameEnd(Model):
    """When the game ends."""

    target: Annotated[Int, Field(ge=1, le=MAX_TARGET)] | None = Field(
        10, description="Points to win; null: none, the game is played for its `deals`."
    )
    deals: Annotated[Int, Field(ge=1, le=HAND_CAP)] | None = Field(
        None,
        description="The game ends after this many deals played, the higher score winning (a round"
        " of tournament or progressive Euchre: 8, each of four players dealing twice); a hand thrown"
        " in does not count. With a `target` too, reaching it ends the game sooner. Sides level after"
        " the last deal: the makers of that hand win where they are among them (`tie: makers`), else"
        " another deal is played. Null: no such limit.",
    )
    tie: Literal["makers", "higher", "play-on"] = Field(
        "makers",
        description="Several sides reach the target on one hand: the makers win, the higher score wins, or play on.",
    )

    @property
    def scale(self) -> int:
        """The points a score is measured against (an observation's scores are fractions of
        it): the target, else the deals of a game without one.

        >>> GameEnd().scale, GameEnd(target=None, deals=8).scale
        (10, 8)
        """
        return self.target if self.target is not None else self.deals or 1

    must_bid_out: Bool = Field(False, description="A side can only reach the target by making a bid.")
    win_by_defeat: Bool = Field(
        False,
        description="With `must_bid_out`: a side may also win by reaching the target on a hand in which"
        ' it defeated the makers\' bid ("win on a made or defeated bid").',
    )
    lose_at: Annotated[Int, Field(ge=-MAX_TARGET, le=0)] | None = Field(
        None,
        description="A side whose score is at or below this after a hand loses: the game ends and the"
        " best other side wins (Five Hundred: -500); null: no losing score.",
    )


class Match(Model):
    """Several games played on, the first side to win enough of them winning the match."""

    wins: Int = Field(
        2, ge=1, le=100, description="Games a side must win to win the match (2: best of three)."
    )
    shut_out: Int = Field(
        1,
        ge=1,
        le=10,
        description="Games a game counts for when every other side ends it at 0 points or fewer (a"
        " shut-out, or skunk; 2: it counts double).",
    )
    laps: Bool = Field(
        False,
        description="Points beyond the target carry into the next game of the match (the others start"
        " from 0).",
    )


# --------------------------------------------------------------------------- variant


class Variant(Model):
    """A complete game of the Euchre family."""

    name: Name = Field(description="Short name, used on the command line.")
    description: Text = Field("", description="One line about the variant and its sources.")
    extends: str | None = Field(
        None,
        description="A built-in name or a relative path whose rules this file changes; resolved"
        " by the loader (absent from a resolved variant).",
    )
    replace: tuple[str, ...] = Field(
        (),
        max_length=64,
        description="Dotted keys (`scoring.made`) whose value in this file replaces the inherited one"
        " instead of merging with it; a key listed but not given goes back to its default."
        " Resolved by the loader with `extends` (absent from a resolved variant).",
    )
    players: Int = Field(4, ge=2, le=8, description="Number of players (seats 0.. clockwise).")
    partnerships: Literal["alternate", "none", "called"] = Field(
        "alternate",
        description="`alternate`: two teams sitting alternately (0 and 2 against 1 and 3; with six"
        " players 0-2-4 against 1-3-5); `none`: every player for themselves; `called`: each"
        " player keeps its own score, the maker calling a partner for each hand (`making.call`).",
    )
    pack: Pack = Field(default_factory=Pack, description="The cards.")
    ranking: Ranking = Field(default_factory=Ranking, description="Card order.")
    deal: Deal = Field(default_factory=Deal, description="The deal.")
    making: Making = Field(default_factory=Making, description="Making trump.")
    alone: Alone = Field(default_factory=Alone, description="Going alone.")
    leads: Leads = Field(default_factory=Leads, description="First lead.")
    scoring: Scoring = Field(default_factory=Scoring, description="Scoring.")
    game: GameEnd = Field(default_factory=GameEnd, description="Game end.")
    match: Match | None = Field(
        None, description="A match of several games (null: one game is the whole contest)."
    )

    def __hash__(self) -> int:
        return _canonical(self)[1]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Variant):
            return NotImplemented
        return _canonical(self)[0] == _canonical(other)[0]

    @property
    def key(self) -> str:
        """The variant as canonical JSON: equal variants have equal keys (computed once)."""
        return _canonical(self)[0]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side (one per player without partnerships)."""
        if self.partnerships != "alternate":
            floating = self.deal.dummies.floating
            return tuple((s,) for s in range(self.players) if not floating(s))
        return tuple(tuple(range(t, self.players, 2)) for t in range(2))

    def team_of(self, seat: int) -> int:
        """The side a seat plays for (also :meth:`side_of`); a dummy that plays for the maker
        (``deal.dummies.controller: maker``) is given side 0 here, and the maker's side in a
        hand by :meth:`side_in_hand`."""
        if self.partnerships == "alternate":
            return seat % 2
        floating = self.deal.dummies.floating
        if not self.deal.dummies.seats or not floating(seat):
            return seat - sum(1 for q in range(seat) if floating(q))
        return 0

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: a team, or the player itself without partnerships.

        >>> v = Variant(name="x")
        >>> v.side_of(3), v.partners(3), Variant(name="y", partnerships="none").partners(3)
        (1, (1,), ())
        """
        return self.team_of(seat)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of a seat's side, from its left round the table."""
        n, side, floating = self.players, self.team_of(seat), self.deal.dummies.floating
        if floating(seat):
            return ()
        return tuple(q for k in range(1, n) if self.team_of(q := (seat + k) % n) == side and not floating(q))

    def controller_of(self, seat: int) -> int:
        """The player who decides for ``seat``: the seat itself, or for a dummy
        (``deal.dummies``) its controller, the first of its partners that is no dummy.

        >>> v = Variant(name="x", deal={"dummies": {"seats": [2, 3]}})
        >>> [v.controller_of(q) for q in range(4)]
        [0, 1, 0, 1]
        """
        dummies = self.deal.dummies
        if not dummies.is_dummy(seat):
            return seat
        return next((q for q in self.partners(seat) if not dummies.is_dummy(q)), seat)

    def controller_in_hand(self, seat: int, maker: int | None) -> int:
        """:meth:`controller_of` in a hand whose maker is ``maker``: a dummy played by the maker
        is the maker's once trump is made (and nobody's, its own, before).

        >>> v = Variant(name="x", partnerships="none", alone={"allowed": "nobody"},
        ...     deal={"dummies": {"seats": [3], "controller": "maker"}})
        >>> v.controller_in_hand(3, 1), v.controller_in_hand(3, None), v.teams
        (1, 3, ((0,), (1,), (2,)))
        """
        if self.deal.dummies.floating(seat):
            return seat if maker is None else maker
        return self.controller_of(seat)

    def side_in_hand(self, seat: int, maker: int | None) -> int:
        """The side ``seat`` plays for in a hand whose maker is ``maker``: :meth:`team_of`, but
        a dummy played by the maker plays for the maker's side.

        >>> v = Variant(name="x", partnerships="none", alone={"allowed": "nobody"},
        ...     deal={"dummies": {"seats": [1], "controller": "maker"}})
        >>> [v.side_in_hand(q, 3) for q in range(4)], v.team_of(3)
        ([0, 2, 1, 2], 2)
        """
        if maker is not None and self.deal.dummies.floating(seat):
            return self.team_of(maker)
        return self.team_of(seat)

    def dummy_takers(self, maker: int | None, alone: bool) -> tuple[tuple[int, int], ...]:
        """The dummies taken into hand once trump is made (``deal.dummies.play: merged``), each
        as (dummy, taker) in seat order: by the maker, or each by its side's player, but none by
        a maker going alone (nor any without a maker). Empty unless dummies are merged.

        >>> v = Variant(name="x", deal={"dummies": {"seats": [2, 3], "play": "merged"}})
        >>> v.dummy_takers(1, False), v.dummy_takers(1, True), v.dummy_takers(None, False)
        (((2, 0), (3, 1)), ((2, 0),), ())
        """
        if not self.deal.dummies.merged or maker is None:
            return ()
        found = []
        for q in self.deal.dummies.seats:
            by = self.controller_in_hand(q, maker)
            if by != q and not (alone and by == maker):
                found.append((q, by))
        return tuple(sorted(found))

    @property
    def calling(self) -> Call | None:
        """How the maker calls a partner (``partnerships: called``; the defaults where
        ``making.call`` is not given), else None."""
        if self.partnerships != "called":
            return None
        return self.making.call or Call()

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        if self.deal.hand_size == "all":
            return (self.pack.size - self.left_over) // self.players
        return self.deal.hand_size

    @property
    def left_over(self) -> int:
        """Cards not dealt to a seat: the kitty's and a dead hand's (``deal.dead_hand``)."""
        return self.deal.kitty.size + self.deal.dead_hand

    @property
    def dealt_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each seat: :attr:`hand_size`, or a dummy's own ``deal.dummies.hand_size``.

        >>> Variant(name="x", deal={"hand_size": 5, "kitty": {"size": 8},
        ...     "dummies": {"seats": [2, 3], "play": "merged", "hand_size": 3}}).dealt_sizes
        (5, 5, 3, 3)
        """
        d, hand = self.deal.dummies, self.hand_size
        own = d.hand_size
        return tuple(own if own is not None and d.is_dummy(q) else hand for q in range(self.players))

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a hand (the hand size after any widow exchange)."""
        return self.hand_size

    def bid(self, name: str) -> Bid:
        """A bid of the ladder by name."""
        for b in self.making.auction.ladder:
            if b.name == name:
                return b
        raise KeyError(name)


_CANONICAL: dict[int, tuple[weakref.ref[Variant], str, int]] = {}


def _forget(ident: int, memo: dict[int, tuple[weakref.ref[Variant], str, int]]) -> Callable[[object], None]:
    """A finalizer that drops one memo entry; it holds the memo, which outlives the module at exit."""

    def drop(_: object) -> None:
        memo.pop(ident, None)

    return drop


def _canonical(v: Variant) -> tuple[str, int]:
    """The variant's JSON and hash, kept while the variant lives (variants are frozen)."""
    found = _CANONICAL.get(id(v))
    if found is not None and found[0]() is v:
        return found[1], found[2]
    text = v.model_dump_json()
    ident = id(v)
    ref = weakref.ref(v, _forget(ident, _CANONICAL))
    _CANONICAL[ident] = (ref, text, hash(text))
    return text, hash(text)
