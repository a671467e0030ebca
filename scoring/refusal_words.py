"""The engine's line refusals in the reader's language.

The rules engine stays free of Django: its ``ScoresheetError`` carries a stable code and an
English message that quotes the values at fault. This is where the web layer turns one into
text for people (``engine_bridge.line_check``, for the pages and the API alike): in English
the engine's own message, which names the values; in another language the explanation of the
code below, translated. The codes never change.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, gettext_lazy

#: Each line reason code of docs/rules.md#line-codes, explained without the values
#: (tests/scoring/test_refusal_words.py reads the engine for every code it can refuse with).
EXPLANATIONS: dict[str, Promise] = {
    "game_over": gettext_lazy(
        "The game is already over: a side has reached the target; no further hand is scored."
    ),
    "missing_field": gettext_lazy("A field this line needs is missing or not in the right form."),
    "bad_seat": gettext_lazy("There is no such seat at this table."),
    "passed_out_not_allowed": gettext_lazy(
        "This hand cannot be thrown in: under these rules the dealer must bid when all pass."
    ),
    "bad_bid": gettext_lazy("This bid is not allowed under these rules."),
    "sixty_not_allowed": gettext_lazy("A bid of 60 is not allowed now under these rules."),
    "bad_trump": gettext_lazy("This is not a trump of the game."),
    "bad_mode": gettext_lazy("This is not a way of playing the hand in this game."),
    "points_not_multiple_of_5": gettext_lazy(
        "A side's points go by fives: 5 per trick, 5 for the best trump."
    ),
    "points_out_of_range": gettext_lazy("These points are out of the range of a hand."),
    "points_total": gettext_lazy("The points of the sides do not add up to the hand's total."),
    "books_out_of_range": gettext_lazy("These books are out of the range of a hand."),
    "books_total": gettext_lazy("The books of the sides do not add up to the hand's total."),
    "bad_category": gettext_lazy("This is not a point of the game (high, low, jack, game)."),
    "points_mismatch": gettext_lazy("The points do not match the points won."),
    "made_mismatch": gettext_lazy("Made or set does not match the points written."),
    "score_mismatch": gettext_lazy("The totals written do not match the hand's score."),
}


def line_refusal_text(code: str, message: str) -> str:
    """The text people read for the engine's refusal ``code`` with its English ``message``."""
    language = get_language() or "en"
    explanation = EXPLANATIONS.get(code)
    if language.startswith("en") or explanation is None:
        return message
    return gettext(str(explanation))
