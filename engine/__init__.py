"""The pure engine: the games' rules (``engine.rules``) and the computer players (``engine.bots``).

Plain Python, no Django and no app: the online tables (``tables``) play these hands with people
and bots, the scoresheets check paper hands with them, and ``bench/`` times them on their own.
"""
