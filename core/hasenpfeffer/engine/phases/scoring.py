"""Scoring: a step, not a decision. The hand played is scored, or a hand thrown in scores
nothing; then the game is won (the exit to ``over``) or the next hand is dealt (the exit to
``deal``: the deal passes on, or stays after a throw-in where the variant says)."""

from __future__ import annotations

from ...rules.ruleset import Ruleset
from ..events import Declared, GameWon, HandResult, HandScored, MatchWon, Passed, Redealt, Termination
from ..scoring import best_sides, called_change, game_outcome, played_out_change, score_hand
from ..state import State
from .base import Exit, PhaseRules, always, emit
from .dropout import dropped
from .names import Phase


def _won_words(rules: Ruleset) -> str:
    return "game won" if rules.variant.match is None else "match won"


def match_winner(s: State, won: int) -> int | None:
    """The side that won a game wins the match (a single game is a match of one), or the next
    game starts: the scores go back to 0, or the winner keeps what it scored beyond the target."""
    v = s.variant
    match = v.match
    if match is None:
        return won
    shut = all(score <= 0 for side, score in enumerate(s.scores) if side != won)
    s.games_won[won] += match.shut_out if shut else 1
    if s.games_won[won] >= match.wins:
        emit(s, MatchWon(won, tuple(s.games_won)))
        return won
    target = v.game.target
    carry = max(0, s.scores[won] - target) if match.laps and target is not None else 0
    s.scores = tuple(carry if side == won else 0 for side in range(len(s.scores)))
    s.game_played, s.barred, s.resting, s.imposed = 0, 0, -1, -1
    return None


def last_trick_suit(s: State) -> int:
    """The suit index of the card that won the hand's last trick (a bower or Joker of trump: the
    trump suit), the only trump of the next hand (``last_trick_suit``); -1 for a card of no suit
    (a Joker in no-trump)."""
    _, done, best = s.tricks[-1]
    card = next(c for q, c in done if q == best)
    assert s.trump_i is not None
    e = s.rules.eff[s.trump_i][card]
    return e if e < s.rules.ns else -1


def barred_outcome(
    s: State, made: bool | None, outcome: tuple[int, Termination] | None
) -> tuple[int, Termination] | None:
    """``making.order_up.failed_suit_barred``: a suit made trump by makers who failed is barred
    for the rest of the game; once every suit is, the game ends and the higher score wins
    (level: the bars are lifted and play goes on). ``outcome``: the game's end by its other
    rules, which comes first."""
    ti = s.trump_i
    if made is False and ti is not None and ti < s.rules.ns:
        s.barred |= 1 << ti
    if outcome is not None or s.barred != (1 << s.rules.ns) - 1:
        return outcome
    top = best_sides(s.scores)
    if len(top) == 1:
        return top[0], Termination.BARRED
    s.barred = 0
    return None


def _tricks_by_side(s: State) -> tuple[int, ...]:
    p = s.plan
    won, side_of = [0] * p.sides, p.hand_sides(s.maker) if p.floating else p.side_of
    for seat, w in enumerate(s.won):
        won[side_of[seat]] += w
    return tuple(won)


def declared(s: State) -> Declared | None:
    """The declaration that ended the hand, if one did: the hand's last before scoring, after
    which only seats holding no higher set passed."""
    for e in reversed(s.events):
        if type(e) is Declared:
            return (
                e if any(d.ends_hand and d.name == e.name for d in s.variant.scoring.declarations) else None
            )
        if type(e) is not Passed:
            return None
    return None


def _wins_game(s: State, shown: Declared) -> bool:
    """Whether the set declared wins the game outright (``scoring.declarations[].wins_game``)."""
    return any(d.wins_game and d.name == shown.name for d in s.variant.scoring.declarations)


class Scoring(PhaseRules):
    """Phase ``scoring``: record the hand's result and decide whether the game goes on."""

    name = Phase.SCORING
    exits = (
        Exit("end_game", Phase.OVER, always, lambda s: s.winner is not None, _won_words),
        Exit("next_hand", Phase.DEAL, always, always, "game not over, next deal"),
    )

    def enter(self, s: State) -> None:
        """Score the hand (nothing when no trump was made; each side's tricks when it was played
        without a maker), then leave by an exit."""
        p = s.plan
        maker = s.maker
        shown = declared(s) if p.declares else None
        made: bool | None
        if shown is not None:  # a set declared that ends the hand: made by its holder, no trick played
            maker, tricks, made = shown.seat, (0,) * p.sides, True
            change = tuple(shown.points if side == p.side_of[maker] else 0 for side in range(p.sides))
        elif s.trump_i is None:  # thrown in
            tricks = change = (0,) * p.sides
            made = None
            if type(s.events[-1]) is not Redealt:  # a weak hand's redeal has set its dealer
                s.redeal_same = s.redeal_same or s.variant.making.all_pass.redeal == "same-dealer"
        elif maker is None:  # played when all pass: each side scores its tricks
            tricks = _tricks_by_side(s)
            made = None
            change = played_out_change(s.variant, tricks)
        elif p.calls:  # a called partner: the maker's side is the maker and the holder
            tricks = _tricks_by_side(s)
            made, change = called_change(
                s.variant,
                maker,
                s.partner,
                tricks,
                s.required,
                s.multiplier,
                s.alone,
                s.forced,
                s.contract,
                s.second_partner,
            )
        else:
            tricks = _tricks_by_side(s)
            made, change = score_hand(
                s.variant,
                p.side_of[maker],
                tricks,
                s.required,
                s.multiplier,
                s.alone,
                s.def_alone is not None,
                s.forced,
                s.contract,
                frozenset(p.side_of[q] for q in dropped(s)) if p.drops_out else frozenset(),
            )
        s.scores = tuple(a + d for a, d in zip(s.scores, change, strict=True))
        thrown = s.trump_i is None
        side = None if maker is None else p.side_of[maker]
        result = HandResult(
            dealer=s.dealer,
            maker=maker,
            bid=shown.name if shown is not None else s.bid_name,
            trump=None if s.trump_i is None else s.rules.trump_names[s.trump_i],
            alone=(s.alone or (p.calls and s.partner is None)) and shown is None,
            defender_alone=s.def_alone is not None and shown is None,
            thrown_in=thrown,
            forced=s.forced and shown is None,
            tricks=tricks,
            made=made,
            score_change=change,
            scores=s.scores,
            maker_side=side,
            partner=s.partner,
            second_partner=s.second_partner,
        )
        s.hand_results.append(result)
        emit(s, HandScored(result))
        s.to_move = None
        if not thrown:
            if p.ordering.last_maker_passes and maker is not None:
                s.resting = maker  # only passes in the next hand
            if p.ordering.last_trick_suit and s.tricks:
                s.imposed = last_trick_suit(s)
            s.game_played += 1
            outcome = game_outcome(s.variant, s.scores, side, made, s.game_played)
            if shown is not None and side is not None and _wins_game(s, shown):
                outcome = side, Termination.DECLARED
            if p.ordering.failed_barred:
                outcome = barred_outcome(s, made, outcome)
            if outcome is not None:
                emit(s, GameWon(outcome[0], s.scores, outcome[1]))
                s.winner = match_winner(s, outcome[0])
        if s.winner is None and not (thrown and s.redeal_same):
            s.dealer = p.next_dealer[s.dealer]
        s.course.leave(s)
