"""Rebuild fixtures/demo.json: a club, its members, a finished event with results, a ready event.

Built through the services in a transaction that is rolled back, so the database is untouched.
Run it after a change to the models, on an empty database:
    DATABASE_URL=sqlite:////tmp/demo.sqlite3 python manage.py migrate
    DATABASE_URL=sqlite:////tmp/demo.sqlite3 python manage.py make_demo_fixture
"""

import random
from datetime import date
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, CommandError, call_command
from django.db import transaction

from tournaments import services
from tournaments.models import Club, Direction, Event

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"
MEMBERS = [
    ("Margaret", "Ashworth"),
    ("Dennis", "Ashworth"),
    ("Joan", "Bellamy"),
    ("Harold", "Bickerstaff"),
    ("Irene", "Cartwright"),
    ("Frank", "Cartwright"),
    ("Doreen", "Dawson"),
    ("Arthur", "Ellison"),
    ("Sheila", "Fairclough"),
    ("Kenneth", "Fenwick"),
    ("Brenda", "Gaskell"),
    ("Ronald", "Hargreaves"),
    ("Pauline", "Hartley"),
    ("Trevor", "Ingham"),
    ("Maureen", "Jolley"),
    ("Geoffrey", "Kershaw"),
    ("Valerie", "Lord"),
    ("Stanley", "Marsden"),
    ("Audrey", "Nuttall"),
    ("Clifford", "Ormerod"),
    ("Beryl", "Pickup"),
    ("Norman", "Quayle"),
    ("Edna", "Rostron"),
    ("Leslie", "Sutcliffe"),
    ("Hilda", "Tattersall"),
    ("Walter", "Unsworth"),
    ("Elsie", "Varley"),
    ("Gordon", "Whittaker"),
    ("Marjorie", "Yates"),
    ("Cyril", "Young"),
]
DUMPED = [
    "tournaments.club",
    "tournaments.member",
    "tournaments.event",
    "tournaments.pair",
    "tournaments.board",
    "tournaments.seating",
    "tournaments.relaystand",
    "tournaments.result",
    "tournaments.resultchange",
]


class Command(BaseCommand):
    help = "Rebuild fixtures/demo.json from the services (the database is left as it was)."

    def handle(self, *args, **options):
        if Club.objects.exists():
            raise CommandError(
                "This database already has clubs, which would end up in the fixture: run it on an "
                "empty database (see the command's docstring)."
            )
        with transaction.atomic():
            _build()
            out = StringIO()
            call_command("dumpdata", *DUMPED, indent=1, stdout=out)
            transaction.set_rollback(True)
        FIXTURE.parent.mkdir(exist_ok=True)
        FIXTURE.write_text(out.getvalue() + "\n")
        self.stdout.write(f"wrote {FIXTURE}")


def _build():
    club = services.club_get_or_create(name="Ribble Valley Whist Club")
    members = [services.member_create(club=club, first_name=first, last_name=last) for first, last in MEMBERS]

    finished = services.event_create(
        club=club,
        name="Autumn Pairs",
        date=date(2026, 11, 12),
        tables=7,
        boards_per_round=3,
    )
    services.event_build_movement(event=finished)
    services.event_deal_boards(event=finished, seed="ribble-autumn-2026")
    _seat(finished, members[:28])
    _play(finished, random.Random(1892))
    services.event_set_status(event=finished, status=Event.Status.READY)
    services.event_set_status(event=finished, status=Event.Status.RUNNING)
    services.event_set_status(event=finished, status=Event.Status.FINISHED)
    services.event_publish(event=finished)

    ready = services.event_create(
        club=club,
        name="Thursday Drive",
        date=date(2026, 11, 26),
        tables=8,
        boards_per_round=3,
        variant="relay",
        phantom=True,
        trump_schedule="HDSCN",
    )
    services.event_build_movement(event=ready)
    services.event_deal_boards(event=ready, seed="ribble-thursday-2026")
    _seat(ready, members)
    services.event_set_status(event=ready, status=Event.Status.READY)


def _seat(event, members):
    pairs = sorted(event.pairs.all(), key=lambda p: (p.direction != Direction.NS, p.number))
    for pair, (first, second) in zip(pairs, zip(members[::2], members[1::2], strict=True), strict=False):
        pair.player1, pair.player2 = first, second
        pair.save()
    for pair in pairs[len(members) // 2 :]:
        pair.guest1, pair.guest2 = "Guest", "Guest"
        pair.save()


def _play(event, rng):
    """Plausible trick counts: tables land near the double-dummy result, more often below it."""
    boards = {b.number: b for b in event.boards.all()}
    par = {n: b.dd_ns_tricks for n, b in boards.items()}
    for seating in event.seatings.select_related("ns_pair", "ew_pair"):
        for number in seating.board_numbers:
            tricks = min(13, max(0, par[number] + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])))
            services.result_record(
                board=boards[number],
                round=seating.round,
                table=seating.table,
                ns_pair=seating.ns_pair,
                ew_pair=seating.ew_pair,
                ns_tricks=tricks,
            )
