"""The game: any variant, hand after hand, through its phase machine.

>>> from hasenpfeffer.format.variant import Variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(Variant(name="x"), deal=deal)
>>> g.phase, g.to_move, [str(a) for a in g.legal_actions()][:3]
('bidding', 0, ['0 pass', '0 bid 1', '0 bid 2'])
>>> for a in ["0 bid 6"]: g.apply(a)
>>> g.phase, g.to_move, [str(c) for c in g.view(0).widow]
('trump', 0, ['9C'])
>>> g.apply("0 trump H"); g.apply("0 discard 9C"); g
<Game x hand 1 play, seat 0 to move, scores (0, 0)>
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..format.variant import Variant
from ..rules.actions import Action, ActionSyntaxError, IllegalActionError, LegalActions, as_action
from ..rules.plan import plan_for
from ..rules.ruleset import compile_variant
from .dealing import Dealing
from .scoring import game_winner, score_hand
from .state import GameState
from .view import HandResult, Trick, View

__all__ = ["Action", "Game", "HandResult", "IllegalActionError", "LegalActions", "Trick", "View"]

_NONE = LegalActions(())


class Game(Dealing):
    """A game of a variant.

    ``deal`` fixes the first hand (``dealer``, ``hands`` by seat, ``widow``); ``deals`` fixes
    the first hands in order (a record's hands). Later hands are shuffled from ``seed``.
    """

    __slots__ = ()

    def __init__(
        self,
        variant: Variant,
        seed: int | None = None,
        dealer: int | None = None,
        deal: Mapping[str, Any] | None = None,
        *,
        deals: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        self.variant = variant
        self.rules = compile_variant(variant)
        self._p = p = plan_for(self.rules)
        self.seed = seed
        self.rng = random.Random(seed)
        self._rng_shared = False
        self.state = "deal"
        self.scores = (0,) * p.sides
        self.hand_results = []
        self.winner = None
        self._log = []
        self._rec = []
        self._deals = []
        self._legal = None
        given = ([] if deal is None else [deal]) + list(deals)
        for d in given:
            self.queue_deal(d)
        if given and given[0].get("dealer") is not None:
            dealer = int(given[0]["dealer"])
        if dealer is not None and not 0 <= dealer < p.n:
            raise ValueError(f"the dealer must be a seat from 0 to {p.n - 1}, read {dealer!r}")
        first = self.rng.randrange(p.n)  # drawn even when given, so a replay keeps the same stream
        self.dealer = first if dealer is None else dealer
        self._start_hand()

    # ------------------------------------------------------------------ public API

    @property
    def phase(self) -> str:
        """The current phase: ``bidding``, ``trump``, ``discard``, ``play``, ``over``..."""
        return self.state

    def __repr__(self) -> str:
        who = "over" if self.to_move is None else f"seat {self.to_move} to move"
        return f"<Game {self.variant.name} hand {self.hand_number} {self.state}, {who}, scores {self.scores}>"

    @property
    def is_over(self) -> bool:
        """True when a side has won."""
        return self.state == "over"

    @property
    def trump(self) -> str | None:
        """The trump named this hand (a suit or ``NT``), or None."""
        return None if self.trump_i is None else self.rules.trump_names[self.trump_i]

    def legal_actions(self) -> LegalActions:
        """The actions the seat to move may take (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.state](self)
        return legal

    def can_apply(self, action: Action | str) -> bool:
        """True when ``action`` is legal now."""
        return action in self.legal_actions()

    def apply(self, action: Action | str) -> None:
        """Take an action (an :class:`Action` or its text); refused ones raise IllegalActionError."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if type(action) is not Action or not tuple.__contains__(legal, action):
            action = self._check(action, legal)
        self._legal = None
        self._actions.append(action)
        _DO[action.verb](self, action)

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
        if self.to_move is None:
            return "the game is over"
        if a.seat != self.to_move:
            return f"it is seat {self.to_move}'s turn, not seat {a.seat}'s"
        legal = self.legal_actions()
        verbs = {x.verb for x in legal}
        if a.verb not in verbs:
            if a.verb == "pass" and self.state in ("order-up", "name-trump"):
                return "the dealer may not pass in the last round (stick the dealer)"
            return f"'{a.verb}' is not possible in the {self.state} phase"
        if a.verb in ("play", "discard", "give"):
            held = [str(self.rules.faces[c]) for c in self.hands[a.seat]]
            if a.arg not in held:
                return f"seat {a.seat} does not hold {a.arg}"
            if a.verb == "play":
                return f"seat {a.seat} must follow the suit led"
            return f"seat {a.seat} must give their best card"
        if a.verb == "bid":
            if a.arg not in self._p.bid_index:
                names = " ".join(b.name for b in self._p.ladder)
                return f"{a.arg!r} is not a bid of this variant (bids: {names})"
            return f"a bid must be higher than {self._high_bid_name()}"
        if a.alone and not any(x.alone for x in legal if x.verb == a.verb):
            return "going alone is not allowed here"
        if a.verb == "trump":
            return f"trump {a.arg} may not be named here"
        return "not allowed here"

    def _high_bid_name(self) -> str:
        """The current high bid of the auction (``"none"`` before any bid)."""
        return self._p.ladder[self.high].name if self.high >= 0 else "none"

    def queue_deal(self, deal: Mapping[str, Any]) -> None:
        """Fix the deal of the next hand still to be dealt (``hands`` by seat, ``widow``)."""
        self._deals.append(self._parse_deal(deal))

    @property
    def hand_number(self) -> int:
        """Hands dealt so far (thrown-in ones included), counting the current one."""
        return len(self._log) + (0 if self.state == "over" else 1)

    def copy(self) -> Game:
        """An independent copy (for rollouts)."""
        new = Game.__new__(Game)
        for slot in _SLOTS:
            setattr(new, slot, getattr(self, slot))
        new.hands = [h[:] for h in self.hands]
        for slot in _LIST_SLOTS:
            setattr(new, slot, getattr(self, slot)[:])
        # The generator is shared until either game deals again; that one takes a private clone.
        self._rng_shared = new._rng_shared = True
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every part of the state, for comparing two games (refusals must not change it)."""
        parts: list[Any] = []
        for slot in _SLOTS:
            value = getattr(self, slot)
            if slot in ("rng", "_legal", "_p", "rules", "variant", "_rec", "_rng_shared"):
                continue
            parts.append((slot, repr(value)))
        parts.append(("rng", self.rng.getstate()))
        return tuple(parts)

    # ------------------------------------------------------------------ play

    def _start_play(self) -> None:
        p, v = self._p, self.variant
        out, maker = self.out, self.maker
        assert maker is not None
        leads = v.leads
        lone = [maker] if self.alone else []
        if self.def_alone is not None:
            lone.append(self.def_alone)
        if len(lone) == 2 and leads.both_alone != "unchanged":
            leader = lone[1] if leads.both_alone == "defender" else maker
        elif len(lone) == 1 and leads.alone == "lone-left":
            leader = p.left[lone[0]]
        elif leads.first == "maker":
            leader = maker
        else:
            leader = p.left[self.dealer]
        while out[leader]:
            leader = p.left[leader]
        nxt = []
        for s in range(p.n):
            q = p.left[s]
            while out[q]:
                q = p.left[q]
            nxt.append(q)
        self._next = nxt
        self._active = p.n - sum(out)
        self._go("to_play")
        self.leader = self.to_move = leader

    def _legal_play(self) -> LegalActions:
        s = self.to_move
        assert s is not None
        hand = self.hands[s]
        if self.trick:
            led, eff = self._led, self._eff
            follow = [c for c in hand if eff[c] == led]
            if follow:
                hand = follow
        acts = self._p.play[s]
        if self._p.copies:
            return LegalActions([acts[c] for c in dict.fromkeys(hand)])
        return LegalActions([acts[c] for c in hand])

    def _do_play(self, a: Action) -> None:
        seat, _, arg, _ = a
        c = self.rules.card_id[arg]
        self.hands[seat].remove(c)
        trick = self.trick
        trick.append((seat, c))
        played = len(trick)
        if played == 1:
            self._led = self._eff[c]
        if played < self._active:
            self.to_move = self._next[seat]
            return
        key = self._keys[self._led]
        best, top = trick[0][0], key[trick[0][1]]
        for s, card in trick:
            if key[card] > top:
                best, top = s, key[card]
        self.won[best] += 1
        self.tricks.append((self.leader, tuple(trick), best))
        self.trick = []
        self.leader = self.to_move = best
        if not self.hands[best]:
            self._score()

    # ------------------------------------------------------------------ end of a hand

    def _score(self) -> None:
        p = self._p
        assert self.maker is not None
        tricks = [0] * p.sides
        for s, w in enumerate(self.won):
            tricks[p.side_of[s]] += w
        side = p.side_of[self.maker]
        made, change = score_hand(
            self.variant,
            side,
            tuple(tricks),
            self.required,
            self.multiplier,
            self.alone,
            self.def_alone is not None,
            self.forced,
        )
        self._go("score")
        self._finish(tuple(tricks), made, change)

    def _throw_in(self, same_dealer: bool | None = None) -> None:
        self._go("throw_in")
        if same_dealer is None:
            same_dealer = self.variant.making.all_pass.redeal == "same-dealer"
        self._redeal_same = same_dealer
        self._finish(tuple([0] * self._p.sides), None, tuple([0] * self._p.sides))

    def _finish(self, tricks: tuple[int, ...], made: bool | None, change: tuple[int, ...]) -> None:
        p = self._p
        self.scores = tuple(s + d for s, d in zip(self.scores, change, strict=True))
        thrown = made is None
        result = HandResult(
            dealer=self.dealer,
            maker=self.maker,
            bid=self.bid_name,
            trump=self.trump,
            alone=self.alone,
            defender_alone=self.def_alone is not None,
            thrown_in=thrown,
            forced=self.forced,
            tricks=tricks,
            made=made,
            score_change=change,
            scores=self.scores,
        )
        self.hand_results.append(result)
        self._log.append(
            {**self._deal_log, "actions": self._actions, "tricks": self.tricks, "result": result}
        )
        self.to_move = None
        winner = (
            None if thrown else game_winner(self.variant, result.scores, p.side_of[self.maker or 0], made)
        )
        if winner is not None:
            self.winner = winner
            self._go("end_game")
            return
        if not (thrown and self._redeal_same):
            self.dealer = (self.dealer + p.dealer_step) % p.n
        self._go("next_hand")
        self._start_hand()

    # ------------------------------------------------------------------ views and records

    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""
        from .viewing import make_view

        return make_view(self, seat)

    def record(self) -> dict[str, Any]:
        """The game record (see docs/records.md); it replays to the same result."""
        from ..records.record import game_record

        return game_record(self)


_SLOTS: list[str] = list(GameState.__slots__)
_LIST_SLOTS = (
    "hand_results",
    "_log",
    "_rec",
    "_deals",
    "_actions",
    "kitty",
    "_discards",
    "_passed",
    "out",
    "_exch",
    "_offer",
    "_next",
    "trick",
    "tricks",
    "won",
)

_LEGAL: dict[str, Callable[[Game], LegalActions]] = {
    "bidding": Game._legal_bidding,
    "trump": Game._legal_trump,
    "order-up": Game._legal_order_up,
    "name-trump": Game._legal_name_trump,
    "discard": Game._legal_discard,
    "exchange": Game._legal_exchange,
    "defence": Game._legal_defence,
    "play": Game._legal_play,
    "over": lambda g: _NONE,
}
_DO: dict[str, Callable[[Game, Action], None]] = {
    "pass": Game._do_pass,
    "bid": Game._do_bid,
    "order-up": Game._do_order_up,
    "trump": Game._do_trump,
    "discard": Game._do_discard,
    "give": Game._do_give,
    "alone": Game._do_alone,
    "play": Game._do_play,
}
