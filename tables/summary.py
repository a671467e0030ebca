"""What the table page tells a seat about what just happened: the finished hand's summary,
the turn clock, and a move the computer made for the seat.

The next hand is dealt as soon as one ends (computer players never wait for a person to read
a summary), so the summary describes the last finished hand, beside the new deal: the page
shows it until the player continues or a short time passes. Only public facts go in: the
stored result also holds every hand after the draw, which is never copied here. The words are
in the active language (each reader's screen is built under theirs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext, gettext_lazy, npgettext, pgettext, pgettext_lazy

from club.wording import SUIT_NAMES, suit_name
from engine.rules import parse_action
from tables.cards import Card

#: Pitch's categories as players say them (a rule set plays some of them).
CATEGORY_NAMES = {
    "high": pgettext_lazy("pitch category", "High"),
    "low": pgettext_lazy("pitch category", "Low"),
    "jack": gettext_lazy("Jack"),
    "off_jack": pgettext_lazy("pitch category", "Off jack"),
    "big_joker": gettext_lazy("Big joker"),
    "little_joker": gettext_lazy("Little joker"),
    "three": gettext_lazy("Three"),
    "game": pgettext_lazy("pitch category", "Game"),
}
REASONS = {
    "target": gettext_lazy("reached the target"),
    "bidder_out_first": gettext_lazy("bid and went out first"),
    "highest_score": gettext_lazy("went out with the higher score"),
    "loss_line": gettext_lazy("is ahead when a side went below the loss line"),
    "set_limit": gettext_lazy("is ahead when a side reached the set limit"),
}
#: Who made a move for a seat, as its log says it (``ActionLog.Actor``), and how it is told.
FOR_YOU = {
    "clock": gettext_lazy("The clock ran out: the computer {what} for you."),
    "stand_in": gettext_lazy("While you were away, the computer {what} for you."),
}


@dataclass(frozen=True)
class MadeFor:
    """A move the computer made for a person's seat: its ``seq``, seat, notation and actor."""

    seq: int
    seat: int
    action: str
    actor: str


def _side_of(sides: Sequence[Sequence[int]]) -> dict[int, int]:
    return {seat: number for number, side in enumerate(sides) for seat in side}


def hand_summary(
    number: int,
    result: Mapping[str, Any],
    sides: Sequence[Sequence[int]],
    labels: Sequence[str],
    names: Sequence[str],
    *,
    viewer: int | None = None,
) -> dict[str, Any]:
    """The summary of finished hand ``number`` from its stored ``result``, for the seat
    ``viewer`` (``None``: a spectator) whose ``names`` and side ``labels`` are given (its own
    seat is "You").

    ``{"number", "redeal" (everybody passed), "headline" (a sentence: who bid what, made or
    set), "made", "sides": [{"side", "tricks", "points" (or ``None``), "change", "total"}],
    "best_trump" (a card's face, or ""), "categories": [{"name", "side"}] (pitch),
    "game_over", "winner" (a sentence, or "")}``.
    """
    redeal = result.get("outcome") == "redeal"
    best_trump = result.get("best_trump")
    return {
        "number": number,
        "redeal": redeal,
        "made": result.get("made"),
        "headline": _summary_headline(result, names, viewer, redeal=redeal),
        "sides": _side_rows(result, sides, labels),
        "best_trump": Card.of(str(best_trump)).face if best_trump else "",
        "categories": _categories(result, labels),
        "game_over": bool(result.get("result")),
        "winner": _winner_sentence(result, labels),
    }


def _side_rows(
    result: Mapping[str, Any], sides: Sequence[Sequence[int]], labels: Sequence[str]
) -> list[dict[str, Any]]:
    """Per side: the tricks it took, its points (or books) counted, its change and total."""
    scores_after = list(result.get("scores_after") or [])
    delta = list(result.get("delta") or [])
    tricks = [0] * len(sides)
    side_of = _side_of(sides)
    for winner in result.get("trick_winners") or []:
        if winner in side_of:
            tricks[side_of[winner]] += 1
    counted = result.get("books") or result.get("points")
    return [
        {
            "side": label,
            "tricks": tricks[index],
            "points": counted[index] if counted and index < len(counted) else None,
            "change": delta[index] if index < len(delta) else 0,
            "total": scores_after[index] if index < len(scores_after) else None,
        }
        for index, label in enumerate(labels)
    ]


def _summary_headline(
    result: Mapping[str, Any], names: Sequence[str], viewer: int | None, *, redeal: bool
) -> str:
    """Who bid what, made or set; a redeal says so; empty when the line names no bidder."""
    line = result.get("line") or {}
    if redeal:
        return gettext("Everybody passed: the hand is dealt again.")
    if isinstance(line.get("bidder"), int) and 0 <= line["bidder"] < len(names):
        bidder = line["bidder"]
        return _headline(names[bidder], line, result.get("made"), yours=bidder == viewer)
    return ""


