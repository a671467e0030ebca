"""API URLs of online tables, mounted under /api/ next to the club's."""

from __future__ import annotations

from django.urls import path

from tables.api import (
    TableAbandonApi,
    TableDetailApi,
    TableHandApi,
    TableListApi,
    TableNoShowApi,
    TablePauseApi,
    TableResumeApi,
)
from tables.api_advice import HandReviewApi, HintApi
from tables.api_members import (
    InvitationAcceptApi,
    InvitationDeclineApi,
    InvitationWaitingApi,
    InvitationWithdrawApi,
    SeatTakeApi,
    TableInvitationListApi,
    TableLeaveApi,
    TablePlayAgainApi,
)

TABLES = "clubs/<slug:slug>/tables/"
TABLE = f"{TABLES}<int:table_id>/"
INVITATION = f"{TABLES}invitations/<int:invitation_id>/"

urlpatterns = [
    path(TABLES, TableListApi.as_view(), name="api_table_list"),
    path(f"{TABLES}invitations/", InvitationWaitingApi.as_view(), name="api_invitations_waiting"),
    path(f"{INVITATION}accept/", InvitationAcceptApi.as_view(), name="api_invitation_accept"),
    path(f"{INVITATION}decline/", InvitationDeclineApi.as_view(), name="api_invitation_decline"),
    path(f"{INVITATION}withdraw/", InvitationWithdrawApi.as_view(), name="api_invitation_withdraw"),
    path(TABLE, TableDetailApi.as_view(), name="api_table_detail"),
    path(f"{TABLE}pause/", TablePauseApi.as_view(), name="api_table_pause"),
    path(f"{TABLE}resume/", TableResumeApi.as_view(), name="api_table_resume"),
    path(f"{TABLE}abandon/", TableAbandonApi.as_view(), name="api_table_abandon"),
    path(f"{TABLE}no-show/", TableNoShowApi.as_view(), name="api_table_no_show"),
    path(f"{TABLE}hands/<int:hand_number>/", TableHandApi.as_view(), name="api_table_hand"),
    path(f"{TABLE}hint/", HintApi.as_view(), name="api_table_hint"),
    path(
        f"{TABLE}hands/<int:hand_number>/review/",
        HandReviewApi.as_view(),
        name="api_table_hand_review",
    ),
    path(f"{TABLE}invitations/", TableInvitationListApi.as_view(), name="api_table_invitations"),
    path(f"{TABLE}seats/<int:index>/take/", SeatTakeApi.as_view(), name="api_table_seat_take"),
    path(f"{TABLE}leave/", TableLeaveApi.as_view(), name="api_table_leave"),
    path(f"{TABLE}play-again/", TablePlayAgainApi.as_view(), name="api_table_play_again"),
]
