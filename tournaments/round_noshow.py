"""The round page's no-show part: online matches where a seated player did not come.

A flagged match (the event's rule leaves it to the director) is listed with who has not come
and the director's choices, which post to the match's live table
(``tables.views.tables.table_no_show``); matches the computer played for the absent, or that
were forfeited, are listed with that mark. The live table is reached by the ORM's reverse
relation (``live_table``), so events never import the tables app.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Match, NoShow, Round, Seating


@dataclass(frozen=True)
class NoShowRow:
    """One match with an absent player: its table's number, what became of it (``NoShow``),
    the live table's id, and each absent seat as (seat number from 1, who sits there)."""

    table_number: int
    no_show: str
    live_table_id: int | None
    absent: tuple[tuple[int, str], ...]

    @property
    def flagged(self) -> bool:
        return self.no_show == NoShow.FLAGGED


def round_no_shows(*, round_: Round) -> list[NoShowRow]:
    """The round's matches with a no-show, in table order (two queries)."""
    matches = list(
        Match.objects.filter(round=round_)
        .exclude(no_show=NoShow.NONE)
        .order_by("table__number")
        .values_list("table_id", "table__number", "no_show", "live_table__id", "absent_seats")
    )
    if not matches:
        return []
    names = {
        (seating.table_id, seating.seat): seating.player.display_name
        if seating.player is not None
        else seating.entrant.name
        for seating in Seating.objects.filter(
            table_id__in=[row[0] for row in matches]
        ).select_related("player", "entrant")
    }
    return [
        NoShowRow(
            table_number=number,
            no_show=no_show,
            live_table_id=live_table_id,
            absent=tuple((seat + 1, names.get((table_id, seat), "")) for seat in absent or ()),
        )
        for table_id, number, no_show, live_table_id, absent in matches
    ]
