"""120s / Auction Forty-Fives (docs/rules.md#auction45): ``get_game("auction45", options)``.

Modules, with the part of docs/rules.md each follows: ``options`` (#auction45-options),
``ranks`` (#auction45-cards), ``auction`` (#auction45-bidding), ``hand`` (#auction45-deal to
#auction45-play, the state machine), ``scoring`` (#auction45-scoring, #auction45-game-end),
``lines`` (#scoresheet-lines), ``view`` (#auction45-seen), ``game`` (the ``Game``).

Readings of docs/rules.md decided here (where the text leaves a gap):

- #auction45-draw, bidder short of cards: a bidder who went on the kitty (or kept only the kitty's
  trumps) holds fewer than 5 cards and must draw even if he discards nothing. So that his turn
  always has a legal discard, the cards he needs at the least are reserved: a discard by an
  earlier player that would leave the stock unable to bring the bidder back to 5 is refused
  with ``stock_exhausted``. With 4 players the reservation never binds; it can with 5 or 6.
- #auction45-kitty: ``go_kitty`` after trump is named is ``go_kitty_not_allowed`` (the rule names
  that case) whatever phase follows; during the auction it is ``wrong_phase``.
- #auction45-kitty, ``kitty_view_before_trump``: the kitty joins the bidder's hand when the auction
  ends; going on the kitty then throws away the five original cards. Under ``trumps_only`` the
  kitty's non-trumps leave the hand when trump is named.
- #auction45-kitty, ``trumps_only`` kitty discard: with enough non-trumps to discard, any of them
  may go (and only they); otherwise every non-trump goes plus the lowest trumps, one allowed
  discard.
- #auction45-scoring, best trump: the bonus goes to the side that won the trick holding the highest
  trump played in the hand (always the side that played it).
- #auction45-bidding, ``open`` style: the turn skips the high bidder (he has nothing to answer), so
  the auction ends as soon as every other seat has passed, round 1 complete.
- #action-codes, ``bad_trump``: a ``trump`` action naming ``NT`` (the notation can write it,
  no-trump being a bid whist call) is refused with ``bad_trump``, as is any suit outside S H D C.
- #auction45-bidding: calls are read case-insensitively with surrounding spaces ignored; an amount
  is written in ASCII digits only ("+20", "20.0", "²" are ``bad_bid``).
- #line-codes: a ``passed_out`` line with ``made`` written is ``made_mismatch`` (a thrown-in hand is
  neither made nor set); ``scores_after`` on it must equal the scores before.
- #line-codes: ``game_over`` also covers a tally whose set counts already reach a set limit.
- #line-codes: ``missing_field`` also covers a field of the wrong type (e.g. ``made: "yes"``); a
  ``trump`` that is a string but not S/H/D/C is ``bad_trump``.
- Phases are named ``auction``, ``declare``, ``kitty_discard``, ``draw``, ``play``, ``over``.
"""

from __future__ import annotations

from engine.rules.auction45.game import Auction45
from engine.rules.auction45.hand import Auction45Hand
from engine.rules.auction45.options import OPTION_SPECS, Auction45Options

__all__ = ["OPTION_SPECS", "Auction45", "Auction45Hand", "Auction45Options"]
