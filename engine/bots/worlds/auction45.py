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
from dataclasses import dataclass, field

from engine.bots.common import options_of
from engine.bots.dealing import cards_in, fill, take
from engine.bots.ranking import Ranking, ranking
from engine.bots.seen import Seen
from engine.bots.worlds.clues45 import KEEP, allowed_cards, delivery_positions, discard_clues
from engine.bots.worlds.world import Keep, World, once, plays, replay, shuffled
from engine.rules import Action, Call, Deal, Discard, GoKitty, KittyDiscard, NameTrump, Phase
from engine.rules.cards import BIT, DECK_52, parse_card


@dataclass(slots=True)
class _Layout:
    """The slots a world after the contract is filled from, and which slot holds what: by
    seat, the trumps it surely holds (``sure``) and its draw discard; the bidder's thrown-away
    dealt hand (``went``) and the kitty (``kitty``, -1 when nothing of it is hidden)."""

    slots: list[tuple[int, int]] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)
    clues: dict[int, int] = field(default_factory=dict)
    sure: dict[int, int] = field(default_factory=dict)
    discards: dict[int, int] = field(default_factory=dict)
    went: int = -1
    kitty: int = -1
    kitty_dropped: bool = False

    def add(self, size: int, mask: int) -> int:
        """A new slot of ``size`` cards among ``mask``; returns its index."""
        self.slots.append((size, mask))
        return len(self.slots) - 1


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
        """After the contract: the hands now, what each seat held before the draw and gave
        back, the kitty, and the stock the draw was delivered from."""
        seen = self.seen
        bidder = seen.bidder
        assert bidder is not None and seen.trump is not None
        rank = ranking(self.game, seen.trump)
        layout = once(
            self.seen,
            f"auction45 layout {self.read_discards}",
            lambda: self._draw_or_play_slots(bidder, rank),
        )
        if layout is None:
            return None
        dealt = self._fill(layout.slots)
        if dealt is None:
            return None
        hands = self._hands_now(layout, dealt)
        stock_cards: list[int] = [-1] * self.game_stock_size()
        pre_draw = self._before_the_draw(hands, stock_cards, bidder, rank, layout.clues)
        if pre_draw is None:
            return None
        for s, i in layout.discards.items():
            pre_draw[s] |= dealt[i]
        self._stock_the_rest(stock_cards, dealt[-1])
        dealt_hands, kitty_mask = self._dealt_and_kitty(pre_draw, dealt, layout, bidder)
        discards = {s: dealt[i] for s, i in layout.discards.items()}
        for s in self.order:
            if self.discards[s] == 0:
                discards[s] = 0
        kitty_discard = dealt[layout.kitty] if layout.kitty_dropped else 0
        return self._finish(
            dealt_hands, self._kitty_order(kitty_mask), stock_cards, hands, kitty_discard, discards
        )

    # -- the draw and the play, step by step ---------------------------------------------------
    def _draw_or_play_slots(self, bidder: int, rank: Ranking) -> _Layout | None:
        """The slots to fill: the hidden hands (and the trumps some surely still hold), the
        draw discards, the bidder's dealt hand or kitty, and the stock not delivered; ``None``
        if a hand cannot hold the trumps its discard says it kept."""
        # An unplaced taste card is with the bidder: in his hand or among his discards.
        taste_bit = 0
        if self.taste is not None and not (self.seen.hand | self.seen.played) & BIT[self.taste]:
            taste_bit = BIT[self.taste]
        others = DECK_52 & ~taste_bit
        plain = DECK_52 & ~rank.trump_mask & others
        layout = self._hidden_hands(bidder, rank, others)
        # With ``read_discards``: trumps kept at the draw and not played yet are still held.
        layout.clues = self._kept_trumps()
        if not self._hold_kept_trumps(layout, rank):
            return None
        for s in self.order:
            d = self.discards[s]
            if d:
                layout.discards[s] = layout.add(
                    d, self._discard_mask(layout, s, rank, plain, others)
                )
        self._kitty_slots(layout, bidder, plain, others)
        delivered = sum(self.draws) if self.draws is not None else 0
        layout.add(self.game_stock_size() - delivered, others)
        return layout

    def _hidden_hands(self, bidder: int, rank: Ranking, others: int) -> _Layout:
        """A slot per hidden hand, holding only what its voids and the draw allow."""
        allowed = allowed_cards(self.seen, rank, self.opts)
        if self.draws is not None and self.draws[bidder] == 5:
            allowed[bidder] &= others  # he kept nothing, so the taste card went back
        if self.went and self.trumps_only and self.draws is None:
            allowed[bidder] &= rank.trump_mask  # he holds only the kitty's trumps
        layout = _Layout()
        for s in range(self.n):
            if s != self.seen.seat:
                layout.add(self.counts[s], allowed[s] & (DECK_52 if s == bidder else others))
                layout.owners.append(s)
        return layout

    def _hold_kept_trumps(self, layout: _Layout, rank: Ranking) -> bool:
        """Move the trumps each read discard says are still held into a slot of their own;
        ``False`` if a hand is too small for them."""
        for s, k in layout.clues.items():
            i = layout.owners.index(s)
            cap, mask = layout.slots[i]
            sure = max(0, k - (self.seen.played_by[s] & rank.trump_mask).bit_count())
            if sure > cap:
                return False
            layout.slots[i] = (cap - sure, mask)
            layout.sure[s] = layout.add(sure, mask & rank.trump_mask)
        return True

    def _discard_mask(self, layout: _Layout, s: int, rank: Ranking, plain: int, others: int) -> int:
        """The cards seat ``s`` may have given back at the draw."""
        if s in layout.clues:
            return plain
        if s != self.seen.bidder:
            return others
        if self.went and self.trumps_only:
            return rank.trump_mask
        return DECK_52

    def _kitty_slots(self, layout: _Layout, bidder: int, plain: int, others: int) -> None:
        """The bidder's dealt hand thrown away for the kitty, or the kitty (or what he gave
        back of it), as far as they are hidden."""
        if self.went:
            layout.went = layout.add(5, others)  # the bidder's dealt hand, thrown away
            if self.trumps_only:
                held = self._held_before_draw(bidder)
                layout.kitty = layout.add(self.kitty_size - held, plain)
        elif self.trumps_only:
            layout.kitty = layout.add(
                self.kitty_size, plain
            )  # a kitty without trumps: nothing joins
        else:
            layout.kitty_dropped = True
            # The bidder's kitty discard (plain if he then gave back a card at the draw).
            gave_back = layout.clues.get(bidder, KEEP) < KEEP
            layout.kitty = layout.add(self.kitty_size, plain if gave_back else DECK_52)

    def _hands_now(self, layout: _Layout, dealt: list[int]) -> list[int]:
        hands = [0] * self.n
        hands[self.seen.seat] = self.seen.hand
        for i, s in enumerate(layout.owners):
            hands[s] = dealt[i] | (dealt[layout.sure[s]] if s in layout.sure else 0)
        return hands

    def _before_the_draw(
        self,
        hands: list[int],
        stock_cards: list[int],
        bidder: int,
        rank: Ranking,
        clues: dict[int, int],
    ) -> list[int] | None:
        """What each seat held before the draw (discards aside); the cards it drew go where
        the dealer's delivery found them in ``stock_cards``. ``None`` if a hand cannot have
        drawn what the draw shows."""
        draws = self.draws
        if draws is None:
            return hands[:]
        positions = once(
            self.seen,
            "auction45 delivery",
            lambda: delivery_positions(draws, self.order, self.opts["draw_packet_max"]),
        )
        pre_draw = [0] * self.n
        for s in range(self.n):
            after = hands[s] | self.seen.played_by[s]
            taste = after & BIT[self.taste] if self.taste is not None else 0
            if (after & ~taste).bit_count() < draws[s]:
                return None
            split = self._kept_and_drawn(s, after, taste, bidder, rank, clues)
            if split is None:
                return None
            kept, received = split
            got = cards_in(received)
            self.rng.shuffle(got)
            for pos, c in zip(positions[s], got, strict=True):
                stock_cards[pos] = c
            pre_draw[s] = kept | taste
        return pre_draw

    def _kept_and_drawn(
        self, s: int, after: int, taste: int, bidder: int, rank: Ranking, clues: dict[int, int]
    ) -> tuple[int, int] | None:
        """``(kept, drawn)``: which of seat ``s``'s cards since the draw (``after``) it kept
        and which it drew; ``None`` if the bidder cannot have kept trumps alone."""
        draws = self.draws
        assert draws is not None
        trumps = after & rank.trump_mask
        if s == bidder and self.went and self.trumps_only:
            # Only the kitty's trumps stayed with him: he kept trumps alone.
            keep = after.bit_count() - draws[s]
            if trumps.bit_count() < keep:
                return None
            kept, received = take(trumps, keep, self.rng)
            return kept, received | (after & ~rank.trump_mask)
        if s in clues:
            kept, received = take(trumps, clues[s], self.rng)
            return kept, received | (after & ~rank.trump_mask)
        received, kept = take(after & ~taste, draws[s], self.rng)
        return kept, received

    def _stock_the_rest(self, stock_cards: list[int], rest_mask: int) -> None:
        """The stock's places the draw did not reach get the cards nobody holds, shuffled."""
        rest = shuffled(rest_mask, self.rng)
        for pos in range(len(stock_cards)):
            if stock_cards[pos] < 0:
                stock_cards[pos] = rest.pop()

    def _dealt_and_kitty(
        self, pre_draw: list[int], dealt: list[int], layout: _Layout, bidder: int
    ) -> tuple[list[int], int]:
        """The hands as dealt and the kitty: the bidder's hand before the draw came from his
        dealt hand and the kitty."""
        dealt_hands = pre_draw[:]
        if self.went:
            dealt_hands[bidder] = dealt[layout.went]
            kitty_mask = pre_draw[bidder] | (dealt[layout.kitty] if layout.kitty >= 0 else 0)
        elif self.trumps_only:
            kitty_mask = dealt[layout.kitty]
        else:
            kitty_mask, dealt_hands[bidder] = self._split_kitty(
                pre_draw[bidder] | dealt[layout.kitty]
            )
        return dealt_hands, kitty_mask

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
        return once(self.seen, "auction45 pool", self._unseen)

    def _unseen(self) -> list[int]:
        """The cards the seat has not seen, the cards a world deals out."""
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
        """The actions of the hand so far: the seen ones, with the guessed discards."""
        bidder = self.seen.bidder
        before, after = once(self.seen, "auction45 actions", self._seen_actions)
        if bidder is None:
            return list(before)
        actions = list(before)
        if kitty_discard:
            actions.append(KittyDiscard(bidder, tuple(cards_in(kitty_discard))))
        for s in self.order:
            if s in discards:
                actions.append(Discard(s, tuple(cards_in(discards[s]))))
        return actions + after

    def _seen_actions(self) -> tuple[list[Action], list[Action]]:
        """The seen actions before the discards (calls, going on the kitty, trump) and after
        them (the plays): the same for every deal of a decision."""
        seen = self.seen
        before: list[Action] = [Call(s, c) for s, c in seen.calls]
        bidder = seen.bidder
        if bidder is None:
            return before, []
        if self.went:
            before.append(GoKitty(bidder))
        if seen.trump is not None:
            before.append(NameTrump(bidder, seen.trump))
        return before, plays(seen)


def sample_world(
    seen: Seen, rng: random.Random, read_discards: bool = False, keep: Keep | None = None
) -> World | None:
    """One world for ``seen``, or ``None`` when the guess did not replay or ``keep`` refused
    it; ``read_discards``: only deals in which the others discarded as the rule bot would
    (``clues45``)."""
    return _Builder(seen, rng, read_discards, keep).build()
