"""Making trump: auction, order-up rounds, all-pass rules, widow, discard, exchange, lone defence."""

from __future__ import annotations

from ..rules.actions import Action, LegalActions
from .state import GameState


class Making(GameState):
    """Legal actions and handlers of the phases before play."""

    __slots__ = ()

    # ------------------------------------------------------------------ auction

    def _legal_bidding(self) -> LegalActions:
        p, s = self._p, self.to_move
        assert s is not None
        return LegalActions((p.pass_[s], *p.bid[s][self.high + 1 :]))

    def _do_bid(self, a: Action) -> None:
        self.high = self._p.bid_index[a.arg]
        self.high_seat = a.seat
        self._after_bid(a.seat)

    def _after_bid(self, seat: int) -> None:
        p = self._p
        self._spoken += 1
        if self.high == len(p.ladder) - 1:
            return self._auction_won()
        if self.variant.making.auction.style == "one-round":
            if self._spoken < p.n:
                self.to_move = p.left[seat]
                return None
        else:
            active = p.n - sum(self._passed)
            if active > 1 or (active == 1 and self.high_seat is None):
                nxt = p.left[seat]
                while self._passed[nxt]:
                    nxt = p.left[nxt]
                self.to_move = nxt
                return None
        if self.high_seat is None:
            return self._all_pass()
        return self._auction_won()

    def _auction_won(self) -> None:
        assert self.high_seat is not None
        bid = self._p.ladder[self.high]
        self._make(self.high_seat, bid.name, bid.tricks, bid.multiplier, forced=False)

    def _all_pass(self) -> None:
        ap = self.variant.making.all_pass
        if ap.rule == "throw-in":
            return self._throw_in()
        p = self._p
        maker: int | None = self.dealer
        if ap.forced == "joker-holder":
            maker = None
            joker = self.rules.joker
            seat = p.left[self.dealer]
            for _ in range(p.n):
                if joker in self.hands[seat]:
                    maker = seat
                    break
                seat = p.left[seat]
            if maker is None:
                return self._throw_in()
        assert maker is not None
        name = str(ap.bid)
        i = p.bid_index.get(name)
        if i is not None:
            bid = p.ladder[i]
            self._make(maker, bid.name, bid.tricks, bid.multiplier, forced=True)
        else:
            self._make(maker, name, int(name) if name.isdigit() else 1, 1, forced=True)

    def _make(self, maker: int, bid: str, required: int, multiplier: int, forced: bool) -> None:
        """The auction is over: the maker takes the widow and names trump."""
        self.maker, self.bid_name, self.required = maker, bid, required
        self.multiplier, self.forced = multiplier, forced
        self._go("take_widow")
        if self.variant.deal.kitty.use == "widow" and self.kitty:
            self.widow_taken = tuple(self.kitty)
            self.hands[maker].extend(self.kitty)
            self.hands[maker].sort()
            self.kitty = []
        self.to_move = maker

    def _legal_trump(self) -> LegalActions:
        s = self.to_move
        assert s is not None
        return LegalActions(self._trump_options(s, barred=None))

    def _trump_options(self, s: int, barred: int | None) -> list[Action]:
        p, rules = self._p, self.rules
        acts = p.trump[s]
        may_alone = self.variant.alone.allowed == "maker" and bool(p.partners[s])
        out = []
        last = rules.ns + 1 if self.variant.making.no_trump else rules.ns
        for ti in range(last):
            if ti == barred:
                continue
            out.append(acts[ti][0])
            if may_alone:
                out.append(acts[ti][1])
        return out

    def _do_trump(self, a: Action) -> None:
        ti = self.rules.trump_index[a.arg]
        if self.state == "name-trump":
            self.maker, self.bid_name = a.seat, "order-up"
            self.required = self.variant.making.order_up.tricks_required
            self.forced = a.seat == self.dealer and self._stuck()
        self._set_trump(ti, a.alone)
        if self.state == "trump" and self.widow_taken:
            self.discards_left = len(self.widow_taken)
            self._go("to_discard")
            return
        self._after_discard()

    def _set_trump(self, ti: int, alone: bool) -> None:
        self.trump_i = ti
        self._eff = self.rules.eff[ti]
        self._keys = self.rules.key[ti]
        if alone:
            self.alone = True
            assert self.maker is not None
            for q in self._p.partners[self.maker]:
                self.out[q] = True

    # ------------------------------------------------------------------ order-up

    def _stuck(self) -> bool:
        """Stick the dealer: the dealer may not pass in the last round."""
        return self.variant.making.all_pass.rule == "forced"

    def _turned_suit(self) -> int | None:
        t, rules = self.turned, self.rules
        if t is None:
            return None
        if t == rules.joker:
            suit = self.variant.making.order_up.turned_joker
            return None if suit is None else rules.suits.index(suit)
        return rules.suits.index(rules.faces[t].suit)

    def _legal_order_up(self) -> LegalActions:
        p, s = self._p, self.to_move
        assert s is not None
        ou = self.variant.making.order_up
        acts: list[Action] = []
        if self._turned_suit() is not None:
            partner_alone = ou.dealer_partner_alone and s in p.partners[self.dealer]
            may_alone = self.variant.alone.allowed == "maker" and bool(p.partners[s])
            if not partner_alone or not may_alone:
                acts.append(p.order_up[s][0])
            if may_alone:
                acts.append(p.order_up[s][1])
        if not (s == self.dealer and ou.rounds == 1 and self._stuck()) or not acts:
            acts.append(p.pass_[s])
        return LegalActions(acts)

    def _do_order_up(self, a: Action) -> None:
        ti = self._turned_suit()
        assert ti is not None and self.turned is not None
        ou = self.variant.making.order_up
        self.maker, self.bid_name, self.required = a.seat, "order-up", ou.tricks_required
        self.forced = a.seat == self.dealer and ou.rounds == 1 and self._stuck()
        self._set_trump(ti, a.alone)
        if ou.dealer_discards and "discard" in self._p.states:
            self.kitty.remove(self.turned)
            self.hands[self.dealer].append(self.turned)
            self.hands[self.dealer].sort()
            self.discards_left = 1
            self._go("to_discard")
            self.to_move = self.dealer
            return
        self._after_discard()

    def _legal_name_trump(self) -> LegalActions:
        s = self.to_move
        assert s is not None
        barred = self._turned_suit() if self.variant.making.order_up.turned_suit_barred else None
        acts = self._trump_options(s, barred)
        if not (s == self.dealer and self._stuck()) or not acts:
            acts.append(self._p.pass_[s])
        return LegalActions(acts)

    def _do_pass(self, a: Action) -> None:
        seat, phase, p = a.seat, self.state, self._p
        if phase == "bidding":
            self._passed[seat] = True
            return self._after_bid(seat)
        if phase == "defence":
            self._offer.pop(0)
            if self._offer:
                self.to_move = self._offer[0]
                return None
            return self._start_play()
        if seat != self.dealer:
            self.to_move = p.left[seat]
            return None
        if phase == "order-up" and self.variant.making.order_up.rounds == 2:
            self._go("turn_down")
            self.to_move = p.left[seat]
            return None
        return self._throw_in()

    # ------------------------------------------------------------------ discard, exchange, defence

    def _legal_cards(self, verb_table: tuple[tuple[Action, ...], ...], cards: list[int]) -> LegalActions:
        s = self.to_move
        assert s is not None
        acts = verb_table[s]
        if self._p.copies:
            return LegalActions([acts[c] for c in dict.fromkeys(cards)])
        return LegalActions([acts[c] for c in cards])

    def _legal_discard(self) -> LegalActions:
        assert self.to_move is not None
        return self._legal_cards(self._p.discard, self.hands[self.to_move])

    def _do_discard(self, a: Action) -> None:
        c = self.rules.card_id[a.arg]
        self.hands[a.seat].remove(c)
        self._discards.append((a.seat, c))
        self.discards_left -= 1
        if not self.discards_left:
            self._after_discard()

    def _after_discard(self) -> None:
        cards = self.variant.alone.exchange.cards
        maker = self.maker
        assert maker is not None
        if self.alone and cards and "exchange" in self._p.states:
            partners = self._p.partners[maker]
            queue = [(q, maker) for q in partners for _ in range(cards)]
            queue += [(maker, q) for q in partners for _ in range(cards)]
            self._exch = queue
            self._go("to_exchange")
            self.to_move = queue[0][0]
            return
        self._after_exchange()

    def _legal_exchange(self) -> LegalActions:
        s = self.to_move
        assert s is not None and self.trump_i is not None
        hand = self.hands[s]
        lone = self.maker if self.def_alone is None else self.def_alone
        if s != lone and self.variant.alone.exchange.best:
            power = self.rules.power[self.trump_i]
            top = max(power[c] for c in hand)
            hand = [c for c in hand if power[c] == top]
        return self._legal_cards(self._p.give, hand)

    def _do_give(self, a: Action) -> None:
        c = self.rules.card_id[a.arg]
        giver, taker = self._exch.pop(0)
        self.hands[giver].remove(c)
        self.hands[taker].append(c)
        self.hands[taker].sort()
        if self._exch:
            self.to_move = self._exch[0][0]
            return
        self._after_exchange()

    def _after_exchange(self) -> None:
        p, maker, a = self._p, self.maker, self.variant.alone
        assert maker is not None
        if self.def_alone is not None:
            return self._start_play()
        if "defence" in p.states and (self.alone or a.lone_defence_against == "any-maker"):
            side = p.side_of[maker]
            first = maker if a.lone_defence_order == "maker-left" else self.dealer
            offer = [(first + k) % p.n for k in range(1, p.n + 1)]
            self._offer = [s for s in offer if p.side_of[s] != side and p.partners[s]]
            if self._offer:
                self._go("to_defence")
                self.to_move = self._offer[0]
                return
        self._start_play()

    def _legal_defence(self) -> LegalActions:
        s = self.to_move
        assert s is not None
        return LegalActions((self._p.alone[s], self._p.pass_[s]))

    def _do_alone(self, a: Action) -> None:
        self.def_alone = seat = a.seat
        partners = self._p.partners[seat]
        for q in partners:
            self.out[q] = True
        ex = self.variant.alone.exchange
        if ex.cards and ex.lone_defender:
            queue = [(q, seat) for q in partners for _ in range(ex.cards)]
            queue += [(seat, q) for q in partners for _ in range(ex.cards)]
            self._exch = queue
            self._go("to_exchange")
            self.to_move = queue[0][0]
            return
        self._start_play()
