"""The demo club's own part: a realistic Tuesday-night 45s club, its members, partnerships
and house rules, and the two demo accounts (the sheets, tables and league above it are loaded
by ``demo.services``).

Loading is idempotent: everything is looked up by its natural key before it is created, so
loading twice leaves one club, one set of players and the same two accounts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from club import rule_sets, services
from club.models import Club, Membership, Partnership, Player, RuleSet

CLUB_NAME = "Tuesday Night 45s Club"
CLUB_DESCRIPTION = (
    "Auction 45s every Tuesday at 7 in the parish hall, bid whist and pitch on the last Friday "
    "of the month. Everyone welcome; partners found at the door."
)
CLUB_SLUG = "tuesday-night-45s"
DEMO_PASSWORD = "kitty-demo"
#: The member who types in the demo's sheets and directs its events (the account "director").
DIRECTOR = "Maureen Doucette"

Role = Membership.Role

# (display name, role, username of a site account or "")
MEMBERS: list[tuple[str, str, str]] = [
    (DIRECTOR, Role.DIRECTOR, "director"),
    ("Gerald LeBlanc", Role.PLAYER, "player"),
    ("Theresa Gallant", Role.CLUB_ADMIN, ""),
    ("Bernard Arsenault", Role.SCORER, ""),
    ("Patrick O'Neil", Role.PLAYER, ""),
    ("Colleen MacIsaac", Role.PLAYER, ""),
    ("Raymond Cormier", Role.PLAYER, ""),
    ("Donna Richard", Role.PLAYER, ""),
    ("Francis McGrath", Role.PLAYER, ""),
    ("Yvonne Poirier", Role.PLAYER, ""),
    ("Leonard Boudreau", Role.PLAYER, ""),
    ("Anne-Marie Landry", Role.PLAYER, ""),
    ("Walter Chisholm", Role.PLAYER, ""),
    ("Rita Melanson", Role.PLAYER, ""),
    ("Desmond Walsh", Role.PLAYER, ""),
    ("Lorraine Babineau", Role.SCORER, ""),
]

# (name, players); the three-player side plays six-hand 45s.
PARTNERSHIPS: list[tuple[str, list[str]]] = [
    ("Five of Trumps", [DIRECTOR, "Gerald LeBlanc"]),
    ("Jack Be Nimble", ["Patrick O'Neil", "Colleen MacIsaac"]),
    ("The Renegers", ["Raymond Cormier", "Donna Richard"]),
    ("Ace of Hearts", ["Francis McGrath", "Yvonne Poirier"]),
    ("Bid Thirty", ["Leonard Boudreau", "Anne-Marie Landry"]),
    ("Kitchen Table", ["Walter Chisholm", "Rita Melanson", "Desmond Walsh"]),
]


# (name, game, options, club default): the club's house rules.
RULE_SETS: list[tuple[str, str, dict[str, Any], bool]] = [
    ("Tuesday 120s", "auction45", {"target": 125, "renege": "five_jack_ah"}, True),
    ("Six-hand 45s", "auction45", {"players": 6, "six_player_teams": "two_trios"}, False),
    ("Friday whist", "bidwhist", {"no_trump_multiplier": 2, "target": 11}, True),
    ("Pitch to 52", "pitch52", {}, True),
    ("Card pitch", "pitch52", {"point_scheme": "card", "min_bid": 5}, False),
]


@dataclass(frozen=True)
class DemoSignIn:
    username: str
    password: str
    role: str


@dataclass(frozen=True)
class DemoLoaded:
    club: Club
    created: int
    sign_ins: list[DemoSignIn]


@transaction.atomic
def demo_club_load() -> DemoLoaded:
    """Create whatever part of the demo club itself is missing; ``created`` counts the new
    objects."""
    created = 0
    club = Club.objects.filter(slug=CLUB_SLUG).first()
    if club is None:
        club = services.club_create(name=CLUB_NAME, slug=CLUB_SLUG, description=CLUB_DESCRIPTION)
        created += 1

    existing = {m.player.display_name: m.player for m in club.memberships.select_related("player")}
    players: dict[str, Player] = {}
    sign_ins: list[DemoSignIn] = []
    for display_name, role, username in MEMBERS:
        player = existing.get(display_name)
        if player is None:
            player = services.player_create(display_name=display_name)
            services.membership_add(club=club, player=player, role=role)
            created += 2
        if username:
            created += _ensure_account(player, username)
            sign_ins.append(DemoSignIn(username, DEMO_PASSWORD, str(Role(role).label)))
        players[display_name] = player

    for name, names in PARTNERSHIPS:
        if not Partnership.objects.filter(club=club, name=name).exists():
            services.partnership_create(club=club, name=name, players=[players[n] for n in names])
            created += 1

    for name, game, options, is_default in RULE_SETS:
        if not RuleSet.objects.filter(club=club, name=name).exists():
            rule_sets.rule_set_create(
                club=club, name=name, game=game, options=options, is_default=is_default
            )
            created += 1
    return DemoLoaded(club=club, created=created, sign_ins=sign_ins)


def _ensure_account(player: Player, username: str) -> int:
    """Give ``player`` the demo account ``username``; the password is set only on creation."""
    user_model = get_user_model()
    user = user_model.objects.filter(username=username).first()
    created = 0
    if user is None:
        user = user_model.objects.create_user(username=username, password=DEMO_PASSWORD)
        created = 1
    if player.user_id is None and not Player.objects.filter(user=user).exists():
        player.user = user
        player.save(update_fields=["user"])
    return created
