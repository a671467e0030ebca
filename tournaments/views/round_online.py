"""The director's round page acting on an online table: abandoning one asks first, here.

Pause, resume and abandon themselves are the table's own director actions (the table page's
POST, ``tables.views.tables``): the round page's forms post there with a ``next`` that brings
the director back to the round, so each is written, checked and refused in one place.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from club.models import Club
from club.permissions import Capability, club_required
from tournaments import selectors
from tournaments.round_online import online_table_get
from tournaments.views.common import confirm_page


@require_GET
@club_required(Capability.DIRECT)
def round_table_abandon(
    request: HttpRequest, club: Club, event_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """Abandon an online table of the round? The form posts to the table's own abandon."""
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    table = online_table_get(round_=round_, number=table_number)
    back = reverse("round_detail", args=[club.slug, event.pk, round_.number])
    refused = ""
    if table.table_id is None or table.is_ended:
        refused = gettext("Table {number} is {state}: nothing more is played there.").format(
            number=table_number, state=table.state_text.lower()
        )
    return confirm_page(
        request,
        club=club,
        title=gettext("Abandon table {number} of round {round}?").format(
            number=table_number, round=round_.number
        ),
        text=gettext(
            "Nothing more is played at the table. Its finished hands stay on the scoresheet, "
            "which is the directors' to finish and confirm."
        ),
        button=gettext("Abandon the table"),
        back=back,
        refused=refused,
        danger=True,
        action=reverse("table_detail", args=[club.slug, table.table_id]) if not refused else "",
        hidden={"op": "abandon", "next": back},
    )
