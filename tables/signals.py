"""Signals other apps listen to, so online tables never import them.

``table_scheduled`` is sent with ``table_id=<int>`` once a new table with at least one seated
player is committed (never for one that rolls back): ``notices`` connects a receiver that
emails the players when and where they play.
"""

from __future__ import annotations

import django.dispatch

table_scheduled = django.dispatch.Signal()
