"""Writes of scoresheets and their lines: keyword-only, atomic, every line checked by the engine.

Every write that changes lines locks the sheet row first (``select_for_update``), so two people
typing into one sheet take turns: an add-line form carries the number of the line it adds and
a form made before somebody else's line is refused, never applied twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from club.models import Club, Membership, Partnership, Player, RuleSet
from engine.rules import GAME_NAMES, HandScore, RulesError, get_game
from scoring import engine_bridge as bridge
from scoring.errors import LineRefused, ScoringError, SheetLocked, StaleLine
from scoring.models import (
    Entry,
    HandLine,
    LineRevision,
    Scoresheet,
    SheetSeat,
    SheetSide,
    SheetStatus,
    SheetUnlock,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User

RULE_SET_OTHER_CLUB = "That rule set belongs to another club."
RULE_SET_BROKEN = "The rules {name} do not build a game: {reason}"
STANDARD_RULES = "standard rules"
SIDES_COUNT = "{game} with these rules has {expected} sides, not {given}."
PARTNERSHIP_OTHER_CLUB = "{partnership} is not a partnership of {club}."
PLAYER_NOT_MEMBER = "{player} is not a member of {club}."
SEAT_UNKNOWN = "There is no seat {seat} at this table (seats 1 to {seats})."
PLAYER_TWICE = "{player} cannot sit in two seats."
SHEET_LOCKED = "This sheet is confirmed and locked; a director must unlock it first."
STALE_ADDED = (
    "Line {last} was just added by {who}; your line was kept in the form — check it and add "
    "it as line {next}."
)
STALE_CHANGED = (
    "The sheet changed while you typed: it now has {count} lines. Your line was kept in the "
    "form — check it and add it as line {next}."
)
NO_SUCH_LINE = "There is no line {number} on this sheet."
LATER_LINE_REFUSED = (
    "This change would make line {number} wrong: {reason} Nothing was changed; correct line "
    "{number} first or change this line differently."
)
NOT_FINISHED = "The game is not over yet: a sheet is confirmed once a side has won."
ALREADY_CONFIRMED = "This sheet is already confirmed."
NOT_CONFIRMED = "This sheet is not confirmed, so there is nothing to unlock."
UNLOCK_REASON_NEEDED = "Say why the sheet is unlocked: the reason is kept with the sheet."
ENTRIES_DIFFER = (
    "The second entry differs from the sheet on line(s) {numbers}: compare them and choose "
    "the right version first."
)


@dataclass(frozen=True)
class SideSpec:
    """One side of a new sheet: its name on the sheet and, optionally, the partnership."""

    label: str = ""
    partnership: Partnership | None = None


def actor_name(user: User | None) -> str:
    """How a user is named in messages: their player's name, else their username."""
    if user is None:
        return "somebody"
    player = Player.objects.filter(user_id=user.pk).first()
    return player.display_name if player else user.get_username()


# --- Sheets -------------------------------------------------------------------------------


