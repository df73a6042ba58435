"""At the tables: an event's tablets (``access``: the links and codes that reach a table; ``rounds``:
what a table reads; ``entry``: score entry and confirmation; ``moves``: who goes where after a
round; ``pair_evening``: a pair's own page of the evening, on their phone; ``event_check_in``: who
is at the table) and every evening's check-in (``checkins``), with the fees paid there (``fees``)."""
