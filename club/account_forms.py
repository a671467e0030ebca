"""Forms of a person's own account: claiming an invited player with a new account, the profile,
asking for a password reset.

They parse input; the services validate and save. Password rules are Django's validators
(``AUTH_PASSWORD_VALIDATORS``), applied by ``UserCreationForm``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy

from club.language import account_language
from club.models import EMAIL_CHOICES, Player

EMAIL_HELP = gettext_lazy("Where Kitty sends your emails. Only the directors of your clubs see it.")
NAME_HELP = gettext_lazy("How your name appears on sheets and standings in every club you play in.")
LANGUAGE_HELP = gettext_lazy("The language you read Kitty's pages and emails in.")
SCHEDULED_HELP = gettext_lazy("An email when a club seats you at a new online table.")
REMINDER_HELP = gettext_lazy("An email shortly before an online table you sit at opens.")
PAIRINGS_HELP = gettext_lazy("An email when an event's round is published, saying where you sit.")
INVITATION_HELP = gettext_lazy("An email when a member invites you to a seat at their table.")


class InvitationEmailForm(forms.Form):
    email = forms.EmailField(
        label=gettext_lazy("Email address"),
        help_text=gettext_lazy("The invitation link goes to this address; it works once."),
    )


class NewAccountForm(UserCreationForm):
    """A username and a password twice; the account is created with the claim."""


class ProfileForm(forms.ModelForm):
    """What a person changes about themselves: name, email, language and the emails they get."""

    class Meta:
        model = Player
        fields = [
            "display_name",
            "email",
            "language",
            "email_table_scheduled",
            "email_table_reminder",
            "email_pairings",
            "email_table_invitation",
        ]
        help_texts = {
            "display_name": NAME_HELP,
            "email": EMAIL_HELP,
            "language": LANGUAGE_HELP,
            "email_table_scheduled": SCHEDULED_HELP,
            "email_table_reminder": REMINDER_HELP,
            "email_pairings": PAIRINGS_HELP,
            "email_table_invitation": INVITATION_HELP,
        }

    #: The checkboxes of the "emails you get" group, for the template.
    email_choice_fields = EMAIL_CHOICES


class AccountPasswordResetForm(PasswordResetForm):
    """Django's reset form, each email written in the language of the account it goes to:
    the one its player chose on My profile, else the language of the page that asked."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        language = account_language(context["user"]) or translation.get_language()
        with translation.override(language):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name,
            )
