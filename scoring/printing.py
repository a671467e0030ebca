"""The printable blank sheet: the QR code that leads from the paper to its entry page."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, *, scale: int = 3) -> SafeString:
    """``url`` as an inline SVG QR code (drawn on the server, no image file or network).

    Medium error correction survives a coffee ring on the printed sheet.
    """
    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(scale=scale, title="Entry page of this sheet")
    return mark_safe(svg)  # segno writes the SVG markup itself; the URL is escaped inside
