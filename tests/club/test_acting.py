"""``acting_user``: the signed-in user a service records, or a proper refusal."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from club.acting import acting_user
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_signed_in_user_is_the_acting_user() -> None:
    user = UserFactory.create()
    request = RequestFactory().post("/")
    request.user = user
    assert acting_user(request) is user
    api_request = Request(RequestFactory().post("/"))
    api_request.user = user
    assert acting_user(api_request) is user


def test_an_anonymous_page_request_is_denied() -> None:
    request = RequestFactory().post("/")
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        acting_user(request)


def test_an_anonymous_api_request_is_not_authenticated() -> None:
    request = Request(RequestFactory().post("/"))
    request.user = AnonymousUser()
    with pytest.raises(NotAuthenticated):
        acting_user(request)
