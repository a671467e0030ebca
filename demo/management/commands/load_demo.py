"""``manage.py load_demo``: load the demo club and print how to sign in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from demo.services import demo_load

REFUSED_IN_PRODUCTION = (
    "load_demo refuses to run with KITTY_PRODUCTION=1: the demo club's accounts have "
    "published passwords (director / kitty-demo). Load it on a development copy instead."
)


class Command(BaseCommand):
    help = "Load the demo club (safe to run again: nothing is duplicated). Not in production."

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.PRODUCTION:
            raise CommandError(REFUSED_IN_PRODUCTION)
        loaded = demo_load()
        what = f"{loaded.created} new objects" if loaded.created else "already loaded"
        self.stdout.write(f"Demo club: {loaded.club.name} ({what})")
        for sign_in in loaded.sign_ins:
            self.stdout.write(
                f"  sign in as {sign_in.username} / {sign_in.password}  ({sign_in.role})"
            )
