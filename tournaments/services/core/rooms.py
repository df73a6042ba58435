"""The room display on the hall's screen, for every kind of evening that has one (an event, a drive
of any kind, a two-player night).

Until its results are published the room display is the organiser's, behind the login. To show it
on a screen nobody logs in on, the organiser puts it up: the evening gets a secret key, and the
room display's address with that key (``/events/7/room/?key=…``, the run page shows it) opens it
without a login, as a table's secret link opens a tablet (``codes.py``). Taking it down forgets the
key, and the link opens nothing more. Either is one line in the evening's trail.

The key opens the room display and nothing else, even for a club that keeps its pages to logged-in
users: it is the organiser who put it up. Whoever opens it, the room display names people as the
public pages do.

>>> room_display_opens(Event(room_key=""), "")
False
>>> room_display_opens(Event(room_key="s3cret"), "s3cret")
True
"""

import secrets

from django.db import transaction

from ...models import AuditLine, Drive, DuelNight, Event
from .audit import evening_log

ROOM = AuditLine.Action.ROOM

ROOM_KEY = "key"  # the query parameter of the room display's link that carries the key


def room_display_opens(evening: Event | Drive | DuelNight, key: str) -> bool:
    """Whether ``key`` (from the link) is the evening's room key, the display being put up."""
    return bool(evening.room_key) and secrets.compare_digest(evening.room_key, key)


@transaction.atomic(durable=True)
def room_display_put_up(*, evening: Event | Drive | DuelNight, user=None) -> str:
    """Put the evening's room display up on the hall's screen: give it a key (a new one, so a link
    given out before opens nothing) and return it."""
    evening = _locked(evening)
    evening.room_key = secrets.token_urlsafe(24)
    evening.save(update_fields=["room_key"])
    evening_log(evening=evening, action=ROOM, detail="put up for the hall's screen", user=user)
    return evening.room_key


@transaction.atomic(durable=True)
def room_display_take_down(*, evening: Event | Drive | DuelNight, user=None) -> None:
    """Take the room display down: its link opens nothing more (the organiser still opens it)."""
    evening = _locked(evening)
    if not evening.room_key:
        return
    evening.room_key = ""
    evening.save(update_fields=["room_key"])
    evening_log(evening=evening, action=ROOM, detail="taken down", user=user)


def _locked(evening):
    return type(evening).objects.select_for_update(of=("self",)).get(pk=evening.pk)
