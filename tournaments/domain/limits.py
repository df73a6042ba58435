"""How big an event or a drive can be, said once. The movements refuse what is larger, and the
database's constraints, the forms, the imports (results CSV, PBN) and the backup schema take their
bounds from here, so that whatever the product lets an organiser build also exports, imports and
takes its results from a file.

The largest event is 40 tables of a Mitchell played in full, 16 boards a round: 80 pairs in two
lines, 40 rounds (a skip Mitchell's revenge round included), 40 sets of 16 boards, each board played
at every table:

    >>> MAX_PAIRS, MAX_ROUNDS, MAX_BOARDS, MAX_RESULTS
    (80, 40, 640, 25600)
"""

MAX_TABLES = 40
MAX_PAIRS = 2 * MAX_TABLES
MAX_ROUNDS = MAX_TABLES  # a Mitchell meets every pair of the other line once (a Howell has fewer)
MAX_BOARDS_PER_ROUND = 16  # more than any evening plays; the bound keeps every size of thing small
MAX_BOARD_SETS = MAX_TABLES  # a Mitchell has one set a table (a Howell of 8 tables has 15)
MAX_BOARDS = MAX_BOARD_SETS * MAX_BOARDS_PER_ROUND
MAX_RESULTS = MAX_BOARDS * MAX_TABLES  # every board at every table

MAX_HANDS = 60  # of a drive

# An individual event: the whist tournaments whistdrive seats go up to 40 players; with a complete
# schedule every two of them partner once, each partnership a "pair" of the boards' scoring.
MAX_PLAYERS = 40
MAX_PARTNERSHIPS = MAX_PLAYERS * (MAX_PLAYERS - 1) // 2

# Files: a results CSV row is under 30 bytes ("640,40,40,A+/A-,40,40"), a PBN board with its
# double-dummy table under 1,000; the largest event exports to about 14 MB with one history line a
# result (more with confirmations and corrections), a 40-table drive to well under 1 MB.
MAX_RESULTS_CSV_BYTES = 2_000_000
MAX_PBN_BYTES = 2_000_000
MAX_EVENT_EXPORT_BYTES = 50_000_000
MAX_DRIVE_EXPORT_BYTES = 20_000_000
