"""pitch52: nine-card Pitch with two jokers, played to 52 (docs/rules.md#pitch52).

Readings of docs/rules.md taken where it leaves room (each closest to its sources):

- #pitch52-draw step 3 (``excess_trump_discard = non_point``): the point cards are exactly the
  jack, the off-jack, both jokers and the three (``high_low``), and also the ace, the ten and
  the two (``card``), whatever ``count_three`` says; a discard that includes a point card is
  refused while a non-point trump stays in hand (``cannot_discard_point``).
- #pitch52-draw step 4 (``received_counts``, #pitch52-seen): a player "receives" the cards he
  draws and, in the rob, the cards he turns (under ``bidder_all`` the bidder receives the whole
  rest of the stock). The part of the stock thrown away unseen is received by nobody.
- #pitch52-play / #pitch52-seen (who is out): a seat becomes visibly out when play passes it
  inside a trick, when a trick ends without reaching it, or when the lead passes over it. Until
  then the number of cards other seats hold is not shown after trump is named (it would tell
  who is out).
- #pitch52-points: the lowest trump in play goes by ``low_to`` (player or captor); the three of
  trumps and the two (``card`` scheme) count only when played, like every category.
- #line-codes: a category value that is not a side index (or ``null``) is ``bad_category``; the
  ``categories`` field that is not an object, like any field of the wrong type, is
  ``missing_field``. A passed-out line that writes ``made`` is ``made_mismatch``.
"""

from __future__ import annotations

from engine.rules.pitch52.game import Pitch52
from engine.rules.pitch52.hand import Pitch52Hand
from engine.rules.pitch52.options import Pitch52Options

__all__ = ["Pitch52", "Pitch52Hand", "Pitch52Options"]
