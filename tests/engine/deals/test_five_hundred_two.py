"""Two-handed Five Hundred (variants/five-hundred-2.yaml; bicyclecards.com, "Two-Hand Five
Hundred"): the 33-card pack, ten cards to each player, a widow of three and a dead hand of ten
(``deal.dead_hand``) that nobody sees and nobody plays, on a hand-worked deal."""

from __future__ import annotations

import pytest

from hasenpfeffer import Game, load_variant, records
from hasenpfeffer.engine.events import TrickWon

V = load_variant("five-hundred-2")
HANDS = [
    ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"],
    ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "AS", "KS"],
]
WIDOW = ["QS", "JS", "TS"]
DEAD = ["9S", "8S", "7S", "AD", "KD", "QD", "TD", "9D", "8D", "7D"]  # the rest of the pack


def test_the_dead_hand_is_out_of_play_and_ten_trumps_make_ten_hearts() -> None:
    g = Game(V, seed=1, deal={"dealer": 1, "hands": HANDS, "widow": WIDOW})
    assert len(g.rules.deck) == 33 and V.deal.dead_hand == len(DEAD) == 10
    assert (g.phase, g.to_move) == ("bidding", 0)
    g.apply("0 bid 10H")
    g.apply("1 pass")
    assert sorted(g.view(0).hand) == sorted(HANDS[0] + WIDOW)  # the widow, not the dead hand
    for card in WIDOW:
        g.apply(f"0 discard {card}")
    seen = {c for q in (0, 1) for c in g.view(q).hand}
    assert not seen & set(DEAD)  # nobody holds a card of the dead hand
    for _ in range(10):  # the contractor leads a trump; the other player, without one, throws a club
        g.apply(g.legal_actions()[0] if g.to_move == 1 else f"0 play {g.view(0).hand[-1]}")
        g.apply(g.legal_actions()[0])
    assert [e.winner for e in g.events if type(e) is TrickWon] == [0] * 10
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.made, r.tricks, r.score_change) == (0, "10H", True, (10, 0), (500, 0))
    assert g.is_over and g.winner == 0  # 500 by a made contract
    rec = g.record()
    assert records.replay(records.loads(records.dump(rec))).record() == rec


def test_a_given_deal_leaves_the_dead_hand_out_and_needs_a_widow_of_three() -> None:
    with pytest.raises(ValueError, match="a widow of 3 must hold cards of the pack, each once"):
        Game(V, seed=1, deal={"dealer": 1, "hands": HANDS, "widow": [*WIDOW, "9S"]})
    with pytest.raises(ValueError, match="each once"):
        Game(V, seed=1, deal={"dealer": 1, "hands": HANDS, "widow": ["QS", "JS", "JK"]})


def test_shuffled_deals_leave_ten_cards_out() -> None:
    for seed in range(5):
        g = Game(V, seed=seed)
        hands = [set(g.view(q).hand) for q in (0, 1)]
        assert [len(h) for h in hands] == [10, 10] and not hands[0] & hands[1]