@transaction.atomic
def scoresheet_create(
    *,
    club: Club,
    by: User | None,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    title: str = "",
    sides: Sequence[SideSpec] = (),
    seat_players: Mapping[int, Player | None] | None = None,
) -> Scoresheet:
    """A new sheet for one game under ``rule_set`` (or ``game_id``'s standard rules), the
    rules copied onto it.

    ``sides`` may be empty (sides are then named "Side 1", "Side 2"…); otherwise one per side
    of the game. ``seat_players`` maps seats (from 0) to players; seats of a side with a
    partnership and no players given are filled from the partnership, by name.

    Raises:
        ScoringError: rule set of another club, unknown game, wrong number of sides, outsiders.
    """
    if rule_set is not None and rule_set.club_id != club.pk:
        raise ScoringError("rule_set", RULE_SET_OTHER_CLUB, "rule_set")
    try:
        game = rule_set.build_game() if rule_set is not None else get_game(game_id)
    except RulesError as error:
        name = rule_set.name if rule_set is not None else game_id
        raise ScoringError(
            "rule_set", RULE_SET_BROKEN.format(name=name, reason=error.message), "rule_set"
        ) from error
    seating = game.seating
    specs = list(sides) or [SideSpec() for _ in range(seating.sides)]
    if len(specs) != seating.sides:
        raise ScoringError(
            "sides",
            SIDES_COUNT.format(game=GAME_NAMES[game.id], expected=seating.sides, given=len(specs)),
            "sides",
        )
    member_ids = set(Membership.objects.filter(club=club).values_list("player_id", flat=True))
    players = _seat_players(club, seating.seats, dict(seat_players or {}), member_ids)
    for index, spec in enumerate(specs):
        if spec.partnership is not None and spec.partnership.club_id != club.pk:
            raise ScoringError(
                "partnership",
                PARTNERSHIP_OTHER_CLUB.format(partnership=spec.partnership, club=club),
                f"side_{index}",
            )
        seats = seating.side_seats[index]
        if spec.partnership is not None and not any(players.get(s) for s in seats):
            for seat, player in zip(
                seats, spec.partnership.players.order_by("display_name"), strict=False
            ):
                players[seat] = player

    sheet = Scoresheet(
        club=club,
        rule_set=rule_set,
        rule_set_name=rule_set.name if rule_set is not None else STANDARD_RULES,
        game=game.id,
        options=game.options_dict(),
        target=game.target,
        title=title.strip(),
        created_by=by,
    )
    sheet.full_clean()
    sheet.save()
    for index, spec in enumerate(specs):
        names = [p.display_name for s in seating.side_seats[index] if (p := players.get(s))]
        label = spec.label.strip() or (
            spec.partnership.name if spec.partnership else " & ".join(names) or f"Side {index + 1}"
        )
        side = SheetSide.objects.create(
            sheet=sheet, index=index, label=label, partnership=spec.partnership
        )
        for seat in seating.side_seats[index]:
            SheetSeat.objects.create(sheet=sheet, seat=seat, side=side, player=players.get(seat))
    return sheet


def _seat_players(
    club: Club, seats: int, given: dict[int, Player | None], member_ids: set[int]
) -> dict[int, Player | None]:
    seen: set[int] = set()
    for seat, player in given.items():
        if not 0 <= seat < seats:
            raise ScoringError("seat", SEAT_UNKNOWN.format(seat=seat + 1, seats=seats), "seats")
        if player is None:
            continue
        if player.pk not in member_ids:
            raise ScoringError(
                "player", PLAYER_NOT_MEMBER.format(player=player, club=club), f"seat_{seat}"
            )
        if player.pk in seen:
            raise ScoringError("player", PLAYER_TWICE.format(player=player), f"seat_{seat}")
        seen.add(player.pk)
    return given


@transaction.atomic
def scoresheet_confirm(*, sheet: Scoresheet, by: User | None) -> Scoresheet:
    """Confirm a finished sheet: it is locked from then on.

    A sheet with a second entry is confirmed only when both entries match (after a director
    resolved the differences, if there were any).
    """
    from scoring.doubleentry import doubleentry_compare

    sheet = _lock(sheet)
    if sheet.status == SheetStatus.CONFIRMED:
        raise SheetLocked("confirmed", ALREADY_CONFIRMED)
    if sheet.winners is None:
        raise ScoringError("not_finished", NOT_FINISHED)
    comparison = doubleentry_compare(sheet=sheet)
    if comparison.has_check and not comparison.matches:
        numbers = ", ".join(str(row.number) for row in comparison.rows if not row.same)
        raise ScoringError("entries_differ", ENTRIES_DIFFER.format(numbers=numbers))
    sheet.status = SheetStatus.CONFIRMED
    sheet.confirmed_by = by
    sheet.confirmed_at = timezone.now()
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at", "updated"])
    return sheet


