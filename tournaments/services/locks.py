"""Row locks taken in one order everywhere: the event, then a seating, then a result.

A close locks the event row FOR UPDATE. A write at a table first holds the event row with the
weakest lock that still keeps a close out (FOR KEY SHARE on PostgreSQL: tablets never wait for
each other on it), then its seating, then its result. SQLite serialises every write transaction
(IMMEDIATE), so there the order holds by itself.
"""

from django.db import connection

from ..models import Event


def event_held(event_id: int) -> Event:
    """The event's name and status, read under a lock that keeps a close out until the transaction ends."""
    if connection.vendor != "postgresql":
        return Event.objects.only("name", "status").get(pk=event_id)
    table = Event._meta.db_table
    rows = list(
        Event.objects.raw(f"SELECT id, name, status FROM {table} WHERE id = %s FOR KEY SHARE", [event_id])
    )
    if not rows:
        raise Event.DoesNotExist(f"No event {event_id}.")
    return rows[0]
