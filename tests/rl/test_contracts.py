"""Contracts in the learning adapters: Five Hundred's layout, the suit named after a led Joker,
an open hand, the bounds, and the layouts of the older built-ins kept as they were.

Hand-worked deals of ``five-hundred`` (dealer 3, seat 0 bids first): every action is checked
with every seat's tracked vector against its view written out.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hasenpfeffer.engine.game import Game, actual_state  # noqa: E402
from hasenpfeffer.format.loader import load_variant  # noqa: E402
from hasenpfeffer.observe.bounds import decisions_per_hand, difference_bound, hand_points, making_decisions  # noqa: E402
from hasenpfeffer.observe.layout import layout  # noqa: E402
from hasenpfeffer.observe.observation import encoder  # noqa: E402
from hasenpfeffer.rl.table import Table  # noqa: E402
from hasenpfeffer.rl.tracker import Tracker  # noqa: E402

FIVE_HUNDRED = load_variant("five-hundred")
SUITS = ("C", "D", "H", "S")
# Seat 0 holds the Joker and low cards; seat 1 the clubs; seat 2 the diamonds; seat 3 the hearts.
JOKER_DEAL = {
    "dealer": 3,
    "hands": [
        "JK 5C 6C 7C 5S 6S 7S 4D 5D 4H",
        "8C 9C TC JC QC KC AC 8S 9S TS",
        "6D 7D 8D 9D TD JD QD KD AD JS",
        "6H 7H 8H 9H TH JH QH KH AH QS",
    ],
    "widow": ["5H", "KS", "AS"],
}
LOW_DEAL = {
    "dealer": 3,
    "hands": ["5C 6C 7C 5S 6S 7S 4D 5D 4H 5H", *JOKER_DEAL["hands"][1:]],  # type: ignore[index]
    "widow": ["KS", "AS", "JK"],
}


def played(deal: dict[str, object], actions: list[str]) -> tuple[Game, Tracker]:
    """The game after ``actions``, each step checked: tracked vectors equal the views written out."""
    game = Game(FIVE_HUNDRED, deal=deal)
    tracker = Tracker(FIVE_HUNDRED)
    tracker.start(game)
    enc = encoder(FIVE_HUNDRED)
    for a in actions:
        tracker.feed(game.apply(a))
        for seat in range(4):
            assert (tracker.observe(game, seat) == enc.encode(game.view(seat))).all(), (a, seat)
    return game, tracker


def pieces(game: Game, seat: int, info: bool = False) -> dict[str, object]:
    enc = encoder(FIVE_HUNDRED, info)
    return enc.pieces(enc.encode(game.view(seat)))  # type: ignore[return-value]


def test_five_hundred_layout() -> None:
    lay, info = layout(FIVE_HUNDRED), layout(FIVE_HUNDRED, info_state=True)
    assert len(lay.cards) == 43 and {"4D", "4H"} <= set(lay.cards) and "4C" not in lay.cards
    assert lay.phases == ("bidding", "discard", "play")  # every bid names trump: no trump phase
    assert lay.trumps == ("C", "D", "H", "S", "NT") and lay.terms == ("misere", "open")
    names = [p.name for p in lay.pieces]
    assert names == [
        "to_move", "phase", "dealer", "hand", "played", "trick", "leader", "named", "calling",
        "history", "contract", "terms", "trump", "maker", "alone", "sitting_out", "widow", "shown",
        "tricks_won", "scores",
    ]  # fmt: skip
    # 27 bids and 4 passes, 3 discards; a row: the seat, 43 discards, 27 bids, pass, a hidden discard
    assert lay["history"].shape == (34, 4 + 43 + 27 + 1 + 1)
    assert not any(verb == "suit" for verb, _, _ in lay.history_column)
    assert (lay.size, info.size) == (3127, 3127 + 10 * 4 * 47 + 10 * 4)
    assert info["named_suits"].shape == (10, 4)
    three = layout(load_variant("five-hundred-3"))
    assert three.size == 2502 and "alone" not in three and "shown" in three and len(three.cards) == 33


def test_five_hundred_bounds() -> None:
    # 10NT failed: the makers lose 520, the defenders take 10 tricks at 10
    assert hand_points(FIVE_HUNDRED) == (-520, 520) and difference_bound(FIVE_HUNDRED) == 520 + 100
    # 27 bids and 4 passes, 3 discards; 40 cards played and one suit named after the Joker
    assert making_decisions(FIVE_HUNDRED) == 34 and decisions_per_hand(FIVE_HUNDRED) == 34 + 40 + 1


OLDER = {  # as docs/rl.md gave them before contracts: observation, information state
    "double-hasenpfeffer": (886, 2230),
    "double-hasenpfeffer-6": (1056, 2496),
    "euchre": (636, 1196),
    "hasenpfeffer": (1029, 1725),
    "hasenpfeffer-pepper": (1093, 1789),
    "pepper": (455, 1127),
    "railroad-euchre": (1444, 2024),
    "three-handed-euchre": (456, 861),
}


@pytest.mark.parametrize("name", sorted(OLDER))
def test_layouts_of_the_older_built_ins_are_kept(name: str) -> None:
    variant = load_variant(name)
    lay = layout(variant)
    assert (lay.size, layout(variant, info_state=True).size) == OLDER[name]
    assert not {"named", "calling", "terms", "shown", "named_suits"} & {p.name for p in lay.pieces}


def test_the_leader_of_the_joker_names_the_suit_to_follow() -> None:
    bidding = ["0 bid 6NT", "1 pass", "2 pass", "3 pass", "0 discard KS", "0 discard AS", "0 discard 5H"]
    game, _ = played(JOKER_DEAL, [*bidding, "0 play JK"])
    for seat in range(4):  # every seat sees the leader naming the suit
        seen = pieces(game, seat)
        assert seen["calling"].tolist() == [1] and not seen["named"].any()  # type: ignore[attr-defined]
        assert seen["trump"].tolist() == [0, 0, 0, 0, 1]  # type: ignore[attr-defined]
    game, _ = played(JOKER_DEAL, [*bidding, "0 play JK", "0 suit C", "1 play 8C"])
    seen = pieces(game, 2)
    assert seen["named"].tolist() == [1, 0, 0, 0] and seen["calling"].tolist() == [0]  # type: ignore[attr-defined]
    assert seen["history"][7:].sum() == 0  # type: ignore[index]  # the suit is not a row of the history
    game, _ = played(JOKER_DEAL, [*bidding, "0 play JK", "0 suit C", "1 play 8C", "2 play 6D", "3 play 6H"])
    seen, known = pieces(game, 3), pieces(game, 3, info=True)
    assert not seen["named"].any()  # type: ignore[attr-defined]  # the trick is over
    assert known["named_suits"][0].tolist() == [1, 0, 0, 0] and not known["named_suits"][1:].any()  # type: ignore[index]
    assert Table(FIVE_HUNDRED, "five-hundred").space.names[-4:] == tuple(f"suit {x}" for x in SUITS)


def test_an_open_contract_shows_the_hand_after_the_first_trick() -> None:
    bidding = [
        "0 bid open-misere",
        "1 pass",
        "2 pass",
        "3 pass",
        "0 discard KS",
        "0 discard AS",
        "0 discard JK",
    ]
    game, _ = played(LOW_DEAL, [*bidding, "0 play 5C", "1 play 8C"])
    seen = pieces(game, 1)
    assert seen["terms"].tolist() == [1, 1] and not seen["shown"].any()  # type: ignore[attr-defined]
    assert seen["alone"].tolist() == [0, 0, 0, 1] and seen["sitting_out"].tolist() == [0, 1, 0, 0]  # type: ignore[attr-defined]
    game, _ = played(LOW_DEAL, [*bidding, "0 play 5C", "1 play 8C", "3 play 6H"])
    names = layout(FIVE_HUNDRED).cards
    for seat in (0, 1, 3):
        shown = pieces(game, seat)["shown"]
        assert [names[i] for i in np.flatnonzero(shown)] == [
            "6C",
            "7C",
            "4D",
            "5D",
            "4H",
            "5H",
            "5S",
            "6S",
            "7S",
        ]
    game, _ = played(LOW_DEAL, [*bidding, "0 play 5C", "1 play 8C", "3 play 6H", "1 play 9C", "3 play 7H"])
    assert names[int(np.flatnonzero(pieces(game, 3)["shown"])[0])] == "6C"  # the open hand as it is now


def table_of(deal: dict[str, object], actions: list[str]) -> Table:
    table = Table(FIVE_HUNDRED, "five-hundred")
    table.apply(int(deal["dealer"]))  # type: ignore[call-overload]
    cards = [c for hand in deal["hands"] for c in str(hand).split()] + list(deal["widow"])  # type: ignore[attr-defined]
    for c in cards:
        table.apply(table.names.index(c))
    for a in actions:
        table.apply(table.space.encode(a))
    return table


def test_an_open_hand_is_in_the_information_state_and_the_observation_text() -> None:
    actions = ["bid open-misere", "pass", "pass", "pass", "discard KS", "discard AS", "discard JK"]
    table = table_of(LOW_DEAL, [*actions, "play 5C", "play 8C", "play 6H"])
    assert table.info_string(1).endswith("|0 play 5C|1 play 8C|3 play 6H|0 shows 6C 7C 4D 5D 4H 5H 5S 6S 7S")
    assert "open 0: 6C 7C 4D 5D 4H 5H 5S 6S 7S" in table.observation_string(3)
    joker = table_of(
        JOKER_DEAL, ["bid 6NT", "pass", "pass", "pass", "discard KS", "discard AS", "discard 5H"]
    )
    for a in ["play JK", "suit H"]:
        joker.apply(joker.space.encode(a))
    assert joker.info_string(2).endswith("|0 play JK|0 suit H") and "named H" in joker.observation_string(2)


def test_a_resampled_table_keeps_the_open_hand() -> None:
    actions = ["bid open-misere", "pass", "pass", "pass", "discard KS", "discard AS", "discard JK"]
    table = table_of(LOW_DEAL, [*actions, "play 5C", "play 8C", "play 6H"])
    again = Table(FIVE_HUNDRED, "five-hundred")
    for a in table.resample(1, random.Random(1)):
        again.apply(a)
    assert again.info_string(1) == table.info_string(1)
    assert again.game is not None and table.game is not None
    assert actual_state(again.game).hands[0] == actual_state(table.game).hands[0]
