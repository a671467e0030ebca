"""Club pages and the sign-in pages.

Public: the club list and each club's page. Everything under a club's address needs a role
there (see ``club.permissions``).
"""

from __future__ import annotations

from django.urls import path

from club import (
    account_views,
    invitation_views,
    language,
    member_views,
    partnership_views,
    rule_set_views,
    views,
)

urlpatterns = [
    path("language/", language.language_switch, name="set_language"),
    path("sign-in/", views.SignInView.as_view(), name="sign_in"),
    path("sign-out/", views.SignOutView.as_view(), name="sign_out"),
    path("account/", account_views.profile, name="profile"),
    path("account/password/", account_views.password_change, name="password_change"),
    path("account/api-token/", views.api_token, name="api_token"),
    path("password-reset/", account_views.password_reset, name="password_reset"),
    path("password-reset/sent/", account_views.password_reset_sent, name="password_reset_sent"),
    path(
        "password-reset/<uidb64>/<token>/",
        account_views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        account_views.password_reset_complete,
        name="password_reset_complete",
    ),
    path("invitations/<str:token>/", invitation_views.invitation_accept, name="invitation_accept"),
    path("clubs/", views.club_index, name="club_list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    # Members and roles
    path("clubs/<slug:slug>/members/", member_views.member_list, name="member_list"),
    path("clubs/<slug:slug>/members/add/", member_views.member_add, name="member_add"),
    path("clubs/<slug:slug>/members/import/", member_views.members_import, name="members_import"),
    path(
        "clubs/<slug:slug>/members/<int:player_id>/edit/",
        member_views.member_edit,
        name="member_edit",
    ),
    path(
        "clubs/<slug:slug>/members/<int:player_id>/invite/",
        invitation_views.invitation_new,
        name="invitation_new",
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/withdraw/",
        invitation_views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("clubs/<slug:slug>/roles/", member_views.role_list, name="role_list"),
    path(
        "clubs/<slug:slug>/roles/<int:membership_id>/",
        member_views.role_change,
        name="role_change",
    ),
    path(
        "clubs/<slug:slug>/roles/<int:membership_id>/remove/",
        member_views.member_remove,
        name="member_remove",
    ),
    # Partnerships
    path(
        "clubs/<slug:slug>/partnerships/",
        partnership_views.partnership_list,
        name="partnership_list",
    ),
    path(
        "clubs/<slug:slug>/partnerships/add/",
        partnership_views.partnership_add,
        name="partnership_add",
    ),
    path(
        "clubs/<slug:slug>/partnerships/<int:partnership_id>/edit/",
        partnership_views.partnership_edit,
        name="partnership_edit",
    ),
    path(
        "clubs/<slug:slug>/partnerships/<int:partnership_id>/delete/",
        partnership_views.partnership_delete,
        name="partnership_delete",
    ),
    # House rules
    path("clubs/<slug:slug>/rules/", rule_set_views.rule_set_list, name="rule_set_list"),
    path("clubs/<slug:slug>/rules/add/", rule_set_views.rule_set_add, name="rule_set_add"),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/edit/",
        rule_set_views.rule_set_edit,
        name="rule_set_edit",
    ),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/default/",
        rule_set_views.rule_set_default,
        name="rule_set_default",
    ),
    path(
        "clubs/<slug:slug>/rules/<int:rule_set_id>/delete/",
        rule_set_views.rule_set_delete,
        name="rule_set_delete",
    ),
]
