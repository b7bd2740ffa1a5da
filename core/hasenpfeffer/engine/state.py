"""The mutable state of a game: plain attributes in slots, so that copies are cheap.

The phases (:mod:`hasenpfeffer.engine.phases`) read and change it; the
:class:`~hasenpfeffer.engine.game.Game` wraps it. Cards are the ids of the compiled
:class:`~hasenpfeffer.rules.ruleset.Ruleset`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..format.variant import Bid, Variant
from ..rules.actions import Action, LegalActions
from ..rules.plan import Plan
from ..rules.ruleset import Ruleset
from .events import Event, HandResult, Trick
from .phases.names import Phase

FixedDeal = tuple[int | None, list[list[int]], list[int]]
"""A given deal: the dealer (or None), hands and kitty as card ids."""
Played = tuple[int, tuple[tuple[int, int], ...], int]
"""A finished trick: leader, (seat, card) in play order, winner."""


class Ledger:
    """A hand's events as far as read (from ``start``, up to ``read``), as views show them: the
    actions, the positions of the discards and gifts among them, the finished tricks.

    The lists only grow while the hand lasts, so a view keeps them with their lengths as a
    snapshot (:mod:`.view`); a copy of the state copies them.
    """

    __slots__ = ("actions", "hidden", "read", "start", "tricks")

    def __init__(self, start: int) -> None:
        self.start = self.read = start
        self.actions: list[Action] = []
        self.hidden: list[int] = []
        self.tricks: tuple[Trick, ...] = ()

    def copy(self) -> Ledger:
        """An independent copy (the lists copied, the tricks shared)."""
        new = Ledger.__new__(Ledger)
        new.start, new.read, new.tricks = self.start, self.read, self.tricks
        new.actions, new.hidden = self.actions[:], self.hidden[:]
        return new


class Course(Protocol):
    """How a hand moves from phase to phase (built from the phases' declarations:
    :class:`hasenpfeffer.engine.machine.Course`)."""

    def leave(self, s: State) -> None:
        """The current phase is done: take the first of its exits whose condition holds now,
        or go on to the next phase of the plan that is wanted now, and enter it."""
        ...


class PhaseRunner(Protocol):
    """The object that plays a phase (:class:`hasenpfeffer.engine.phases.base.PhaseRules`): its
    actions and their effects."""

    def enter(self, s: State) -> None:
        """Begin the phase (it may leave at once: :meth:`.machine.Course.leave`)."""
        ...

    def legal(self, s: State) -> LegalActions:
        """The actions the seat to move may take."""
        ...

    def apply(self, s: State, a: Action) -> None:
        """Carry out a legal action."""
        ...


class Actual(Protocol):
    """A game's current hand by card id, every hand in sight: what
    :func:`~hasenpfeffer.engine.game.actual_state` shows (read it; do not change it).

    The hands and the kitty are hidden information; the rest is public, here as ids and
    indexes for code that works on them (the solver, worlds, rollouts, learning adapters).
    """

    @property
    def hands(self) -> Sequence[Sequence[int]]:
        """Every seat's cards now, sorted."""
        ...

    @property
    def kitty(self) -> Sequence[int]:
        """The cards still in the kitty (neither taken nor turned and taken)."""
        ...

    @property
    def trick(self) -> Sequence[tuple[int, int]]:
        """The trick on the table: (seat, card) in play order."""
        ...

    @property
    def tricks(self) -> Sequence[Played]:
        """This hand's finished tricks: (leader, cards, winner)."""
        ...

    @property
    def trump_i(self) -> int | None:
        """The trump option's index in the ruleset (suits, then no-trump), once made."""
        ...

    @property
    def out(self) -> Sequence[bool]:
        """Which seats sit out this hand."""
        ...

    @property
    def maker(self) -> int | None:
        """The maker, once known."""
        ...

    @property
    def bid_name(self) -> str | None:
        """The contract: a bid's name, or ``order-up``; None before it is made."""
        ...

    @property
    def required(self) -> int:
        """Tricks the makers need."""
        ...

    @property
    def multiplier(self) -> int:
        """The contract's stake multiplier."""
        ...

    @property
    def forced(self) -> bool:
        """The maker was forced after everybody passed."""
        ...

    @property
    def alone(self) -> bool:
        """The maker plays alone."""
        ...

    @property
    def def_alone(self) -> int | None:
        """The seat defending alone, if any."""
        ...

    @property
    def partner(self) -> int | None:
        """The maker's called partner (``partnerships: called``): hidden information until it
        plays the called card."""
        ...

    @property
    def second_partner(self) -> int | None:
        """The second partner the maker named (``making.call.two_partners_from``), else None."""
        ...

    @property
    def high_seat(self) -> int | None:
        """The auction's high bidder so far."""
        ...

    @property
    def led(self) -> int:
        """While a trick is on the table, the effective suit led (an index of the ruleset's
        suits, or the Joker's own in no-trump; after a Joker lead, the suit its leader named)."""
        ...

    @property
    def calling(self) -> bool:
        """The leader has led the Joker in no-trump and is still to name the suit to follow."""
        ...

    @property
    def blind_seat(self) -> int | None:
        """The seat that may not look at its own hand now: the dealer naming a turned Joker's
        suit before looking (``making.order_up.turned_joker_blind``); None: every seat may."""
        ...


