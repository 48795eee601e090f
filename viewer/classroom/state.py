"""The classroom app's state, under typed keys (``web.AppKey``, as aiohttp's examples keep
it): the class, the answers to students' pages, the bounds, the pages connected, the
students' turns on the threads, and the page files served. :func:`.web.build_app` sets
them; the handlers (:mod:`.handlers`), the socket (:mod:`.ws`), the pushes
(:mod:`.pushes`) and the page files (:mod:`.web`) read them from the request's app."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from .guard import Limits, Turns
from .pages import Pages
from .room import Classroom
from .service import Service

__all__ = ["ASSETS", "HTML", "LIMITS", "PAGES", "ROOM", "SERVICE", "TURNS"]

ROOM = web.AppKey("room", Classroom)
SERVICE = web.AppKey("service", Service)
LIMITS = web.AppKey("limits", Limits)
PAGES = web.AppKey("pages", Pages)
TURNS = web.AppKey("turns", Turns)
#: The two pages, by name ("student", "teacher"), as they are sent (:func:`.web.pages`).
HTML = web.AppKey("html", dict[str, bytes])
#: The files the pages load, by the name they are asked for, and their types.
ASSETS = web.AppKey("assets", dict[str, tuple[Path, str]])
