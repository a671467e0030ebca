"""Signals other apps listen to, so scoring never imports them.

``sheet_confirmed`` is sent with ``sheet=<Scoresheet>`` once a confirmation is committed (never
for one that rolls back): tournaments connect a receiver that enqueues the event's standings.
"""

from __future__ import annotations

import django.dispatch

sheet_confirmed = django.dispatch.Signal()
