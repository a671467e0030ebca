"""Who plays tonight: arrivals at the door, late arrivals, early leavers and substitutes.

Ticking someone in at the door makes them an entrant the first time and checks them in; from
then on every pairing includes them until they leave. Someone who arrives after play started
joins from the next round (``joined_round``). Someone who leaves after playing is *withdrawn*:
they keep their games and standings but are no longer paired (``left_after_round``); before
they played, leaving simply unticks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club import services as club_services
from club.models import Membership, Partnership, Player
from club.wording import counted
from tournaments.errors import TournamentError
from tournaments.formats import game_of, layout_for
from tournaments.models import (
    Entrant,
    EntrantKind,
    Event,
    Round,
    RoundStatus,
)
from tournaments.selectors import played_rounds

if TYPE_CHECKING:
    pass

EVENT_FINISHED = gettext_lazy("{event} is finished: nobody can join or leave any more.")
WRONG_KIND = gettext_lazy("{event} pairs {kind}: enter a {one}.")
OTHER_CLUB = gettext_lazy("{what} is not part of {club}.")
TOO_FEW_PLAYERS = gettext_lazy("{partnership} has {count}; this game needs {needed} on a side.")
ALREADY_PLAYS = gettext_lazy("{player} already plays tonight for {entrant}.")
ALREADY_ENTERED = gettext_lazy("{name} is already entered.")
IN_DRAFT = gettext_lazy(
    "{entrant} is in draft round {number}: discard the draft (or swap them out) before they leave."
)


def event_open(event: Event) -> None:
    if event.is_finished:
        raise TournamentError("finished", EVENT_FINISHED.format(event=event))


def side_size_of(event: Event) -> int:
    return layout_for(event.format, game_of(event.game, event.options)).side_size


@transaction.atomic
def entrant_add(
    *,
    event: Event,
    partnership: Partnership | None = None,
    player: Player | None = None,
    seed: int | None = None,
    checked_in: bool = True,
) -> Entrant:
    """Enter a partnership (partnership formats) or a player (the others) into ``event``.

    Raises:
        TournamentError: ``finished``, ``wrong_kind``, ``other_club``, ``too_few_players``,
            ``already_plays`` (a partnership's player already plays for another entrant),
            ``already_entered``, ``invalid``.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_open(event)
    _check_entrant_kind(event, partnership, player)
    if partnership is not None:
        name = partnership.name
        _check_partnership(event, partnership)
    else:
        assert player is not None
        name = player.display_name
        if not Membership.objects.filter(club_id=event.club_id, player=player).exists():
            raise TournamentError("other_club", OTHER_CLUB.format(what=name, club=event.club))
    if (
        Entrant.objects.filter(event=event)
        .filter(Q(partnership=partnership) if partnership else Q(player=player))
        .exists()
    ):
        raise TournamentError("already_entered", ALREADY_ENTERED.format(name=name))
    played = played_rounds(event)
    entrant = Entrant(
        event=event,
        partnership=partnership,
        player=player,
        name=name[:120],
        seed=seed,
        checked_in=checked_in,
        checked_in_at=timezone.now() if checked_in else None,
        joined_round=played + 1 if checked_in and played else None,
    )
    try:
        entrant.full_clean()
    except ValidationError as error:
        raise TournamentError("invalid", " ".join(error.messages)) from error
    entrant.save()
    return entrant


def _check_entrant_kind(
    event: Event, partnership: Partnership | None, player: Player | None
) -> None:
    """A partnership event enters partnerships only, any other event players only."""
    kind = event.entrant_kind
    if kind == EntrantKind.PARTNERSHIP and (partnership is None or player is not None):
        raise TournamentError(
            "wrong_kind", WRONG_KIND.format(event=event, kind=kind.label, one="partnership")
        )
    if kind == EntrantKind.PLAYER and (player is None or partnership is not None):
        raise TournamentError(
            "wrong_kind", WRONG_KIND.format(event=event, kind=kind.label, one="player")
        )


def _check_partnership(event: Event, partnership: Partnership) -> None:
    """A partnership enters an event of its club, with players enough for a side, none of
    them already playing for another entrant."""
    name = partnership.name
    if partnership.club_id != event.club_id:
        raise TournamentError("other_club", OTHER_CLUB.format(what=name, club=event.club))
    players = list(partnership.players.all())
    needed = side_size_of(event)
    if len(players) < needed:
        raise TournamentError(
            "too_few_players",
            TOO_FEW_PLAYERS.format(
                partnership=name, count=counted(len(players), "player"), needed=needed
            ),
        )
    mine = {p.pk for p in players}
    others = (
        Entrant.objects.filter(event=event, partnership__isnull=False)
        .exclude(partnership=partnership)
        .prefetch_related("partnership__players")
    )
    for other in others:
        assert other.partnership is not None
        shared = [p for p in other.partnership.players.all() if p.pk in mine]
        if shared:
            raise TournamentError(
                "already_plays", ALREADY_PLAYS.format(player=shared[0], entrant=other)
            )


@transaction.atomic
def entrant_check_in(*, entrant: Entrant) -> Entrant:
    """Tick an entrant in: paired from the next round on (back in, if they had left)."""
    entrant = Entrant.objects.select_for_update().select_related("event").get(pk=entrant.pk)
    event_open(entrant.event)
    played = played_rounds(entrant.event)
    if not entrant.checked_in and played and not entrant.seatings.exists():
        entrant.joined_round = played + 1
    entrant.checked_in = True
    entrant.checked_in_at = entrant.checked_in_at or timezone.now()
    entrant.withdrawn = False
    entrant.left_after_round = None
    entrant.save()
    return entrant


@transaction.atomic
def entrant_check_out(*, entrant: Entrant) -> Entrant:
    """Untick an entrant: not here after all, or leaving early (kept in the standings).

    Raises:
        TournamentError: ``in_draft`` while they are seated in a draft round.
    """
    entrant = Entrant.objects.select_for_update().select_related("event").get(pk=entrant.pk)
    event_open(entrant.event)
    draft = Round.objects.filter(
        Q(seatings__entrant=entrant) | Q(byes__entrant=entrant),
        event=entrant.event,
        status=RoundStatus.DRAFT,
    ).first()
    if draft is not None:
        raise TournamentError("in_draft", IN_DRAFT.format(entrant=entrant, number=draft.number))
    played = played_rounds(entrant.event)
    if played and entrant.seatings.exists():
        entrant.withdrawn = True
        entrant.left_after_round = played
    else:
        entrant.checked_in = False
        entrant.joined_round = None
    entrant.save()
    return entrant


@transaction.atomic
def entrant_arrive(
    *, event: Event, partnership: Partnership | None = None, player: Player | None = None
) -> Entrant:
    """Tick someone in at the door: entered the first time, checked in again later."""
    found = Entrant.objects.filter(
        event=event, **({"partnership": partnership} if partnership else {"player": player})
    ).first()
    if found is None:
        return entrant_add(event=event, partnership=partnership, player=player)
    return entrant_check_in(entrant=found)


@transaction.atomic
def late_arrival_add(
    *,
    event: Event,
    display_name: str = "",
    partnership_name: str = "",
    players: list[Player] | None = None,
) -> Entrant:
    """Somebody the club does not know yet arrives: made a member (or, for partnership
    formats, two members made a partnership) and checked in.

    Raises:
        TournamentError: the club's refusal (name taken, not members, …) or the entry's.
    """
    try:
        if event.entrant_kind == EntrantKind.PLAYER:
            membership = club_services.member_add(club=event.club, display_name=display_name)
            return entrant_arrive(event=event, player=membership.player)
        partnership = club_services.partnership_create(
            club=event.club, name=partnership_name, players=players or []
        )
    except ValidationError as error:
        raise TournamentError("invalid", " ".join(error.messages)) from error
    return entrant_arrive(event=event, partnership=partnership)


def entrant_players(*, entrant: Entrant, round_number: int, side_size: int) -> list[Player]:
    """Who sits for ``entrant`` in round ``round_number``: the player, or the partnership's
    players by name with the substitutions in force applied."""
    if entrant.player is not None:
        return [entrant.player]
    if entrant.partnership is None:
        return []
    players = sorted(entrant.partnership.players.all(), key=lambda p: (p.display_name, p.pk))
    players = players[:side_size]
    for sub in entrant.substitutions.filter(from_round__lte=round_number).select_related(
        "player_in"
    ):
        players = [
            sub.player_in if p.pk == sub.player_out_id and sub.player_in else p for p in players
        ]
    return players
