"""Hand-worked deals for order-up making, exchanges with the partner, and pinochle-pack and no-trump tables."""

from __future__ import annotations

from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.variant import (
    AllPass,
    Alone,
    Deal,
    Exchange,
    Failed,
    Kitty,
    Making,
    OrderUp,
    Pack,
    Points,
    Ranking,
    Scoring,
    Variant,
)
from hasenpfeffer.rules.ruleset import compile_variant
from support.play import legal

DEAL = {
    "dealer": 3,
    "hands": ["JH JD AH KH QH", "AS KS QS JS TS", "AD KD QD TD 9D", "AC KC QC JC 9S"],
    "widow": ["TH", "9H", "TC", "9C"],
}


def euchre(**changes: object) -> Variant:
    making = Making(
        method="order-up",
        order_up=OrderUp(**changes.pop("order_up", {})),  # type: ignore[arg-type]
        all_pass=changes.pop("all_pass", AllPass(rule="throw-in", redeal="next-dealer")),  # type: ignore[arg-type]
    )
    return Variant(
        name="e",
        pack=Pack(jokers=0),
        deal=Deal(hand_size=5, kitty=Kitty(size=4, use="turn-up")),
        making=making,
        alone=changes.pop("alone", Alone(lone_defence=False)),  # type: ignore[arg-type]
        scoring=Scoring(
            made=Points(table={3: 1, 4: 1, 5: 2}),
            made_alone=Points(table={3: 1, 4: 1, 5: 4}),
            failed=Failed(fixed=2, to="opponents"),
            alone_multiplier=1,
            multiply_failed_alone=False,
        ),
    )


def run(g: Game, script: str) -> None:
    for text in script.split(","):
        g.apply(text.strip())


def test_order_up_dealer_takes_the_card_and_the_makers_march() -> None:
    g = Game(euchre(), deal=DEAL)
    assert (g.phase, g.to_move, str(g.view(2).turned)) == ("order-up", 0, "TH")
    assert legal(g) == ["0 order-up", "0 order-up alone", "0 pass"]
    run(g, "0 order-up")
    assert (g.phase, g.to_move, g.view().trump, g.view().maker) == ("discard", 3, "H", 0)
    assert "TH" in [str(c) for c in g.view(3).hand]
    run(g, "3 discard 9S")
    assert (g.phase, g.to_move) == ("play", 0)
    run(g, "0 play JH, 1 play AS, 2 play 9D, 3 play TH, 0 play JD, 1 play KS, 2 play TD, 3 play AC")
    run(g, "0 play AH, 1 play QS, 2 play QD, 3 play KC, 0 play KH, 1 play JS, 2 play KD, 3 play QC")
    run(g, "0 play QH, 1 play TS, 2 play AD, 3 play JC")
    r = g.hand_results[0]
    assert (r.bid, r.trump, r.tricks, r.made, r.score_change) == ("order-up", "H", (5, 0), True, (2, 0))


