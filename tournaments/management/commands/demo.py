"""Load the demo club on an empty database and make sure the demo organiser can log in."""

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management import BaseCommand
from django.core.management.color import no_style
from django.db import connection, transaction

from tournaments.models import Club, Drive, DuelNight, Event
from tournaments.services import event_open_tables
from tournaments.services.core.clubs import DEMO_PASSWORD, DEMO_USERNAME
from tournaments.services.drives import drive_open_tables
from tournaments.services.duels import duel_tables_open

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"
USERNAME, PASSWORD = DEMO_USERNAME, DEMO_PASSWORD
DEMO_CLUB = "Ribble Valley Whist Club"


class Command(BaseCommand):
    help = "Load the demo data when the database has no club yet, and create the demo organiser."

    @transaction.atomic
    def handle(self, *args, **options):
        if Club.objects.exists():
            self.stdout.write("The database already has clubs: demo data not loaded again.")
        else:
            _load(FIXTURE)
            for event in Event.objects.all():
                event_open_tables(event=event)  # each install draws its own table links and codes
            for drive in Drive.objects.exclude(status=Drive.Status.ENTRIES):
                drive_open_tables(drive=drive)
            for night in DuelNight.objects.filter(status=DuelNight.Status.RUNNING):
                duel_tables_open(night=night)
            self.stdout.write(f"Loaded the demo club from {FIXTURE.name}.")
        user_model = get_user_model()
        user = user_model.objects.filter(username=USERNAME).first()
        if user is None:
            user = user_model.objects.create_user(USERNAME, password=PASSWORD, is_staff=True)
            self.stdout.write(f"Created the demo organiser '{USERNAME}'.")
        club = Club.objects.filter(name=DEMO_CLUB).first()
        if club:
            club.organisers.add(user)
        self.stdout.write(
            self.style.SUCCESS(
                f"Open http://127.0.0.1:8000/ and press Organiser login: user '{USERNAME}', "
                f"password '{PASSWORD}'"
            )
        )


def _load(fixture: Path) -> None:
    """The fixture's rows, written a table at a time (``loaddata`` writes them one by one, trying
    an UPDATE before each INSERT: seven times slower for the season's five thousand rows).

    The foreign keys are checked when the transaction commits, so the tables may come in any
    order; the ids are the fixture's, so the tables' sequences are moved past them after."""
    rows: dict[type, list] = {}
    loaded = list(serializers.deserialize("json", fixture.read_text(encoding="utf-8")))
    for row in loaded:
        rows.setdefault(type(row.object), []).append(row.object)
    for model, objects in rows.items():
        model.objects.bulk_create(objects, batch_size=500)
    for row in loaded:
        for name, values in (row.m2m_data or {}).items():
            getattr(row.object, name).set(values)
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), list(rows)):
            cursor.execute(statement)
