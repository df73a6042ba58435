"""The way between a club's hall laptop and the county server.

- ``keys``: the county's administrator makes and withdraws the keys that let a hall send its
  club's evenings (kept hashed; shown once);
- ``receiving``: the county takes a hall's evening into the club its key opens, once;
- ``sending``: the hall queues each evening at its close (after commit, through
  ``signals.evening_closed``) and sends it when the network is there (``uploads_send``).

Each kind's part (its export, its restore) is its entry in ``kinds`` (``Kind.upload``).
"""
