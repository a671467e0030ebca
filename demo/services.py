"""Loading the demo club: every app's part of it, in one transaction.

Loading is idempotent: each part looks its objects up by their natural key before it creates
them, so loading twice adds nothing.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction

from club.demo import DIRECTOR, DemoLoaded, demo_club_load
from club.models import Player
from scoring.demo import demo_sheets_load
from tables.demo import demo_tables_load
from tournaments.demo import demo_league_load, demo_online_league_load


@transaction.atomic
def demo_load() -> DemoLoaded:
    """Create whatever part of the demo club is missing; ``created`` counts the new objects."""
    loaded = demo_club_load()
    club = loaded.club
    director = Player.objects.get(memberships__club=club, display_name=DIRECTOR).user
    created = loaded.created
    # Entered scoresheets, typed in by the demo director.
    created += demo_sheets_load(club=club, by=director)
    # An online match still to come, for the demo accounts to sit down at.
    created += demo_tables_load(club=club, by=director)
    # A league season: two nights played, the third in progress.
    created += demo_league_load(club=club, by=director)
    # A league played online: round 1's times to agree within its window.
    created += demo_online_league_load(club=club, by=director)
    return replace(loaded, created=created)
