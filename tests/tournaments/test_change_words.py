"""The director's seating changes in the reader's language: a swap, a player swapped in for one
who sits out, a substitute; a change stored before changes kept their figures reads as stored."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.factories import club_with, event_with, member_of
from tests.tournaments.test_views import signed_in, url
from tournaments.models import Bye, Seating, SeatingChange
from tournaments.services.rounds import round_pair
from tournaments.services.seats import seats_swap
from tournaments.services.substitutes import entrant_substitute

pytestmark = pytest.mark.django_db


def test_a_swap_in_and_a_substitute_read_in_french_and_an_older_change_as_stored() -> None:
    setup = club_with(partnerships=5)
    event = event_with(setup, format="swiss")
    round_ = round_pair(event=event)
    bye = Bye.objects.select_related("entrant").get(round=round_)
    seat = Seating.objects.filter(round=round_).select_related("entrant", "player").first()
    assert seat is not None and seat.player is not None
    seated, sitter = seat.entrant, bye.entrant
    swap = seats_swap(round_=round_, first=seated, second=sitter, reason="en retard")
    seat = Seating.objects.select_related("entrant", "player", "table").get(pk=seat.pk)
    missing = seat.player
    assert missing is not None
    sub = member_of(setup.club, "Remplaçante")
    entrant_substitute(entrant=seat.entrant, player_out=missing, player_in=sub, reason="malade")
    older = SeatingChange.objects.create(
        round=round_, kind="swap", summary="Ann and Bob swapped places", reason="vieux"
    )
    director = signed_in(setup)
    director.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = director.get(url("round_detail", event, round_.number)).content.decode()
    assert escape(f"{sitter} joue à la place de {seated}, qui est au repos") in page
    assert "Au repos : remplacé par le directeur (en retard)" in page
    where = f"à la table {seat.table.number}, place {seat.seat + 1}"
    assert escape(f"Remplaçante joue pour {missing} ({seat.entrant}) {where}") in page
    assert escape(older.summary) in page
    assert escape(swap.summary) not in page
    assert "swapped out by the director" not in page and " plays for " not in page
