"""Substitutes: a club member playing for a partnership's missing player from a round on.

The seats of that round (and of later ones already paired) change at once; a published
round's scoresheet shows the substitute's name, as long as the sheet is not confirmed. The
partnership keeps its place in the standings; ratings follow who really played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext_lazy

from club.models import Membership, Player
from scoring.models import SheetSeat, SheetStatus
from tournaments.errors import TournamentError
from tournaments.models import (
    Entrant,
    EntrantKind,
    Event,
    Round,
    RoundStatus,
    Seating,
    SeatingChange,
    Substitution,
)
from tournaments.selectors import played_rounds
from tournaments.services.entrants import (
    ALREADY_PLAYS,
    OTHER_CLUB,
    entrant_players,
    event_open,
    side_size_of,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User

NOT_PARTNERSHIP_EVENT = gettext_lazy(
    "Substitutes stand in for a partnership's player; in {event} a player "
    "who leaves is checked out and whoever sits out can be swapped in."
)
NOT_IN_LINEUP = gettext_lazy("{player} does not play for {entrant} in round {number}.")
SAME_PLAYER = gettext_lazy("The substitute must be someone else.")
SUB_PLAYS = gettext_lazy("{player} is already seated in round {number}.")
REASON_NEEDED = gettext_lazy("Say why: the reason is kept with the change.")


@transaction.atomic
def entrant_substitute(
    *,
    entrant: Entrant,
    player_out: Player,
    player_in: Player,
    reason: str,
    from_round: int | None = None,
    by: User | None = None,
) -> Substitution:
    """``player_in`` plays for ``entrant`` instead of ``player_out`` from ``from_round`` on
    (default: the round being paired or played now).

    Raises:
        TournamentError: ``not_partnership_event``, ``reason``, ``same_player``,
            ``other_club``, ``not_in_lineup``, ``already_plays`` / ``sub_plays`` (the
            substitute already plays tonight).
    """
    # Lock the entrant's row only: PostgreSQL cannot lock the nullable side of a join.
    entrant = (
        Entrant.objects.select_for_update(of=("self",))
        .select_related("event", "partnership")
        .get(pk=entrant.pk)
    )
    event = entrant.event
    event_open(event)
    reason = reason.strip()
    _check_substitute(event, player_out, player_in, reason)
    if from_round is None:
        from_round = _round_now(event)
    side_size = side_size_of(event)
    lineup = entrant_players(entrant=entrant, round_number=from_round, side_size=side_size)
    if player_out not in lineup:
        raise TournamentError(
            "not_in_lineup",
            NOT_IN_LINEUP.format(player=player_out, entrant=entrant, number=from_round),
            "player_out",
        )
    _check_free_tonight(entrant, player_in)
    substitution = Substitution(
        event=event,
        entrant=entrant,
        player_out=player_out,
        player_in=player_in,
        from_round=from_round,
        reason=reason,
        by=by,
    )
    substitution.full_clean()
    substitution.save()
    _reseat(entrant, player_out, player_in, substitution, by)
    return substitution


def _check_substitute(event: Event, player_out: Player, player_in: Player, reason: str) -> None:
    """A substitute, for a reason, is another member of the club in a partnership event."""
    if event.entrant_kind != EntrantKind.PARTNERSHIP:
        raise TournamentError("not_partnership_event", NOT_PARTNERSHIP_EVENT.format(event=event))
    if not reason:
        raise TournamentError("reason", REASON_NEEDED, "reason")
    if player_in.pk == player_out.pk:
        raise TournamentError("same_player", SAME_PLAYER, "player_in")
    if not Membership.objects.filter(club_id=event.club_id, player=player_in).exists():
        raise TournamentError(
            "other_club", OTHER_CLUB.format(what=player_in, club=event.club), "player_in"
        )


def _round_now(event: Event) -> int:
    """The round being paired or played now (the next one between rounds)."""
    open_round = (
        Round.objects.filter(event=event)
        .exclude(status=RoundStatus.FINISHED)
        .order_by("number")
        .first()
    )
    return open_round.number if open_round else played_rounds(event) + 1


def _check_free_tonight(entrant: Entrant, player_in: Player) -> None:
    """A substitute does not already play for another entrant of the event."""
    clash = (
        Entrant.objects.filter(event=entrant.event, partnership__players=player_in, withdrawn=False)
        .exclude(pk=entrant.pk)
        .first()
    )
    if clash is not None:
        raise TournamentError(
            "already_plays", ALREADY_PLAYS.format(player=player_in, entrant=clash), "player_in"
        )


def _reseat(
    entrant: Entrant,
    player_out: Player,
    player_in: Player,
    substitution: Substitution,
    by: User | None,
) -> None:
    """Put the substitute in the seats already paired from the substitution's round on."""
    seats = Seating.objects.filter(
        entrant=entrant, player=player_out, round__number__gte=substitution.from_round
    ).exclude(round__status=RoundStatus.FINISHED)
    for seating in seats.select_related("round", "table"):
        taken = Seating.objects.filter(round=seating.round, player=player_in).first()
        if taken is not None:
            raise TournamentError(
                "sub_plays",
                SUB_PLAYS.format(player=player_in, number=seating.round.number),
                "player_in",
            )
        seating.player = player_in
        seating.save(update_fields=["player"])
        SheetSeat.objects.filter(
            sheet__tournament_match__table=seating.table, seat=seating.seat
        ).exclude(sheet__status=SheetStatus.CONFIRMED).update(player=player_in)
        SeatingChange.objects.create(
            round=seating.round,
            kind=SeatingChange.Kind.SUBSTITUTE,
            summary=f"{player_in} plays for {player_out} ({entrant}) at {seating.table}, "
            f"seat {seating.seat + 1}",
            code="substitute",
            figures={
                "player_in": str(player_in),
                "player_out": str(player_out),
                "entrant": str(entrant),
                "table": seating.table.number,
                "seat": seating.seat + 1,
            },
            reason=substitution.reason,
            before=[{"seat": seating.seat, "player": player_out.pk}],
            after=[{"seat": seating.seat, "player": player_in.pk}],
            by=by,
        )
