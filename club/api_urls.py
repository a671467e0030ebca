"""API URLs of the club app, mounted under /api/."""

from __future__ import annotations

from django.urls import path

from club.api import (
    ClubDetailApi,
    ClubListApi,
    MembershipDetailApi,
    MembershipListApi,
    PlayerDetailApi,
    PlayerListApi,
    PlayersImportApi,
)
from club.api_invitations import InvitationDetailApi, InvitationListApi
from club.api_partnerships import PartnershipDetailApi, PartnershipListApi
from club.api_rule_sets import RuleSetDefaultApi, RuleSetDetailApi, RuleSetListApi
from club.api_table_settings import TableSettingsApi

CLUB = "clubs/<slug:slug>/"

urlpatterns = [
    path("clubs/", ClubListApi.as_view(), name="api_club_list"),
    path(CLUB, ClubDetailApi.as_view(), name="api_club_detail"),
    path(f"{CLUB}players/", PlayerListApi.as_view(), name="api_player_list"),
    path(f"{CLUB}players/import/", PlayersImportApi.as_view(), name="api_players_import"),
    path(f"{CLUB}players/<int:player_id>/", PlayerDetailApi.as_view(), name="api_player_detail"),
    path(f"{CLUB}memberships/", MembershipListApi.as_view(), name="api_membership_list"),
    path(
        f"{CLUB}memberships/<int:membership_id>/",
        MembershipDetailApi.as_view(),
        name="api_membership_detail",
    ),
    path(f"{CLUB}invitations/", InvitationListApi.as_view(), name="api_invitation_list"),
    path(
        f"{CLUB}invitations/<int:invitation_id>/",
        InvitationDetailApi.as_view(),
        name="api_invitation_detail",
    ),
    path(f"{CLUB}partnerships/", PartnershipListApi.as_view(), name="api_partnership_list"),
    path(
        f"{CLUB}partnerships/<int:partnership_id>/",
        PartnershipDetailApi.as_view(),
        name="api_partnership_detail",
    ),
    path(f"{CLUB}rule-sets/", RuleSetListApi.as_view(), name="api_rule_set_list"),
    path(
        f"{CLUB}rule-sets/<int:rule_set_id>/",
        RuleSetDetailApi.as_view(),
        name="api_rule_set_detail",
    ),
    path(
        f"{CLUB}rule-sets/<int:rule_set_id>/default/",
        RuleSetDefaultApi.as_view(),
        name="api_rule_set_default",
    ),
    path(f"{CLUB}table-settings/", TableSettingsApi.as_view(), name="api_table_settings"),
]
