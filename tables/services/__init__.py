"""Writes of online tables, by concern: every one keyword-only, atomic and locked.

- ``play``: an action, the computer's moves, the turn clock and its sweep; the row helpers
  the others share.
- ``seating``: create a table, open it, take and leave seats, hand them all to the
  computer, start the game.
- ``presence``: pages opened and closed, the computer for a player away.
- ``directing``: the watchdog, and a director's pause, resume and abandon.
- ``invitations``: invitations to members' tables (answers, withdrawal, lapse) and open
  seats taken from the lobby.
- ``members``: members' own tables: practice, friendly games, "Play again", leaving.
- ``noshow``: an event's match table whose players have not all come, by the event's rule.
- ``advice``: a hint at a practice table, a review of a finished hand.

Everything outside this package (the pages, the API, the sockets, the tasks, the demo, tests
and benchmarks) calls them by the names below, from ``tables.services``, and never imports
the modules: each write has one name, the one its callers import and a test replaces
(tests/tables/test_services_door.py). Each module imports only modules listed before it, and
none imports ``tables.tasks``: the tasks call these, and these send tasks by name
(``tables.enqueue``).
"""

from __future__ import annotations

from tables.services.advice import (
    Choice,
    Hint,
    decision_row,
    hint_for,
    hints_offered,
    review_of,
    review_request,
    review_seat,
    review_work,
    reviews_offered,
)
from tables.services.directing import (
    table_abandon,
    table_pause,
    table_restart,
    table_resume,
    tables_watchdog,
)
from tables.services.invitations import (
    invitation_accept,
    invitation_decline,
    invitation_withdraw,
    invitations_expire_sweep,
    open_seat_take,
)
from tables.services.members import (
    friendly_create,
    member_table_abandon,
    practice_start,
    table_leave,
    table_play_again,
)
from tables.services.noshow import (
    match_no_show_check,
    match_no_show_decide,
    match_no_shows_sweep,
)
from tables.services.play import (
    Acted,
    bot_rng,
    bots_play,
    clocks_due_sweep,
    hand_seed,
    table_act,
    turn_clock_expired,
)
from tables.services.presence import (
    seat_away_check,
    seat_connected,
    seat_disconnected,
    seat_here,
    seat_take_back,
    seats_gone_sweep,
)
from tables.services.rounds import round_tables_set
from tables.services.seating import (
    TOO_MANY_SEATS,
    SeatSpec,
    seat_leave,
    seat_take,
    seats_fill_with_bots,
    table_create,
    table_open,
    table_reschedule,
    table_to_computer,
    tables_open_due,
)

__all__ = [
    "Choice",
    "Hint",
    "decision_row",
    "hint_for",
    "hints_offered",
    "review_of",
    "review_request",
    "review_seat",
    "review_work",
    "reviews_offered",
    "friendly_create",
    "invitation_accept",
    "invitation_decline",
    "invitation_withdraw",
    "invitations_expire_sweep",
    "member_table_abandon",
    "open_seat_take",
    "practice_start",
    "table_leave",
    "table_play_again",
    "TOO_MANY_SEATS",
    "Acted",
    "SeatSpec",
    "bot_rng",
    "bots_play",
    "clocks_due_sweep",
    "hand_seed",
    "match_no_show_check",
    "match_no_show_decide",
    "match_no_shows_sweep",
    "round_tables_set",
    "seat_away_check",
    "seat_connected",
    "seat_disconnected",
    "seat_here",
    "seat_leave",
    "seat_take_back",
    "seat_take",
    "seats_fill_with_bots",
    "seats_gone_sweep",
    "table_abandon",
    "table_act",
    "table_create",
    "table_open",
    "table_pause",
    "table_reschedule",
    "table_restart",
    "table_resume",
    "table_to_computer",
    "tables_open_due",
    "tables_watchdog",
    "turn_clock_expired",
]