def test_round_two_bars_the_turned_suit_and_all_pass_throws_in() -> None:
    g = Game(euchre(), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert (g.phase, g.to_move) == ("name-trump", 0)
    assert "0 trump H" not in g.legal_actions() and "0 trump S alone" in g.legal_actions()
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert g.hand_results[0].thrown_in and g.dealer == 0 and g.phase == "order-up"


def test_round_two_maker_names_a_suit() -> None:
    g = Game(euchre(), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass, 0 pass, 1 trump S")
    assert (g.phase, g.view().maker, g.view().trump, g.to_move) == ("play", 1, "S", 0)


def test_stick_the_dealer_may_not_pass_in_round_two() -> None:
    g = Game(euchre(all_pass=AllPass(rule="forced", forced="dealer")), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass, 0 pass, 1 pass, 2 pass")
    assert "3 pass" not in g.legal_actions() and "3 trump C" in g.legal_actions()
    run(g, "3 trump C")
    assert g.view().forced and g.view().maker == 3


def test_canadian_loner_dealer_partner_must_go_alone() -> None:
    g = Game(euchre(order_up={"dealer_partner_alone": True}), deal=DEAL)
    run(g, "0 pass")
    assert legal(g) == ["1 order-up alone", "1 pass"]


def test_lone_exchange_partner_gives_the_best_card() -> None:
    alone = Alone(lone_defence=False, exchange=Exchange(cards=1, best=True))
    g = Game(euchre(alone=alone), deal=DEAL)
    run(g, "0 order-up alone, 3 discard 9S")
    assert (g.phase, g.to_move) == ("exchange", 2)
    assert legal(g) == ["2 give AD"]  # no trump: the highest card
    run(g, "2 give AD")
    assert g.to_move == 0 and len(g.legal_actions()) == 6
    run(g, "0 give AD")
    assert (g.phase, g.to_move, g.view(0).sitting_out) == ("play", 1, frozenset({2}))
    assert [a.verb for a in g.view(1).history][-2:] == ["give", "give"]
    assert g.view(1).history[-1].arg == "" and g.view(0).history[-1].arg == "AD"


def test_pinochle_pack_two_equal_cards_first_wins() -> None:
    r = compile_variant(Variant(name="d", pack=Pack(copies=2, jokers=0)))
    assert len(r.deck) == 48 and r.trick_winner(["AS", "AS", "KS", "AS"], "H") == 0
    assert r.trick_winner(["KS", "AS", "AS"], "H") == 1


def test_no_trump_joker_rules() -> None:
    high = compile_variant(Variant(name="n", making=Making(no_trump=True)))
    own = compile_variant(
        Variant(name="n", making=Making(no_trump=True), ranking=Ranking(no_trump_joker="own-suit"))
    )
    for r in (high, own):
        assert r.effective_suit("JK", "NT") == "JK" and r.effective_suit("JD", "NT") == "D"
        assert r.trick_winner(["JK", "AS"], "NT") == 0
    assert high.trick_winner(["AS", "JK", "KS"], "NT") == 1
    assert own.trick_winner(["AS", "JK", "KS"], "NT") == 0


JOKER_TURNED = {
    "dealer": 3,
    "hands": ["JH JD AH KH QH", "AS KS QS JS TS", "AD KD QD TD 9D", "AC KC QC JC 9S"],
    "widow": ["JK", "9H", "TC", "9C"],
}


def benny(**order_up: object) -> Variant:
    base = euchre(order_up=order_up)
    return base.model_copy(
        update={"pack": Pack(jokers=1), "deal": Deal(hand_size=5, kitty=Kitty(size=5, use="turn-up"))}
    )


def test_turned_joker_throws_in_to_the_same_dealer() -> None:
    deal = {**JOKER_TURNED, "widow": ["JK", "TH", "9H", "TC", "9C"]}
    g = Game(benny(), seed=5, deal=deal)
    r = g.hand_results[0]
    assert r.thrown_in and r.dealer == 3 and g.dealer == 3 and g.record()["hands"][0]["actions"] == []


def test_turned_joker_proposes_a_suit() -> None:
    deal = {**JOKER_TURNED, "widow": ["JK", "TH", "9H", "TC", "9C"]}
    g = Game(benny(turned_joker="S"), deal=deal)
    run(g, "0 order-up")
    assert (g.view().trump, g.phase, g.to_move) == ("S", "discard", 3)
    assert "JK" in [str(c) for c in g.view(3).hand]


def test_lone_defence_against_any_maker_from_the_dealer_left() -> None:
    alone = Alone(lone_defence=True, lone_defence_against="any-maker", lone_defence_order="dealer-left")
    g = Game(euchre(alone=alone), deal=DEAL)
    run(g, "0 pass, 1 order-up, 3 discard 9S")
    assert (g.phase, g.to_move) == ("defence", 0)
    run(g, "0 alone")
    v = g.view(0)
    assert (g.phase, v.alone, v.sitting_out, g.to_move) == ("play", frozenset({0}), frozenset({2}), 1)


def test_lone_defender_exchanges_with_the_partner_too() -> None:
    alone = Alone(lone_defence=True, exchange=Exchange(cards=1, lone_defender=True))
    g = Game(euchre(alone=alone), deal=DEAL)
    run(g, "0 order-up alone, 3 discard 9S, 2 give 9D, 0 give 9D, 1 alone")
    assert (g.phase, g.to_move) == ("exchange", 3)
    run(g, "3 give AC, 1 give TS")
    assert (g.phase, g.to_move, g.view(0).sitting_out) == ("play", 1, frozenset({2, 3}))
    assert "AC" in [str(c) for c in g.view(1).hand]


def test_a_record_starting_with_a_turned_joker_throw_in_replays() -> None:
    from hasenpfeffer.records.record import replay

    deal = {**JOKER_TURNED, "widow": ["JK", "TH", "9H", "TC", "9C"]}
    g = Game(benny(), seed=5, deal=deal)
    while len(g.hand_results) < 3:  # the second hand's deal comes from the generator
        g.apply(g.legal_actions()[-1])
    g.apply(g.legal_actions()[-1])
    assert g.hand_results[0].thrown_in and replay(g.record()).record() == g.record()
