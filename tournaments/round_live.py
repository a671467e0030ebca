"""A published round as the director follows it while the tables score themselves: each
table's hands entered, score, whether its game is over, confirmed or flagged (with what the
table said), and the tables that have entered nothing for a while.

The round page asks for this again every few seconds (``views.rounds.round_live_view``), so it
is read in a few queries whatever the number of tables: the round's view
(``round_display.round_view``), and one aggregate of the sheets' lines.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import npgettext, pgettext_lazy

from scoring.models import SheetStatus
from scoring.selectors import sheets_progress
from tournaments.models import Round, RoundStatus
from tournaments.round_display import RoundView, TableView

#: A table's state, in the order the director cares about it.
WAITING = "waiting"  # no hand yet
PLAYING = "playing"
GAME_OVER = "over"  # the game is over, the sheet not yet confirmed
CONFIRMED = "confirmed"
#: A table of a published round whose game is on and that has entered no hand for this long is
#: pointed out on the director's round page: a hand takes a few minutes, a stuck table longer.
QUIET_MINUTES = 10
STATE_TEXT: dict[str, Promise] = {
    WAITING: pgettext_lazy("a table's state", "No hand yet"),
    PLAYING: pgettext_lazy("a table's state", "Playing"),
    GAME_OVER: pgettext_lazy("a table's state", "Game over: to confirm"),
    CONFIRMED: pgettext_lazy("a table's state", "Confirmed"),
}


def quiet_after() -> datetime.timedelta:
    """How long a table may enter nothing before the round page points it out
    (``QUIET_MINUTES``)."""
    return datetime.timedelta(minutes=QUIET_MINUTES)


@dataclass(frozen=True)
class TableLive:
    table: TableView
    sheet_id: int | None
    hands: int
    state: str
    last_at: datetime.datetime | None
    last_minutes: int | None  # since the last hand; None before the first
    flag_note: str
    quiet_minutes: int  # 0 unless the table has entered nothing for too long
    code: str = ""  # the table's live code, for those who may see codes

    @property
    def state_text(self) -> str:
        return str(STATE_TEXT[self.state])


@dataclass(frozen=True)
class RoundLive:
    round: Round
    tables: list[TableLive]
    quiet_minutes: int  # the threshold

    @property
    def is_live(self) -> bool:
        """Whether the page should keep asking (a published round with a table still open)."""
        return self.round.status == RoundStatus.PUBLISHED and any(
            t.state != CONFIRMED for t in self.tables
        )

    def count(self, state: str) -> int:
        return sum(1 for t in self.paper if t.state == state)

    @property
    def paper(self) -> list[TableLive]:
        """The tables at the hall, scored on paper or by phone: a match played online is
        followed at its live table instead (``round_online``)."""
        return [t for t in self.tables if not (t.table.match and t.table.match.online)]

    @property
    def uncoded(self) -> int:
        """Tables whose sheet is still open and has no live code (shown with the codes); none
        played online, whose live tables write the sheets."""
        return sum(1 for t in self.paper if t.sheet_id and t.state != CONFIRMED and not t.code)

    @property
    def summary(self) -> list[tuple[str, int]]:
        """(what, how many) paper tables for the round's head line, in the reader's language
        ("1 confirmed", "2 confirmées": the word agrees with its count); only what there is."""
        counts = [
            (CONFIRMED, self.count(CONFIRMED)),
            (GAME_OVER, self.count(GAME_OVER)),
            (PLAYING, self.count(PLAYING)),
            (WAITING, self.count(WAITING)),
            ("flagged", sum(1 for t in self.paper if t.flag_note)),
            ("quiet", sum(1 for t in self.paper if t.quiet_minutes)),
        ]
        return [(_counted_state(what, n), n) for what, n in counts if n]


def _counted_state(what: str, n: int) -> str:
    """How many tables are in a state, in words after the number."""
    if what == CONFIRMED:
        return npgettext("tables of a round", "confirmed", "confirmed", n)
    if what == GAME_OVER:
        return npgettext("tables of a round", "game over", "game over", n)
    if what == PLAYING:
        return npgettext("tables of a round", "playing", "playing", n)
    if what == WAITING:
        return npgettext("tables of a round", "no hand yet", "no hand yet", n)
    if what == "flagged":
        return npgettext("tables of a round", "flagged", "flagged", n)
    return npgettext("tables of a round", "quiet", "quiet", n)


def _state(table: TableView, hands: int) -> str:
    sheet = table.match.sheet if table.match else None
    if sheet is not None and sheet.status == SheetStatus.CONFIRMED:
        return CONFIRMED
    if sheet is not None and sheet.is_over:
        return GAME_OVER
    return PLAYING if hands else WAITING


def round_live(
    *,
    view: RoundView,
    now: datetime.datetime | None = None,
    codes: Mapping[int, str] | None = None,
) -> RoundLive:
    """Every table of the round ``view`` shows, with its progress. A table is *quiet* when its
    game is still on and its last hand (or the round's publication, before the first) is older
    than ``quiet_after()``. ``codes``: each sheet's live table code, when the reader may see
    them (``scoring.tablecodes.tablecodes_live``)."""
    codes = codes or {}
    now = now or timezone.now()
    round_ = view.round
    sheet_ids = [t.match.sheet_id for t in view.tables if t.match and t.match.sheet_id]
    progress = sheets_progress(sheet_ids=sheet_ids)
    limit = quiet_after()
    tables = []
    for table in view.tables:
        sheet = table.match.sheet if table.match else None
        done = progress.get(sheet.pk) if sheet is not None else None
        hands = done.hands if done else 0
        state = _state(table, hands)
        last_at = done.last_at if done else None
        since = last_at or round_.published_at
        quiet = 0
        # An online match keeps its own time (it may be days away): its live table says how
        # it is going (``round_online``), not the minutes since a hand.
        online = table.match is not None and table.match.online
        if state in (WAITING, PLAYING) and not online and since and now - since >= limit:
            quiet = int((now - since).total_seconds() // 60)
        tables.append(
            TableLive(
                table=table,
                sheet_id=sheet.pk if sheet is not None else None,
                hands=hands,
                state=state,
                last_at=last_at,
                last_minutes=int((now - last_at).total_seconds() // 60) if last_at else None,
                flag_note=sheet.flag_note if sheet is not None and table.flagged else "",
                quiet_minutes=quiet,
                # A confirmed sheet's code takes no more hands: the card shows the result.
                code=codes.get(sheet.pk, "") if sheet is not None and state != CONFIRMED else "",
            )
        )
    return RoundLive(round=round_, tables=tables, quiet_minutes=QUIET_MINUTES)
