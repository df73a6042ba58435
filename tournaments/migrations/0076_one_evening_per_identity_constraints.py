from django.db import migrations, models


class Migration(migrations.Migration):
    # Apart from 0075's updates: PostgreSQL alters a table in a transaction of its own.
    dependencies = [
        ("tournaments", "0075_one_evening_per_identity"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="drive",
            constraint=models.UniqueConstraint(fields=("club", "uuid"), name="drive_one_per_identity"),
        ),
        migrations.AddConstraint(
            model_name="duelnight",
            constraint=models.UniqueConstraint(fields=("club", "uuid"), name="duel_night_one_per_identity"),
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(fields=("club", "uuid"), name="event_one_per_identity"),
        ),
    ]
