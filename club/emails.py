"""What every email Kitty sends needs: absolute links to the site, subjects on one line, and
how a task sending it retries.

The club app's own emails (invitations) and the notices app's all build their links and
subjects here.
"""

from __future__ import annotations

from django.conf import settings

# A task that sends email retries a mail server that fails, with backoff: smtplib's errors are
# OSErrors, as are refused and dropped connections. ``@shared_task(**SEND_RETRY)``.
SEND_RETRY = {
    "autoretry_for": (OSError,),
    "retry_backoff": 30,
    "retry_backoff_max": 600,
    "retry_jitter": True,
    "max_retries": 6,
}


def site_url(path: str) -> str:
    """``path`` (from ``reverse``) as an absolute address on the site (``KITTY_SITE_URL``)."""
    return settings.KITTY_SITE_URL.rstrip("/") + path


def header_text(text: str) -> str:
    """``text`` on one line, for an email header.

    Names typed by members (a table's title, an event's name) end up in subjects, and Django
    refuses to send a header with a line break in it (``BadHeaderError``, against header
    injection). Every line break (``\\n``, ``\\r``, ``\\u2028``... all whitespace to Python) and
    the run of blanks around it become one space, so the email still goes out.
    """
    return " ".join(text.split())