@transaction.atomic
def scoresheet_unlock(*, sheet: Scoresheet, by: User | None, reason: str) -> SheetUnlock:
    """Reopen a confirmed sheet for corrections; who, when and why are kept."""
    sheet = _lock(sheet)
    if sheet.status != SheetStatus.CONFIRMED:
        raise ScoringError("not_confirmed", NOT_CONFIRMED)
    reason = reason.strip()
    if not reason:
        raise ScoringError("reason", UNLOCK_REASON_NEEDED, "reason")
    unlock = SheetUnlock(sheet=sheet, reason=reason, by=by)
    unlock.full_clean()
    unlock.save()
    sheet.status = SheetStatus.FINISHED if sheet.winners is not None else SheetStatus.IN_PROGRESS
    sheet.confirmed_by = None
    sheet.confirmed_at = None
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at", "updated"])
    return unlock


# --- Lines --------------------------------------------------------------------------------


@transaction.atomic
def handline_add(
    *,
    sheet: Scoresheet,
    line: Mapping[str, Any],
    expected_number: int,
    by: User | None,
    entry: str = Entry.PRIMARY,
) -> HandLine:
    """Check ``line`` against the running totals and add it as line ``expected_number``.

    Raises:
        StaleLine: the sheet no longer has ``expected_number - 1`` lines (somebody was faster).
        LineRefused: the engine refused the line (code, message, field); nothing is saved.
        SheetLocked: the sheet is confirmed.
    """
    sheet = _lock(sheet, writable=True)
    lines = _live_lines(sheet, entry)
    number = len(lines) + 1
    if expected_number != number:
        last = lines[-1] if lines else None
        if last is not None and expected_number == number - 1:
            message = STALE_ADDED.format(
                last=last.number, who=actor_name(last.created_by), next=number
            )
        else:
            message = STALE_CHANGED.format(count=len(lines), next=number)
        raise StaleLine("stale", message)
    game = bridge.game_for(sheet)
    clean = dict(line)
    score = bridge.line_check(game, clean, bridge.tally_after(game, lines[-1] if lines else None))
    handline = HandLine(sheet=sheet, entry=entry, number=number, created_by=by)
    _fill(handline, clean, score)
    handline.save()
    LineRevision.objects.create(
        line=handline, action=LineRevision.Action.ADD, after=_snapshot(handline), by=by
    )
    if entry == Entry.PRIMARY:
        _refresh_status(sheet, [*lines, handline])
    return handline


@transaction.atomic
def handline_edit(
    *,
    sheet: Scoresheet,
    number: int,
    line: Mapping[str, Any],
    by: User | None,
    entry: str = Entry.PRIMARY,
) -> HandLine:
    """Correct line ``number``; every later line is checked again from the new totals.

    Raises:
        LineRefused: the corrected line itself is refused (its field named), or a later line
            would be refused (``later_line_refused``, naming that line). Nothing changes then.
    """
    sheet = _lock(sheet, writable=True)
    lines = _live_lines(sheet, entry)
    target = _line_at(lines, number)
    game = bridge.game_for(sheet)
    before = bridge.tally_after(game, lines[number - 2] if number > 1 else None)
    new = [dict(line)] + [hl.line for hl in lines[number:]]
    scores = _replay_or_refuse(game, new, before, number)
    old = _snapshot(target)
    for handline, written, score in zip(lines[number - 1 :], new, scores, strict=True):
        _fill(handline, written, score)
        handline.save()
    LineRevision.objects.create(
        line=target, action=LineRevision.Action.EDIT, before=old, after=_snapshot(target), by=by
    )
    if entry == Entry.PRIMARY:
        _refresh_status(sheet, lines)
    return target


