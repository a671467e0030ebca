"""Online table pages: the player's lobby, their games, their own tables, and each club's
tables."""

from __future__ import annotations

from django.urls import path

from tables.views import advice, lobby, members, tables

urlpatterns = [
    path("tables/", tables.lobby, name="table_lobby"),
    path("tables/lobby/lists/", lobby.lobby_lists, name="table_lobby_lists"),
    path("tables/games/", lobby.my_games, name="table_games"),
    path("tables/practice/", members.practice_start, name="table_practice"),
    path(
        "tables/invitations/<int:invitation_id>/accept/",
        members.invitation_accept,
        name="table_invitation_accept",
    ),
    path(
        "tables/invitations/<int:invitation_id>/decline/",
        members.invitation_decline,
        name="table_invitation_decline",
    ),
    path(
        "tables/invitations/<int:invitation_id>/withdraw/",
        members.invitation_withdraw,
        name="table_invitation_withdraw",
    ),
    path("tables/<int:table_id>/take/", members.open_seat_take, name="table_seat_take"),
    path("tables/<int:table_id>/again/", members.play_again, name="table_play_again"),
    path("tables/<int:table_id>/leave/", members.table_leave, name="table_leave"),
    path("tables/<int:table_id>/hint/", advice.table_hint, name="table_hint"),
    path("tables/<int:table_id>/review/", advice.last_review, name="table_review_last"),
    path(
        "tables/<int:table_id>/hands/<int:number>/review/",
        advice.hand_review,
        name="table_review",
    ),
    path("tables/<int:table_id>/abandon/", members.table_abandon, name="table_member_abandon"),
    path("clubs/<slug:slug>/tables/", tables.club_tables, name="club_tables"),
    path("clubs/<slug:slug>/tables/new/", tables.table_new, name="table_new"),
    path("clubs/<slug:slug>/tables/friendly/", members.friendly_new, name="table_friendly"),
    path("clubs/<slug:slug>/tables/<int:table_id>/", tables.table_detail, name="table_detail"),
    path(
        "clubs/<slug:slug>/tables/<int:table_id>/no-show/",
        tables.table_no_show,
        name="table_no_show",
    ),
    path(
        "clubs/<slug:slug>/tables/<int:table_id>/hands/<int:number>/",
        tables.table_hand,
        name="table_hand",
    ),
]
