"""Bid Whist, 52 cards, no jokers, 4-card kitty (docs/rules.md#bidwhist).

``BidWhist`` is the game (options of docs/rules.md#bidwhist-options); its hands are
``BidWhistHand`` state machines through the phases ``auction``, ``declare``, ``discard``, ``play``
and ``over``.

Readings of docs/rules.md taken where it leaves a choice:

- Boston (#bidwhist-scoring): "one side won all 13 books" applies to either side, the kitty
  book included; so with ``kitty_book = bidder`` the defenders cannot make a Boston (they win at
  most 12).
- ``books_over_six`` (#bidwhist-scoring): the score change is never negative, so "scores never go
  below 0" needs no clamping; the scores before a hand are taken as given.
- Contract scoring (#bidwhist-game-end): the loss line is "at or below -target"; ``books_over_six``
  has none.
- ``kitty_book_side`` (#bidwhist-seen) becomes public when it is known: at the end of the auction
  under ``kitty_book = bidder``, when the first trick is won under ``first_trick_winner``.
- Calls (#bidwhist-bidding): ``pass``/``hold`` in any letter case, amounts in ASCII digits (``"03"``
  is 3); everything else, 0 and 8 included, is ``bad_bid``. A hold by a non-dealer is
  ``hold_not_allowed`` whether or not there is a bid.
- Scoresheet lines (#scoresheet-lines): a JSON ``null`` in an optional field counts as not written;
  trump is read in any letter case; scores before the hand that do not give one score per side are
  ``missing_field`` (field ``scores_before``); a ``passed_out`` line passes the shape and seat
  checks and is then always ``passed_out_not_allowed`` (the dealer is stuck,
  #bidwhist-bidding).
- ``rank_order`` / ``trick_winner`` / ``legal_plays`` called without a mode use ``uptown``.
"""

from __future__ import annotations

from engine.rules.bidwhist.game import BidWhist
from engine.rules.bidwhist.hand import BidWhistHand
from engine.rules.bidwhist.options import BidWhistOptions

__all__ = ["BidWhist", "BidWhistHand", "BidWhistOptions"]
