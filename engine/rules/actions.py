"""Actions: the small frozen values a seat sends to a hand.

Each action prints in a one-line notation and parses back (``str(a)`` / ``parse_action``), and
converts to and from the JSON objects of the conformance format (``to_dict`` /
``action_from_dict``)::

    2 call 25        2 call pass       3 call hold
    2 go_kitty       2 trump H         1 declare NT downtown_aces_good
    2 kitty_discard 4C 5C 6C          0 discard           0 discard 7D 9C
    1 excess_discard 4S               3 play 5H

Card lists are kept sorted canonically (duplicates kept, so that a card listed twice can be
refused by the hand with ``not_in_hand``), which makes two discards of the same cards equal
whatever order they were written in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.rules.cards import card_names, cards_str, parse_card, parse_cards, parse_trump, suit_str
from engine.rules.errors import NotationError, shown
from engine.rules.numerals import MAX_WHOLE, whole_number

BIDWHIST_MODES = ("uptown", "downtown_aces_good", "downtown_aces_bad")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions: who acts."""

    seat: int
    type: ClassVar[str] = ""

    def _args(self) -> str:
        return ""

    def __str__(self) -> str:
        args = self._args()
        return f"{self.seat} {self.type}{' ' + args if args else ''}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Call(Action):
    """An auction call: ``"pass"``, ``"hold"`` or an amount written as a decimal number.

    The call is kept as written so the hand can refuse malformed amounts with ``bad_bid``.
    """

    call: str = "pass"
    type: ClassVar[str] = "call"

    @property
    def amount(self) -> int | None:
        """The amount bid, or ``None`` for pass, hold and anything that is not a number
        written in ASCII digits."""
        return whole_number(self.call.strip())

    def _args(self) -> str:
        return self.call

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "call": self.call}


@dataclass(frozen=True, slots=True)
class GoKitty(Action):
    """auction45: the bidder throws his hand away and takes the kitty as his hand."""

    type: ClassVar[str] = "go_kitty"


@dataclass(frozen=True, slots=True)
class NameTrump(Action):
    """auction45 and pitch52: the bidder names trump (0..3 = S H D C).

    ``None`` is written ``NT``: the notation can say it so that a hand refuses it by the rules
    (``bad_trump``, docs/rules.md#action-codes: no-trump exists only in bid whist) rather than as
    bad notation.
    """

    suit: int | None = 0
    type: ClassVar[str] = "trump"

    def _args(self) -> str:
        return suit_str(self.suit)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "suit": suit_str(self.suit)}


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """bidwhist: the bidder names trump (``None`` = no trump) and the mode."""

    trump: int | None = None
    mode: str = "uptown"
    type: ClassVar[str] = "declare"

    def _args(self) -> str:
        return f"{suit_str(self.trump)} {self.mode}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "trump": suit_str(self.trump),
            "mode": self.mode,
        }


@dataclass(frozen=True, slots=True)
class _CardsAction(Action):
    """An action that names several cards (discards)."""

    cards: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def _args(self) -> str:
        return cards_str(self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": card_names(self.cards)}


@dataclass(frozen=True, slots=True)
class KittyDiscard(_CardsAction):
    """auction45/bidwhist: the bidder lays away cards after taking the kitty."""

    type: ClassVar[str] = "kitty_discard"


@dataclass(frozen=True, slots=True)
class Discard(_CardsAction):
    """auction45: a player's discard before the draw (possibly no card)."""

    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class ExcessDiscard(_CardsAction):
    """pitch52: trumps laid face up by a player holding more than six."""

    type: ClassVar[str] = "excess_discard"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """A card played to the current trick."""

    card: int = 0
    type: ClassVar[str] = "play"

    def _args(self) -> str:
        return card_names((self.card,))[0]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": card_names((self.card,))[0]}


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (Call, GoKitty, NameTrump, Declare, KittyDiscard, Discard, ExcessDiscard, Play)
}

# Interned actions for the hot paths: building a frozen dataclass costs about a microsecond,
# and a random playout creates dozens of them per hand.
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat, c) for c in range(54)) for seat in range(6)
)


def _bad(message: str) -> NotationError:
    return NotationError("bad_action", message)


def _seat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_WHOLE:
        raise _bad(f"seat must be a whole number from 0, not {shown(value)}")
    return value


