"""Errors of online tables: a stable ``code`` and a plain-words ``message`` shown to the user.

An action refused by the rules keeps the engine's own code (docs/rules.md#action-codes) and message;
the codes below are the table's own (stale sequence numbers, seats, schedule). A
``TableError`` is a ``DomainError``, so the API answers it in the one shape of its refusals.
"""

from __future__ import annotations

from http import HTTPStatus

from club.errors import DomainError


class TableError(DomainError):
    """Something the user can fix or retry, shown to them as it is."""


class ActionRefused(TableError):
    """An action that changed nothing: stale, not this seat's, or refused by the rules."""


class TableStateRefused(TableError):
    """The table's state is in the way of a director's control (paused, ended, not playing):
    the API answers 409."""

    status = HTTPStatus.CONFLICT


class NotADirector(TableError):
    """Only a director of the table's club controls it: the API answers 403."""

    status = HTTPStatus.FORBIDDEN


class MembersRefused(TableError):
    """The club does not let members start tables, or the caller may not do this to a
    member's table (only its host may): the API answers 403."""

    status = HTTPStatus.FORBIDDEN


class Throttled(TableError):
    """Too many of something in too short a time (invitations an hour): the API answers 429."""

    status = HTTPStatus.TOO_MANY_REQUESTS


class AdviceRefused(TableError):
    """No hint or review for this caller or this table (a game against other people, an
    event's, a seat not theirs): the API answers 403."""

    status = HTTPStatus.FORBIDDEN


class AdviceNotNow(TableError):
    """A hint while another seat is to act, a review of a hand still being played: the API
    answers 409."""

    status = HTTPStatus.CONFLICT
