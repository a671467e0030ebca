"""Signals other apps listen to, so events never import them.

``round_published`` is sent with ``round_id=<int>`` once a round's publication is committed
(never for one that rolls back): ``notices`` connects a receiver that tells each seated player
where they sit.
"""

from __future__ import annotations

import django.dispatch

round_published = django.dispatch.Signal()