def _categories(result: Mapping[str, Any], labels: Sequence[str]) -> list[dict[str, str]]:
    """Pitch's scoring categories and the side that took each."""
    categories = result.get("categories") or {}
    return [
        {
            "name": str(CATEGORY_NAMES.get(key, key.replace("_", " ").capitalize())),
            "side": labels[side],
        }
        for key, side in categories.items()
        # A category nobody took is left out: its card (a joker, the three) was not in play.
        if isinstance(side, int) and 0 <= side < len(labels)
    ]


def _winner_sentence(result: Mapping[str, Any], labels: Sequence[str]) -> str:
    """Who won the game and why, once it is over; empty before."""
    game = result.get("result")
    if not game:
        return ""
    winners = [labels[w] for w in game.get("winners", []) if 0 <= w < len(labels)]
    if not winners:
        return gettext("Nobody won.")
    reason = str(REASONS.get(game.get("reason", ""), pgettext("game reason", "won")))
    return gettext("{winners} won the game ({reason}).").format(
        winners=gettext(" and ").join(winners), reason=reason
    )


#: A finished hand's headline, by who bid (the reader, or another seat) and how it went: a
#: sentence of its own for each, so every language can conjugate it ("Vous avez misé").
HEADLINES = {
    (False, True): gettext_lazy("{name} bid {bid} in {suit} and made it."),
    (False, False): gettext_lazy("{name} bid {bid} in {suit} and was set."),
    (False, None): gettext_lazy("{name} bid {bid} in {suit}; the hand was thrown in."),
    (True, True): gettext_lazy("You bid {bid} in {suit} and made it."),
    (True, False): gettext_lazy("You bid {bid} in {suit} and were set."),
    (True, None): gettext_lazy("You bid {bid} in {suit}; the hand was thrown in."),
}
#: The same without a suit (a no-trump bid).
HEADLINES_NO_SUIT = {
    (False, True): gettext_lazy("{name} bid {bid} and made it."),
    (False, False): gettext_lazy("{name} bid {bid} and was set."),
    (False, None): gettext_lazy("{name} bid {bid}; the hand was thrown in."),
    (True, True): gettext_lazy("You bid {bid} and made it."),
    (True, False): gettext_lazy("You bid {bid} and were set."),
    (True, None): gettext_lazy("You bid {bid}; the hand was thrown in."),
}


def _headline(bidder: str, line: Mapping[str, Any], made: bool | None, *, yours: bool) -> str:
    """Who bid what, and how it went: "Ann bid 25 in hearts and made it.", or "You bid 25 in
    hearts and were set." when the reader (``yours``) was the bidder."""
    trump = str(line.get("trump", "")).upper()
    table = HEADLINES if trump in SUIT_NAMES else HEADLINES_NO_SUIT
    said = str(table[(yours, made)])
    return said.format(name=bidder, bid=line.get("bid"), suit=suit_name(trump).lower())


def action_words(text: str) -> str:
    """An action as a past-tense phrase the seat's player reads: "played the five of
    hearts", "passed", "bid 20", "named hearts trump", "discarded 3 cards"."""
    action = parse_action(text)
    words = text.split()[2:]
    if action.type == "play" and words:
        return pgettext("move", "played the {card}").format(card=Card.of(words[0]).spoken)
    if action.type == "call" and words:
        if words[0] == "pass":
            return pgettext("move", "passed")
        if words[0] == "hold":
            return pgettext("move", "held")
        return pgettext("move", "bid {bid}").format(bid=words[0])
    if action.type in ("trump", "declare") and words:
        return pgettext("move", "named {suit} trump").format(suit=suit_name(words[0]).lower())
    if action.type == "go_kitty":
        return pgettext("move", "went on the kitty")
    count = len(getattr(action, "cards", ()))
    if count:
        return npgettext("move", "discarded {count} card", "discarded {count} cards", count).format(
            count=count
        )
    return action.type.replace("_", " ")


def made_for_you(made: MadeFor | None, seat: int | None) -> dict[str, Any] | None:
    """``{"seq", "text"}`` when ``made`` is a move the computer made for ``seat``'s person."""
    if made is None or seat is None or made.seat != seat or made.actor not in FOR_YOU:
        return None
    text = str(FOR_YOU[made.actor]).format(what=action_words(made.action))
    return {"seq": made.seq, "text": text}


def clock_left(due_at: datetime | None, now: datetime) -> int | None:
    """Whole seconds left on the turn clock (``None``: no clock is running)."""
    if due_at is None:
        return None
    return max(0, int((due_at - now).total_seconds() + 0.5))
