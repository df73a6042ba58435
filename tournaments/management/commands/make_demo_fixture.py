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
from tournaments.models import Club, Event

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
    "tournaments.entry",
    "tournaments.seating",
    "tournaments.relaystand",
    "tournaments.result",
    "tournaments.resultchange",
    "tournaments.eventchange",
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
        club=club, name="Autumn Pairs", date=date(2026, 11, 12), tables=7, boards_per_round=3
    )
    _enter(finished, members[:28])
    services.event_accept_proposal(event=finished, choice=2)  # the Mitchell: 7 tables, 7 rounds of 3 boards
    services.event_deal_boards(event=finished, seed="ribble-autumn-2026")
    services.event_start(event=finished)
    _play(finished, random.Random(1892))
    services.event_close(event=finished)
    services.event_publish(event=finished)

    howell = services.event_create(
        club=club, name="Tuesday Howell", date=date(2026, 11, 17), tables=4, boards_per_round=3
    )
    _enter(howell, members[:16])
    services.event_accept_proposal(event=howell, choice=0)  # 4-table Howell, 7 rounds of 3 boards
    services.event_deal_boards(event=howell, seed="ribble-howell-2026")
    services.event_start(event=howell)
    _play(howell, random.Random(1857))
    services.event_close(event=howell)
    services.event_publish(event=howell)

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
    _enter(ready, members[:29], stationary={2})
    services.event_accept_proposal(event=ready, choice=0)  # 8 tables with a half table, relay
    services.event_deal_boards(event=ready, seed="ribble-thursday-2026")
    services.event_set_status(event=ready, status=Event.Status.READY)


def _enter(event, members, stationary=()):
    """Members two by two; an odd one out partners a guest."""
    for index in range(0, len(members), 2):
        first = str(members[index])
        second = str(members[index + 1]) if index + 1 < len(members) else "Guest Visitor"
        services.entry_add(event=event, first=first, second=second, stationary=index // 2 in stationary)


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
