"""The words of the games' rule options in the reader's language: what each option decides
(the engine's ``OptionSpec.help``) and its values, as a printed sheet lists its house rules.

The engine is plain Python and writes them in English; they are listed here so that
``makemessages`` finds them, and looked up with ``pgettext`` when shown. An option the engine
adds later reads in English until it is listed here (tests/club/test_option_words.py says so).
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext, pgettext_lazy

#: What each option decides (``OptionSpec.help`` of every game).
OPTION_HELP: tuple[Promise, ...] = (
    pgettext_lazy("rule option", "number of players"),
    pgettext_lazy("rule option", "everyone for himself (forced with 2, 3, 5)"),
    pgettext_lazy("rule option", "teams with six"),
    pgettext_lazy("rule option", "cards in the kitty"),
    pgettext_lazy("rule option", "the last kitty card is shown face up"),
    pgettext_lazy("rule option", "the bidder takes the kitty before trump"),
    pgettext_lazy("rule option", "what the bidder keeps"),
    pgettext_lazy("rule option", "the bidder may swap his hand for the kitty"),
    pgettext_lazy("rule option", "lowest bid"),
    pgettext_lazy("rule option", "a made 30 scores 60"),
    pgettext_lazy("rule option", "bid of 60"),
    pgettext_lazy("rule option", "the dealer may take the high bid"),
    pgettext_lazy("rule option", "who bids after round 1"),
    pgettext_lazy("rule option", "when everybody passes"),
    pgettext_lazy("rule option", "most cards discarded in the draw"),
    pgettext_lazy("rule option", "most cards per delivery"),
    pgettext_lazy("rule option", "first lead"),
    pgettext_lazy("rule option", "non-trump lead"),
    pgettext_lazy("rule option", "trumps that may be held back on a trump lead"),
    pgettext_lazy("rule option", "a 30 or 60 forces a trump lead"),
    pgettext_lazy("rule option", "the ace in a non-trump suit"),
    pgettext_lazy("rule option", "the ten ranks as a court card"),
    pgettext_lazy("rule option", "score that wins the game"),
    pgettext_lazy("rule option", "lose below this score"),
    pgettext_lazy("rule option", "lose after this many sets"),
    pgettext_lazy("rule option", "lose after this many sets in a row"),
    pgettext_lazy("rule option", "when a side at the threshold scores as defender"),
    pgettext_lazy("rule option", "score from which the count rule applies"),
    pgettext_lazy("rule option", "no count rule when all others are in the hole"),
    pgettext_lazy("rule option", "lowest bid (books above six)"),
    pgettext_lazy("rule option", "scoring"),
    pgettext_lazy("rule option", "no-trump contracts score times this"),
    pgettext_lazy("rule option", "a side taking all 13 books: times this"),
    pgettext_lazy("rule option", "who owns the book formed by the bidder's discards"),
    pgettext_lazy("rule option", "everyone for himself"),
    pgettext_lazy("rule option", "what scores points"),
    pgettext_lazy("rule option", "the three of trumps is worth 3"),
    pgettext_lazy("rule option", "who scores low (or the two)"),
    pgettext_lazy("rule option", "rob"),
    pgettext_lazy("rule option", "which excess trumps go"),
    pgettext_lazy("rule option", "no joker or off-jack first"),
)

#: The options' values as ``club.rules_forms`` writes them.
OPTION_VALUES: tuple[Promise, ...] = (
    pgettext_lazy("rule option value", "yes"),
    pgettext_lazy("rule option value", "no"),
    pgettext_lazy("rule option value", "no limit"),
    pgettext_lazy("rule option value", "five and jack"),
    pgettext_lazy("rule option value", "five, jack and ace of hearts"),
    pgettext_lazy("rule option value", "five only"),
    pgettext_lazy("rule option value", "none"),
    pgettext_lazy("rule option value", "three pairs"),
    pgettext_lazy("rule option value", "two trios"),
    pgettext_lazy("rule option value", "free"),
    pgettext_lazy("rule option value", "trumps only"),
    pgettext_lazy("rule option value", "in the hole"),
    pgettext_lazy("rule option value", "always"),
    pgettext_lazy("rule option value", "never"),
    pgettext_lazy("rule option value", "duel"),
    pgettext_lazy("rule option value", "open"),
    pgettext_lazy("rule option value", "redeal"),
    pgettext_lazy("rule option value", "dealer stuck"),
    pgettext_lazy("rule option value", "left of bidder"),
    pgettext_lazy("rule option value", "bidder"),
    pgettext_lazy("rule option value", "follow or trump"),
    pgettext_lazy("rule option value", "high"),
    pgettext_lazy("rule option value", "low"),
    pgettext_lazy("rule option value", "bidder only"),
    pgettext_lazy("rule option value", "made a bid"),
    pgettext_lazy("rule option value", "bid 20"),
    pgettext_lazy("rule option value", "books over six"),
    pgettext_lazy("rule option value", "contract"),
    pgettext_lazy("rule option value", "first trick winner"),
    pgettext_lazy("rule option value", "high low"),
    pgettext_lazy("rule option value", "card"),
    pgettext_lazy("rule option value", "player"),
    pgettext_lazy("rule option value", "captor"),
    pgettext_lazy("rule option value", "bidder then partner"),
    pgettext_lazy("rule option value", "bidder all"),
    pgettext_lazy("rule option value", "any"),
    pgettext_lazy("rule option value", "non point"),
)


def help_words(help_text: str) -> str:
    """What an option decides, in the active language."""
    return pgettext("rule option", help_text)


def value_words(label: str) -> str:
    """An option's value (as ``club.rules_forms`` words it), in the active language."""
    return pgettext("rule option value", label)
