"""What other parts of the app may react to without the service that sends it importing them.

``evening_closed`` is sent by ``event_close``, ``drive_close`` and ``duel_night_close`` inside the
transaction that closes the evening, with ``instance`` the event, the drive or the night. A
receiver whose work must wait for the close to stand (the hall's backup,
``services/backups/hall.py``; the evening queued for the county server,
``services/county/sending.py``) does it in ``transaction.on_commit``; receivers are connected in
``TournamentsConfig.ready``.

``evening_uploaded`` is sent by the county's ``county_upload_receive`` inside the transaction that
takes a hall's evening (new, or replacing the hall's earlier copy), with ``instance`` the evening
as the county now holds it: a simultaneous evening the club takes part in that day joins it, once
the upload has committed (``services/simultaneous/setup.py``).

``member_forgotten`` is sent by forgetting (``services/core/members.py``) inside the transaction
that forgets a member, with ``instance`` the member and ``evenings`` every evening whose rows named
them (those they played in, and those whose text only named them): the hall's uploads of those
evenings are queued again once the erasure has committed (``services/county/sending.py``), so the
county's copies are replaced by the forgotten ones.
"""

from django.dispatch import Signal

evening_closed = Signal()
evening_uploaded = Signal()
member_forgotten = Signal()
