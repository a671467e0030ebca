"""Signals other apps listen to, so events never import them.

``round_published`` is sent with ``round_id=<int>`` once a round's publication is committed
(never for one that rolls back): ``notices`` connects a receiver that tells each seated player
where they sit. ``round_going_online`` (below) is sent before that commit.
"""

from __future__ import annotations

import django.dispatch

round_published = django.dispatch.Signal()

#: Sent with ``round_id=<int>`` inside the publication's transaction when the event plays its
#: rounds online: the online tables' app sets a live table for each match then, and a table it
#: refuses (a ``DomainError``) undoes the publication.
round_going_online = django.dispatch.Signal()
