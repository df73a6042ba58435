from django.db import migrations, models


class Migration(migrations.Migration):
    """A drive's result history keeps every write, as an event's does: the lines written before
    were all the organiser's corrections."""

    dependencies = [
        ("tournaments", "0040_drive_player_member_once"),
    ]

    operations = [
        migrations.AddField(
            model_name="driveresultchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("created", "Entered"),
                    ("confirmed", "Confirmed"),
                    ("rejected", "Rejected at the table"),
                    ("corrected", "Corrected"),
                    ("deleted", "Deleted"),
                ],
                default="corrected",
                max_length=10,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="driveresultchange",
            name="source",
            field=models.CharField(
                blank=True,
                default="organiser",
                help_text="Where the change came from, e.g. 'table 3'.",
                max_length=40,
            ),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="driveresultchange",
            name="before",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.AlterField(
            model_name="driveresultchange",
            name="after",
            field=models.CharField(blank=True, max_length=40),
        ),
    ]
