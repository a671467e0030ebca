"""Small pieces the event pages share: the confirmation page and job messages."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from club.models import Club
from tournaments.models import Job, JobState


def confirm_page(
    request: HttpRequest,
    *,
    club: Club,
    title: str,
    text: str,
    button: str,
    back: str,
    refused: str = "",
    danger: bool = False,
    action: str = "",
    hidden: Mapping[str, str] | None = None,
) -> HttpResponse:
    """A page asking to confirm one action (GET of an action's address). ``refused`` says why
    the action cannot be done now; the button is then left out. ``danger``: the action throws
    something away, and its button is red. ``action`` and ``hidden``: where the form posts and
    what it sends, for an action another page's address carries out (else this address)."""
    context = {
        "club": club,
        "title": title,
        "text": text,
        "button": button,
        "back": back,
        "refused": refused,
        "danger": danger,
        "action": action,
        "hidden": dict(hidden or {}),
    }
    return render(request, "tournaments/confirm.html", context)


def job_message(request: HttpRequest, job: Job) -> None:
    """Tell the director how a job they started went when it is already over (eager tasks);
    a job still running shows on the page instead, with its progress."""
    job.refresh_from_db()
    if job.state == JobState.DONE:
        messages.success(request, job.message)
    elif job.state == JobState.FAILED:
        messages.error(request, job.message)
