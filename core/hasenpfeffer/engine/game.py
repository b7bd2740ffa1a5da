"""The game: any variant, hand after hand, through its phase machine.

>>> from hasenpfeffer.format.variant import Variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(Variant(name="x"), deal=deal)
>>> g.phase, g.to_move, [str(a) for a in g.legal_actions()][:3]
(<Phase.BIDDING: 'bidding'>, 0, ['0 pass', '0 bid 1', '0 bid 2'])
>>> g.apply("0 bid 6")
[BidMade(seat=0, bid='6'), WidowTaken(seat=0, cards=(9C,))]
>>> g.phase == "trump", g.to_move, g.view(0).widow
(True, 0, (9C,))
>>> _ = g.apply("0 trump H"), g.apply("0 discard 9C"); g
<Game x hand 1 play, seat 0 to move, scores (0, 0)>

What every seat may know is the view of no seat, ``g.view()``; what one seat may know, its view:

>>> g.view()
<PublicView of x: play, seat 0 to move; trump H by seat 0; scores (0, 0)>
>>> g.view().maker, g.view().bid, g.view(0).hand[:3]
(0, '6', (JD, JH, QH))

A game's attributes are the loop (``phase``, ``to_move``, ``legal_actions``, ``apply`` and
their integer twins), its views, events and record. The cards nobody at the table sees are
behind one door, the functions at the end of this module: :func:`actual_deal` (the hand as
dealt, as cards), :func:`actual_state` (every card where it is now, by id) and
:func:`swap_cards` (for worlds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, overload

from ..format.variant import Variant
from ..rules.actions import Action, ActionSyntaxError, IllegalActionError, LegalActions, as_action
from ..rules.actionspace import ActionSpace, action_space
from ..rules.plan import plan_for
from ..rules.ruleset import Ruleset, compile_variant
from . import transcript
from .dealing import Dealt, dealt_of, parse_deal, swap_dealt
from .draws import DEALER, as_key, below, stream
from .events import Event, HandResult, Trick
from .machine import course_for
from .phases.base import PhaseRules
from .phases.names import Phase
from .phases.plan import PLAN
from .state import Actual, State
from .view import PublicView, View, barred, dealt, imposed, make_public, make_view, resting

__all__ = [
    "Action",
    "Actual",
    "Dealt",
    "Game",
    "HandResult",
    "IllegalActionError",
    "LegalActions",
    "Phase",
    "PublicView",
    "Trick",
    "View",
    "actual_deal",
    "actual_state",
    "swap_cards",
]


class Game:
    """A game of a variant.

    ``deal`` fixes the first hand (``dealer``, ``hands`` by seat, ``widow``); ``deals`` fixes
    the first hands in order (a record's hands). Later hands are shuffled from ``seed``.
    ``plan`` replaces the phases of a hand (:data:`~hasenpfeffer.engine.phases.plan.PLAN`),
    to try a new phase (docs/engine.md). ``barred``: the suits already barred for the game
    (``making.order_up.failed_suit_barred``), and ``resting`` the seat that made trump in the
    last hand and only passes in this one (``making.order_up.last_maker_passes``), and
    ``imposed`` the only suit this hand may make trump (``making.order_up.last_trick_suit``),
    for a game that goes on from another's view, as a world does (ValueError for a suit not in
    the pack, a seat not at the table, or a variant that remembers none of them).
    """

    __slots__ = ("_phases", "_s", "_space")

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        dealer: int | None = None,
        deal: Mapping[str, Any] | None = None,
        *,
        deals: Sequence[Mapping[str, Any]] = (),
        plan: Sequence[PhaseRules] = PLAN,
        barred: Sequence[str] = (),
        resting: int | None = None,
        imposed: str | None = None,
    ) -> None:
        rules = compile_variant(variant)
        p = plan_for(rules)
        course = course_for(rules) if plan is PLAN else course_for(rules, tuple(plan))
        self._phases: dict[str, PhaseRules] = course.phases
        self._space: ActionSpace | None = None
        self._s = s = State.__new__(State)
        s.variant, s.rules, s.plan, s.course = variant, rules, p, course
        s.seed = seed
        s.key = as_key(seed)
        s.scores = (0,) * p.sides
        s.games_won = [0] * p.sides
        s.game_played = 0
        s.barred = 0
        if barred:
            if not p.ordering.failed_barred or not set(barred) <= set(rules.suits):
                raise ValueError(f"suits {', '.join(barred)} cannot be barred in {variant.name}")
            s.barred = sum(1 << rules.suits.index(x) for x in set(barred))
        s.resting = -1
        if resting is not None:
            if not p.ordering.last_maker_passes or not 0 <= resting < variant.players:
                raise ValueError(f"seat {resting} cannot be kept from making trump in {variant.name}")
            s.resting = resting
        s.imposed = -1
        if imposed is not None:
            if not p.ordering.last_trick_suit or imposed not in rules.suits:
                raise ValueError(f"trump {imposed} cannot be imposed in {variant.name}")
            s.imposed = rules.suits.index(imposed)
        s.hand_results = []
        s.winner = None
        s.events = []
        s.ledger = None
        s.legal = None
        given = ([] if deal is None else [deal]) + list(deals)
        s.deals = [parse_deal(p, d) for d in given]
        if given and given[0].get("dealer") is not None:
            dealer = int(given[0]["dealer"])
        if dealer is not None and not 0 <= dealer < p.n:
            raise ValueError(f"the dealer must be a seat from 0 to {p.n - 1}, read {dealer!r}")
        first = below(stream(s.key, DEALER), 0, p.n)[0]
        if dealer is not None and p.dummy[dealer]:
            raise ValueError(f"seat {dealer} is a dummy and never deals")
        s.dealer = p.first_dealer[first] if dealer is None else dealer
        course.start(s)

    # ------------------------------------------------------------------ what is going on

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._s.variant

    @property
    def rules(self) -> Ruleset:
        """The variant's compiled tables (card ids, trick order...)."""
        return self._s.rules

    @property
    def seed(self) -> int | None:
        """The seed the game was created with."""
        return self._s.seed

    @property
    def phase(self) -> Phase:
        """The current phase: ``Phase.BIDDING``, ``Phase.PLAY``, ``Phase.OVER``... (a ``StrEnum``:
        it equals its text, ``"bidding"``)."""
        return self._s.phase

    @property
    def to_move(self) -> int | None:
        """The seat to act (None when the game is over)."""
        return self._s.to_move

    @property
    def actor(self) -> int | None:
        """The player who decides for the seat to move: that seat, or for a dummy
        (``deal.dummies``) its controller, who plays the dummy's cards as ``seat play CARD``
        actions of the dummy's seat; None when the game is over."""
        seat = self._s.to_move
        return None if seat is None else self._s.plan.controllers(self._s.maker)[seat]

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._s.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores by side."""
        return self._s.scores

    @property
    def hand_results(self) -> list[HandResult]:
        """Every finished hand's result, in order."""
        return self._s.hand_results

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over."""
        return self._s.winner

    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order (read it; do not change it)."""
        return self._s.events

    @property
    def is_over(self) -> bool:
        """True when a side has won."""
        return self._s.phase == Phase.OVER

    @property
    def hand_number(self) -> int:
        """Hands dealt so far (thrown-in ones included), counting the current one."""
        return len(self._s.hand_results) + (0 if self.is_over else 1)

    @property
    def deal(self) -> int:
        """The current game's hands played so far (thrown-in hands not counted), the one in
        play counted (none more once the game is over): ``game.deals`` counts them."""
        return dealt(self._s)

    @property
    def barred(self) -> tuple[str, ...]:
        """The suits barred for the rest of the game after failed contracts
        (``making.order_up.failed_suit_barred``), in the pack's order."""
        return barred(self._s)

    @property
    def resting(self) -> int | None:
        """The seat that made trump in the game's last hand with a maker and may only pass in
        this one (``making.order_up.last_maker_passes``); None for none."""
        return resting(self._s)

    @property
    def imposed(self) -> str | None:
        """The only suit this hand may make trump: the suit that won the last trick of the
        game's last hand played (``making.order_up.last_trick_suit``); None for any."""
        return imposed(self._s)

    def __repr__(self) -> str:
        s = self._s
        who = "over" if s.to_move is None else f"seat {s.to_move} to move"
        return f"<Game {s.variant.name} hand {self.hand_number} {s.phase}, {who}, scores {s.scores}>"

    # ------------------------------------------------------------------ acting

    def legal_actions(self) -> LegalActions:
        """The actions the seat to move may take (empty when the game is over)."""
        s = self._s
        legal = s.legal
        if legal is None:
            legal = s.legal = s.current.legal(s)
        return legal

    def can_apply(self, action: Action | str) -> bool:
        """True when ``action`` is legal now."""
        return action in self.legal_actions()

    def apply(self, action: Action | str) -> list[Event]:
        """Take an action (an :class:`Action` or its text) and return the events it caused.

        A refused action raises :class:`IllegalActionError` and leaves the game unchanged.
        """
        s = self._s
        legal = s.legal
        if legal is None:
            legal = self.legal_actions()
        if type(action) is not Action or not tuple.__contains__(legal, action):
            action = self._check(action, legal)
        s.legal = None
        start = len(s.events)
        s.current.apply(s, action)
        return s.events[start:]

    def _check(self, action: Action | str, legal: LegalActions) -> Action:
        try:
            parsed = as_action(action)
        except ActionSyntaxError as exc:
            raise IllegalActionError(action, self.to_move, legal, str(exc)) from None
        if tuple.__contains__(legal, parsed):
            return parsed
        raise IllegalActionError(parsed, self.to_move, legal, self._why(parsed))

    def _why(self, a: Action) -> str:
        """Why a parsed action is refused, in words."""
        s = self._s
        if s.to_move is None:
            return "the game is over"
        if a.seat != s.to_move:
            return f"it is seat {s.to_move}'s turn, not seat {a.seat}'s"
        phase = self._phases[s.phase]
        if a.verb not in phase.verbs:
            return f"'{a.verb}' is not possible in the {s.phase} phase"
        return phase.why(s, a)

    # ------------------------------------------------------------------ integer actions

    @property
    def action_space(self) -> ActionSpace:
        """The variant's fixed action space (see docs/actions.md)."""
        space = self._space
        if space is None:
            space = self._space = action_space(self._s.variant)
        return space

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, in the order of :meth:`legal_actions`."""
        return self.action_space.ids(self.legal_actions())

    def legal_action_mask(self) -> list[bool]:
        """One boolean per id of the action space: True where the action is legal now."""
        return self.action_space.mask(self.legal_actions())

    def apply_id(self, i: int) -> list[Event]:
        """Take the action of id ``i`` for the seat to move (see :meth:`apply`)."""
        seat = self._s.to_move
        if seat is None:
            raise IllegalActionError(f"action id {i}", None, (), "the game is over")
        try:
            action = self.action_space.decode(i, seat)
        except ValueError as exc:
            raise IllegalActionError(f"action id {i}", seat, self.legal_actions(), str(exc)) from None
        return self.apply(action)

    def queue_deal(self, deal: Mapping[str, Any]) -> None:
        """Fix the deal of the next hand still to be dealt (``hands`` by seat, ``widow``)."""
        self._s.deals.append(parse_deal(self._s.plan, deal))

    # ------------------------------------------------------------------ copies, views, records

    def copy(self) -> Game:
        """An independent copy (for rollouts and search)."""
        new = Game.__new__(Game)
        new._phases = self._phases  # noqa: SLF001 - a copy of its own class
        new._s = self._s.copy()  # noqa: SLF001
        new._space = self._space  # noqa: SLF001
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every part of the state, for comparing two games (refusals must not change it)."""
        s = self._s
        skip = ("legal", "ledger", "plan", "course", "current", "rules", "variant")
        return tuple([(slot, repr(getattr(s, slot))) for slot in State.__slots__ if slot not in skip])

    @overload
    def view(self, seat: int) -> View: ...

    @overload
    def view(self, seat: None = None) -> PublicView: ...

    def view(self, seat: int | None = None) -> View | PublicView:
        """What ``seat`` may know now; with no seat, what every seat may know (the public view:
        trump, maker, bid, who is alone, the tricks, the scores...)."""
        if seat is None:
            return make_public(self._s)
        return make_view(self._s, seat, self.legal_actions())

    def record(self) -> dict[str, Any]:
        """The game record (see docs/records.md); it replays to the same result."""
        s = self._s
        return transcript.record(s.variant, s.seed, s.events)


