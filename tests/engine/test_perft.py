"""Perft: golden counts of legal action sequences from fixed positions, so any change in legality shows.

A position is a variant, a fixed deal and a prefix of actions; ``counts[d-1]`` is the number of
legal action sequences of length ``d`` from it. The positions and their counts live in
``tests/golden/perft.json``. After a deliberate change in the rules, regenerate and review the diff:

```sh
python tests/engine/test_perft.py --regen
```

The smallest counts are worked out by hand in ``test_hand_checked_counts``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

if __name__ == "__main__":  # run as a script (--regen): the shared test modules are in tests/
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.paths import GOLDEN

PERFT = GOLDEN / "perft.json"

# The positions (the counts are computed by --regen). Deal A is the hand of
# tests/engine/deals/test_hasenpfeffer.py's first deal: seat 0 makes 4 in hearts.
DEAL_A = {
    "dealer": 3,
    "hands": [
        ["JH", "AH", "9H", "AS", "KS", "9C"],
        ["JK", "KH", "QS", "AC", "KC", "9D"],
        ["JD", "QH", "AD", "KD", "QC", "TS"],
        ["JS", "JC", "QD", "TD", "TC", "9S"],
    ],
    "widow": ["TH"],
}
AUCTION_A = ["0 bid 4", "1 pass", "2 pass", "3 pass"]
POSITIONS: dict[str, dict[str, Any]] = {
    "auction": {"variant": "hasenpfeffer", "deal": DEAL_A, "prefix": [], "depth": 6},
    "pepper-auction": {"variant": "hasenpfeffer-pepper", "deal": DEAL_A, "prefix": [], "depth": 6},
    "making": {"variant": "hasenpfeffer", "deal": DEAL_A, "prefix": AUCTION_A, "depth": 5},
    "play": {
        "variant": "hasenpfeffer",
        "deal": DEAL_A,
        "prefix": [*AUCTION_A, "0 trump H", "0 discard 9C"],
        "depth": 7,
    },
    "lone-play": {
        "variant": "hasenpfeffer",
        "deal": DEAL_A,
        "prefix": [*AUCTION_A, "0 trump S alone", "0 discard 9C", "1 alone"],
        "depth": 7,
    },
    "forced": {
        "variant": "hasenpfeffer",
        "deal": DEAL_A,
        "prefix": ["0 pass", "1 pass", "2 pass", "3 pass"],
        "depth": 4,
    },
    "euchre-order-up": {
        "variant": "euchre",
        "deal": {
            "dealer": 1,
            "hands": [
                ["9C", "JC", "QD", "KD", "JS"],
                ["TD", "9H", "TH", "QH", "TS"],
                ["QC", "9D", "JD", "KH", "KS"],
                ["TC", "AC", "JH", "QS", "AS"],
            ],
            "widow": ["AD", "KC", "AH", "9S"],
        },
        "prefix": [],
        "depth": 6,
    },
}


def perft(g: Game, depth: int) -> list[int]:
    """Legal action sequences of each length 1..``depth``, in one walk (leaves counted in bulk)."""
    legal = g.legal_actions()
    totals = [len(legal)] + [0] * (depth - 1)
    if depth > 1:
        for action in legal:
            child = g.copy()
            child.apply(action)
            for i, n in enumerate(perft(child, depth - 1), start=1):
                totals[i] += n
    return totals


def start(position: dict[str, Any]) -> Game:
    g = Game(load_variant(position["variant"]), seed=1, deal=position["deal"])
    for action in position["prefix"]:
        g.apply(action)
    return g


def counts(position: dict[str, Any]) -> list[int]:
    return perft(start(position), position["depth"])


def load_golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PERFT.read_text())
    return data


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_matches_golden(name: str) -> None:
    golden = load_golden()[name]
    position = POSITIONS[name]
    assert {k: golden[k] for k in ("variant", "deal", "prefix")} == {
        k: position[k] for k in ("variant", "deal", "prefix")
    }, "the golden file was written for another position: regenerate"
    assert counts(position) == golden["counts"]


def test_hand_checked_counts() -> None:
    golden = {name: entry["counts"] for name, entry in load_golden().items()}
    # Auction, dealer 3: seat 0 passes or bids 1-6: 7. After a pass, seat 1 has the same 7;
    # after a bid of k (1-5), pass or a higher bid: 1 + (6 - k) = 6+5+4+3+2 = 20; a bid of 6
    # closes the auction and seat 0 names trump, alone or not: 8. Total 7 + 20 + 8 = 35.
    # Depth 3, by the first two actions: pass, pass -> 7; pass, bid k<6 -> 20; pass, bid 6 -> 8
    # (seat 1 names trump); bid k<6, pass -> 20; bid k, bid j with k<j<6 -> 14+9+5+2 = 30 plus
    # bid k, bid 6 -> 5 x 8 = 40; bid 6, then trump (8) and a discard (7) -> 56. Total 181.
    assert golden["auction"][:3] == [7, 35, 181]
    # Pepper: pass, 1-5, little pepper, big pepper: 8. Then 8 after a pass; after the k-th of
    # the six lower bids 1 + (7 - k) = 7+6+5+4+3+2 = 27; after big pepper, 8 trump calls: 43.
    assert golden["pepper-auction"][:2] == [8, 43]
    # Making: 4 suits, alone or not: 8; then 7 discards: 56; then either seat 0 leads any of
    # 6 cards (4 x 7 x 6 = 168) or, alone, seat 1 goes alone or passes (4 x 7 x 2 = 56): 224.
    assert golden["making"][:3] == [8, 56, 224]
    # Play, hearts trump: seat 0 (JH AH TH 9H AS KS) leads any of 6. Seat 1 (JK KH QS AC KC
    # 9D) follows a trump lead with JK or KH (4 x 2) and a spade lead with QS (2 x 1): 10.
    assert golden["play"][:2] == [6, 10]
    # Euchre, AD turned, dealer 1: seat 2 orders up (alone or not) or passes: 3. After an
    # order-up the dealer picks AD up and discards one of six (twice: 12); after a pass seat 3
    # has the same three choices: 15.
    assert golden["euchre-order-up"][:2] == [3, 15]
    # All pass: seat 1 holds the Joker and names trump at 3: 8 calls, then 7 discards: 56.
    assert golden["forced"][:2] == [8, 56]
    # Lone play, spades trump, seat 0 and seat 1 alone: seat 1 leads any of 6 (JK KH QS AC
    # KC 9D). Seat 0 (JH AH 9H AS KS TH; both bowers are with seat 3) follows hearts (KH)
    # with its 4 hearts (JH is a plain heart), trumps (JK, QS) with AS or KS, and clubs or a
    # diamond (AC, KC, 9D) with anything: 4 + 2 + 2 + 6 + 6 + 6 = 26.
    assert golden["lone-play"][:2] == [6, 26]


def regenerate() -> None:
    data = {name: {**position, "counts": counts(position)} for name, position in sorted(POSITIONS.items())}
    entries = []
    for name, entry in data.items():
        fields = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in entry.items())
        entries.append(f"  {json.dumps(name)}: {{\n{fields}\n  }}")
        print(f"{name}: {entry['counts']}")
    PERFT.write_text("{\n" + ",\n".join(entries) + "\n}\n")
    assert load_golden() == data


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--regen", action="store_true", help="recompute the counts into tests/golden/perft.json"
    )
    if parser.parse_args().regen:
        regenerate()
    else:
        parser.print_help()
