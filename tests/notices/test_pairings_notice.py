"""Publishing a round emails each seated player with an address where they sit, once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage

from notices import tasks
from notices.models import Notice, NoticeKind
from tests.notices.helpers import SITE, outbox_to
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Seating
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db


def test_publishing_a_round_tells_each_seated_player_where_they_sit(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    setup = club_with(players=8)
    with_address = setup.players[:6]  # the last two have no address
    for player in with_address:
        player.email = f"{player.display_name.replace(' ', '').lower()}@example.org"
        player.save(update_fields=["email"])
    event = event_with(setup, format="progressive")
    round_ = round_pair(event=event)
    assert mailoutbox == []  # a draft tells nobody

    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_)
    assert outbox_to(mailoutbox) == sorted(p.email for p in with_address)
    link = f"{SITE}/events/{event.pk}/pairings/"
    for mail in mailoutbox:
        seating = Seating.objects.select_related("table").get(
            round=round_, player__email=mail.to[0]
        )
        assert mail.subject == f"{event.name}: the pairings for round 1 are up"
        assert f"You sit at table {seating.table.number}, seat {seating.seat + 1} (" in mail.body
        assert f"Who sits where:\n{link}\n" in mail.body
        partner = Seating.objects.get(
            table=seating.table, side=seating.side, seat=(seating.seat + 2) % 4
        )
        assert f"Partner: {partner.player.display_name if partner.player else ''}\n" in mail.body

    # Running the task again sends nothing more.
    assert tasks.round_published.delay(round_.pk).get() == 0
    assert len(mailoutbox) == 6
    assert set(Notice.objects.values_list("kind", "key")) == {
        (NoticeKind.PAIRINGS_PUBLISHED, f"round:{round_.pk}:pairings")
    }


def test_a_draft_round_sends_nothing(mailoutbox: list[EmailMessage]) -> None:
    setup = club_with(players=4)
    for player in setup.players:
        player.email = f"p{player.pk}@example.org"
        player.save(update_fields=["email"])
    round_ = round_pair(event=event_with(setup, format="progressive"))
    assert tasks.round_published.delay(round_.pk).get() == 0
    assert mailoutbox == []
