"""Importing a club's players from a CSV file: every row valid, or nothing saved.

The file has a header row naming its columns: ``name`` (required), ``email`` and ``role``
(optional, in any order, any case). Rows are numbered as a spreadsheet shows them: the header
is row 1, so the first player is row 2. Each problem is reported with its row, its column and
what is wrong, all at once, so the file can be fixed in one go.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from club.models import Club, Membership, Player
from club.services import refresh_member_count_on_commit
from club.wording import counted

COLUMNS = ("name", "email", "role")
MAX_BYTES = 1_000_000
MAX_ROWS = 2_000
NAME_MAX_LENGTH = Player._meta.get_field("display_name").max_length or 80

# Role values accepted in the file: the stored value or the label, any case ("Club admin").
ROLE_BY_TEXT = {
    **{value: value for value in Membership.Role.values},
    **{str(label).lower(): value for value, label in Membership.Role.choices},
}

NOT_UTF8 = gettext_lazy("The file is not UTF-8 text; save it as CSV (UTF-8) and try again.")
TOO_BIG = format_lazy(
    gettext_lazy("The file is larger than {value} MB."), value=MAX_BYTES // 1_000_000
)
TOO_MANY_ROWS = format_lazy(
    gettext_lazy("The file has more than {MAX_ROWS} players; split it."), MAX_ROWS=MAX_ROWS
)
EMPTY_FILE = gettext_lazy(
    "The file is empty: the first row must name the columns (name, email, role)."
)
NO_ROWS = gettext_lazy("The file has a header but no players.")
NO_NAME_COLUMN = gettext_lazy("There is no 'name' column; the first row must name the columns.")
UNKNOWN_COLUMN = gettext_lazy("Unknown column {column!r}; the columns are name, email and role.")
DOUBLE_COLUMN = gettext_lazy("The column {column!r} appears twice.")
BAD_QUOTES = gettext_lazy("The row cannot be read as CSV: {error}.")
EXTRA_CELLS = gettext_lazy("The row has more cells than the header has columns.")
NAME_MISSING = gettext_lazy("The name is empty.")
NAME_TOO_LONG = format_lazy(
    gettext_lazy("The name is longer than {NAME_MAX_LENGTH} characters."),
    NAME_MAX_LENGTH=NAME_MAX_LENGTH,
)
EMAIL_INVALID = gettext_lazy("{value!r} is not an email address.")
ROLE_UNKNOWN = gettext_lazy("{value!r} is not a role; roles: club admin, director, scorer, player.")
DUPLICATE_IN_FILE = gettext_lazy("{value!r} is also on row {row}.")
DUPLICATE_MEMBER = gettext_lazy("{value!r} is already a member of the club ({player}).")


@dataclass(frozen=True)
class RowError:
    """One problem: the spreadsheet row (1 = header, 0 = the file as a whole), the column and
    what is wrong."""

    row: int
    column: str
    message: str


@dataclass(frozen=True)
class ImportRow:
    row: int
    name: str
    email: str
    role: str


class PlayersImportError(Exception):
    """The file was refused; ``errors`` lists every problem, in row order."""

    def __init__(self, errors: list[RowError]) -> None:
        super().__init__(f"{counted(len(errors), 'problem')} in the file")
        self.errors = errors


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _csv_lines(content: bytes) -> list[tuple[int, list[str]]]:
    """The file's non-blank lines with their numbers, or the refusal of a file unread."""
    if len(content) > MAX_BYTES:
        raise PlayersImportError([RowError(0, "", str(TOO_BIG))])
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PlayersImportError([RowError(0, "", str(NOT_UTF8))]) from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        lines = [(reader.line_num, cells) for cells in reader]
    except csv.Error as error:
        raise PlayersImportError(
            [RowError(reader.line_num, "", BAD_QUOTES.format(error=error))]
        ) from None
    lines = [(number, cells) for number, cells in lines if any(c.strip() for c in cells)]
    if not lines:
        raise PlayersImportError([RowError(0, "", str(EMPTY_FILE))])
    return lines


def _header_errors(header_row: int, columns: list[str]) -> list[RowError]:
    errors = [
        RowError(header_row, column, UNKNOWN_COLUMN.format(column=column))
        for column in columns
        if column not in COLUMNS
    ]
    errors += [
        RowError(header_row, column, DOUBLE_COLUMN.format(column=column))
        for column in sorted({c for c in columns if columns.count(c) > 1})
    ]
    if "name" not in columns:
        errors.append(RowError(header_row, "name", str(NO_NAME_COLUMN)))
    return errors