# ---------------------------------------------------------------------- the door to the hidden cards


def actual_deal(game: Game) -> Dealt:
    """The current hand's real deal: every hand and the kitty as dealt, and the cards of every
    discard and gift so far (hidden information: for analysis, tests, and the replay of worlds).

    >>> from hasenpfeffer import load_variant
    >>> g = Game(load_variant("hasenpfeffer"), seed=7)
    >>> for a in ["3 bid 4", "0 pass", "1 pass", "2 pass", "3 trump D"]:
    ...     _ = g.apply(a)
    >>> g.apply("3 discard 9C")  # the maker lays a card away, which only it sees
    [CardsDiscarded(seat=3, cards=(9C,))]
    >>> dealt = actual_deal(g)
    >>> dealt.dealer, dealt.hands[3], dealt.kitty, dealt.set_aside
    (2, (9C, QC, KD, KH, 9S, JS), (AH,), (9C,))
    """
    return dealt_of(game.events)


def actual_state(game: Game) -> Actual:
    """The current hand by card id with every hand in sight (hidden information: for the
    solver, worlds, rollouts in a world and learning adapters, which work on ids). It is the
    game's own state, read as it changes: read it, never change it.

    >>> from hasenpfeffer import load_variant
    >>> game = Game(load_variant("euchre"), seed=1)
    >>> now = actual_state(game)
    >>> [game.rules.faces[c] for c in now.hands[2]] == list(game.view(2).hand), len(now.kitty)
    (True, 4)
    """
    return game._s  # noqa: SLF001 - the one door to the state, beside its class


def swap_cards(game: Game, a: str, b: str) -> None:
    """Swap two cards still where this hand's deal put them, in seats' hands or the kitty
    (neither turned nor taken), as if they had been dealt so. This is how worlds (games built
    on a guess at the unseen cards) move a guess on without replaying it; they check that the
    hand's history still fits. ValueError for a card played, turned, taken, laid away or given.

    >>> from hasenpfeffer import load_variant
    >>> g = Game(load_variant("euchre"), seed=1)
    >>> a, b = actual_deal(g).hands[0][0], actual_deal(g).hands[1][0]
    >>> swap_cards(g, a, b)
    >>> b in actual_deal(g).hands[0], a in actual_deal(g).hands[1]
    (True, True)
    """
    s = game._s  # noqa: SLF001 - the one door to the state, beside its class
    ids = s.rules.card_id
    if a not in ids or b not in ids:
        raise ValueError(f"no card {a if a not in ids else b!r} in the pack")
    swap_dealt(s, ids[a], ids[b])
