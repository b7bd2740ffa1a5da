"""A game as plain text, as a spectator who sees every hand would (for ``render()``).

>>> from hasenpfeffer.engine.game import Game
>>> from hasenpfeffer.format.loader import load_variant
>>> deal = {"dealer": 3, "widow": ["9H", "TC", "QS", "KD"], "hands": [
...     "JH JD AH KH 9S", "AS KS JS TS 9C", "AD QD TD 9D JC", "AC KC QC TH QH"]}
>>> g = Game(load_variant("euchre"), seed=7, deal=deal)
>>> _ = g.apply("0 order-up")
>>> print(table_text(g))
euchre, hand 1: discard, seat 3 to move
dealer 3; trump H; maker 0 (order-up); turned 9H; scores 0 0
  seat 0: JD JH KH AH 9S
  seat 1: 9C TS JS KS AS
  seat 2: JC 9D TD QD AD
* seat 3: QC KC AC 9H TH QH
"""

from __future__ import annotations

from ..engine.game import Game


def table_text(game: Game) -> str:
    """The state of the game in a few lines: the hand, trump, scores, every hand, the trick."""
    names = game.rules.names
    if game.is_over:
        head = f"{game.variant.name}: over after {len(game.hand_results)} hands, side {game.winner} won"
    else:
        head = f"{game.variant.name}, hand {game.hand_number}: {game.phase}, seat {game.to_move} to move"
    facts = [f"dealer {game.dealer}"]
    if game.trump is not None:
        facts.append(f"trump {game.trump}")
    if game.maker is not None:
        facts.append(f"maker {game.maker} ({game.bid_name}{', alone' if game.alone else ''})")
    if game.defender_alone is not None:
        facts.append(f"defending alone {game.defender_alone}")
    view = game.view(0)
    if view.turned is not None:
        facts.append(f"turned {view.turned}")
    facts.append("scores " + " ".join(str(s) for s in game.scores))
    lines = [head, "; ".join(facts)]
    for seat, hand in enumerate(game.hands):
        mark = "*" if seat == game.to_move else " "
        out = " (sits out)" if game.out[seat] else ""
        lines.append(f"{mark} seat {seat}: {' '.join(names[c] for c in hand)}{out}".rstrip())
    if game.trick:
        lines.append("trick: " + ", ".join(f"{seat} {names[c]}" for seat, c in game.trick))
    return "\n".join(lines)
