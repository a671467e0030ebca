"""A round's sheets at once, for the director running a night of many tables: every blank
sheet printed in one document (each with its table code and QR code), and the tables that
have no live code given one in one action. The round page lists each table's code
(``tournaments.views.rounds``); only the club's scorers and directors see codes."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.models import Club
from club.page_errors import refusal_message
from club.permissions import Capability, club_required
from scoring.printing import blank_paper
from scoring.tablecodes import tablecodes_issue_missing
from tournaments import selectors
from tournaments.views.common import confirm_page


@require_GET
@club_required(Capability.SCORE)
def round_print(request: HttpRequest, club: Club, event_id: int, round_number: int) -> HttpResponse:
    """Every blank sheet of the round, one to a printed page, by table number."""
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    sheets = selectors.round_sheets(round_=round_)
    papers = [blank_paper(request, club, sheet, with_code=True) for sheet in sheets]
    context = {"club": club, "event": event, "round": round_, "papers": papers}
    return render(request, "tournaments/round_print.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_codes_issue(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> HttpResponse:
    """Give each open table of the round without a live code a new one; codes already
    printed keep working."""
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    back = reverse("round_detail", args=[club.slug, event.pk, round_.number])
    sheet_ids = [sheet.pk for sheet in selectors.round_sheets(round_=round_)]
    if request.method == "POST":
        with refusal_message(request):
            issued = tablecodes_issue_missing(sheet_ids=sheet_ids, by=acting_user(request))
            messages.success(
                request,
                ngettext(
                    "Table codes issued for {count} table: print its sheet again.",
                    "Table codes issued for {count} tables: print their sheets again.",
                    len(issued),
                ).format(count=len(issued))
                if issued
                else gettext("Every open table already has a table code."),
            )
        return redirect(back)
    return confirm_page(
        request,
        club=club,
        title=gettext("Issue the missing table codes of round {number}?").format(
            number=round_.number
        ),
        text=gettext(
            "Each table still playing that has no table code gets one; codes already "
            "given out keep working."
        ),
        button=gettext("Issue the missing codes"),
        back=back,
        refused="" if sheet_ids else gettext("This round has no scoresheets yet."),
    )
