"""The director's changes to a draft round's seats, each kept with its reason.

A swap exchanges two entrants' places: two partnerships change tables (or sides), two players
change seats. Swapping someone seated with someone who is not (sitting out, or checked in after
the round was paired) puts the second in the first's seats and sits the first out. The first
dealer stays with the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from tournaments.errors import TournamentError
from tournaments.models import Bye, Entrant, Round, RoundStatus, Seating, SeatingChange
from tournaments.services.entrants import entrant_players
from tournaments.services.rounds import event_layout

if TYPE_CHECKING:
    from django.contrib.auth.models import User

NOT_DRAFT = gettext_lazy("Round {number} is published: seats can only be swapped in a draft.")
SAME = gettext_lazy("Choose two different entrants to swap.")
NOT_IN_ROUND = gettext_lazy("Neither {first} nor {second} is seated in round {number}.")
OTHER_EVENT = gettext_lazy("{entrant} does not play in this event.")
REASON_NEEDED = gettext_lazy("Say why: the reason is kept with the swap.")
NOT_HERE = gettext_lazy("{entrant} is not checked in, so cannot be swapped into round {number}.")


@transaction.atomic
def seats_swap(
    *,
    round_: Round,
    first: Entrant,
    second: Entrant,
    reason: str,
    by: User | None = None,
) -> SeatingChange:
    """Exchange ``first`` and ``second`` in a draft round.

    Raises:
        TournamentError: ``not_draft``, ``reason``, ``same``, ``other_event``,
            ``not_in_round`` (neither is seated), ``not_here`` (moving in someone not
            checked in).
    """
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    reason = reason.strip()
    _check_swap(round_, first, second, reason)
    seats_a = _seats(round_, first)
    seats_b = _seats(round_, second)
    if not seats_a and not seats_b:
        raise TournamentError(
            "not_in_round",
            NOT_IN_ROUND.format(first=first, second=second, number=round_.number),
        )
    if not seats_a:  # always move the seated one out
        first, second, seats_a, seats_b = second, first, seats_b, seats_a
    before = _describe(seats_a + seats_b)
    if seats_b:
        _swap_places(seats_a, seats_b, first, second)
        code, summary = "swapped_places", f"{first} and {second} swapped places"
    else:
        _play_in_place(round_, seats_a, first, second, reason)
        code, summary = "plays_in_place", f"{second} plays in place of {first}, who sits out"
    change = SeatingChange(
        round=round_,
        kind=SeatingChange.Kind.SWAP,
        summary=summary[:300],
        code=code,
        figures={"first": str(first), "second": str(second)},
        reason=reason,
        before=before,
        after=_describe(_seats(round_, first) + _seats(round_, second)),
        by=by,
    )
    change.full_clean()
    change.save()
    return change


def _check_swap(round_: Round, first: Entrant, second: Entrant, reason: str) -> None:
    """A swap changes a draft round, for a reason, between two entrants of its event."""
    if round_.status != RoundStatus.DRAFT:
        raise TournamentError("not_draft", NOT_DRAFT.format(number=round_.number))
    if not reason:
        raise TournamentError("reason", REASON_NEEDED, "reason")
    if first.pk == second.pk:
        raise TournamentError("same", SAME, "second")
    for entrant in (first, second):
        if entrant.event_id != round_.event_id:
            raise TournamentError("other_event", OTHER_EVENT.format(entrant=entrant))


def _swap_places(
    seats_a: list[Seating], seats_b: list[Seating], first: Entrant, second: Entrant
) -> None:
    """Two seated entrants exchange their seats, each with its own players."""
    players_a = [s.player for s in seats_a]
    players_b = [s.player for s in seats_b]
    _clear_players(seats_a + seats_b)
    _place(seats_a, second, players_b)
    _place(seats_b, first, players_a)


def _play_in_place(
    round_: Round, seats_a: list[Seating], first: Entrant, second: Entrant, reason: str
) -> None:
    """``second``, not seated and checked in, takes ``first``'s seats with its lineup;
    ``first`` sits out with a bye that says why."""
    if not second.is_active:
        raise TournamentError("not_here", NOT_HERE.format(entrant=second, number=round_.number))
    side_size = event_layout(round_.event).side_size
    lineup = entrant_players(entrant=second, round_number=round_.number, side_size=side_size)
    _clear_players(seats_a)
    _place(seats_a, second, [lineup[i] if i < len(lineup) else None for i in range(len(seats_a))])
    Bye.objects.filter(round=round_, entrant=second).delete()
    Bye.objects.create(
        round=round_,
        entrant=first,
        code="swapped_out",
        text=f"Sits out: swapped out by the director ({reason})"[:300],
    )


def _seats(round_: Round, entrant: Entrant) -> list[Seating]:
    return list(
        Seating.objects.filter(round=round_, entrant=entrant)
        .select_related("table", "player", "entrant")
        .order_by("table__number", "seat")
    )


def _clear_players(seats: list[Seating]) -> None:
    """Free the players first: a player may sit only once in a round, even mid-swap."""
    Seating.objects.filter(pk__in=[s.pk for s in seats]).update(player=None)


def _place(seats: list[Seating], entrant: Entrant, players: list[Any]) -> None:
    for seating, player in zip(seats, players, strict=True):
        seating.entrant = entrant
        seating.player = player
        seating.save(update_fields=["entrant", "player"])


def _describe(seats: list[Seating]) -> list[dict[str, Any]]:
    return [
        {
            "table": s.table.number,
            "seat": s.seat,
            "entrant": s.entrant.name,
            "player": s.player.display_name if s.player else "",
        }
        for s in seats
    ]
