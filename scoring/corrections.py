"""Corrections of a sheet's lines: changing one and deleting one. Every later line is checked
again from the new totals and re-scored; if one of them would be refused, nothing changes.

Each change is kept as a revision (who, when, the line before and after). A correction says
which ``version`` of the line it was made from and is refused (``StaleLine``) if the line
changed since, or if another line took its number after a deletion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from scoring import engine_bridge as bridge
from scoring import linestore as store
from scoring.errors import StaleLine
from scoring.models import Entry, HandLine, LineRevision, Scoresheet
from scoring.services import actor_name

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

STALE_LINE = gettext_lazy(
    "Line {number} was changed by {who} while you were correcting it; your "
    "version was kept in the form — check it against the sheet and save "
    "again."
)


def _refuse_stale(target: HandLine, expected_version: int | None) -> None:
    if expected_version is not None and target.version != expected_version:
        last = target.revisions.select_related("by").order_by("-at", "-pk").first()
        who = actor_name(last.by) if last is not None else "somebody"
        raise StaleLine("stale", STALE_LINE.format(number=target.number, who=who))


@transaction.atomic
def handline_edit(
    *,
    sheet: Scoresheet,
    number: int,
    line: Mapping[str, Any],
    by: AbstractBaseUser | None,
    entry: str = Entry.PRIMARY,
    expected_version: int | None = None,
) -> HandLine:
    """Correct line ``number``; every later line is checked again from the new totals.

    ``expected_version`` is the line's ``version`` the correction was made from; when given
    and the line changed since (or another line took its number), the edit is refused.

    Raises:
        StaleLine: the line changed since ``expected_version``.
        LineRefused: the corrected line itself is refused (its field named, its dealer out of
            turn included), or a later line would be refused (``later_line_refused``, naming
            that line: a dealer no longer in turn after the correction too, unless that line is
            marked "dealer changed"). Nothing changes then.
        ScoringError: ``no_such_line``.
        SheetLocked: the sheet is confirmed.
    """
    sheet = store.sheet_lock(sheet, writable=True)
    lines = store.live_lines(sheet, entry)
    target = store.line_at(lines, number)
    _refuse_stale(target, expected_version)
    game = bridge.game_for(sheet)
    before = bridge.tally_after(game, lines[number - 2] if number > 1 else None)
    new = [dict(line)] + [hl.line for hl in lines[number:]]
    scores = store.replay_or_refuse(game, new, before, number)
    store.rotation_or_refuse(
        sheet, new, number, store.turn_after(sheet, game, lines[number - 2] if number > 1 else None)
    )
    old = store.snapshot(target)
    target.version = store.next_version(sheet)
    for handline, written, score in zip(lines[number - 1 :], new, scores, strict=True):
        store.fill(handline, written, score)
        store.clean(handline)
        handline.save()
    LineRevision.objects.create(
        line=target,
        action=LineRevision.Action.EDIT,
        before=old,
        after=store.snapshot(target),
        by=store.author(by),
    )
    if entry == Entry.PRIMARY:
        store.status_follow(sheet, lines[-1])
    else:
        sheet.save(update_fields=["revision", "updated"])
    return target


@transaction.atomic
def handline_delete(
    *,
    sheet: Scoresheet,
    number: int,
    by: AbstractBaseUser | None,
    entry: str = Entry.PRIMARY,
    expected_version: int | None = None,
) -> HandLine:
    """Delete line ``number`` (kept, marked deleted); later lines move up and are re-checked.

    Raises:
        StaleLine: the line changed since ``expected_version``.
        LineRefused: a later line would be refused without this one (its dealer no longer in
            turn included, unless marked "dealer changed"); nothing changes then.
        ScoringError: ``no_such_line``.
        SheetLocked: the sheet is confirmed.
    """
    sheet = store.sheet_lock(sheet, writable=True)
    lines = store.live_lines(sheet, entry)
    target = store.line_at(lines, number)
    _refuse_stale(target, expected_version)
    game = bridge.game_for(sheet)
    before = bridge.tally_after(game, lines[number - 2] if number > 1 else None)
    later = lines[number:]
    scores = store.replay_or_refuse(game, [hl.line for hl in later], before, number + 1)
    # The later lines move up: line number + 1 becomes line number, dealt after line number - 1.
    store.rotation_or_refuse(
        sheet,
        [hl.line for hl in later],
        number,
        store.turn_after(sheet, game, lines[number - 2] if number > 1 else None),
        moved_up=True,
    )
    old = store.snapshot(target)
    target.deleted = True
    target.version = store.next_version(sheet)
    target.save(update_fields=["deleted", "version", "updated"])
    for handline, score in zip(later, scores, strict=True):
        handline.number -= 1  # in order, so the freed number is always free
        handline.version = sheet.revision  # its number changed: forms made for it are stale
        store.fill(handline, handline.line, score)
        handline.save()
    LineRevision.objects.create(
        line=target, action=LineRevision.Action.DELETE, before=old, by=store.author(by)
    )
    remaining = [*lines[: number - 1], *later]
    if entry == Entry.PRIMARY:
        store.status_follow(sheet, remaining[-1] if remaining else None)
    else:
        sheet.save(update_fields=["revision", "updated"])
    return target
