"""The demo club, loaded above every app: the club itself (``club.demo``), then its sheets,
its online match and its league, each from the app that owns them.

Nothing imports this package; it imports every app. That keeps the apps' own layers clean:
``club`` is the base and imports no app above it.
"""
