"""The tables' Celery tasks keep the names they were first registered under."""

from __future__ import annotations

from celery import current_app

from tables import enqueue, tasks

# Timers already waiting in a broker (a table's opening, a turn clock, a grace time) and the
# beat schedule find their task by these names.
NAMES = {
    "engine.tasks.tables_open_due": tasks.tables_open_due,
    "engine.tasks.table_open": tasks.table_open,
    "engine.tasks.table_bots_play": tasks.table_bots_play,
    "engine.tasks.table_turn_clock": tasks.table_turn_clock,
    "engine.tasks.seat_away_check": tasks.seat_away_check,
    "engine.tasks.tables_clocks_due": tasks.tables_clocks_due,
}
#: The beat's sweeps: each runs again within a minute (the clocks' within seconds) anyway.
SWEEPS = {"engine.tasks.tables_open_due", "engine.tasks.tables_clocks_due"}


def test_each_task_is_registered_under_its_first_name() -> None:
    current_app.loader.import_default_modules()
    for name, task in NAMES.items():
        assert task.name == name
        assert name in current_app.tasks


def test_a_tables_task_is_handed_back_when_its_process_dies() -> None:
    """Acknowledged late and rejected when the worker's process is lost: a computer move or
    clock whose process is killed runs again (tests/tables/test_worker_killed.py)."""
    for name, task in NAMES.items():
        if name in SWEEPS:
            continue
        assert task.acks_late and task.reject_on_worker_lost, name


def test_the_services_send_tasks_by_names_the_tasks_have() -> None:
    """The services never import the tasks (``tables.enqueue``): a name misspelt there would
    only fail when a table first sends it."""
    sent = {enqueue.TABLE_OPEN, enqueue.BOTS_PLAY, enqueue.TURN_CLOCK, enqueue.SEAT_AWAY_CHECK}
    assert sent <= set(NAMES)
    for name in sent:
        assert NAMES[name] == enqueue.task(name)  # the task itself (NAMES holds proxies)
