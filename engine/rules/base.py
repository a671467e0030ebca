"""The contract every game implements: ``Game`` (rules + options) and ``Hand`` (one deal).

Vocabulary (used across the engine and the apps):

- *hand*: one deal, from the deal to the score; a *game* (or *match*) is a series of hands
  played to the target; a *line* is one hand as written on a paper scoresheet.
- *tally*: what a game carries from hand to hand — the scores, and the set counts that the
  auction45 set-limit options need.
- *facts*: what is known about a finished hand in scoresheet vocabulary (bidder, bid, trump,
  points/books/categories); one scoring function turns facts into a ``HandScore`` for hands
  played online and for hands typed from paper alike.

A ``Hand`` is a mutable state machine: ``apply`` validates the whole action first and only
then changes state, so a refused action leaves the hand exactly as it was. ``copy`` is cheap
(no deep copies) so that computer players can search.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from engine.rules.actions import Action
from engine.rules.cards import card_names, parse_cards
from engine.rules.errors import NotationError
from engine.rules.table import Seating
from engine.rules.values import HandResult as HandResult
from engine.rules.values import HandScore as HandScore
from engine.rules.values import Tally as Tally
from engine.rules.words import scores_text


class Phase(StrEnum):
    """The moments of a hand (``Hand.phase``), in the order docs/rules.md gives them; each game
    goes through the ones it has. A phase is its own name: views, records and messages carry the
    plain string (``"auction"``), and it compares equal to it. Compare phases by value (``==``,
    ``in``), never by identity: a phase read back from a view is a plain string."""

    AUCTION = "auction"
    DECLARE = "declare"
    TRUMP = "trump"
    KITTY_DISCARD = "kitty_discard"
    DISCARD = "discard"
    DRAW = "draw"
    EXCESS_DISCARD = "excess_discard"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Deal:
    """Every card's place at the start of a hand.

    ``hands`` per seat, ``kitty`` in the order dealt (auction45's taste card is the last),
    ``stock`` top first. Pitch has no kitty; bid whist has no stock.
    """

    hands: tuple[tuple[int, ...], ...]
    kitty: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [card_names(h) for h in self.hands],
            "kitty": card_names(self.kitty),
            "stock": card_names(self.stock),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        """Read the ``deal`` object of a record.

        Raises:
            NotationError: missing parts or bad cards. Whether the cards make a valid deal
                for a game is checked by ``Game.check_deal``.
        """
        try:
            hands = tuple(parse_cards(h) for h in data["hands"])
        except (KeyError, TypeError):
            raise NotationError(
                "bad_deal", "a deal needs 'hands': one list of cards per seat"
            ) from None
        return cls(
            hands, parse_cards(data.get("kitty") or ()), parse_cards(data.get("stock") or ())
        )


@dataclass(frozen=True, slots=True)
class Contract:
    """The auction's outcome: who won it and at what bid."""

    bidder: int
    bid: int


class Game(ABC):
    """A game id plus validated options: the rules, and the factory of hands.

    Subclasses set ``id``, ``seating``, ``options`` and ``target`` in ``__init__`` and implement
    the abstract methods. Instances are immutable and may be shared between threads.
    """

    id: ClassVar[str]
    seating: Seating
    target: int

    # -- hands ---------------------------------------------------------------------------
    @abstractmethod
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """Shuffle with ``rng`` and deal as docs/rules.md describes for this game."""

    @abstractmethod
    def check_deal(self, deal: Deal) -> None:
        """Refuse a deal of the wrong shape (``NotationError`` code ``bad_deal``)."""

    @abstractmethod
    def start_hand(self, deal: Deal, dealer: int, tally: Tally) -> Hand:
        """A hand at its first decision, from an explicit deal (already checked)."""

    def new_hand(
        self,
        *,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        deal: Deal | None = None,
        scores: Sequence[int] | None = None,
        tally: Tally | None = None,
    ) -> Hand:
        """Start a hand from a seeded deal (deterministic) or an explicit ``deal``.

        ``scores`` (or a full ``tally``) are the totals before the hand; they matter for
        "in the hole" and "100 or more" rules.

        Raises:
            NotationError: a bad explicit deal (``bad_deal``), dealer seat (``bad_seat``) or
                tally (``bad_tally``: one entry per side).
        """
        seats = self.seating.seats
        if dealer.__class__ is not int or not 0 <= dealer < seats:
            raise NotationError("bad_seat", f"dealer must be a seat from 0 to {seats - 1}")
        sides = self.seating.sides
        if tally is None:
            tally = Tally.of(scores) if scores is not None else Tally.start(sides)
        if len(tally.scores) != sides:
            raise NotationError(
                "bad_tally",
                f"scores must give one entry per side ({sides}): {scores_text(tally.scores)}",
            )
        if deal is not None:
            self.check_deal(deal)
            return self.start_hand(deal, dealer, tally)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return self.deal_hand(rng, dealer, tally)

    def deal_hand(self, rng: random.Random, dealer: int, tally: Tally) -> Hand:
        """A hand from a fresh shuffle with ``rng``: ``deal`` then ``start_hand``. A game may
        start the hand from the shuffled deck itself and build its ``Deal`` only when asked."""
        return self.start_hand(self.deal(rng, dealer), dealer, tally)

    # -- the rules as pure functions (used by hands, the conformance runner, bots) --------
    @abstractmethod
    def rank_order(self, trump: int | None, suit: int, mode: str | None = None) -> list[int]:
        """Cards of ``suit``, best first, when ``trump`` is trump (docs/rules.md, each game's
        trumps)."""

    @abstractmethod
    def trick_winner(self, plays: Sequence[int], trump: int | None, mode: str | None = None) -> int:
        """Index in ``plays`` (leader first) of the card that wins the trick."""

    @abstractmethod
    def legal_plays(
        self,
        hand: Sequence[int],
        trick: Sequence[int],
        trump: int | None,
        mode: str | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """Cards of ``hand`` that may be played now, in canonical order.

        ``context`` keys: ``bid``, ``opening_lead``, ``bidding_side`` (conformance 2.3).
        """

    # -- scoring ----------------------------------------------------------------------------
    @abstractmethod
    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        """Score a hand from its facts (scoresheet vocabulary), trusting them.

        The one scoring function for played and written hands; ``check_line`` validates a
        written line and then calls it.
        """

    @abstractmethod
    def check_line(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        """Validate a scoresheet line (docs/rules.md#scoresheet-lines) and score it.

        Raises:
            ScoresheetError: the first failing check of docs/rules.md#line-codes, with the field
                at fault.
        """

    @abstractmethod
    def is_game_over(self, tally: Tally) -> bool:
        """True when the scores already end the game (no further hand is accepted)."""

    def options_dict(self) -> dict[str, Any]:
        """Every option value, defaults included."""
        from engine.rules.options import options_to_dict

        return options_to_dict(getattr(self, "options"))  # noqa: B009

    def __repr__(self) -> str:
        return f"get_game({self.id!r}, {self.options_dict()!r})"


class Hand(ABC):
    """One deal as a state machine.

    Public state: ``game``, ``dealer``, ``deal``, ``tally`` (before the hand), ``history``
    (actions applied), ``phase`` (a ``Phase``: ``auction`` … ``play``, ``over``), ``to_act``
    (seat or ``None`` when over), ``contract`` (after the auction), ``result`` (when over).
    """

    game: Game
    dealer: int
    deal: Deal
    tally: Tally
    history: list[Action]
    phase: Phase
    to_act: int | None
    contract: Contract | None
    result: HandResult | None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the seat to act (empty when the hand is over).

        May be a lazy sequence (discard choices can run to thousands); ``len``, indexing and
        iteration work.
        """

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` (docs/rules.md#action-codes code) if ``action`` is not legal
        now."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Check ``action`` and apply it, with every automatic step that follows it.

        Raises:
            IllegalActionError: the action is refused; the hand is unchanged.
        """

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready state as ``seat`` may see it (``None``: a spectator, public facts only).

        Never contains a card that seat may not see (docs/rules.md#auction45-seen, #bidwhist-seen,
        #pitch52-seen).
        """

    @abstractmethod
    def copy(self) -> Hand:
        """An independent copy, cheap enough for search."""

    def _finish_redeal(self, line: Mapping[str, Any]) -> None:
        """Everybody passed: the hand is thrown in, the scores stay as they were, and the
        next dealer deals (``line`` is the hand's scoresheet line)."""
        tally = self.tally
        score = HandScore(None, (0,) * len(tally.scores), tally.scores, None, tally)
        self.result = HandResult("redeal", score, line)
        self.phase = Phase.OVER
        self.to_act = None

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except ValueError:
            return False
        return True

    def record(self) -> dict[str, Any]:
        """The hand as a replayable game record (see ``engine.rules.records``)."""
        from engine.rules.records import hand_record

        return hand_record(self)
