"""Websocket URLs, the Channels counterpart of ``config/urls.py``."""

from __future__ import annotations

from django.urls import path

from config.consumers import PingConsumer
from tables.consumers import TableConsumer
from tables.lobby_consumer import LobbyConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
