"""Writes of scoresheets and their lines: keyword-only, atomic, every line checked by the engine.

Corrections and deletions of lines are in ``scoring.corrections``. Every write that changes
lines locks the sheet row first (``select_for_update``), so two people
typing into one sheet take turns. A form says what it was made from: an add-line form carries
the number of the line it adds, an edit or delete the ``version`` of the line it changes. A form
made before somebody else's change is refused (``StaleLine``), never applied on top of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Club, Membership, Partnership, Player, RuleSet
from club.wording import numbered
from engine.rules import GAME_NAMES, Game, RulesError, get_game
from scoring import engine_bridge as bridge
from scoring import linestore as store
from scoring.doubleentry import doubleentry_compare
from scoring.errors import ClientKeyReused, ScoringError, SheetLocked, StaleLine
from scoring.models import (
    Entry,
    HandLine,
    LineRevision,
    Scoresheet,
    SheetConfirmation,
    SheetSeat,
    SheetSide,
    SheetStatus,
    SheetUnlock,
)
from scoring.signals import sheet_confirmed

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

RULE_SET_OTHER_CLUB = gettext_lazy("That rule set belongs to another club.")
RULE_SET_BROKEN = gettext_lazy("The rules {name} do not build a game: {reason}")
STANDARD_RULES = "standard rules"
SIDES_COUNT = gettext_lazy("{game} with these rules has {expected} sides, not {given}.")
PARTNERSHIP_OTHER_CLUB = gettext_lazy("{partnership} is not a partnership of {club}.")
PLAYER_NOT_MEMBER = gettext_lazy("{player} is not a member of {club}.")
SEAT_UNKNOWN = gettext_lazy("There is no seat {seat} at this table (seats 1 to {seats}).")
PLAYER_TWICE = gettext_lazy("{player} cannot sit in two seats.")
STALE_ADDED = gettext_lazy(
    "Line {last} was just added by {who}; your line was kept in the form — "
    "check it and add it as line {next}."
)
STALE_CHANGED = gettext_lazy(
    "The sheet changed while you typed: it now has {count} lines. Your line"
    " was kept in the form — check it and add it as line {next}."
)
NOT_FINISHED = gettext_lazy("The game is not over yet: a sheet is confirmed once a side has won.")
ALREADY_CONFIRMED = gettext_lazy("This sheet is already confirmed.")
NOT_CONFIRMED = gettext_lazy("This sheet is not confirmed, so there is nothing to unlock.")
UNLOCK_REASON_NEEDED = gettext_lazy(
    "Say why the sheet is unlocked: the reason is kept with the sheet."
)
CLIENT_KEY_BAD = gettext_lazy(
    "The line's key must be 1 to 64 letters, digits, '-' or '_' (a UUID is "
    "one); it lets a line sent twice be added once."
)
CLIENT_KEY_REUSED = gettext_lazy(
    "Line {number} was already sent with this key, with another hand: this hand was not "
    "added. Send it again with a new key."
)
ENTRIES_DIFFER = gettext_lazy(
    "The second entry differs from the sheet on {lines}: compare them and "
    "choose the right version first."
)


@dataclass(frozen=True)
class SideSpec:
    """One side of a new sheet: its name on the sheet and, optionally, the partnership."""

    label: str = ""
    partnership: Partnership | None = None


def actor_name(user: AbstractBaseUser | None) -> str:
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
    by: AbstractBaseUser | None,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    title: str = "",
    sides: Sequence[SideSpec] = (),
    seat_players: Mapping[int, Player | None] | None = None,
    first_dealer: int | None = None,
) -> Scoresheet:
    """A new sheet for one game under ``rule_set`` (or ``game_id``'s standard rules), the
    rules copied onto it.

    ``sides`` may be empty (sides are then named "Side 1", "Side 2"…); otherwise one per side
    of the game. ``seat_players`` maps seats (from 0) to players; seats of a side with a
    partnership and no players given are filled from the partnership, by name.
    ``first_dealer`` (a seat, from 0) lets the entry page fill in each hand's dealer.

    Raises:
        ScoringError: rule set of another club, unknown game, wrong number of sides, outsiders,
            a seat that the table does not have.
    """
    game = _sheet_game(club, rule_set, game_id)
    seating = game.seating
    specs = _side_specs(game, sides)
    if first_dealer is not None and not 0 <= first_dealer < seating.seats:
        raise ScoringError(
            "seat",
            SEAT_UNKNOWN.format(seat=first_dealer + 1, seats=seating.seats),
            "first_dealer",
        )
    member_ids = set(Membership.objects.filter(club=club).values_list("player_id", flat=True))
    players = _seat_players(club, seating.seats, dict(seat_players or {}), member_ids)
    _seat_partnerships(club, game, specs, players)
    sheet = Scoresheet(
        club=club,
        rule_set=rule_set,
        rule_set_name=rule_set.name if rule_set is not None else STANDARD_RULES,
        game=game.id,
        options=game.options_dict(),
        target=game.target,
        title=title.strip(),
        first_dealer=first_dealer,
        created_by=store.author(by),
    )
    sheet.full_clean()
    sheet.save()
    _sheet_sides_add(sheet, game, specs, players)
    return sheet


def _sheet_game(club: Club, rule_set: RuleSet | None, game_id: str) -> Game:
    """The game a new sheet is played under: the club's rule set, or a game's standard rules."""
    if rule_set is not None and rule_set.club_id != club.pk:
        raise ScoringError("rule_set", RULE_SET_OTHER_CLUB, "rule_set")
    try:
        return rule_set.build_game() if rule_set is not None else get_game(game_id)
    except RulesError as error:
        name = rule_set.name if rule_set is not None else game_id
        raise ScoringError(
            "rule_set", RULE_SET_BROKEN.format(name=name, reason=error.message), "rule_set"
        ) from error


def _side_specs(game: Game, sides: Sequence[SideSpec]) -> list[SideSpec]:
    """One spec per side of the game: those given, or blank ones when none are."""
    expected = game.seating.sides
    specs = list(sides) or [SideSpec() for _ in range(expected)]
    if len(specs) != expected:
        raise ScoringError(
            "sides",
            SIDES_COUNT.format(game=GAME_NAMES[game.id], expected=expected, given=len(specs)),
            "sides",
        )
    return specs


def _seat_partnerships(
    club: Club, game: Game, specs: list[SideSpec], players: dict[int, Player | None]
) -> None:
    """A side with a partnership of the club and nobody seated gets the partnership's
    players, by name."""
    for index, spec in enumerate(specs):
        if spec.partnership is not None and spec.partnership.club_id != club.pk:
            raise ScoringError(
                "partnership",
                PARTNERSHIP_OTHER_CLUB.format(partnership=spec.partnership, club=club),
                f"side_{index}",
            )
        seats = game.seating.side_seats[index]
        if spec.partnership is not None and not any(players.get(s) for s in seats):
            for seat, player in zip(
                seats, spec.partnership.players.order_by("display_name"), strict=False
            ):
                players[seat] = player


def _sheet_sides_add(
    sheet: Scoresheet, game: Game, specs: list[SideSpec], players: Mapping[int, Player | None]
) -> None:
    """The sheet's sides and seats, each side named by its spec, its partnership or its
    players."""
    for index, spec in enumerate(specs):
        seats = game.seating.side_seats[index]
        names = [p.display_name for s in seats if (p := players.get(s))]
        label = spec.label.strip() or (
            spec.partnership.name if spec.partnership else " & ".join(names) or f"Side {index + 1}"
        )
        side = SheetSide(sheet=sheet, index=index, label=label[:120], partnership=spec.partnership)
        side.full_clean()
        side.save()
        for seat in seats:
            SheetSeat.objects.create(sheet=sheet, seat=seat, side=side, player=players.get(seat))


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
def scoresheet_confirm(
    *, sheet: Scoresheet, by: AbstractBaseUser | None, note: str = ""
) -> Scoresheet:
    """Confirm a finished sheet: it is locked from then on. The sheet's history keeps who
    confirmed it, and ``note`` (where a confirmation without an account came from: a table's
    code and phone).

    A sheet with a second entry is confirmed only when both entries match (after a director
    resolved the differences, if there were any). ``scoring.signals.sheet_confirmed`` is sent
    once the confirmation is committed.

    Raises:
        SheetLocked: already confirmed.
        ScoringError: ``not_finished`` (no side has won yet), ``entries_differ``.
    """
    sheet = store.sheet_lock(sheet)
    if sheet.status == SheetStatus.CONFIRMED:
        raise SheetLocked("confirmed", ALREADY_CONFIRMED)
    if sheet.winners is None:
        raise ScoringError("not_finished", NOT_FINISHED)
    comparison = doubleentry_compare(sheet=sheet)
    if comparison.has_check and not comparison.matches:
        lines = numbered("line", comparison.differing)
        raise ScoringError("entries_differ", ENTRIES_DIFFER.format(lines=lines))
    sheet.status = SheetStatus.CONFIRMED
    sheet.confirmed_by = store.author(by)
    sheet.confirmed_at = timezone.now()
    sheet.save(update_fields=["status", "confirmed_by", "confirmed_at", "updated"])
    SheetConfirmation.objects.create(sheet=sheet, by=sheet.confirmed_by, note=note[:200])
    # Listeners (standings) must see the committed sheet, and nothing if this rolls back.
    confirmed = sheet
    transaction.on_commit(lambda: sheet_confirmed.send(sender=Scoresheet, sheet=confirmed))
    return sheet


@transaction.atomic
def scoresheet_unlock(
    *, sheet: Scoresheet, by: AbstractBaseUser | None, reason: str
) -> SheetUnlock:
    """Reopen a confirmed sheet for corrections; who, when and why are kept.

    Raises:
        ScoringError: ``not_confirmed``, or ``reason`` left empty.
    """
    sheet = store.sheet_lock(sheet)
    if sheet.status != SheetStatus.CONFIRMED:
        raise ScoringError("not_confirmed", NOT_CONFIRMED)
    reason = reason.strip()
    if not reason:
        raise ScoringError("reason", UNLOCK_REASON_NEEDED, "reason")
    unlock = SheetUnlock(sheet=sheet, reason=reason, by=store.author(by))
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
    by: AbstractBaseUser | None,
    entry: str = Entry.PRIMARY,
    by_table: bool = False,
    client_key: str = "",
) -> HandLine:
    """Check ``line`` against the running totals and add it as line ``expected_number``.

    ``by_table``: the online table that owns the sheet writes its finished hand (nobody else
    adds lines to such a sheet while the table plays).

    ``client_key``: the sender's own key for this line (a phone makes one per hand). When the
    sheet already has a line sent with it, that line is returned and nothing is added: a line
    sent again after a dropped connection is written once. The same key with another hand is
    refused (``client_key_reused``, 409): a key is one hand's, never a second's.

    A line whose dealer is not the one in turn is refused unless it is marked
    ``dealer_changed`` (``scoring.rotation``); the table's own lines are not checked.

    Raises:
        StaleLine: the sheet no longer has ``expected_number - 1`` lines (somebody was faster).
        LineRefused: the engine refused the line (code, message, field), or its dealer is out
            of turn (``dealer_out_of_turn``); nothing is saved.
        SheetLocked: the sheet is confirmed.
        TablePlaying: an online table owns the sheet now and ``by_table`` is false.
    """
    _refuse_bad_key(client_key)
    locked, last = store.sheet_lock_for_add(
        Scoresheet.objects.all(), sheet.pk, entry, by_table=by_table
    )
    if sent := _sent_before(locked, client_key, line):
        return sent
    return _add_locked(
        locked, last, line, expected_number, by, entry, by_table=by_table, client_key=client_key
    )


@transaction.atomic
def handline_add_to(
    *,
    club: Club,
    sheet_id: int,
    line: Mapping[str, Any] | Callable[[Game], Mapping[str, Any]],
    expected_number: int,
    by: AbstractBaseUser | None,
    entry: str = Entry.PRIMARY,
    client_key: str = "",
) -> HandLine:
    """``handline_add`` for the entry page and the API, which know the sheet by its number
    only: the club's sheet is read once, locked, instead of read and then locked. ``line``
    may be a reader that builds the line with the sheet's game (a form's inputs depend on the
    game). The new line's ``sheet`` is the sheet as the line left it. A ``client_key`` already
    sent returns that line (or refuses another hand sent with it), as ``handline_add`` does.

    Raises:
        Http404: the club has no such sheet.
        StaleLine, LineRefused, SheetLocked, TablePlaying: as ``handline_add``.
    """
    _refuse_bad_key(client_key)
    sheets = Scoresheet.objects.for_club(club)
    locked, last = store.sheet_lock_for_add(sheets, sheet_id, entry)
    if callable(line):
        line = line(bridge.game_for(locked))
    if sent := _sent_before(locked, client_key, line):
        return sent
    return _add_locked(locked, last, line, expected_number, by, entry, client_key=client_key)


def _refuse_bad_key(client_key: str) -> None:
    if client_key and not (
        len(client_key) <= 64
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in client_key)
    ):
        raise ScoringError("bad_client_key", CLIENT_KEY_BAD, "client_key")


def _sent_before(sheet: Scoresheet, client_key: str, line: Mapping[str, Any]) -> HandLine | None:
    """The line of the locked ``sheet`` sent with ``client_key`` before, if any (deleted
    since included: it was written once).

    A replay carries the hand it carried the first time; it is compared with the hand as it
    was added (the line's first revision), since a director may have corrected the line
    since. Another hand under the same key would otherwise be answered "added" and lost.

    Raises:
        ClientKeyReused: ``client_key_reused`` (409), the key came with another hand.
    """
    if not client_key:
        return None
    sent = HandLine.objects.filter(sheet=sheet, client_key=client_key).first()
    if sent is None:
        return None
    first = (
        LineRevision.objects.filter(line=sent, action=LineRevision.Action.ADD)
        .values_list("after", flat=True)
        .first()
    )
    written = first.get("line") if isinstance(first, dict) else sent.line
    if json.loads(json.dumps(dict(line))) != written:
        message = CLIENT_KEY_REUSED.format(number=sent.number)
        raise ClientKeyReused("client_key_reused", message, "client_key")
    sent.sheet = sheet
    return sent


def _add_locked(
    sheet: Scoresheet,
    last: HandLine | None,
    line: Mapping[str, Any],
    expected_number: int,
    by: AbstractBaseUser | None,
    entry: str,
    *,
    by_table: bool = False,
    client_key: str = "",
) -> HandLine:
    number = last.number + 1 if last is not None else 1
    if expected_number != number:
        if last is not None and expected_number == number - 1:
            who = actor_name(last.created_by)
            message = STALE_ADDED.format(last=last.number, who=who, next=number)
        else:
            message = STALE_CHANGED.format(count=number - 1, next=number)
        raise StaleLine("stale", message)
    game = bridge.game_for(sheet)
    written = dict(line)
    score = bridge.line_check(game, written, bridge.tally_after(game, last))
    if not by_table:  # a table's dealer is the engine's own, never typed
        store.rotation_or_refuse(sheet, [written], number, store.turn_after(sheet, game, last))
    handline = HandLine(
        sheet=sheet,
        entry=entry,
        number=number,
        created_by=store.author(by),
        version=store.next_version(sheet),
        client_key=client_key,
    )
    store.fill(handline, written, score)
    store.clean(handline)
    handline.save()
    LineRevision.objects.create(
        line=handline,
        action=LineRevision.Action.ADD,
        after=store.snapshot(handline),
        by=store.author(by),
    )
    if entry == Entry.PRIMARY:
        store.status_follow(sheet, handline)
    else:
        sheet.save(update_fields=["revision", "updated"])
    return handline
