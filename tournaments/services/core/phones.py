"""The key of a player's own page of the evening on their phone, for every kind of evening.

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
"""

from django.core import signing
from django.utils.crypto import constant_time_compare

KEY_LENGTH = 16  # characters of URL-safe base64: 96 bits


def phone_key(scope: str, *ids: int) -> str:
    """The key of the page of ``scope`` for these ids (the evening's, then the person's or pair's)."""
    value = ":".join(str(i) for i in ids)
    return signing.Signer(salt=f"tournaments.{scope}").signature(value)[:KEY_LENGTH]


def phone_key_fits(key: str, scope: str, *ids: int) -> bool:
    return constant_time_compare(phone_key(scope, *ids), key)
