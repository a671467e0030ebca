"""Signals other apps listen to, so online tables never import them.

``table_scheduled`` is sent with ``table_id=<int>`` once a new table with at least one seated
player is committed (never for one that rolls back): ``notices`` connects a receiver that
emails the players when and where they play.

``table_invited`` is sent with ``invitation_id=<int>`` once an invitation to a seat of a
member's table is committed: ``notices`` emails the invitee, by their preferences.
"""

from __future__ import annotations

import django.dispatch

table_scheduled = django.dispatch.Signal()
table_invited = django.dispatch.Signal()
