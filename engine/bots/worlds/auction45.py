"""Sampled auction45 deals consistent with what one seat has seen (see ``world``).

The deal is built backwards from the guessed hands: a player's hand after the draw is what he
kept plus what he drew, and what he kept plus what he discarded is what he held before the
draw; the bidder held that plus his kitty discards, his dealt hand and the kitty together; the
cards each player drew sit in the stock where the dealer's delivery finds them. Voids shown in
play limit what each hidden hand may hold (``clues45``). The seat's own discards are not in
its view, so they are guessed like everything else. With ``kitty_rule = trumps_only`` and a
taste card no world is offered (whether the taste card joined the bidder is not modelled).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.common import options_of
from engine.bots.dealing import cards_in, fill, take
from engine.bots.ranking import ranking
from engine.bots.seen import Seen
from engine.bots.worlds.clues45 import KEEP, allowed_cards, delivery_positions, discard_clues
from engine.bots.worlds.world import Keep, World, plays, replay, shuffled
from engine.rules import Action, Call, Deal, Discard, GoKitty, KittyDiscard, NameTrump, Phase
from engine.rules.cards import BIT, DECK_52, parse_card


class _Builder:
    """One attempt at a world; ``build`` returns ``None`` when the guess does not fit."""

    def __init__(
        self, seen: Seen, rng: random.Random, read_discards: bool, keep: Keep | None
    ) -> None:
        self.seen = seen
        self.rng = rng
        self.read_discards = read_discards
        self.keep = keep
        self.game = seen.game
        self.opts = options_of(self.game)
        view = seen.view
        self.n = seen.seats
        self.kitty_size = int(self.opts["kitty_size"])
        self.counts: list[int] = [int(c) for c in view["hand_counts"]]
        self.went = bool(view.get("went_on_kitty"))
        self.taste = parse_card(view["taste"]) if view.get("taste") else None
        self.discards: list[int | None] = list(view.get("discard_counts") or [None] * self.n)
        draw = view.get("draw_counts")
        self.draws: list[int] | None = None if draw is None else [int(g) for g in draw]
        self.trumps_only = self.opts["kitty_rule"] == "trumps_only"
        self.order = [(seen.dealer + 1 + i) % self.n for i in range(self.n)]

    def build(self) -> World | None:
        phase = self.seen.phase
        if self.taste is not None and self.trumps_only and phase != Phase.AUCTION:
            return None  # the taste card may or may not join the bidder: not modelled
        if phase == Phase.AUCTION:
            return self._before_contract()
        if phase == Phase.DECLARE:
            return self._declare()
        if phase == Phase.KITTY_DISCARD:
            return self._kitty_discard()
        return self._draw_or_play()

    # -- the phases ----------------------------------------------------------------------------
    def _before_contract(self) -> World | None:
        slots, owners = self._hand_slots(DECK_52)
        k = self.kitty_size - (1 if self.taste is not None else 0)
        stock = self.game_stock_size()
        slots += [(k, self._no_taste()), (stock, self._no_taste())]
        dealt = self._fill(slots)
        if dealt is None:
            return None
        hands = self._current(owners, dealt)
        kitty = self._kitty_order(dealt[-2] | self._taste_bit())
        return self._finish(hands, kitty, shuffled(dealt[-1], self.rng), hands, 0, {})

    def _declare(self) -> World | None:
        seen = self.seen
        bidder = seen.bidder
        assert bidder is not None
        view_before = self.opts["kitty_view_before_trump"]
        taken = self.went or view_before
        slots, owners = self._hand_slots(DECK_52, pre_taste=taken)
        stock = self.game_stock_size()
        extra: list[tuple[int, int]] = []
        if self.went:
            extra.append((5, self._no_taste()))  # the bidder's dealt hand, thrown away
        elif not view_before:
            extra.append((self.kitty_size - (1 if self.taste is not None else 0), self._no_taste()))
        slots += [*extra, (stock, self._no_taste())]
        dealt = self._fill(slots)
        if dealt is None:
            return None
        hands = self._current(owners, dealt, pre_taste=taken)
        held = hands[bidder]
        if self.went:
            dealt_hands = hands[:]
            dealt_hands[bidder] = dealt[len(owners)]
            kitty = self._kitty_order(held)
        elif view_before:
            dealt_hands = hands[:]
            kitty_mask, dealt_hands[bidder] = self._split_kitty(held)
            kitty = self._kitty_order(kitty_mask)
        else:
            dealt_hands = hands
            kitty = self._kitty_order(dealt[len(owners)] | self._taste_bit())
        return self._finish(dealt_hands, kitty, shuffled(dealt[-1], self.rng), hands, 0, {})

    def _kitty_discard(self) -> World | None:
        seen = self.seen
        bidder = seen.bidder
        assert bidder is not None and seen.trump is not None
        slots, owners = self._hand_slots(DECK_52, pre_taste=True)
        rank = ranking(self.game, seen.trump)
        filler = 0
        if self.trumps_only:
            filler = self.kitty_size - (self.counts[bidder] - 5)
        stock = self.game_stock_size()
        slots += [
            (filler, DECK_52 & ~rank.trump_mask & self._no_taste()),
            (stock, self._no_taste()),
        ]
        dealt = self._fill(slots)
        if dealt is None:
            return None
        hands = self._current(owners, dealt, pre_taste=True)
        dealt_hands = hands[:]
        held = hands[bidder]
        if self.trumps_only:
            plain = held & ~rank.trump_mask
            extra, kitty_trumps = take(held & rank.trump_mask, 5 - plain.bit_count(), self.rng)
            dealt_hands[bidder] = plain | extra
            kitty_mask = kitty_trumps | dealt[-2]
        else:
            kitty_mask, dealt_hands[bidder] = self._split_kitty(held)
        kitty = self._kitty_order(kitty_mask)
        return self._finish(dealt_hands, kitty, shuffled(dealt[-1], self.rng), hands, 0, {})

    def _draw_or_play(self) -> World | None:
        seen = self.seen
        bidder = seen.bidder
        assert bidder is not None and seen.trump is not None
        rank = ranking(self.game, seen.trump)
        n = self.n
        me = seen.seat
        draws = self.draws
        # An unplaced taste card is with the bidder: in his hand or among his discards.
        taste_bit = 0
        if self.taste is not None and not (seen.hand | seen.played) & BIT[self.taste]:
            taste_bit = BIT[self.taste]
        others = DECK_52 & ~taste_bit
        plain = DECK_52 & ~rank.trump_mask & others
        allowed = allowed_cards(seen, rank, self.opts)
        slots: list[tuple[int, int]] = []
        owners: list[int] = []
        if draws is not None and draws[bidder] == 5:
            allowed[bidder] &= others  # he kept nothing, so the taste card went back
        if self.went and self.trumps_only and draws is None:
            allowed[bidder] &= rank.trump_mask  # he holds only the kitty's trumps
        for s in range(n):
            if s != me:
                slots.append((self.counts[s], allowed[s] & (DECK_52 if s == bidder else others)))
                owners.append(s)
        # With ``read_discards``: trumps kept at the draw and not played yet are still held.
        clues = self._kept_trumps()
        sure_slot: dict[int, int] = {}
        for s, k in clues.items():
            i = owners.index(s)
            cap, mask = slots[i]
            sure = max(0, k - (seen.played_by[s] & rank.trump_mask).bit_count())
            if sure > cap:
                return None
            slots[i] = (cap - sure, mask)
            sure_slot[s] = len(slots)
            slots.append((sure, mask & rank.trump_mask))
        discard_slot: dict[int, int] = {}
        for s in self.order:
            d = self.discards[s]
            if d:
                discard_slot[s] = len(slots)
                if s in clues:
                    slots.append((d, plain))
                elif s != bidder:
                    slots.append((d, others))
                elif self.went and self.trumps_only:
                    slots.append((d, rank.trump_mask))
                else:
                    slots.append((d, DECK_52))
        went_slot = kitty_slot = -1
        kitty_dropped = False
        if self.went:
            went_slot = len(slots)
            slots.append((5, others))  # the bidder's dealt hand, thrown away
            if self.trumps_only:
                kitty_slot = len(slots)
                slots.append((self.kitty_size - self._held_before_draw(bidder), plain))
        elif self.trumps_only:
            kitty_slot = len(slots)
            slots.append((self.kitty_size, plain))  # a kitty without trumps: nothing joins
        else:
            kitty_dropped = True
            kitty_slot = len(slots)
            # The bidder's kitty discard (plain if he then gave back a card at the draw).
            slots.append((self.kitty_size, plain if clues.get(bidder, KEEP) < KEEP else DECK_52))
        stock_size = self.game_stock_size()
        delivered = sum(draws) if draws is not None else 0
        slots.append((stock_size - delivered, others))
        dealt = self._fill(slots)
        if dealt is None:
            return None
        hands = [0] * n
        hands[me] = seen.hand
        for i, s in enumerate(owners):
            hands[s] = dealt[i] | (dealt[sure_slot[s]] if s in sure_slot else 0)
        stock_cards: list[int] = [-1] * stock_size
        if draws is not None:
            positions = delivery_positions(draws, self.order, self.opts["draw_packet_max"])
            pre_draw = [0] * n
            for s in range(n):
                after = hands[s] | seen.played_by[s]
                taste = after & BIT[self.taste] if self.taste is not None else 0
                if (after & ~taste).bit_count() < draws[s]:
                    return None
                if s == bidder and self.went and self.trumps_only:
                    # Only the kitty's trumps stayed with him: he kept trumps alone.
                    keep = after.bit_count() - draws[s]
                    if (after & rank.trump_mask).bit_count() < keep:
                        return None
                    kept, received = take(after & rank.trump_mask, keep, self.rng)
                    received |= after & ~rank.trump_mask
                elif s in clues:
                    kept, received = take(after & rank.trump_mask, clues[s], self.rng)
                    received |= after & ~rank.trump_mask
                else:
                    received, kept = take(after & ~taste, draws[s], self.rng)
                got = cards_in(received)
                self.rng.shuffle(got)
                for pos, c in zip(positions[s], got, strict=True):
                    stock_cards[pos] = c
                pre_draw[s] = kept | taste
        else:
            pre_draw = hands[:]
        for s, i in discard_slot.items():
            pre_draw[s] |= dealt[i]
        rest = shuffled(dealt[-1], self.rng)
        for pos in range(stock_size):
            if stock_cards[pos] < 0:
                stock_cards[pos] = rest.pop()
        dealt_hands = pre_draw[:]
        if self.went:
            dealt_hands[bidder] = dealt[went_slot]
            kitty_mask = pre_draw[bidder] | (dealt[kitty_slot] if kitty_slot >= 0 else 0)
        elif self.trumps_only:
            kitty_mask = dealt[kitty_slot]
        else:
            kitty_mask, dealt_hands[bidder] = self._split_kitty(
                pre_draw[bidder] | dealt[kitty_slot]
            )
        discards = {s: dealt[i] for s, i in discard_slot.items()}
        for s in self.order:
            if self.discards[s] == 0:
                discards[s] = 0
        kitty_discard = dealt[kitty_slot] if kitty_dropped else 0
        return self._finish(
            dealt_hands, self._kitty_order(kitty_mask), stock_cards, hands, kitty_discard, discards
        )

    # -- helpers ---------------------------------------------------------------------------
    def _kept_trumps(self) -> dict[int, int]:
        """``discard_clues`` if the builder reads discards, else nothing."""
        if not self.read_discards:
            return {}
        return discard_clues(self.seen, self.opts, self.discards, self.game_stock_size())

    def game_stock_size(self) -> int:
        return 52 - 5 * self.n - self.kitty_size

    def _taste_bit(self) -> int:
        return BIT[self.taste] if self.taste is not None else 0

    def _held_before_draw(self, bidder: int) -> int:
        d = self.discards[bidder]
        if self.draws is not None:
            return 5 - self.draws[bidder] + (d or 0)
        return self.counts[bidder] + (d or 0)

    def _no_taste(self, keep_free: bool = False) -> int:
        """Every card but the taste card (which ``keep_free`` leaves in when it is unplaced)."""
        if self.taste is None or keep_free:
            return DECK_52
        return DECK_52 & ~BIT[self.taste]

    def _hand_slots(
        self, base: int, pre_taste: bool = False
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """Slots for the hidden hands; ``pre_taste``: the bidder surely holds the taste card."""
        seen = self.seen
        slots: list[tuple[int, int]] = []
        owners: list[int] = []
        for s in range(self.n):
            if s == seen.seat:
                continue
            cap = self.counts[s]
            if pre_taste and self.taste is not None and s == seen.bidder:
                cap -= 1
            slots.append((cap, base & self._no_taste()))
            owners.append(s)
        return slots, owners

    def _current(self, owners: list[int], dealt: list[int], pre_taste: bool = False) -> list[int]:
        seen = self.seen
        hands = [0] * self.n
        hands[seen.seat] = seen.hand
        for i, s in enumerate(owners):
            hands[s] = dealt[i]
        if pre_taste and self.taste is not None and seen.bidder is not None:
            hands[seen.bidder] |= BIT[self.taste]
        return hands

    def _pool(self) -> list[int]:
        seen = self.seen
        known = seen.hand | seen.played
        if self.taste is not None and seen.phase not in (Phase.DRAW, Phase.PLAY):
            known |= BIT[self.taste]
        return cards_in(DECK_52 & ~known)

    def _fill(self, slots: list[tuple[int, int]]) -> list[int] | None:
        return fill(self._pool(), slots, self.rng)

    def _split_kitty(self, held: int) -> tuple[int, int]:
        """Split the bidder's cards into ``(kitty, dealt hand)``, the taste card in the kitty."""
        k = self.kitty_size
        if self.taste is not None:
            rest = held & ~BIT[self.taste]
            kitty, dealt = take(rest, k - 1, self.rng)
            return kitty | BIT[self.taste], dealt
        return take(held, k, self.rng)

    def _kitty_order(self, kitty: int) -> tuple[int, ...]:
        cards = cards_in(kitty)
        self.rng.shuffle(cards)
        if self.taste is not None and self.taste in cards:
            cards.remove(self.taste)
            cards.append(self.taste)
        return tuple(cards)

    def _finish(
        self,
        dealt_hands: list[int],
        kitty: tuple[int, ...],
        stock: Sequence[int],
        holdings: list[int],
        kitty_discard: int,
        discards: dict[int, int],
    ) -> World | None:
        deal = Deal(tuple(tuple(cards_in(h)) for h in dealt_hands), kitty, tuple(stock))
        kitty_mask = 0
        for c in kitty:
            kitty_mask |= BIT[c]
        actions = self._actions(kitty_discard, discards)
        return replay(self.seen, deal, actions, holdings, kitty_mask, self.keep)

    def _actions(self, kitty_discard: int, discards: dict[int, int]) -> list[Action]:
        seen = self.seen
        actions: list[Action] = [Call(s, c) for s, c in seen.calls]
        bidder = seen.bidder
        if bidder is None:
            return actions
        if self.went:
            actions.append(GoKitty(bidder))
        if seen.trump is not None:
            actions.append(NameTrump(bidder, seen.trump))
        if kitty_discard:
            actions.append(KittyDiscard(bidder, tuple(cards_in(kitty_discard))))
        for s in self.order:
            if s in discards:
                actions.append(Discard(s, tuple(cards_in(discards[s]))))
        return actions + plays(seen)


def sample_world(
    seen: Seen, rng: random.Random, read_discards: bool = False, keep: Keep | None = None
) -> World | None:
    """One world for ``seen``, or ``None`` when the guess did not replay or ``keep`` refused
    it; ``read_discards``: only deals in which the others discarded as the rule bot would
    (``clues45``)."""
    return _Builder(seen, rng, read_discards, keep).build()