def players_csv_read(content: bytes) -> list[ImportRow]:
    """Read and check the rows of a players file (no database access).

    Raises:
        PlayersImportError: with every problem found.
    """
    lines = _csv_lines(content)
    header_row, header = lines[0]
    columns = [cell.strip().lower() for cell in header]
    errors = _header_errors(header_row, columns)
    if errors:
        raise PlayersImportError(errors)
    if len(lines) == 1:
        raise PlayersImportError([RowError(0, "", str(NO_ROWS))])
    if len(lines) - 1 > MAX_ROWS:
        raise PlayersImportError([RowError(0, "", str(TOO_MANY_ROWS))])

    rows: list[ImportRow] = []
    for number, cells in lines[1:]:
        if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns) :]):
            errors.append(RowError(number, "", str(EXTRA_CELLS)))
            continue
        values = {
            column: (cells[i].strip() if i < len(cells) else "") for i, column in enumerate(columns)
        }
        name, email = " ".join(values["name"].split()), values.get("email", "")
        role_text = values.get("role", "")
        if not name:
            errors.append(RowError(number, "name", str(NAME_MISSING)))
        elif len(name) > NAME_MAX_LENGTH:
            errors.append(RowError(number, "name", str(NAME_TOO_LONG)))
        if email:
            try:
                validate_email(email)
            except ValidationError:
                errors.append(RowError(number, "email", EMAIL_INVALID.format(value=email)))
        role = Membership.Role.PLAYER.value
        if role_text:
            role = ROLE_BY_TEXT.get(_norm(role_text).replace("-", " "), "")
            if not role:
                errors.append(RowError(number, "role", ROLE_UNKNOWN.format(value=role_text)))
        rows.append(ImportRow(number, name, email, role))

    errors += _duplicates_in_file(rows)
    if errors:
        raise PlayersImportError(sorted(errors, key=_error_order))
    return rows


def _error_order(error: RowError) -> tuple[int, int]:
    return error.row, COLUMNS.index(error.column) if error.column in COLUMNS else -1


def _duplicates_in_file(rows: list[ImportRow]) -> list[RowError]:
    errors: list[RowError] = []
    first_row: dict[tuple[str, str], int] = {}
    for row in rows:
        for column, value in (("name", row.name), ("email", row.email)):
            if not value:
                continue
            key = (column, _norm(value))
            if key in first_row:
                errors.append(
                    RowError(
                        row.row, column, DUPLICATE_IN_FILE.format(value=value, row=first_row[key])
                    )
                )
            else:
                first_row[key] = row.row
    return errors


@transaction.atomic
def players_import(*, club: Club, content: bytes) -> list[Membership]:
    """Add every player of the CSV ``content`` to ``club``, or none of them.

    Each row becomes a new player and a membership with the row's role (player when empty).
    A row whose name or email is already a member's is refused, as is one repeating another
    row. The club row is locked for the whole import, so two imports of the same file at once
    cannot both pass the duplicate check.

    Raises:
        PlayersImportError: every problem found; nothing has been saved.
    """
    rows = players_csv_read(content)
    Club.objects.select_for_update().get(pk=club.pk)
    members: dict[str, dict[str, Player]] = {"name": {}, "email": {}}
    for membership in Membership.objects.filter(club=club).select_related("player"):
        player = membership.player
        members["name"][_norm(player.display_name)] = player
        if player.email:
            members["email"][_norm(player.email)] = player
    errors = [
        RowError(row.row, column, DUPLICATE_MEMBER.format(value=value, player=existing))
        for row in rows
        for column, value in (("name", row.name), ("email", row.email))
        if value and (existing := members[column].get(_norm(value))) is not None
    ]
    if errors:
        raise PlayersImportError(errors)
    memberships = []
    for row in rows:
        player = Player(display_name=row.name, email=row.email)
        player.full_clean()
        player.save()
        membership = Membership(club=club, player=player, role=row.role)
        membership.full_clean()
        membership.save()
        memberships.append(membership)
    refresh_member_count_on_commit(club)
    return memberships
