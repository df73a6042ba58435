"""A drive's seating as a row per seat, so that the database seats a player once a hand.

Each table's four seat columns become up to four rows (an empty seat has none). A drive seated
before this holds a player twice in a hand only where a correction came between two tables'
results; there the player keeps the seat at the lowest table and the later seat is left empty.
"""

import django.db.models.deletion
from django.db import migrations, models

SEATS = ("ns_lady", "ns_gent", "ew_lady", "ew_gent")


def seats_from_seatings(apps, schema_editor):
    DriveSeating = apps.get_model("tournaments", "DriveSeating")
    DriveSeat = apps.get_model("tournaments", "DriveSeat")
    seated = set()
    rows = []
    for seating in DriveSeating.objects.order_by("drive_id", "hand", "table").iterator():
        for seat in SEATS:
            player_id = getattr(seating, f"{seat}_id")
            if player_id is None or (player_id, seating.hand) in seated:
                continue
            seated.add((player_id, seating.hand))
            rows.append(
                DriveSeat(
                    drive_id=seating.drive_id,
                    hand=seating.hand,
                    table=seating.table,
                    seat=seat,
                    player_id=player_id,
                )
            )
    DriveSeat.objects.bulk_create(rows, batch_size=2000)


def seatings_from_seats(apps, schema_editor):
    DriveSeating = apps.get_model("tournaments", "DriveSeating")
    DriveSeat = apps.get_model("tournaments", "DriveSeat")
    tables = {}
    for seat in DriveSeat.objects.iterator():
        key = (seat.drive_id, seat.hand, seat.table)
        tables.setdefault(key, {})[f"{seat.seat}_id"] = seat.player_id
    DriveSeating.objects.bulk_create(
        (DriveSeating(drive_id=d, hand=h, table=t, **seats) for (d, h, t), seats in tables.items()),
        batch_size=2000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_one_audit_trail"),
    ]

    operations = [
        migrations.CreateModel(
            name="DriveSeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("hand", models.PositiveSmallIntegerField()),
                ("table", models.PositiveSmallIntegerField()),
                (
                    "seat",
                    models.CharField(
                        choices=[
                            ("ns_lady", "N/S lady"),
                            ("ns_gent", "N/S gent"),
                            ("ew_lady", "E/W lady"),
                            ("ew_gent", "E/W gent"),
                        ],
                        max_length=7,
                    ),
                ),
                (
                    "drive",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.drive",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.driveplayer",
                    ),
                ),
            ],
        ),
        migrations.RunPython(seats_from_seatings, seatings_from_seats),
        migrations.AddConstraint(
            model_name="driveseat",
            constraint=models.UniqueConstraint(
                fields=("player", "hand"), name="drive_seat_player_once_a_hand"
            ),
        ),
        migrations.AddConstraint(
            model_name="driveseat",
            constraint=models.UniqueConstraint(
                fields=("drive", "hand", "table", "seat"), name="drive_seat_once"
            ),
        ),
        migrations.AddConstraint(
            model_name="driveseat",
            constraint=models.CheckConstraint(
                condition=models.Q(("seat__in", ["ns_lady", "ns_gent", "ew_lady", "ew_gent"])),
                name="drive_seat_known",
            ),
        ),
        migrations.DeleteModel(
            name="DriveSeating",
        ),
    ]
