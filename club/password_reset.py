"""Sending a password reset: the link, to each account that has the address asked for.

The sign-in page's form only asks for it (``club.views.accounts``): a worker sends it
(``club.tasks.password_reset_send``), so the request takes as long for an address an account
has as for one nobody has, and its timing does not tell which. Each email is written in the
language of the account it goes to, else in the language of the page that asked.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.utils import translation

from club.account_forms import AccountPasswordResetForm

EMAIL_TEMPLATE = "registration/password_reset_email.txt"
SUBJECT_TEMPLATE = "registration/password_reset_subject.txt"


def password_reset_send(*, email: str, language: str) -> int:
    """Email a reset link to every active account with a usable password and ``email``;
    how many were sent (0 for an address no account has)."""
    form = AccountPasswordResetForm(data={"email": email})
    if not form.is_valid():
        return 0
    site = settings.KITTY_SITE_URL.rstrip("/")
    with translation.override(language):
        # Links point at the site's public address, never at a request's Host.
        form.save(
            domain_override=urlsplit(site).netloc or site,
            email_template_name=EMAIL_TEMPLATE,
            subject_template_name=SUBJECT_TEMPLATE,
            extra_email_context={"site": site},
        )
    return len(list(form.get_users(form.cleaned_data["email"])))
