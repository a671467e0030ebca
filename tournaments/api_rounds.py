"""The rounds API: list rounds and pair the next (a background job), read one round's tables,
publish it, discard a draft, swap two entrants in a draft."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api_query import ID_MAX
from tournaments import round_display, selectors
from tournaments.api import ERRORS, EventsApi
from tournaments.api_serializers import (
    CONFLICT,
    REFUSED,
    JobOutputSerializer,
    RoundOutputSerializer,
)
from tournaments.errors import TournamentError
from tournaments.models import Entrant, Round
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_discard, round_pair_start
from tournaments.services.seats import seats_swap

#: More tables than a club's hall or a round ever holds: a bound on the input, not a rule.
TABLE_MAX = 999

NO_ENTRANT = gettext_lazy("There is no entrant {id} in this event.")


class RoundsApi(EventsApi):
    def get_round(self, request: Request, **kwargs: Any) -> Round:
        event = self.get_event(request, **kwargs)
        return selectors.round_get(event=event, number=kwargs["round_number"])

    def view_of(self, round_: Round) -> Any:
        return round_display.round_view(round_=round_, kind=round_.event.entrant_kind)


class RoundListApi(RoundsApi):
    """The event's rounds with their tables (members); POST pairs the next round in the
    background (directors) and answers 202 with the job to follow."""

    @extend_schema(responses={200: RoundOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        views = [self.view_of(r) for r in selectors.event_rounds(event=event)]
        return Response(RoundOutputSerializer(views, many=True).data)

    @extend_schema(request=None, responses={202: JobOutputSerializer, 409: CONFLICT, **ERRORS})
    def post(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        job = round_pair_start(event=event, by=acting_user(request))
        job.refresh_from_db()
        return Response(JobOutputSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class RoundDetailApi(RoundsApi):
    """One round (members); DELETE discards a draft to pair it again (directors)."""

    @extend_schema(responses={200: RoundOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, event_id: int, round_number: int) -> Response:
        round_ = self.get_round(request, slug=slug, event_id=event_id, round_number=round_number)
        return Response(RoundOutputSerializer(self.view_of(round_)).data)

    @extend_schema(responses={204: None, 409: CONFLICT, **ERRORS})
    def delete(self, request: Request, slug: str, event_id: int, round_number: int) -> Response:
        round_ = self.get_round(request, slug=slug, event_id=event_id, round_number=round_number)
        round_discard(round_=round_)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishApi(RoundsApi):
    """Publish a draft: a scoresheet per table; the pairings go public. Tables played online
    get a live table each and no table code; the others a table code.

    An event choosing round by round (``plays_at`` ``by_round``) says which tables play
    online in ``online_tables`` (none when left out); the others refuse it (``not_by_round``).
    A round with online tables may be played over days: ``window`` gives its opening, its
    deadline and the default time its matches start at until their players agree another;
    without it they start at once. Refusals: ``no_such_tables``, ``window_backwards``,
    ``default_outside``, ``window_at_the_hall``, ``clash`` (a player has another online match
    then), ``not_draft`` (409).
    """

    class InputSerializer(serializers.Serializer[Any]):
        class RoundWindowSerializer(serializers.Serializer[Any]):
            opens_at = serializers.DateTimeField(help_text="The first time a match may start.")
            closes_at = serializers.DateTimeField(help_text="Every match is played by then.")
            default_at = serializers.DateTimeField(
                help_text="Within the window: a match starts then until its players agree one."
            )

        online_tables = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=TABLE_MAX),
            required=False,
            max_length=TABLE_MAX,
            help_text="By-round events only: the numbers of the tables played online.",
        )
        window = RoundWindowSerializer(
            required=False,
            allow_null=True,
            help_text="Played over days; leave it out for the matches to start at once.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: RoundOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, slug: str, event_id: int, round_number: int) -> Response:
        round_ = self.get_round(request, slug=slug, event_id=event_id, round_number=round_number)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        window = values.get("window")
        round_ = round_publish(
            round_=round_,
            by=acting_user(request),
            online_tables=values.get("online_tables"),
            window=RoundWindow(**window) if window is not None else None,
        )
        return Response(RoundOutputSerializer(self.view_of(round_)).data)


class RoundSwapApi(RoundsApi):
    """Swap two entrants in a draft round, with the reason (kept with the round)."""

    class InputSerializer(serializers.Serializer[Any]):
        first = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="An entrant id.")
        second = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="An entrant id.")
        reason = serializers.CharField(max_length=300)

    @extend_schema(
        request=InputSerializer,
        responses={200: RoundOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, slug: str, event_id: int, round_number: int) -> Response:
        round_ = self.get_round(request, slug=slug, event_id=event_id, round_number=round_number)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        entrants = {
            e.pk: e
            for e in Entrant.objects.filter(
                event=round_.event, pk__in=[values["first"], values["second"]]
            )
        }
        for key in ("first", "second"):
            if values[key] not in entrants:
                raise TournamentError("not_in_event", NO_ENTRANT.format(id=values[key]), key)
        seats_swap(
            round_=round_,
            first=entrants[values["first"]],
            second=entrants[values["second"]],
            reason=values["reason"],
            by=acting_user(request),
        )
        return Response(RoundOutputSerializer(self.view_of(round_)).data)
