"""Signals other apps listen to, so events never import them.

``round_published`` is sent with ``round_id=<int>`` once a round's publication is committed
(never for one that rolls back): ``notices`` connects a receiver that tells each seated player
where they sit. ``round_going_online`` (below) is sent before that commit. The times of
online matches send ``match_time_changed`` and ``match_time_news`` (below).
"""

from __future__ import annotations

import django.dispatch

round_published = django.dispatch.Signal()

#: Sent with ``round_id=<int>`` inside the publication's transaction when the event plays its
#: rounds online: the online tables' app sets a live table for each match then, and a table it
#: refuses (a ``DomainError``) undoes the publication.
round_going_online = django.dispatch.Signal()

#: Sent with ``match_id=<int>, starts_at=<datetime>`` inside the transaction that changes an
#: online match's time (``tournaments.services.times``): the online tables' app moves the
#: match's live table then, and a table it refuses (a ``DomainError``) undoes the change.
match_time_changed = django.dispatch.Signal()

#: Sent with ``match_id=<int>, what=<str>, time_id=<int>`` once a step of arranging a match's
#: time is committed (``what``: proposed, accepted, declined, withdrawn, set, settled; the
#: ``MatchTime`` it is about): ``notices`` tells the match's players.
match_time_news = django.dispatch.Signal()