@transaction.atomic
def handline_delete(
    *, sheet: Scoresheet, number: int, by: User | None, entry: str = Entry.PRIMARY
) -> HandLine:
    """Delete line ``number`` (kept, marked deleted); later lines move up and are re-checked.

    Raises:
        LineRefused: a later line would be refused without this one; nothing changes then.
    """
    sheet = _lock(sheet, writable=True)
    lines = _live_lines(sheet, entry)
    target = _line_at(lines, number)
    game = bridge.game_for(sheet)
    before = bridge.tally_after(game, lines[number - 2] if number > 1 else None)
    later = lines[number:]
    scores = _replay_or_refuse(game, [hl.line for hl in later], before, number + 1)
    old = _snapshot(target)
    target.deleted = True
    target.save(update_fields=["deleted", "updated"])
    for handline, score in zip(later, scores, strict=True):
        handline.number -= 1  # in order, so the freed number is always free
        _fill(handline, handline.line, score)
        handline.save()
    LineRevision.objects.create(line=target, action=LineRevision.Action.DELETE, before=old, by=by)
    if entry == Entry.PRIMARY:
        _refresh_status(sheet, [*lines[: number - 1], *later])
    return target


# --- Helpers shared with double entry -------------------------------------------------------


def _lock(sheet: Scoresheet, *, writable: bool = False) -> Scoresheet:
    locked = Scoresheet.objects.select_for_update().get(pk=sheet.pk)
    if writable and locked.status == SheetStatus.CONFIRMED:
        raise SheetLocked("locked", SHEET_LOCKED)
    return locked


def _live_lines(sheet: Scoresheet, entry: str) -> list[HandLine]:
    return list(
        HandLine.objects.live()
        .filter(sheet=sheet, entry=entry)
        .select_related("created_by")
        .order_by("number")
    )


def _line_at(lines: Sequence[HandLine], number: int) -> HandLine:
    if not 1 <= number <= len(lines):
        raise ScoringError("no_such_line", NO_SUCH_LINE.format(number=number))
    return lines[number - 1]


def _replay_or_refuse(
    game: Any, lines: Sequence[Mapping[str, Any]], tally: Any, first_number: int
) -> list[HandScore]:
    """Check a run of lines; a refusal of the first keeps its field, a later one names it."""
    try:
        return bridge.lines_replay(game, lines, tally, first_number)
    except LineRefused as error:
        if error.number == first_number:
            raise
        refused = LineRefused(
            "later_line_refused",
            LATER_LINE_REFUSED.format(number=error.number, reason=_sentence(error.message)),
        )
        refused.number = error.number
        raise refused from error


def _sentence(message: str) -> str:
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def _fill(handline: HandLine, line: Mapping[str, Any], score: HandScore) -> None:
    """Store the written line, its typed copies and what the engine computed."""
    handline.line = dict(line)
    handline.dealer = _int_or_none(line.get("dealer"))
    handline.bidder = _int_or_none(line.get("bidder"))
    handline.bid = _int_or_none(line.get("bid"))
    trump = line.get("trump")
    handline.trump = trump.strip().upper()[:3] if isinstance(trump, str) else ""
    handline.passed_out = line.get("passed_out") is True
    handline.made = score.made
    handline.delta = list(score.delta)
    handline.scores_after = list(score.scores_after)
    handline.tally_after = score.tally_after.to_dict()
    handline.result = bridge.result_json(score)


def _int_or_none(value: Any) -> int | None:
    return value if type(value) is int else None


def _snapshot(handline: HandLine) -> dict[str, Any]:
    return {
        "number": handline.number,
        "line": handline.line,
        "delta": handline.delta,
        "scores_after": handline.scores_after,
        "made": handline.made,
    }


def _refresh_status(sheet: Scoresheet, lines: Sequence[HandLine]) -> None:
    """Winners and status follow the sheet's last line."""
    result = lines[-1].result if lines else None
    sheet.winners = result["winners"] if result else None
    sheet.end_reason = result["reason"] if result else ""
    sheet.status = SheetStatus.FINISHED if result else SheetStatus.IN_PROGRESS
    sheet.save(update_fields=["winners", "end_reason", "status", "updated"])
