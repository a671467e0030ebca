"""``manage.py load_demo``: load the demo club and print how to sign in."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from club.demo import demo_load


class Command(BaseCommand):
    help = "Load the demo club (safe to run again: nothing is duplicated)."

    def handle(self, *args: Any, **options: Any) -> None:
        loaded = demo_load()
        what = f"{loaded.created} new objects" if loaded.created else "already loaded"
        self.stdout.write(f"Demo club: {loaded.club.name} ({what})")
        for sign_in in loaded.sign_ins:
            self.stdout.write(
                f"  sign in as {sign_in.username} / {sign_in.password}  ({sign_in.role})"
            )
