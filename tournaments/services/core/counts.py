"""How many rows a query has, as a value another statement reads beside its own: a tablet reads
its table and the counts it needs (the players, the matches open, the deals agreed) in one
statement."""

from __future__ import annotations

from django.db.models import Count, IntegerField, QuerySet, Subquery
from django.db.models.functions import Coalesce


def rows_counted(rows: QuerySet, by: str) -> Coalesce:
    """How many ``rows`` there are, ``rows`` being one evening's (grouped by its field ``by``, e.g.
    "night" or "drive"), as an expression for another statement: the database counts them and
    returns the number alone (0 when there are none)."""
    counted = rows.order_by().values(by).annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)
