"""What one action costs the database: the table's row locked with its seats read in the same
query, the action appended and the row updated. The hand comes from the process's cache and
the sockets' screens from what the action already read (``tables.selectors.Snapshot``),
so nothing is read again after the commit while the hand goes on."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Membership
from tables.services import table_act
from tests.tables.helpers import state, table_with

pytestmark = pytest.mark.django_db(transaction=True)


def _act(table_id: int, members: list[Membership], seq: int) -> list[str]:
    from tables.models import LiveTable

    table = LiveTable.objects.get(pk=table_id)
    hand = state(table)
    assert hand.to_act is not None
    user = members[hand.to_act].player.user
    action = str(hand.legal_actions()[0])
    with CaptureQueriesContext(connection) as captured:
        table_act(table_id=table_id, seat=None, action=action, seen_seq=seq, user=user)
    return [query["sql"] for query in captured.captured_queries]


def test_an_action_in_the_middle_of_a_hand_locks_with_its_seats_appends_and_updates() -> None:
    table, members = table_with(people=4, bots=0, turn_seconds=60)
    _act(table.pk, members, table.seq)  # the first broadcast of a hand reads its score lines
    table.refresh_from_db()
    queries = _act(table.pk, members, table.seq)
    statements = [sql.split()[0] for sql in queries if sql not in ("BEGIN", "COMMIT")]
    assert statements == ["SELECT", "INSERT", "UPDATE"], queries
    read = queries[1 if queries[0] == "BEGIN" else 0]
    assert "engine_tableseat" in read and "engine_livetable" in read, read
    if connection.features.has_select_for_update_of:
        assert 'FOR UPDATE OF "engine_livetable"' in read, read
