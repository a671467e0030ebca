"""What the events API answers: seasons, events, entrants, rounds, standings, jobs, refusals.

Shared by ``tournaments.api`` and ``tournaments.api_rounds``; each view's input serializers stay
nested in the view. A service's refusal (``TournamentError``) goes up to the API's exception
handler, which answers ``{"code", "message", "field"}`` with the service's code: 409 when the
event's state is in the way (a draft pending, results missing, already published), 400
otherwise (``tournaments.errors``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

from club.api_errors import ErrorSerializer
from tournaments.models import Entrant, Event, Job, Season
from tournaments.pairing_words import reason_words
from tournaments.round_display import RoundView
from tournaments.round_online import RoundOnline, round_online
from tournaments.standings_words import explanation_lines

REFUSED = OpenApiResponse(
    response=ErrorSerializer,
    description='Refused: {"code": "too_few_players", "message": "…", "field": null}.',
)
CONFLICT = OpenApiResponse(
    response=ErrorSerializer,
    description="The event's state is in the way: a draft round pending ('draft_pending'), "
    "results to confirm first ('results_pending'), a round already published ('not_draft'), "
    "the event finished ('finished').",
)


REASON_TEXT = "Why, in the request's language (English where it has no words for it)."


class ReasonSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    text = serializers.SerializerMethodField(help_text=REASON_TEXT)

    def get_text(self, reason: dict[str, Any]) -> str:
        return reason_words(str(reason["code"]), str(reason["text"]), reason.get("figures"))


class SeasonOutputSerializer(serializers.ModelSerializer[Season]):
    tiebreaks = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Season
        fields = ["id", "name", "format", "rule_set", "best_of", "tiebreaks", "created"]


class EventOutputSerializer(serializers.ModelSerializer[Event]):
    tiebreaks = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField(help_text="Every option of the game, copied at creation.")
    entrant_kind = serializers.CharField(help_text="'partnership' or 'player'.")
    # Plain text, not an enum: the schema has one "status" enum already (scoresheets).
    status = serializers.CharField(help_text="'planned', 'running' or 'finished'.")

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "date",
            "season",
            "format",
            "entrant_kind",
            "rule_set",
            "rule_set_name",
            "game",
            "options",
            "rounds_planned",
            "tiebreaks",
            "points_cap",
            "third_place",
            "bye_scores",
            "plays_at",
            "turn_seconds",
            "grace_seconds",
            "no_show",
            "forfeit_minutes",
            "pairs_itself",
            "publishes_itself",
            "status",
            "seed",
            "created",
        ]


class EntrantOutputSerializer(serializers.ModelSerializer[Entrant]):
    class Meta:
        model = Entrant
        fields = [
            "id",
            "name",
            "partnership",
            "player",
            "seed",
            "checked_in",
            "withdrawn",
            "joined_round",
            "left_after_round",
        ]


class SeatOutputSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField(help_text="Clockwise from 0: seat 1 on the pages is 0 here.")
    name = serializers.CharField(help_text="The player sitting there.")
    entrant = serializers.CharField(help_text="Whom the seat plays for.")
    deals_first = serializers.BooleanField()


class SideOutputSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="The engine's side number.")
    label = serializers.CharField()  # type: ignore[assignment]
    seats = SeatOutputSerializer(many=True)
    score = serializers.IntegerField(allow_null=True, help_text="Running total so far.")
    won = serializers.BooleanField()


class LiveSeatOutputSerializer(serializers.Serializer[Any]):
    """Who sits at a seat of an online match's live table; never what they hold."""

    seat = serializers.IntegerField(help_text="Clockwise from 0: seat 1 on the pages is 0 here.")
    name = serializers.CharField(
        help_text="The player sitting there; empty for a computer's own "
        "seat or a seat nobody has taken."
    )
    connected = serializers.BooleanField(help_text="The player has the table's page open.")
    computer = serializers.BooleanField(
        help_text="A computer plays this seat now: its own seat, or standing in for a player "
        "away past the grace time."
    )


class LiveTableOutputSerializer(serializers.Serializer[Any]):
    """An online match's live table as it stands (``tournaments.round_online``)."""

    id = serializers.IntegerField(source="table_id", help_text="The online table's id.")
    status = serializers.CharField(
        help_text="'scheduled', 'open', 'playing', 'paused', 'finished' or 'abandoned'."
    )
    scheduled_at = serializers.DateTimeField(allow_null=True, help_text="When the table opens.")
    hands = serializers.IntegerField(help_text="Hands finished at the table.")
    score = serializers.ListField(
        source="scores",
        child=serializers.IntegerField(allow_null=True),
        help_text="Each side's running total on the sheet, by side index.",
    )
    seats = LiveSeatOutputSerializer(many=True)


class TableOutputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    sides = SideOutputSerializer(many=True)
    sheet = serializers.SerializerMethodField(help_text="The scoresheet id once published.")
    sheet_status = serializers.CharField(allow_blank=True)
    reasons = ReasonSerializer(many=True)
    online = serializers.BooleanField(
        source="match.online", default=False, help_text="Played at an online table."
    )
    starts_at = serializers.DateTimeField(
        source="match.starts_at",
        default=None,
        allow_null=True,
        help_text="Online matches: when the table opens.",
    )
    time_source = serializers.CharField(
        source="match.time_source",
        default="",
        help_text="Online matches: where the time came from: 'round', 'default', 'agreed' or "
        "'director'.",
    )
    no_show = serializers.CharField(
        source="match.no_show",
        default="",
        allow_blank=True,
        help_text="Online matches with a seat still empty after the grace time: 'flagged', "
        "'computer' or 'forfeit'; empty when everyone came.",
    )
    absent_seats = serializers.ListField(
        source="match.absent_seats",
        default=list,
        child=serializers.IntegerField(),
        help_text="Seats still empty after the grace time, clockwise from 0: seat 1 on the "
        "pages is 0 here.",
    )
    table = serializers.SerializerMethodField(
        help_text="Online matches of a published round: the live table; null otherwise."
    )

    def get_sheet(self, table: Any) -> int | None:
        return table.match.sheet_id if table.match else None

    @extend_schema_field(LiveTableOutputSerializer(allow_null=True))
    def get_table(self, table: Any) -> dict[str, Any] | None:
        online: RoundOnline | None = self.context.get("online")
        row = online.tables.get(table.number) if online is not None else None
        if row is None or row.table_id is None:
            return None
        return dict(LiveTableOutputSerializer(row).data)


class ByeOutputSerializer(serializers.Serializer[Any]):
    entrant = serializers.IntegerField(source="entrant_id")
    name = serializers.CharField(source="entrant.name")
    code = serializers.CharField()
    text = serializers.SerializerMethodField(help_text=REASON_TEXT)

    def get_text(self, bye: Any) -> str:
        return reason_words(bye.code, bye.text)


class RoundOutputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(source="round.number")
    status = serializers.CharField(source="round.status")
    reasons = ReasonSerializer(many=True, source="round.reasons")
    published_at = serializers.DateTimeField(source="round.published_at", allow_null=True)
    online = serializers.BooleanField(
        source="round.online", help_text="Published with a live table for some or all matches."
    )
    opens_at = serializers.DateTimeField(
        source="round.opens_at",
        allow_null=True,
        help_text="Played over days: the first time a match may start; null otherwise.",
    )
    closes_at = serializers.DateTimeField(
        source="round.closes_at",
        allow_null=True,
        help_text="Played over days: the deadline by which every match is played.",
    )
    default_at = serializers.DateTimeField(
        source="round.default_at",
        allow_null=True,
        help_text="Played over days: when a match whose players agree no other time starts.",
    )
    tables = serializers.SerializerMethodField()
    byes = ByeOutputSerializer(many=True)

    @extend_schema_field(TableOutputSerializer(many=True))
    def get_tables(self, view: RoundView) -> list[dict[str, Any]]:
        """The tables, each online match with its live table read once for the round."""
        context = {**self.context, "online": round_online(view=view)}
        return list(TableOutputSerializer(view.tables, many=True, context=context).data)


class ExplanationField(serializers.ListField):
    """A standings row's stored explanation (data, or an older snapshot's English sentences)
    worded in the request's language, as the pages word it."""

    def to_representation(self, data: Any) -> list[str]:
        return explanation_lines(data)


class StandingsOutputSerializer(serializers.Serializer[Any]):
    class ColumnSerializer(serializers.Serializer[Any]):
        key = serializers.CharField()
        label = serializers.CharField()  # type: ignore[assignment]

    class MarkSerializer(serializers.Serializer[Any]):
        round = serializers.IntegerField()
        mark = serializers.CharField(
            help_text="'computer' (the computer played for the entrant's absent player), "
            "'forfeit_won' or 'forfeit_lost'."
        )

    class RowSerializer(serializers.Serializer[Any]):
        rank = serializers.IntegerField()
        entrant_id = serializers.IntegerField(
            help_text="Events: the entrant id; seasons: the partnership or player id."
        )
        name = serializers.CharField()
        tied = serializers.BooleanField(help_text="Level on every metric with the row above.")
        played = serializers.IntegerField()
        metrics = serializers.DictField(
            child=serializers.FloatField(allow_null=True), help_text="Figures by metric key."
        )
        shown = serializers.DictField(child=serializers.CharField(allow_blank=True))
        explanation = ExplanationField(
            child=serializers.CharField(),
            help_text="Why the row is where it is, one sentence per neighbour, in the "
            "request's language (Accept-Language; English by default).",
        )
        marks = serializers.SerializerMethodField(
            help_text="Rounds not played in full by the entrant's players: [{round, mark}]."
        )

        def get_marks(self, row: dict[str, Any]) -> list[dict[str, Any]]:
            # Snapshots stored before rows had marks have none.
            marks = row.get("marks") or []
            return [{"round": m["round"], "mark": m["mark"]} for m in marks]

    computed_at = serializers.DateTimeField(allow_null=True)
    games_counted = serializers.IntegerField()
    columns = ColumnSerializer(many=True)
    rows = RowSerializer(many=True)


EMPTY_STANDINGS: dict[str, Any] = {
    "computed_at": None,
    "games_counted": 0,
    "columns": [],
    "rows": [],
}


class JobOutputSerializer(serializers.ModelSerializer[Job]):
    class Meta:
        model = Job
        fields = [
            "id",
            "kind",
            "state",
            "message",
            "event",
            "season",
            "round_number",
            "task_id",
            "attempts",
            "created",
            "started",
            "finished",
        ]
