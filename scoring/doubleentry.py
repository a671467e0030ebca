"""Double entry: a second scorer types the same sheet; the two entries are compared line by
line, and a director picks the right version of each line that differs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from scoring import engine_bridge as bridge
from scoring import linestore as store
from scoring.errors import ScoringError
from scoring.models import Entry, HandLine, LineRevision, Resolution, Scoresheet

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

NO_SECOND_ENTRY = gettext_lazy("Nobody has typed a second entry of this sheet yet.")
NOTHING_TO_RESOLVE = gettext_lazy("Both entries already match: there is nothing to resolve.")
CHOICE_MISSING = gettext_lazy("Choose which version of line {number} is right.")
CHOICE_UNKNOWN = gettext_lazy("Line {number} does not differ between the entries.")
BAD_CHOICE = gettext_lazy(
    "A version is 'primary' (the sheet) or 'check' (the second entry), not {value!r}."
)
RESOLVED_NOTE = "resolved by a director: the {version} was kept"


@dataclass(frozen=True)
class ComparisonRow:
    number: int
    primary: HandLine | None
    check: HandLine | None
    same: bool


@dataclass(frozen=True)
class Comparison:
    rows: list[ComparisonRow]
    has_check: bool

    @property
    def matches(self) -> bool:
        return all(row.same for row in self.rows)

    @property
    def differing(self) -> list[int]:
        return [row.number for row in self.rows if not row.same]


def _same(a: HandLine | None, b: HandLine | None) -> bool:
    if a is None or b is None:
        return a is b
    return bridge.normalise(a.line) == bridge.normalise(b.line)


def doubleentry_compare(*, sheet: Scoresheet) -> Comparison:
    """The two entries side by side, line by line."""
    primary = store.live_lines(sheet, Entry.PRIMARY)
    check = store.live_lines(sheet, Entry.CHECK)
    rows = [
        ComparisonRow(number, a, b, _same(a, b))
        for number, (a, b) in enumerate(zip_longest(primary, check), start=1)
    ]
    return Comparison(rows=rows if check else [], has_check=bool(check))


@transaction.atomic
def doubleentry_resolve(
    *, sheet: Scoresheet, choices: Mapping[int, str], by: AbstractBaseUser | None
) -> list[Resolution]:
    """Keep, for each differing line, the version the director chose, in both entries.

    The resulting lines are checked from the start of the game; if they do not add up, nothing
    changes. Each choice is recorded, and every line rewritten keeps its history.

    Raises:
        ScoringError: no second entry, a differing line without a choice, a bad choice.
        LineRefused: the chosen lines together are refused by the engine (the line is named).
    """
    sheet = store.sheet_lock(sheet, writable=True)
    comparison = doubleentry_compare(sheet=sheet)
    if not comparison.has_check:
        raise ScoringError("no_second_entry", NO_SECOND_ENTRY)
    differing = comparison.differing
    if not differing:
        raise ScoringError("nothing_to_resolve", NOTHING_TO_RESOLVE)
    for number, value in choices.items():
        if number not in differing:
            raise ScoringError("choice", CHOICE_UNKNOWN.format(number=number), f"line_{number}")
        if value not in Entry.values:
            raise ScoringError("choice", BAD_CHOICE.format(value=value), f"line_{number}")
    for number in differing:
        if number not in choices:
            raise ScoringError("choice", CHOICE_MISSING.format(number=number), f"line_{number}")

    final: list[dict[str, Any]] = []
    for row in comparison.rows:
        kept = row.primary if row.same or choices[row.number] == Entry.PRIMARY else row.check
        if kept is not None:
            final.append(dict(kept.line))
    game = bridge.game_for(sheet)
    scores = store.replay_or_refuse(game, final, bridge.tally_start(game), 1)
    store.rotation_or_refuse(sheet, final, 1, store.turn_after(sheet, game, None))

    resolutions = [
        Resolution.objects.create(
            sheet=sheet,
            number=row.number,
            chosen=choices[row.number],
            primary_version=row.primary.line if row.primary else None,
            check_version=row.check.line if row.check else None,
            by=store.author(by),
        )
        for row in comparison.rows
        if not row.same
    ]
    version = store.next_version(sheet)
    for entry in (Entry.PRIMARY, Entry.CHECK):
        lines = _write_entry(sheet, entry, final, scores, by, version)
        if entry == Entry.PRIMARY:
            store.status_follow(sheet, lines[-1] if lines else None)
    return resolutions


def _write_entry(
    sheet: Scoresheet,
    entry: str,
    final: Sequence[dict[str, Any]],
    scores: Sequence[Any],
    by: AbstractBaseUser | None,
    version: int,
) -> list[HandLine]:
    """Make ``entry`` hold exactly ``final``; changed, added and removed lines get revisions."""
    existing = store.live_lines(sheet, entry)
    note = RESOLVED_NOTE.format(version="sheet's" if entry == Entry.PRIMARY else "second entry's")
    # Lines past the end go first, so the numbers they held are free for new ones.
    for handline in existing[len(final) :]:
        before = store.snapshot(handline)
        handline.deleted = True
        handline.version = version
        handline.save(update_fields=["deleted", "version", "updated"])
        LineRevision.objects.create(
            line=handline,
            action=LineRevision.Action.DELETE,
            before=before,
            by=store.author(by),
            note=note,
        )
    out: list[HandLine] = []
    for number, (written, score) in enumerate(zip(final, scores, strict=True), start=1):
        if number <= len(existing):
            handline = existing[number - 1]
            _line_resolve(handline, written, score, by, version, note)
        else:
            handline = HandLine(
                sheet=sheet,
                entry=entry,
                number=number,
                created_by=store.author(by),
                version=version,
            )
            store.fill(handline, written, score)
            store.clean(handline)
            handline.save()
            LineRevision.objects.create(
                line=handline,
                action=LineRevision.Action.RESOLVE,
                after=store.snapshot(handline),
                by=store.author(by),
                note=note,
            )
        out.append(handline)
    return out


def _line_resolve(
    handline: HandLine,
    written: dict[str, Any],
    score: Any,
    by: AbstractBaseUser | None,
    version: int,
    note: str,
) -> None:
    """An existing line takes the chosen version; a real change gets a revision and the
    new ``version``."""
    before = store.snapshot(handline)
    changed = bridge.normalise(handline.line) != bridge.normalise(written)
    store.fill(handline, written, score)
    if changed:
        handline.version = version
    handline.save()
    if changed:
        LineRevision.objects.create(
            line=handline,
            action=LineRevision.Action.RESOLVE,
            before=before,
            after=store.snapshot(handline),
            by=store.author(by),
            note=note,
        )