class State:
    """Everything that changes during a game."""

    __slots__ = (
        "active",
        "alone",
        "barred",
        "bid_name",
        "called",
        "calling",
        "contract",
        "course",
        "current",
        "dealer",
        "deals",
        "declares",
        "def_alone",
        "discards",
        "discards_left",
        "eff",
        "entering",
        "events",
        "exch",
        "forced",
        "game_played",
        "games_won",
        "hand_events",
        "hand_results",
        "hands",
        "high",
        "high_seat",
        "imposed",
        "key",
        "kitty",
        "lay_away",
        "leader",
        "led",
        "ledger",
        "legal",
        "maker",
        "multiplier",
        "next",
        "offer",
        "out",
        "partner",
        "passed",
        "phase",
        "plan",
        "proposed",
        "redeal_same",
        "required",
        "resting",
        "rules",
        "scores",
        "second_partner",
        "seed",
        "shown",
        "spoken",
        "taken",
        "to_move",
        "trick",
        "tricks",
        "trump_i",
        "turned",
        "variant",
        "weak",
        "widow_taken",
        "winner",
        "won",
    )

    variant: Variant
    rules: Ruleset
    plan: Plan
    course: Course
    seed: int | None
    key: int
    """The key of the game's random draws (:mod:`.draws`): its seed, or a random key."""
    phase: Phase
    current: PhaseRunner
    """The object that plays the current phase (the course's ``phases[phase]``), set with ``phase``."""
    dealer: int
    to_move: int | None
    scores: tuple[int, ...]
    games_won: list[int]
    """Games each side has won in a match (a shut-out counted as the variant says)."""
    game_played: int
    """The hands of the current game played (not thrown in): ``game.deals`` counts them."""
    barred: int
    """The suits barred for the rest of the game (``making.order_up.failed_suit_barred``), a
    bit by suit index."""
    resting: int
    """The seat that made trump in the game's last hand with a maker, which only passes in this
    one (``making.order_up.last_maker_passes``); -1 for none."""
    imposed: int
    """The suit index of the only trump this hand may have: the suit that won the last trick of
    the game's last hand played (``making.order_up.last_trick_suit``); -1 for any."""
    hand_results: list[HandResult]
    winner: int | None
    deals: list[FixedDeal]
    legal: LegalActions | None
    events: list[Event]
    ledger: Ledger | None
    """The current hand's events as views show them, kept by :mod:`.view`."""
    hand_events: int
    # the hand
    hands: list[list[int]]
    kitty: list[int]
    turned: int | None
    proposed: int | None
    """The suit a turned Joker proposes, named by the dealer (None: not named)."""
    widow_taken: tuple[int, ...]
    discards: list[tuple[int, int]]
    high: int
    high_seat: int | None
    passed: list[bool]
    redeal_same: bool
    spoken: int
    maker: int | None
    bid_name: str | None
    contract: Bid | None
    """The bid made (its contract), or None: an order-up, or a forced bid not in the ladder."""
    shown: int | None
    """The seat whose hand is open to every seat (an open contract, after the first trick)."""
    calling: bool
    """The leader of a trick has led the Joker in no-trump and must name the suit to follow."""
    required: int
    multiplier: int
    forced: bool
    trump_i: int | None
    alone: bool
    def_alone: int | None
    out: list[bool]
    discards_left: int
    lay_away: list[tuple[int, int]]
    """Discards owed after the current discarder's: (seat, cards), in order (a dummy taken)."""
    taken: tuple[tuple[int, int, tuple[int, ...]], ...]
    """The dummies taken into hand this hand (``deal.dummies.play: merged``): (dummy, taker,
    its cards), which only the taker has seen."""
    exch: list[tuple[int, int]]
    offer: list[int]
    weak: list[tuple[int, int]]
    declares: list[tuple[int, int]]
    """The declarations still to answer: (seat, index of the set in ``scoring.declarations``)."""
    """The weak-hand offers still to answer: (seat, index of the rule in ``deal.weak_hands``)."""
    called: int | None
    """The card the maker called (``partnerships: called``), once called (None: none)."""
    partner: int | None
    """The called card's holder, the maker's partner (hidden until the card is played)."""
    second_partner: int | None
    """The second player a maker named, after a contract of ``making.call.two_partners_from``
    tricks or more (None: none)."""
    # play
    active: int
    next: list[int]
    eff: list[int]
    entering: int
    """While a phase is entered: 1, or 2 where it left at once (:meth:`.machine.Course.leave`)."""
    led: int
    leader: int
    trick: list[tuple[int, int]]
    tricks: list[Played]
    won: list[int]

    @property
    def naming_joker(self) -> bool:
        """A turned Joker waits for the dealer to name its suit."""
        t = self.turned
        return (
            self.plan.names_turned_joker and t is not None and t == self.rules.joker and self.proposed is None
        )

    @property
    def blind_seat(self) -> int | None:
        """:attr:`Actual.blind_seat`: the dealer while it names a turned Joker's suit blind."""
        blind = self.plan.names_joker_blind and self.phase == Phase.ORDER_UP and self.naming_joker
        return self.dealer if blind else None

    def copy(self) -> State:
        """An independent copy (it deals as the original would: the draws are the key's).

        Lists are copied, everything else is shared (immutable, or tables of the variant);
        every slot is written out, which is several times faster than a loop over them.
        """
        new = State.__new__(State)
        new.active = self.active
        new.alone = self.alone
        new.bid_name = self.bid_name
        new.calling = self.calling
        new.called = self.called
        new.partner = self.partner
        new.second_partner = self.second_partner
        new.contract = self.contract
        new.course = self.course
        new.current = self.current
        new.dealer = self.dealer
        new.deals = self.deals[:]
        new.def_alone = self.def_alone
        new.discards = self.discards[:]
        new.discards_left = self.discards_left
        new.eff = self.eff
        new.entering = self.entering
        new.events = self.events[:]
        new.exch = self.exch[:]
        new.forced = self.forced
        new.games_won = self.games_won[:]
        new.game_played = self.game_played
        new.barred = self.barred
        new.resting = self.resting
        new.imposed = self.imposed
        new.hand_events = self.hand_events
        new.hand_results = self.hand_results[:]
        new.hands = [h[:] for h in self.hands]
        new.high = self.high
        new.high_seat = self.high_seat
        new.kitty = self.kitty[:]
        new.lay_away = self.lay_away[:]
        new.taken = self.taken
        new.leader = self.leader
        new.led = self.led
        new.ledger = None if self.ledger is None else self.ledger.copy()
        new.legal = self.legal
        new.maker = self.maker
        new.multiplier = self.multiplier
        new.next = self.next[:]
        new.offer = self.offer[:]
        new.weak = self.weak[:]
        new.declares = self.declares[:]
        new.out = self.out[:]
        new.passed = self.passed[:]
        new.phase = self.phase
        new.plan = self.plan
        new.proposed = self.proposed
        new.redeal_same = self.redeal_same
        new.required = self.required
        new.rules = self.rules
        new.scores = self.scores
        new.seed = self.seed
        new.key = self.key
        new.shown = self.shown
        new.spoken = self.spoken
        new.to_move = self.to_move
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.trump_i = self.trump_i
        new.turned = self.turned
        new.variant = self.variant
        new.widow_taken = self.widow_taken
        new.winner = self.winner
        new.won = self.won[:]
        return new
