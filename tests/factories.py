"""Factories for test data: each builds one valid object, with related objects as needed.

Call ``XFactory.create(...)`` (or ``.build()``) rather than ``XFactory(...)``: the class methods
are typed to return the model, so mypy checks the tests that use them.
"""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from club.models import Club, Membership, Partnership, Player, RuleSet

TEST_PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(TEST_PASSWORD)


class ClubFactory(factory.django.DjangoModelFactory[Club]):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    display_name = factory.Faker("name")

    class Params:
        with_account = factory.Trait(user=factory.SubFactory(UserFactory))


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    """A member; ``with_account=True`` gives the player a site account to sign in with."""

    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.PLAYER

    class Params:
        with_account = factory.Trait(player=factory.SubFactory(PlayerFactory, with_account=True))


class PartnershipFactory(factory.django.DjangoModelFactory[Partnership]):
    """A partnership of two members of its club (pass ``players=[...]`` to choose them)."""

    class Meta:
        model = Partnership
        skip_postgeneration_save = True

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Side {n}")

    @factory.post_generation
    def players(obj: Partnership, create: bool, extracted: Any, **kwargs: Any) -> None:
        if not create:
            return
        players = extracted or [
            MembershipFactory.create(club=obj.club).player,
            MembershipFactory.create(club=obj.club).player,
        ]
        obj.players.set(players)


class RuleSetFactory(factory.django.DjangoModelFactory[RuleSet]):
    """A rule set of its club (not the default unless asked); options as the engine takes them."""

    class Meta:
        model = RuleSet

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"House rules {n}")
    game = "auction45"
    options = factory.LazyFunction(lambda: {"target": 125})
    is_default = False
