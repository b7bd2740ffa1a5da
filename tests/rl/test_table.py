"""The table behind the OpenSpiel game, without OpenSpiel: chance's deals are given to the game
(no hand is played twice), and a resampled episode is one the player cannot tell apart."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer.engine.events import HandDealt
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.rl.table import Table


def chance(table: Table, rng: random.Random) -> None:
    outcomes = table.chance_outcomes()
    table.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])


@pytest.mark.parametrize("name", ["euchre", "hasenpfeffer"])
def test_later_deals_are_given_to_the_game_not_replayed(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[int] = []
    apply_id = Game.apply_id
    monkeypatch.setattr(Game, "apply_id", lambda game, i: taken.append(i) or apply_id(game, i))
    table, rng, decisions = Table(load_variant(name), name, "game", 6), random.Random(4), 0
    while not table.over:
        if table.is_chance():
            chance(table, rng)
            continue
        table.apply(rng.choice(table.legal()))
        decisions += 1
    assert table.game is not None and table.hands == 6
    dealt = [e for e in table.game.events if isinstance(e, HandDealt)][: len(table.deals)]
    assert len(dealt) == len(table.deals) >= 6  # (the game has dealt one more of its own: unused)
    for deal, event in zip(table.deals, dealt, strict=True):  # the game dealt chance's cards
        assert [sorted(h) for h in event.hands] == [sorted(h) for h in deal["hands"]]
        assert list(event.kitty) == deal["widow"]
    # each later deal takes again only the decision that ended the hand before it (neither
    # variant throws a hand in at its deal, where no decision would have to be taken again)
    assert len(taken) == decisions + len(table.deals) - 1


def test_a_resampled_episode_keeps_the_information_state_and_the_earlier_hands() -> None:
    variant = load_variant("railroad-euchre")  # lone hands with exchanges: gifts seen by their takers
    rng = random.Random(2)
    checked = differed = 0
    for _ in range(4):
        table = Table(variant, "railroad-euchre", "game", 2)
        while not table.over:
            if table.is_chance():
                chance(table, rng)
                continue
            player = rng.randrange(variant.players)
            actions = table.resample(player, rng)
            mark = table.deal_marks[-1]
            assert actions[:mark] == table.actions[:mark] and len(actions) == len(table.actions)
            other = Table(variant, "railroad-euchre", "game", 2)
            for a in actions:
                other.apply(a)
            assert other.info_string(player) == table.info_string(player)
            checked += 1
            differed += actions != table.actions
            table.apply(rng.choice(table.legal()))
    assert checked > 100 and differed > checked // 2
    with pytest.raises(ValueError, match="a player is to move"):
        table.resample(0, rng)
