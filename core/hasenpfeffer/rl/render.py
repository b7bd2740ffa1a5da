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

from ..engine.game import Game, actual_state


def render(game: Game | None, mode: str | None) -> str | None:
    """The environments' ``render()``: the table returned (``ansi``) or printed (``human``);
    without a mode, a warning and None."""
    if mode is None:
        import gymnasium

        gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
        return None
    text = "(reset() first)" if game is None else table_text(game)
    if mode == "ansi":
        return text
    print(text)
    return None


def table_text(game: Game) -> str:
    """The state of the game in a few lines: the hand, trump, scores, every hand, the trick."""
    faces, public, now = game.rules.faces, game.view(), actual_state(game)
    if game.is_over:
        head = f"{game.variant.name}: over after {len(game.hand_results)} hands, side {game.winner} won"
    else:
        head = f"{game.variant.name}, hand {game.hand_number}: {game.phase}, seat {game.to_move} to move"
    facts = [f"dealer {game.dealer}"]
    if public.trump is not None:
        facts.append(f"trump {public.trump}")
    if public.maker is not None:
        facts.append(f"maker {public.maker} ({public.bid}{', alone' if public.maker_alone else ''})")
    if public.defender_alone is not None:
        facts.append(f"defending alone {public.defender_alone}")
    if public.turned is not None:
        facts.append(f"turned {public.turned}")
    facts.append("scores " + " ".join(str(s) for s in game.scores))
    lines = [head, "; ".join(facts)]
    for seat, hand in enumerate(now.hands):
        mark = "*" if seat == game.to_move else " "
        out = " (sits out)" if seat in public.sitting_out else ""
        lines.append(f"{mark} seat {seat}: {' '.join([faces[c] for c in hand])}{out}".rstrip())
    if public.trick:
        lines.append("trick: " + ", ".join(f"{seat} {card}" for seat, card in public.trick))
    return "\n".join(lines)
