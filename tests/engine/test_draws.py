"""The game's random draws (``engine/draws.py``) and their compiled twin
(``batch/draws_compiled.py``): golden values worked by hand, and the two alike."""

from __future__ import annotations

import collections
import itertools

import pytest

from hasenpfeffer import Game, load_variant
from hasenpfeffer.engine import draws
from hasenpfeffer.engine.game import actual_deal

SPLITMIX64_FROM_0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
"""The first outputs of splitmix64 seeded 0 (its reference implementation's)."""
WIDE = 2**62 + 1
"""A bound for which a quarter of the words are refused (2**64 % WIDE is 2**62 - 3)."""


def test_the_words_are_splitmix64s() -> None:
    assert [draws.word(0, i) for i in range(4)] == SPLITMIX64_FROM_0
    assert draws.stream(0, 1) == SPLITMIX64_FROM_0[1]
    assert draws.stream(0, 1, 0) == draws.word(SPLITMIX64_FROM_0[1], 0)


def test_golden_draws_worked_by_hand() -> None:
    # 6 * 0xE220A8397B1DCDAF = 5 * 2**64 + low, low well above 2**64 % 6 = 4: taken
    assert draws.below(0, 0, 6) == (5, 1)
    # four cards: the bounds 4, 3, 2 in one batch (product 24, 2**64 % 24 = 16); the word of
    # key 0 gives 21 below 24: j = 21 % 4 = 1 for position 3, 5 % 3 = 2 for 2, 1 % 2 = 1 for 1
    deck = [0, 1, 2, 3]
    draws.shuffle(deck, 0)
    assert deck == [0, 3, 2, 1]
    # refused words: key 2's first and second fall in the quarter below 2**64 % WIDE
    assert draws.below(2, 0, WIDE) == (2746895812035318988, 3)
    assert draws.below(8, 0, WIDE) == (2822112479518088704, 2)


def test_batches_keep_their_products_below_two_to_the_64() -> None:
    for size in (2, 24, 25, 33, 43, 48):
        steps = [s for _, _, batch in draws.batches(size) for s in batch]
        assert steps == [(i, i + 1) for i in range(size - 1, 0, -1)]
        assert all(p < 2**64 and limit == 2**64 % p for p, limit, _ in draws.batches(size))
    assert [len(b) for _, _, b in draws.batches(24)] == [16, 7]


def test_shuffles_are_uniform() -> None:
    counts = collections.Counter()
    for key in range(24_000):
        deck = [0, 1, 2, 3]
        draws.shuffle(deck, key)
        counts[tuple(deck)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    assert all(850 < c < 1150 for c in counts.values())


def test_a_game_deals_each_hand_from_its_number() -> None:
    euchre = load_variant("euchre")
    game = Game(euchre, seed=12)
    while game.hand_number < 3:
        game.apply(game.legal_actions()[0])
    third = actual_deal(game)
    # the same seed with the first two hands given deals the third hand alike
    first = [e for e in game.events if type(e).__name__ == "HandDealt"][:2]
    given = [{"dealer": e.dealer, "hands": [list(h) for h in e.hands], "widow": list(e.kitty)} for e in first]
    again = Game(euchre, seed=12, deals=given)
    while again.hand_number < 3:
        again.apply(again.legal_actions()[0])
    assert actual_deal(again) == third


def test_the_compiled_draws_are_the_same() -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    import numpy as np

    from hasenpfeffer.batch import draws_compiled as dc

    assert [int(dc.word(np.uint64(0), i)) for i in range(4)] == SPLITMIX64_FROM_0
    for key, n in [(0, 6), (1, 52), (2, WIDE), (8, WIDE), *((k, WIDE) for k in range(20))]:
        x, i = dc.below(np.uint64(key), 0, n)
        assert (int(x), int(i)) == draws.below(key, 0, n)
    keyed = [(size, key) for size in (24, 25, 43) for key in range(300)]
    for size, key in [(4, 0), (24, 5), (25, 2**64 - 1), (43, 99), (48, 7), *keyed]:
        deck = list(range(size))
        draws.shuffle(deck, key)
        dk = np.arange(size, dtype=np.int64)
        dc.shuffle(dk, size, np.uint64(key))
        assert dk.tolist() == deck
    row = np.zeros(dc.V_COLS, dtype=np.uint64)
    row[dc.V_SEED] = 12
    assert dc.restart(row, 4) == draws.below(draws.stream(12, draws.DEALER), 0, 4)[0]
    assert int(row[dc.V_KEY]) == 12 and int(row[dc.V_GAMES]) == 1
    assert int(dc.word(np.uint64(dc.word(row[dc.V_KEY], dc.BOT)), 1)) == draws.stream(12, draws.BOT, 1)
    assert int(dc.hand_key(np.uint64(12), 3)) == draws.stream(12, draws.DEAL, 3)