def _word(value: str) -> bool:
    """True if ``value`` is one word of the notation (so ``str`` of the action reads back)."""
    return value.split() == [value]


def _card_list(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise _bad(f"cards must be a list of cards such as ['5H', 'TS'], not {shown(value)}")
    return parse_cards(value)


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Build an action from its JSON object (conformance format, section 2.7).

    Any JSON value is either an action or refused with a ``NotationError``; a refused value
    is quoted short in the message (``shown``), however deep or long it is.

    Raises:
        NotationError: unknown type, missing or malformed field (code ``bad_action``), a bad
            card (``bad_card``), a trump that is no suit (``bad_trump``), or a call or mode
            that is not one word of the notation (``bad_bid``, ``bad_mode``).
    """
    if not isinstance(data, Mapping):
        raise _bad(f"an action must be a JSON object, not {shown(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise _bad(f"unknown action type {shown(kind)}; allowed: {', '.join(ACTION_TYPES)}")
    if "seat" not in data:
        raise _bad(f"{kind} action needs a seat")
    seat = _seat(data["seat"])
    try:
        match kind:
            case "call":
                return Call(seat, _call_of(data["call"]))
            case "go_kitty":
                return GoKitty(seat)
            case "trump":
                return NameTrump(seat, parse_trump(data["suit"], allow_nt=True))
            case "declare":
                mode = _mode_of(data["mode"])
                return Declare(seat, parse_trump(data["trump"], allow_nt=True), mode)
            case "play":
                return Play(seat, parse_card(data["card"]))
            case _:
                return ACTION_TYPES[kind](seat, _card_list(data["cards"]))  # type: ignore[call-arg]
    except KeyError as missing:
        raise _bad(f"{kind} action needs the field {shown(missing.args[0])}") from None


def _call_of(call: Any) -> str:
    """A call's JSON value as one word of the notation: "pass", "hold" or an amount (a JSON
    number is read as its amount)."""
    if isinstance(call, int) and not isinstance(call, bool) and call <= MAX_WHOLE:
        call = str(call)
    if not isinstance(call, str):
        raise _bad(f"call must be 'pass', 'hold' or an amount, not {shown(call)}")
    word = call.lower().strip()
    if not _word(word):
        raise NotationError("bad_bid", f"{shown(word)} is not a call: say pass, hold or an amount")
    return word


def _mode_of(mode: Any) -> str:
    """A Bid Whist mode's JSON value, one word of the notation."""
    if not isinstance(mode, str) or not _word(mode):
        raise NotationError(
            "bad_mode",
            f"mode must be one of {', '.join(BIDWHIST_MODES)}, not {shown(mode)}",
        )
    return mode


def parse_action(text: str) -> Action:
    """Read the one-line notation printed by ``str(action)``.

    Any text is either an action, which prints back as the same action, or refused with a
    ``NotationError``: the seat is read in ASCII digits only (``²`` is no seat).

    Raises:
        NotationError: the text is not an action (codes as ``action_from_dict``).
    """
    parts = text.split() if isinstance(text, str) else []
    seat = whole_number(parts[0]) if parts else None
    if len(parts) < 2 or seat is None:
        raise _bad(
            f"{shown(text)} is not an action: write '<seat> <type> [args]', e.g. '2 play 5H'"
        )
    kind, args = parts[1], parts[2:]
    fields: dict[str, Any] = {"type": kind, "seat": seat}
    try:
        match kind:
            case "call":
                (fields["call"],) = args
            case "trump":
                (fields["suit"],) = args
            case "declare":
                fields["trump"], fields["mode"] = args
            case "play":
                (fields["card"],) = args
            case "kitty_discard" | "discard" | "excess_discard":
                fields["cards"] = args
            case _:
                if args:
                    raise ValueError
    except ValueError:
        raise _bad(f"{shown(text)}: wrong number of arguments for {shown(kind)}") from None
    return action_from_dict(fields)


__all__ = [
    "ACTION_TYPES",
    "BIDWHIST_MODES",
    "PLAYS",
    "Action",
    "Call",
    "Declare",
    "Discard",
    "ExcessDiscard",
    "GoKitty",
    "KittyDiscard",
    "NameTrump",
    "Play",
    "action_from_dict",
    "parse_action",
]
