"""Online tables: models, services, sockets and pages of games played on the site.

The pure parts beside it, ``engine.rules`` (the games) and ``engine.bots`` (computer players),
know nothing of this package; it plays their hands under a row lock and writes each finished
hand to a scoresheet (``scoring``).
"""
