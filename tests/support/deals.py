"""Deals fixed by hand that several tests play (a deal gives the dealer, the hands by seat as
text, and the kitty)."""

from __future__ import annotations

FIVE_HUNDRED_HEARTS = {
    "dealer": 3,
    "hands": [
        "JK JH JD AH KH QH TH 9H 8H 7H",
        "AS KS QS JS TS 9S 8S 7S 6S 5S",
        "AC KC QC JC TC 9C 8C 7C 6C 5C",
        "AD KD QD TD 9D 8D 7D 6D 5D 4D",
    ],
    "widow": ["6H", "5H", "4H"],
}
"""Five Hundred, dealer 3: seat 0 holds eight hearts, both red jacks and the Joker; each other
seat a long suit (spades, clubs, diamonds)."""


def turned_up(hands: list[str], widow: list[str], turned: str, dealer: int) -> dict[str, object]:
    """A deal of ``hands`` (text by seat) and ``widow`` with ``turned`` turned up: the card is
    swapped with the widow's first card wherever it lies, so each card is dealt once.

    >>> turned_up(["9H AS"], ["TH", "KS"], "AS", 0)
    {'dealer': 0, 'hands': [['9H', 'TH']], 'widow': ['AS', 'KS']}
    """
    first = widow[0]
    cards = [h.split() for h in hands]
    kitty = list(widow)
    for pile in (kitty, *cards):
        if turned in pile:
            pile[pile.index(turned)] = first
    kitty[0] = turned
    return {"dealer": dealer, "hands": cards, "widow": kitty}


SAME_HANDS = ["AS KS QS AC KC", "JH JD AH KH QH", "JS TS 9S QC JC", "AD KD QD TD 9D"]
"""Euchre hands dealt again each hand by the tests of what a game remembers and of who may make
trump: seat 1 holds five hearts with both red jacks, seat 0 three spades and two clubs."""


def same_cards(dealer: int = 3, turned: str = "9H") -> dict[str, object]:
    """:data:`SAME_HANDS`, dealer ``dealer``, the 9H (or ``turned``) turned up.

    >>> same_cards(0, "9S")["widow"]
    ['9S', 'TH', 'TC', '9C']
    """
    return turned_up(SAME_HANDS, ["9H", "TH", "TC", "9C"], turned, dealer)
