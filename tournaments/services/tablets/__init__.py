"""At the tables: an event's tablets (``access``: the links and codes that reach a table; ``rounds``:
what a table reads; ``entry``: score entry and confirmation; ``moves``: who goes where after a
round) and every evening's check-in (``checkins``)."""
