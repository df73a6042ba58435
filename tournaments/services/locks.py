"""Row locks taken in one order everywhere: the event, then a seating, then a result.

A close locks the event row FOR UPDATE. A write at a table first holds the event row with the
weakest lock that still keeps a close out (FOR KEY SHARE on PostgreSQL: tablets never wait for
each other on it), then its seating, then its result. SQLite serialises every write transaction
(IMMEDIATE), so there the order holds by itself.

The hold is the one statement written by hand: the ORM's ``select_for_update`` takes FOR UPDATE or
FOR NO KEY UPDATE only, and either would make every tablet of an event wait for the others on the
event row. The seatings and results are then locked through the ORM
(``select_for_update(of=("self",))``).
"""

from django.db import connection

from ..models import Event, TableAccess


def event_held(event_id: int) -> Event:
    """The event's name and status, read under a lock that keeps a close out until the transaction ends."""
    event = _held("", "e.id = %s", [event_id])
    if event is None:
        raise Event.DoesNotExist(f"No event {event_id}.")
    return event


def table_event_held(token: str) -> Event | None:
    """The event of the table whose secret link is ``token``, held as ``event_held`` holds it, with
    the table's number as ``held_table``; None for a link not in use."""
    quote = connection.ops.quote_name
    access = TableAccess._meta
    return _held(
        f"JOIN {quote(access.db_table)} a ON a.{quote(access.get_field('event').column)} = e.id",
        f"a.{quote(access.get_field('token').column)} = %s",
        [token],
        extra=f", a.{quote(access.get_field('table').column)} AS held_table",
    )


def _held(join: str, where: str, params: list, extra: str = "") -> Event | None:
    table = connection.ops.quote_name(Event._meta.db_table)
    sql = f"SELECT e.id, e.name, e.status{extra} FROM {table} e {join} WHERE {where}"
    if connection.vendor == "postgresql":
        sql += " FOR KEY SHARE OF e"
    return next(iter(Event.objects.raw(sql, params)), None)
