"""The key of a player's own page of the evening on their phone, for every kind of evening; and
the reading of an evening its phones share.

The page opens without a login, by a link the table's tablet gives after check-in: the link
carries the id of whoever the page is for (a pair, a drive's player, a widow player, a two-player
night's player) and a key signed from the evening and that id with the site's secret, so knowing
one link tells nothing of another. Each kind names its own scope (its page's name), so a pair's
key never opens a drive player's page with the same ids.

>>> key = phone_key("drive-evening", 4, 17)
>>> len(key) == KEY_LENGTH and phone_key_fits(key, "drive-evening", 4, 17)
True
>>> phone_key_fits(key, "duel-evening", 4, 17), phone_key_fits(key, "drive-evening", 4, 18)
(False, False)

A hall's phones ask their pages every 20 s while the tablets enter, each result changing the
scores: scoring the evening again for each phone would take the server from the tablets. So the
phones share a reading of the evening, made anew once ``PHONE_PAGES_FRESH_SECONDS`` have passed
(``phones_reading``), and what is made from it (the evening's scores, a table's moves, a pair's
page) is kept in Django's cache under the reading's mark for as long as it lasts
(``kept_for_reading``): the two phones of a pair, and the four at a table, build it once. The
process keeps what it made or read for a reading too, as it is, so that a phone's look does not
unpickle the whole evening's scores again (a reading's mark is new every time, so what is kept
under it never changes).
"""

import threading
import time
import uuid
from collections import OrderedDict

from django.conf import settings
from django.core import signing
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.utils.crypto import constant_time_compare

KEY_LENGTH = 16  # characters of URL-safe base64: 96 bits


def phone_key(scope: str, *ids: int) -> str:
    """The key of the page of ``scope`` for these ids (the evening's, then the person's or pair's)."""
    value = ":".join(str(i) for i in ids)
    return signing.Signer(salt=f"tournaments.{scope}").signature(value)[:KEY_LENGTH]


def phone_key_fits(key: str, scope: str, *ids: int) -> bool:
    return constant_time_compare(phone_key(scope, *ids), key)


def phones_reading(scope: str) -> str:
    """The mark of the reading of an evening its phones share now: ``scope`` names the evening and
    whatever must show at once when it changes (its status, the club's choices). Made anew once
    ``PHONE_PAGES_FRESH_SECONDS`` have passed; "" when the phones share none (0 seconds)."""
    fresh = settings.PHONE_PAGES_FRESH_SECONDS
    if not fresh:
        return ""
    key = f"phones-reading:{scope}"
    mark = cache.get(key)
    if mark is None:
        mark = f"{scope}:{uuid.uuid4().hex[:12]}"
        cache.set(key, mark, fresh)
    return mark


IN_PROCESS = 512  # the most values of readings this process keeps as read (least recently used go)
_in_process: OrderedDict = OrderedDict()  # key -> (until, value)
_in_process_lock = threading.Lock()


def kept_for_reading(reading: str, name: str, make):
    """What ``make()`` gives, kept under the ``reading``'s mark and ``name`` as long as the reading
    lasts, so every phone asking in that time shares it; made for each asker with no reading.
    Kept in this process as made or read, not to be changed by its readers, and in the cache for
    every other process (not when the cache is this process's own memory: it would only pickle
    the whole evening's scores again)."""
    if not reading:
        return make()
    key = f"phones:{reading}:{name}"
    now = time.monotonic()
    with _in_process_lock:
        held = _in_process.get(key)
        if held is not None and held[0] > now:
            _in_process.move_to_end(key)
            return held[1]
    shared = not isinstance(caches["default"], LocMemCache)
    kept = cache.get(key) if shared else None
    if kept is None:
        kept = make()
        if shared:
            cache.set(key, kept, settings.PHONE_PAGES_FRESH_SECONDS)
    with _in_process_lock:
        _in_process[key] = (now + settings.PHONE_PAGES_FRESH_SECONDS, kept)
        while len(_in_process) > IN_PROCESS:
            _in_process.popitem(last=False)
    return kept
