"""Signals other apps listen to, so scoring never imports them.

``sheet_confirmed`` is sent with ``sheet=<Scoresheet>`` once a confirmation is committed (never
for one that rolls back): tournaments connect a receiver that enqueues the event's standings.

``sheet_event_finished`` is sent with ``sheet=<Scoresheet>`` (a sheet of an event's match)
before a table code is issued for it or opens it: a receiver answers ``True`` when the event
the sheet belongs to is finished, and the table's entry stays closed.
"""

from __future__ import annotations

import django.dispatch

sheet_confirmed = django.dispatch.Signal()
sheet_event_finished = django.dispatch.Signal()
