"""Clubs and the people in them.

Vocabulary:
- *club*: a group that runs league nights and tournaments together.
- *player*: a person who plays; may exist without a site account (the director types them in).
- *membership*: a player's place in one club, with one role there. A player may belong to
  several clubs, with a different role in each.
- *partnership*: two or three players of one club who play as one side (three in six-hand 45s).
- *invitation*: a club's emailed offer to a person to claim one of its players with their own
  site account (``club.invitations``); the way a person joins a second club.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from engine.rules import GAME_NAMES, Game, RulesError, get_game

LANGUAGES = [("en", "English"), ("fr", "French")]
#: The player's fields saying which emails they get, one per kind of email.
EMAIL_CHOICES = (
    "email_table_scheduled",
    "email_table_reminder",
    "email_pairings",
    "email_table_invitation",
)
#: Where an invitation stands: its link works only while it is waiting.
INVITATION_STATUSES = ("waiting", "accepted", "withdrawn", "expired")
PARTNERSHIP_MIN_PLAYERS = 2
PARTNERSHIP_MAX_PLAYERS = 3


class Audited(models.Model):
    """A record of something a person did: who (``by``, kept empty once their account is
    gone) and when (``at``). The records of changes (line revisions, unlocks, resolutions,
    seating changes, substitutions) derive from it, so they say it the same way."""

    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="by",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField("when", auto_now_add=True)

    class Meta:
        abstract = True


class Club(models.Model):
    name = models.CharField(
        "name", max_length=120, help_text=gettext_lazy("The club's name as its members know it.")
    )
    slug = models.SlugField(
        gettext_lazy("short name"),
        max_length=60,
        unique=True,
        help_text=gettext_lazy("Used in the club's web addresses."),
    )
    description = models.TextField(
        "description",
        max_length=500,
        blank=True,
        help_text=gettext_lazy(
            "A few words about the club for its public page: where and when it plays."
        ),
    )
    member_count = models.PositiveIntegerField(
        "members",
        default=0,
        editable=False,
        help_text=gettext_lazy("Number of memberships, refreshed in the background after changes."),
    )
    members_start_tables = models.BooleanField(
        gettext_lazy("members may start tables"),
        default=True,
        help_text=gettext_lazy(
            "Members may sit down to practise with computers, invite friends and open seats."
        ),
    )
    member_table_limit = models.PositiveSmallIntegerField(
        gettext_lazy("tables per member"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=gettext_lazy("How many tables a member may have open at once."),
    )
    friendly_tables_listed = models.BooleanField(
        gettext_lazy("members' games listed for the club"),
        default=True,
        help_text=gettext_lazy(
            "Every member sees members' practice and friendly games to watch and their "
            "results; otherwise only their players and the directors do."
        ),
    )
    created = models.DateTimeField("created", auto_now_add=True)

    class Meta:
        verbose_name = "club"
        verbose_name_plural = "clubs"
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="club_name_not_blank"),
            models.CheckConstraint(condition=~Q(slug=""), name="club_slug_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    display_name = models.CharField(
        gettext_lazy("display name"),
        max_length=80,
        help_text=gettext_lazy("How the player's name appears on sheets."),
    )
    email = models.EmailField(
        "email",
        blank=True,
        help_text=gettext_lazy(
            "Optional: how the club reaches the player. Not shown to other members."
        ),
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("site account"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        help_text=gettext_lazy(
            "The account this player signs in with; empty for players without one."
        ),
    )
    language = models.CharField(
        "language",
        max_length=8,
        choices=LANGUAGES,
        default="en",
        help_text=gettext_lazy("The language the person reads Kitty's pages and emails in."),
    )
    # Which emails the person gets; notices reads them (notices.preferences) and the emails'
    # one-click unsubscribe links turn them off.
    email_table_scheduled = models.BooleanField(
        gettext_lazy("online table set up"),
        default=True,
        help_text=gettext_lazy("An email when a club seats the player at a new online table."),
    )
    email_table_reminder = models.BooleanField(
        gettext_lazy("table reminders"),
        default=True,
        help_text=gettext_lazy("An email shortly before an online table the player sits at opens."),
    )
    email_table_invitation = models.BooleanField(
        gettext_lazy("invitations to a game"),
        default=True,
        help_text=gettext_lazy(
            "An email when a member invites the player to a seat at their table."
        ),
    )
    email_pairings = models.BooleanField(
        gettext_lazy("pairings are up"),
        default=True,
        help_text=gettext_lazy(
            "An email when an event's round is published, saying where the player sits."
        ),
    )
    created = models.DateTimeField("created", auto_now_add=True)

    class Meta:
        verbose_name = "player"
        verbose_name_plural = "players"
        ordering = ["display_name"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(display_name=""), name="player_display_name_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name


class MembershipRole(models.TextChoices):
    """What a member may do in the club; also reachable as ``Membership.Role``."""

    CLUB_ADMIN = "club_admin", gettext_lazy("club admin")
    DIRECTOR = "director", gettext_lazy("director")
    SCORER = "scorer", gettext_lazy("scorer")
    PLAYER = "player", gettext_lazy("player")


class Membership(models.Model):
    # Module-level so Meta.constraints below can name the values too.
    Role = MembershipRole

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="memberships"
    )
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(
        "role",
        max_length=20,
        choices=Role.choices,
        default=Role.PLAYER,
        help_text=gettext_lazy(
            "Club admins manage the club; directors run events; scorers enter scores."
        ),
    )
    created = models.DateTimeField("joined", auto_now_add=True)

    class Meta:
        verbose_name = "membership"
        verbose_name_plural = "memberships"
        ordering = ["club", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_once_per_club"),
            models.CheckConstraint(
                condition=Q(role__in=MembershipRole.values),
                name="membership_role_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_role_display()}) in {self.club}"


class Partnership(models.Model):
    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="partnerships"
    )
    name = models.CharField(
        "name",
        max_length=120,
        help_text=gettext_lazy("How the side is called on standings, e.g. 'Ace High'."),
    )
    players = models.ManyToManyField(
        Player,
        verbose_name="players",
        related_name="partnerships",
        help_text=gettext_lazy(
            "Two players, or three for six-hand games; all members of the club."
        ),
    )
    created = models.DateTimeField("created", auto_now_add=True)

    class Meta:
        verbose_name = "partnership"
        verbose_name_plural = "partnerships"
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="partnership_name_once_per_club"),
            models.CheckConstraint(condition=~Q(name=""), name="partnership_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name


class RuleSet(models.Model):
    """A club's named house rules for one game: the engine's game id and option values.

    The options are checked by the engine whenever a rule set is saved through the services,
    so a sheet or table started from it can always build its game.
    """

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="rule_sets"
    )
    name = models.CharField(
        "name",
        max_length=80,
        help_text=gettext_lazy("What the club calls these rules, e.g. 'Tuesday 120s'."),
    )
    game = models.CharField(
        "game",
        max_length=20,
        choices=[(game_id, name) for game_id, name in GAME_NAMES.items()],
        help_text=gettext_lazy("The game these rules are for."),
    )
    options = models.JSONField(
        "options",
        default=dict,
        blank=True,
        help_text=gettext_lazy(
            "Variant options that differ from the standard rules (see the rules page)."
        ),
    )
    is_default = models.BooleanField(
        gettext_lazy("club default"),
        default=False,
        help_text=gettext_lazy(
            "Used for new sheets and tables of this game unless another is chosen."
        ),
    )
    created = models.DateTimeField("created", auto_now_add=True)

    class Meta:
        verbose_name = "rule set"
        verbose_name_plural = "rule sets"
        ordering = ["club", "game", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="ruleset_name_once_per_club"),
            models.UniqueConstraint(
                fields=["club", "game"],
                condition=Q(is_default=True),
                name="ruleset_one_default_per_game",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="ruleset_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """Refuse options the engine does not accept, naming the option at fault."""
        try:
            get_game(self.game, self.options or {})
        except RulesError as error:
            raise ValidationError({"options": error.message}) from error

    def build_game(self) -> Game:
        """The engine game these rules describe."""
        return get_game(self.game, self.options or {})


class Invitation(models.Model):
    """A club's offer, sent by email, to claim one of its players with a site account.

    Only a hash of the link's secret is stored: the database alone does not give the links
    away. The link works once (``accepted_at``), until ``expires_at``, and not after
    ``revoked_at`` (a director took it back, or sent a newer one for the same player).
    """

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="invitations"
    )
    player = models.ForeignKey(
        Player,
        verbose_name="player",
        on_delete=models.CASCADE,
        related_name="invitations",
        help_text=gettext_lazy(
            "The club's player to be claimed; once accepted, the player who joined."
        ),
    )
    email = models.EmailField(
        gettext_lazy("sent to"), help_text=gettext_lazy("The address the invitation went to.")
    )
    token_hash = models.CharField(
        gettext_lazy("link hash"), max_length=64, unique=True, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("sent by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("sent", auto_now_add=True)
    expires_at = models.DateTimeField("expires")
    accepted_at = models.DateTimeField("accepted", null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("accepted by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    revoked_at = models.DateTimeField("revoked", null=True, blank=True)

    class Meta:
        verbose_name = "invitation"
        verbose_name_plural = "invitations"
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.player} invited to {self.club}"

    @property
    def status(self) -> str:
        """Where the invitation stands now: one of ``INVITATION_STATUSES``."""
        if self.accepted_at is not None:
            return "accepted"
        if self.revoked_at is not None:
            return "withdrawn"
        return "expired" if self.expires_at <= timezone.now() else "waiting"
