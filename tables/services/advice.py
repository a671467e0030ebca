"""The computer explains itself: a hint at a practice table, a review of a finished hand.

Both value a seat's choices with ``engine.bots.advice.appraise`` from that seat's view and
legal actions alone, the way a computer player decides: the hidden cards are never read. Both
draw their dice from the table's seed and the position's ``seq`` (``advice_rng``), so the same
position gets the same values, whether asked for as a hint or valued later in a review.

- A hint is for the member to act now at a practice table of their own (only computers
  against them): at a friendly table it would help one person against the others, and at a
  director's or an event's table it would help one player against the field, so neither has
  one. It costs up to 1.5 s of CPU and is worked out while the member waits; the answer is
  kept in the cache for the position, so pressing twice costs once.
- A review values the member's own decisions in a finished hand (not the moves the computer
  made for them): at a practice or friendly table after each hand, at any table once the whole
  table has ended, never while an event's table is in play. It costs about a second per
  decision, so it is worked out in the background (``tables.tasks.hand_review``) when the
  member asks, and kept with the hand (``HandReview``): asked again, it is not worked out
  again. A review whose work failed is ``failed`` and may be asked for again.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Player
from engine.bots import advice as engine_advice
from engine.rules import Action, Hand, parse_action
from tables import enqueue, live, selectors
from tables.errors import AdviceNotNow, AdviceRefused
from tables.models import (
    ActionLog,
    HandReview,
    LiveTable,
    ReviewStatus,
    TableHand,
    TableKind,
    TableStatus,
)

if TYPE_CHECKING:
    from tables.selectors import AnyUser

logger = logging.getLogger(__name__)

#: The choices a hint lists after the computer's own.
HINT_BEST = 3
#: How long a position's hint is kept: long enough for a member's second press.
HINT_SECONDS = 10 * 60

NO_HINTS = gettext_lazy(
    "Hints are given at practice tables only, where you play against the computer."
)
NO_REVIEWS = gettext_lazy(
    "Hands are reviewed at practice and friendly tables, and at other tables once the game is over."
)
NOT_SEATED = gettext_lazy("Only the players of this table get hints and reviews of their seat.")
NOT_YOUR_TURN = gettext_lazy("A hint is for your turn: it is not your turn now.")
NOT_PLAYING = gettext_lazy("The game at this table is not being played now.")
HAND_NOT_OVER = gettext_lazy("Hand {number} is still being played: review it when it is over.")


@dataclass(frozen=True)
class Choice:
    """One choice in the engine's notation and its expected points per hand for the seat's
    side (``None``: no deal could be sampled)."""

    action: str
    points: float | None


@dataclass(frozen=True)
class Hint:
    """What the computer would do at ``seq`` for ``seat`` (``computer``), and the best
    choices with their worth (``best``, best first; the computer's may be among them)."""

    table_id: int
    seq: int
    seat: int
    computer: Choice
    best: list[Choice]


def advice_rng(table_seed: int, seq: int) -> random.Random:
    """The dice of an appraisal of the position after action ``seq`` of a table."""
    return random.Random(f"advice:{table_seed}:{seq}")


def hints_offered(table: LiveTable) -> bool:
    """A practice table (the member against computers) that no event counts."""
    return table.kind == TableKind.PRACTICE and table.match_id is None


def reviews_offered(table: LiveTable) -> bool:
    """A member's table (no event counts it), or any table once it has ended."""
    return table.is_ended or (table.is_members and table.match_id is None)


def _seat_for_advice(table: LiveTable, user: AnyUser) -> int:
    seat = selectors.seat_of(table, user)
    if seat is None:
        raise AdviceRefused("not_seated", NOT_SEATED)
    return seat


def hint_for(*, table: LiveTable, user: AnyUser) -> Hint:
    """The hint for ``user``'s seat at ``table`` now (a table they may watch).

    Raises:
        AdviceRefused: ``no_hints`` (not a practice table), ``not_seated``.
        AdviceNotNow: ``not_playing``, ``not_your_turn``.
    """
    if not hints_offered(table):
        raise AdviceRefused("no_hints", NO_HINTS)
    seat = _seat_for_advice(table, user)
    if table.status != TableStatus.PLAYING:
        raise AdviceNotNow("not_playing", NOT_PLAYING)
    hand = live.current_hand(table)
    if hand is None or hand.to_act != seat:
        raise AdviceNotNow("not_your_turn", NOT_YOUR_TURN)
    key = f"kitty:hint:{table.pk}:{table.seed}:{table.seq}:{seat}"
    found: list[tuple[str, float | None]] | None = cache.get(key)
    if found is None:
        appraisals = engine_advice.appraise(
            hand.view(seat), hand.legal_actions(), advice_rng(table.seed, table.seq), game=hand.game
        )
        found = [(str(a.action), a.points) for a in appraisals]
        cache.set(key, found, HINT_SECONDS)
    choices = [Choice(action, points) for action, points in found]
    best = sorted(choices, key=lambda c: -(c.points if c.points is not None else float("-inf")))
    return Hint(table.pk, table.seq, seat, choices[0], best[:HINT_BEST])


# --- Reviews ----------------------------------------------------------------------------------


def review_seat(
    table: LiveTable, user: AnyUser, table_hand: TableHand | None = None
) -> tuple[Player, int]:
    """The player and seat whose reviews ``user`` may read or ask for at ``table`` (of
    ``table_hand``, when given: a finished hand).

    Raises:
        AdviceRefused: ``no_reviews`` (an event's table in play, a director's table not over),
            ``not_seated``.
        AdviceNotNow: ``hand_not_finished``.
    """
    if not reviews_offered(table):
        raise AdviceRefused("no_reviews", NO_REVIEWS)
    seat = _seat_for_advice(table, user)
    player = Player.objects.filter(table_seats__table=table, table_seats__index=seat).first()
    if player is None:
        raise AdviceRefused("not_seated", NOT_SEATED)
    if table_hand is not None and not table_hand.finished:
        raise AdviceNotNow("hand_not_finished", HAND_NOT_OVER.format(number=table_hand.number))
    return player, seat


def review_of(table_hand: TableHand, player: Player) -> HandReview | None:
    """The player's review of the hand, if it was asked for."""
    return HandReview.objects.filter(hand=table_hand, player=player).first()


def review_request(*, table: LiveTable, table_hand: TableHand, user: AnyUser) -> HandReview:
    """``user``'s review of a finished hand of ``table``: the one kept, or a new one worked out
    in the background once this commits (a failed one is worked out again).

    Raises:
        AdviceRefused: as ``review_seat``.
        AdviceNotNow: ``hand_not_finished``.
    """
    player, seat = review_seat(table, user, table_hand)
    with transaction.atomic():
        review, created = HandReview.objects.select_for_update().get_or_create(
            hand=table_hand, player=player, defaults={"table": table, "seat": seat}
        )
        if created or review.status == ReviewStatus.FAILED:
            review.status = ReviewStatus.PENDING
            review.save(update_fields=["status"])
            enqueue.send_on_commit(enqueue.HAND_REVIEW, review.pk)
    return review


def review_work(*, review_id: int) -> str:
    """Work out a pending review (the background task): its status after. A review done
    already is left as it is; one whose work fails is ``failed``."""
    review = HandReview.objects.select_related("table", "hand", "player").filter(pk=review_id)
    found = review.first()
    if found is None or found.status == ReviewStatus.DONE:
        return found.status if found is not None else "missing"
    try:
        rows, decisions = _valued(found)
    except Exception:
        logger.exception("review %s of table %s failed", review_id, found.table_id)
        review.update(status=ReviewStatus.FAILED)
        return ReviewStatus.FAILED
    review.update(status=ReviewStatus.DONE, rows=rows, decisions=decisions, done_at=timezone.now())
    return ReviewStatus.DONE


def _valued(review: HandReview) -> tuple[list[dict[str, Any]], int]:
    """The hand replayed from its log; each of the member's own choices with an alternative
    is valued from their seat's view as it was. Returns the rows where the computer's choice
    was worth more (largest difference first) and how many decisions were valued."""
    table, table_hand = review.table, review.hand
    hand = live.hand_dealt(table, table_hand)
    logged = table_hand.actions.order_by("seq").values_list(
        "seq", "seat", "action", "actor", "user"
    )
    rows: list[dict[str, Any]] = []
    decisions = 0
    for seq, seat, text, actor, user_id in logged:
        action = parse_action(text)
        own = seat == review.seat and actor == ActionLog.Actor.PLAYER
        if own and user_id in (None, review.player.user_id) and len(hand.legal_actions()) > 1:
            decisions += 1
            row = decision_row(hand, action, advice_rng(table.seed, seq - 1))
            if row is not None:
                rows.append({"seq": seq, **row})
        hand.apply(action)
    rows.sort(key=lambda row: row["points"] - row["best_points"])
    return rows, decisions


def decision_row(hand: Hand, action: Action, rng: random.Random) -> dict[str, Any] | None:
    """The member's ``action`` and the computer's choice with their worth, when the
    computer's was another one worth more; else ``None``."""
    seat = action.seat
    appraisals = engine_advice.appraise(
        hand.view(seat), hand.legal_actions(), rng, game=hand.game, include=[action]
    )
    best = appraisals[0]
    mine = next((a for a in appraisals if a.action == action), None)
    if mine is None or mine.points is None or best.points is None:
        return None
    if best.action == action or best.points <= mine.points:
        return None
    return {
        "action": str(action),
        "best": str(best.action),
        "points": round(mine.points, 2),
        "best_points": round(best.points, 2),
    }
