"""The season cache: what the season's pages read of published evenings (their ``Meetings``, how
the competitions see them, the standings, each member's evenings), each under a version of what it
came from, as an event's scores are, but by default kept on disk, so that a restart finds it
(settings.CACHES). An event's whole scores stay in the process's cache: they change with each
result of an evening in play."""

from django.conf import settings
from django.core.cache import caches


def season_cache():
    return caches["season"]


def kept_or_made(cache, keys: dict, make) -> dict:
    """What ``cache`` keeps under each of ``keys`` (a thing -> its key), the things it does not keep
    made together by ``make`` (the list of them -> a dict thing -> what it is) and kept: one read of
    the cache and at most one write, however many things. A thing ``make`` leaves out (it could
    not be made) is left out of the answer."""
    kept = cache.get_many(keys.values())
    missing = [thing for thing, key in keys.items() if key not in kept]
    if missing:
        fresh = {keys[thing]: made for thing, made in make(missing).items()}
        if fresh:
            cache.set_many(fresh)
            kept.update(fresh)
    return {thing: kept[key] for thing, key in keys.items() if key in kept}


def season_cache_empty() -> None:
    """Drop all the season cache keeps, where it is whistdrive's own, on disk: after a migrate
    made a database or a flush emptied one (its evenings' ids and versions may be those of the
    database that was there before), and once a member is forgotten (what it keeps names them). A
    shared cache (CACHE_BACKEND) is never emptied here, as it may hold others' keys: there what is
    kept goes within the backend's usual few minutes (settings.CACHES)."""
    if settings.CACHES["season"]["BACKEND"].endswith(".FileBasedCache"):
        season_cache().clear()
