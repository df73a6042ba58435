"""What other parts of the app may react to without the service that sends it importing them.

``evening_closed`` is sent by ``event_close``, ``drive_close`` and ``duel_night_close`` inside the
transaction that closes the evening, with ``instance`` the event, the drive or the night. A
receiver whose work must wait for the close to stand (the hall's backup,
``services/backups/hall.py``; the evening queued for the county server,
``services/county/sending.py``) does it in ``transaction.on_commit``; receivers are connected in
``TournamentsConfig.ready``.
"""

from django.dispatch import Signal

evening_closed = Signal()
