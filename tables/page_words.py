"""The words the table page's scripts (``static/kitty/table_draw.js``, ``table_summary.js``
and ``table_input.js``, through ``table_words.js``) write when they redraw a table, in the
reader's language.

The script keeps its English text and looks each one up in the dictionary the table page gives
it (``json_script``: data, not a script, so the Content-Security-Policy stays as it is). The
texts are listed here so that ``makemessages`` finds them; ``{name}`` marks a value the script
fills in.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

TABLE_SCRIPT_TEXTS = (
    gettext_noop("The game is over."),
    gettext_noop("A director abandoned this table."),
    gettext_noop("Its finished hands stay on the scoresheet."),
    gettext_noop("Paused by a director."),
    gettext_noop("Hand {hand} goes on when the table is resumed."),
    gettext_noop("Hand {hand} · {phase}"),
    gettext_noop("Your turn"),
    gettext_noop("{name} to play"),
    gettext_noop("Waiting for the game to start."),
    gettext_noop("Waiting for {names}."),
    gettext_noop("Trump"),
    gettext_noop("Bid"),
    gettext_noop("to play"),
    gettext_noop("dealer"),
    gettext_noop("bidder"),
    gettext_noop("away: computer plays"),
    gettext_noop("(away)"),
    gettext_noop("{count} card"),
    gettext_noop("{count} cards"),
    gettext_noop("Cards on the table"),
    gettext_noop("Calls so far"),
    gettext_noop("{card}, played by {name}"),
    gettext_noop("The table"),
    gettext_noop("No call yet."),
    gettext_noop("Trump:"),
    gettext_noop("Auction"),
    gettext_noop("Won by {name}"),
    gettext_noop("No trick yet."),
    gettext_noop("Last trick"),
    gettext_noop("Play {card}"),
    gettext_noop("No cards."),
    gettext_noop("Your hand"),
    gettext_noop("(this hand: {points})"),
    gettext_noop("to"),
    gettext_noop("Hand"),
    gettext_noop("Made"),
    gettext_noop("Totals"),
    gettext_noop("made"),
    gettext_noop("set"),
    gettext_noop("passed"),
    gettext_noop("The scoresheet"),
    gettext_noop("Replay a hand:"),
    gettext_noop("Score"),
    gettext_noop("Not connected: reconnecting, try again in a moment."),
    gettext_noop("Connection lost: reconnecting…"),
    gettext_noop("OK"),
    gettext_noop("Take back your seat"),
    gettext_noop(
        "While you were away the computer played for you, and it plays on until you take "
        "your seat back."
    ),
    gettext_noop("Side"),
    gettext_noop("Tricks"),
    gettext_noop("Points"),
    gettext_noop("Total"),
    gettext_noop("The game is over"),
    gettext_noop("Hand {hand}"),
    gettext_noop("Best trump:"),
    gettext_noop("Close"),
    gettext_noop("Continue"),
    gettext_noop("Closes in {seconds} s"),
    gettext_noop("{time} left"),
    # The own hand and how cards are taken (static/kitty/table_input.js too).
    gettext_noop("Your cards"),
    gettext_noop("Tap a card to pick it, then tap it again to play."),
    gettext_noop("Play"),
    gettext_noop("{label}: {help}, then confirm."),
    gettext_noop("With a mouse, one click plays a card (no second click)"),
    gettext_noop("{card} picked: press it again, or Play, to play it; Escape puts it back."),
    gettext_noop("Put back."),
    gettext_noop("{card} cannot be played now."),
    gettext_noop("{count} of {high} chosen"),
    gettext_noop("{count} chosen (up to {high})"),
    gettext_noop("{count} chosen ({low} to {high})"),
)


def table_script_words() -> dict[str, str]:
    """Each English text of the table's script and its translation in the active language."""
    return {text: gettext(text) for text in TABLE_SCRIPT_TEXTS}
