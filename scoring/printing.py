"""The printable blank sheet: its sides, seats, rules and empty lines, and the QR code that
leads from the paper to its entry page (the table's code when it has one)."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from club.models import Club
from club.rules_forms import options_words
from scoring import lineform
from scoring.models import Scoresheet, TableCode
from scoring.selectors import SheetView, sheet_view
from scoring.tablecodes import tablecode_live
from scoring.views.table_codes import table_url

BLANK_ROWS = 24


def qr_svg(url: str, *, scale: int = 3) -> SafeString:
    """``url`` as an inline SVG QR code (drawn on the server, no image file or network).

    Medium error correction survives a coffee ring on the printed sheet.
    """
    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(scale=scale, title="Entry page of this sheet")
    return mark_safe(svg)  # segno writes the SVG markup itself; the URL is escaped inside


@dataclass(frozen=True)
class BlankPaper:
    """One blank sheet as ``templates/scoring/print.html#paper`` prints it."""

    sheet: Scoresheet
    view: SheetView
    columns: list[lineform.Column]
    entry_url: str
    table_code: TableCode | None
    qr: SafeString
    rules: list[tuple[str, str]]

    @property
    def blank_rows(self) -> range:
        return range(1, BLANK_ROWS + 1)


def blank_paper(
    request: HttpRequest, club: Club, sheet: Scoresheet, *, with_code: bool
) -> BlankPaper:
    """The paper for ``sheet``. ``with_code``: the reader may see table codes (the club's
    scorers and directors), and the paper then leads any phone to the table's own entry (no
    account); otherwise, and without a live code, to the sheet's page in the club."""
    view = sheet_view(sheet=sheet, lines=[])
    live = tablecode_live(sheet=sheet) if with_code else None
    sheet_page = reverse("sheet_entry", args=[club.slug, sheet.pk])
    entry_url = table_url(request, live) if live else request.build_absolute_uri(sheet_page)
    return BlankPaper(
        sheet=sheet,
        view=view,
        columns=lineform.line_columns(view.game, view.side_labels),
        entry_url=entry_url,
        table_code=live,
        qr=qr_svg(entry_url),
        rules=options_words(sheet.game, sheet.rule_set.options) if sheet.rule_set else [],
    )
