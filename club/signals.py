"""What the club tells the apps above it, which it may not import (they listen).

``table_settings_changed(club_id)`` is sent when a club's rules for its members' tables change
(``club.table_settings``), within the change's transaction: a receiver acts once it commits
(open lobby pages then list what the new rules let each member see).
"""

from __future__ import annotations

import django.dispatch

table_settings_changed = django.dispatch.Signal()
