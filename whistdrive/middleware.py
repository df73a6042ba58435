"""The site's own middleware.

A Content-Security-Policy on every response: scripts only from our own files, no inline script,
no plugins, no framing, forms posting only to us. The pages need nothing more (a browser test
visits each kind and finds no violation). A page a club may show inside its own site (marked
with Django's ``xframe_options_exempt``) may be framed by the addresses of the setting
``FRAME_ANCESTORS`` (``'self'`` by default) and by no other.

A plain answer when the database is gone for a moment, instead of a bare server error.

Names whole unless a view says the reader is the public (``tournaments.models.names_for_public``),
and whole again after each request, whichever thread serves the next.
"""

import logging

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

logger = logging.getLogger(__name__)

SOURCES = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
]
POLICY = "; ".join([*SOURCES, "frame-ancestors 'none'"])


def embeddable_policy() -> str:
    return "; ".join([*SOURCES, "frame-ancestors " + " ".join(settings.FRAME_ANCESTORS)])


def content_security_policy(get_response):
    def middleware(request):
        response = get_response(request)
        embeddable = getattr(response, "xframe_options_exempt", False)
        response.headers.setdefault("Content-Security-Policy", embeddable_policy() if embeddable else POLICY)
        return response

    return middleware


def names_per_request(get_response):
    from tournaments.models import names_in_full

    def middleware(request):
        names_in_full()
        try:
            return get_response(request)
        finally:
            names_in_full()

    return middleware


class DatabaseOutageMiddleware:
    """The database gone for a moment (a PostgreSQL restart, a lost connection) answers 503 in
    words, never a bare server error. A page that was only read refreshes itself until the
    database is back, so a room display or a live grid left on a screen keeps going. A form that
    was sent saved nothing (every write is one transaction): the answer says so and leads back to
    the page it came from. (A tablet's score is answered by its own view, which sends it again.)
    Django drops the broken connection when the request ends: the next request connects afresh."""

    REFRESH_SECONDS = 5

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("%s %s: the database did not answer (%s)", request.method, request.path, exception)
        reading = request.method in ("GET", "HEAD")
        context = {"reading": reading, "refresh": self.REFRESH_SECONDS, "back": _came_from(request)}
        # The page reads nothing from the database (no user, no messages): it is not answering.
        response = render(request, "outage.html", context, status=503)
        response["Retry-After"] = str(self.REFRESH_SECONDS)
        return response


def _came_from(request) -> str:
    """The page of this site the request came from, or the home page."""
    referer = request.headers.get("Referer", "")
    if referer and url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure()):
        return referer
    return "/"
