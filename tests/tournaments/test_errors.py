"""The errors of events: one refusal for the pure algorithms, one domain error for the rest."""

from __future__ import annotations

import subprocess
import sys

import pytest

from club.errors import DomainError
from tournaments.algorithm_errors import AlgorithmError
from tournaments.errors import TournamentError
from tournaments.pairing import PairingError
from tournaments.standings.types import StandingsError


@pytest.mark.parametrize("kind", [PairingError, StandingsError])
def test_pairing_and_standings_refuse_the_same_way(kind: type[AlgorithmError]) -> None:
    error = kind("too_few", "Two entrants at least.")
    assert isinstance(error, AlgorithmError) and isinstance(error, ValueError)
    assert (error.code, error.message) == ("too_few", "Two entrants at least.")
    assert str(error) == "too_few: Two entrants at least."
    assert repr(error) == f"{kind.__name__}('too_few', 'Two entrants at least.')"


def test_the_pure_packages_still_load_without_django() -> None:
    code = (
        "import sys, tournaments.pairing, tournaments.standings; "
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(("code", "status"), [("too_few_players", 400), ("draft_pending", 409)])
def test_a_tournament_error_is_a_domain_error_with_its_status(code: str, status: int) -> None:
    error = TournamentError(code, "Refused.", None)
    assert isinstance(error, DomainError)
    assert error.status == status
    assert error.as_dict() == {"code": code, "message": "Refused.", "field": None}
