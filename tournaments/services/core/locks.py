"""Row locks taken in one order everywhere: the event, then a seating, then a result.

A close locks the event row FOR UPDATE. A write at a table first holds the event row with the
weakest lock that still keeps a close out (FOR KEY SHARE on PostgreSQL: tablets never wait for
each other on it), then its seating, then its result. SQLite serialises every write transaction
(IMMEDIATE), so there the order holds by itself.

The hold is the one statement written by hand: the ORM's ``select_for_update`` takes FOR UPDATE or
FOR NO KEY UPDATE only, and either would make every tablet of an event wait for the others on the
event row. A tablet's write takes the hold and its table's seatings in that one statement, so that
everything it reads afterwards (the table's results) is read with both locks held, as it stands
once any writer it waited for has committed. (Rows joined to a locking read come from the moment
the statement began, before it waited: results read with the lock could miss a result written by
the tablet it waited for.) The organiser's corrections lock the seating and the result through the
ORM (``select_for_update(of=("self",))``) after ``event_held``.
"""

from django.db import connection

from ...models import Event, Seating, TableAccess


def event_held(event_id: int) -> Event:
    """The event's name and status, read under a lock that keeps a close out until the transaction ends."""
    sql = f"SELECT id, name, status FROM {connection.ops.quote_name(Event._meta.db_table)} WHERE id = %s"
    if connection.vendor == "postgresql":
        sql += " FOR KEY SHARE"
    event = next(iter(Event.objects.raw(sql, [event_id])), None)
    if event is None:
        raise Event.DoesNotExist(f"No event {event_id}.")
    return event


def table_held(token: str) -> Event | None:
    """The event of the table whose secret link is ``token`` (its name, status, variant and scoring,
    which give its format, and its Minnesota rules), held as ``event_held`` holds it, and the
    table's seatings locked (FOR UPDATE, as the organiser's corrections lock a seating): two tablets
    at one table take turns.
    The table's number comes as ``held_table``; None for a link not in use or a table with no
    seatings."""
    quote = connection.ops.quote_name
    link, seating = TableAccess._meta, Seating._meta

    def column(meta, name: str) -> str:
        return quote(meta.get_field(name).column)

    sql = (
        f"SELECT e.id, e.name, e.status, e.variant, e.scoring, e.minnesota_rules, "
        f"a.{column(link, 'table')} AS held_table "
        f"FROM {quote(Event._meta.db_table)} e "
        f"JOIN {quote(link.db_table)} a ON a.{column(link, 'event')} = e.id "
        f"JOIN {quote(seating.db_table)} s ON s.{column(seating, 'event')} = e.id "
        f"AND s.{column(seating, 'table')} = a.{column(link, 'table')} "
        f"WHERE a.{column(link, 'token')} = %s"
    )
    if connection.vendor == "postgresql":
        sql += " FOR KEY SHARE OF e FOR UPDATE OF s"
    rows = list(Event.objects.raw(sql, [token]))  # one a seating: every one of them is locked
    return rows[0] if rows else None
