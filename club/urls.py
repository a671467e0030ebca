"""Club pages and the sign-in pages.

Public: the club list and each club's page. Everything under a club's address needs a role
there (see ``club.permissions``).
"""

from __future__ import annotations

from django.urls import path

from club import language
from club.views import (
    accounts,
    clubs,
    invitations,
    members,
    partnerships,
    rule_sets,
    table_settings,
)

urlpatterns = [
    path("language/", language.language_switch, name="set_language"),
    path("sign-in/", clubs.SignInView.as_view(), name="sign_in"),
    path("sign-out/", clubs.SignOutView.as_view(), name="sign_out"),
    path("account/", accounts.profile, name="profile"),
    path("account/password/", accounts.password_change, name="password_change"),
    path("account/api-token/", clubs.api_token, name="api_token"),
    path("password-reset/", accounts.password_reset, name="password_reset"),
    path("password-reset/sent/", accounts.password_reset_sent, name="password_reset_sent"),
    path(
        "password-reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        accounts.password_reset_complete,
        name="password_reset_complete",
    ),
    path("invitations/<str:token>/", invitations.invitation_accept, name="invitation_accept"),
    path("clubs/", clubs.club_index, name="club_list"),
    path("clubs/<slug:slug>/", clubs.club_detail, name="club_detail"),
    # Members and roles
    path("clubs/<slug:slug>/members/", members.member_list, name="member_list"),
    path("clubs/<slug:slug>/members/add/", members.member_add, name="member_add"),
    path("clubs/<slug:slug>/members/import/", members.members_import, name="members_import"),
    path(
        "clubs/<slug:slug>/members/<int:player_id>/edit/",
        members.member_edit,
        name="member_edit",
    ),
    path(
        "clubs/<slug:slug>/members/<int:player_id>/invite/",
        invitations.invitation_new,
        name="invitation_new",
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/withdraw/",
        invitations.invitation_revoke,
        name="invitation_revoke",
    ),
    path("clubs/<slug:slug>/roles/", members.role_list, name="role_list"),
    path(
        "clubs/<slug:slug>/roles/<int:membership_id>/",
        members.role_change,
        name="role_change",
    ),
    path(
        "clubs/<slug:slug>/roles/<int:membership_id>/remove/",
        members.member_remove,
        name="member_remove",
    ),
    # Partnerships
    path(
        "clubs/<slug:slug>/partnerships/",
        partnerships.partnership_list,
        name="partnership_list",
    ),
    path(
        "clubs/<slug:slug>/partnerships/add/",
        partnerships.partnership_add,
        name="partnership_add",
    ),
    path(
        "clubs/<slug:slug>/partnerships/<int:partnership_id>/edit/",
        partnerships.partnership_edit,
        name="partnership_edit",
    ),
    path(
        "clubs/<slug:slug>/partnerships/<int:partnership_id>/delete/",
        partnerships.partnership_delete,
        name="partnership_delete",
    ),
    # Members' own tables
    path(
        "clubs/<slug:slug>/settings/tables/",
        table_settings.club_table_settings,
        name="club_table_settings",
    ),
    # House rules
    path("clubs/<slug:slug>/rules/", rule_sets.rule_set_list, name="rule_set_list"),
    path("clubs/<slug:slug>/rules/add/", rule_sets.rule_set_add, name="rule_set_add"),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/edit/",
        rule_sets.rule_set_edit,
        name="rule_set_edit",
    ),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/default/",
        rule_sets.rule_set_default,
        name="rule_set_default",
    ),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/delete/",
        rule_sets.rule_set_delete,
        name="rule_set_delete",
    ),
]
