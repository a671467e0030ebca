"""Pure pairing algorithms: plain data in, tables and the reasons for them out.

No Django here; ``tournaments.services`` reads the database, calls these, and writes rows.
"""

from __future__ import annotations

from tournaments.pairing.cutthroat import cutthroat_round, plan_tables
from tournaments.pairing.knockout import Bracket, bracket_order, knockout_bracket, knockout_round
from tournaments.pairing.progressive import progressive_round
from tournaments.pairing.round_robin import (
    round_robin_round,
    round_robin_schedule,
    rounds_per_cycle,
)
from tournaments.pairing.swiss import swiss_round
from tournaments.pairing.types import (
    Bye,
    Entrant,
    History,
    PairingError,
    PastBye,
    PastTable,
    Reason,
    RoundPairing,
    Table,
    ranked,
)

__all__ = [
    "Bracket",
    "Bye",
    "Entrant",
    "History",
    "PairingError",
    "PastBye",
    "PastTable",
    "Reason",
    "RoundPairing",
    "Table",
    "bracket_order",
    "cutthroat_round",
    "knockout_bracket",
    "knockout_round",
    "plan_tables",
    "progressive_round",
    "ranked",
    "round_robin_round",
    "round_robin_schedule",
    "rounds_per_cycle",
    "swiss_round",
]
