"""An action's two writes go through the ORM: the log's row by ``create``, which sends
``save``'s signals (tests/tables/stalling_worker.py hooks the log's ``post_save``), and the
table's row by one ``QuerySet.update``. That update and the locked read
(``tables.statements``: ``Model.from_db``) go around a model's ``save``, so no model of the
app may have one of its own: what it did would be skipped at every card."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db import models
from django.db.models.signals import post_save

from tables.models import ActionLog, LiveTable
from tables.services import table_act
from tests.tables.helpers import state, table_with


def _own_saves(candidates: list[type[models.Model]]) -> list[str]:
    """``Model (Class)`` for each model that has a ``save`` of its own or of a base class."""
    return [
        f"{model.__name__} ({base.__name__})"
        for model in candidates
        for base in model.__mro__
        if base is not models.Model and issubclass(base, models.Model) and "save" in vars(base)
    ]


def test_no_model_of_tables_defines_save() -> None:
    found = _own_saves(list(apps.get_app_config("engine").get_models()))
    assert not found, f"models of tables with a save() an action's writes would skip: {found}"


def test_the_check_finds_a_save_of_a_model_or_its_base() -> None:
    class Saving(models.Model):
        class Meta:
            abstract = True
            app_label = "engine"

        def save(self, *args: Any, **kwargs: Any) -> None:
            super().save(*args, **kwargs)

    class Plain(Saving):
        class Meta:
            abstract = True
            app_label = "engine"

    assert _own_saves([Plain]) == ["Plain (Saving)"]
    assert _own_saves([LiveTable, ActionLog]) == []


@pytest.mark.django_db
def test_an_action_saves_its_log_row_as_save_does_and_moves_the_table_on() -> None:
    table, members = table_with(people=4, bots=0, turn_seconds=60)
    hand = state(table)
    assert hand.to_act is not None
    heard: list[tuple[int, bool]] = []

    def logged(sender: type[ActionLog], instance: ActionLog, created: bool, **kwargs: Any) -> None:
        heard.append((instance.seq, created))

    post_save.connect(logged, sender=ActionLog, weak=False)
    try:
        acted = table_act(
            table_id=table.pk,
            seat=None,
            action=str(hand.legal_actions()[0]),
            seen_seq=table.seq,
            user=members[hand.to_act].player.user,
        )
    finally:
        post_save.disconnect(logged, sender=ActionLog)
    assert heard == [(table.seq + 1, True)]
    stored = LiveTable.objects.get(pk=table.pk)
    assert (stored.seq, stored.hand_number, stored.status) == (acted.seq, 1, table.status)
    assert stored.clock_due_at is not None and stored.clock_due_at != table.clock_due_at
