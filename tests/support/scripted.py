"""Driving a game from a script of actions, for hand-worked tests."""

from __future__ import annotations

from hasenpfeffer import Game


def actions(script: str) -> list[str]:
    """Actions from a script: one per line or separated by commas."""
    return [a.strip() for line in script.strip().splitlines() for a in line.split(",") if a.strip()]


def run_script(g: Game, script: str, *, last_trick: bool = True) -> list[int]:
    """Apply the script's actions; return the winners of the tricks they complete.

    After each trick that does not end the hand, the winner must be the next to move.
    The script stops at the end of the hand; its last trick's winner (read from the
    record, since the next hand is already dealt) is included when ``last_trick``.
    """
    winners: list[int] = []
    hands_done = len(g.hand_results)
    for text in actions(script):
        seen = len(g.view(0).tricks)
        g.apply(text)
        if len(g.hand_results) > hands_done:
            recorded = g.record()["hands"][hands_done]["result"]["trick_winners"]
            if last_trick and recorded:  # none when the hand was thrown in
                winners.append(recorded[-1])
                assert recorded[-len(winners) :] == winners
            break
        tricks = g.view(0).tricks
        if len(tricks) > seen:
            winners.append(tricks[-1].winner)
            assert g.to_move == tricks[-1].winner, "the winner of a trick leads to the next"
    return winners
