"""The season cache: what the season's pages read of published evenings (their ``Meetings``, how
the competitions see them, the standings, each member's evenings), each under a version of what it
came from, as an event's scores are, but by default kept on disk, so that a restart finds it
(settings.CACHES). An event's whole scores stay in the process's cache: they change with each
result of an evening in play."""

from django.conf import settings
from django.core.cache import caches


def season_cache():
    return caches["season"]


def season_cache_empty() -> None:
    """Drop all the season cache keeps, where it is whistdrive's own, on disk: after a migrate
    made a database or a flush emptied one (its evenings' ids and versions may be those of the
    database that was there before), and once a member is forgotten (what it keeps names them). A
    shared cache (CACHE_BACKEND) is never emptied here, as it may hold others' keys: there what is
    kept goes within the backend's usual few minutes (settings.CACHES)."""
    if settings.CACHES["season"]["BACKEND"].endswith(".FileBasedCache"):
        season_cache().clear()
