"""Writes of the tournaments app, one module per concept.

- ``events``: seasons and events (create, finish).
- ``entrants``: who plays: arrivals at the door, late arrivals, early leavers, substitutes.
- ``rounds``: pair a round (the adapter to ``tournaments.pairing``), swap seats, publish.
- ``standings``: event and season standings (the adapter to ``tournaments.standings``).
- ``ratings``: club ratings from every confirmed game (``tournaments.ratings``).
- ``jobs``: background work a page can follow, enqueued on commit.

Every service is keyword-only, atomic, validates before it saves, and raises
``tournaments.errors.TournamentError`` for anything the director can fix.
"""
