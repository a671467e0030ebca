"""Who paired a round, as its page says: a director by name, or the event itself (a round
its pairing job started with no one behind it, ``tournaments.services.autopair``)."""

from __future__ import annotations

from tournaments.models import Job, JobKind, Round


def round_pairer(*, round_: Round) -> dict[str, object]:
    """The round page's ``pairer``: ``by`` (the user, or ``None``) and ``by_itself``."""
    by_itself = (
        round_.paired_by_id is None
        and Job.objects.filter(
            event_id=round_.event_id,
            kind=JobKind.PAIR,
            round_number=round_.number,
            created_by__isnull=True,
        ).exists()
    )
    return {"pairer": {"by": round_.paired_by, "by_itself": by_itself}}
