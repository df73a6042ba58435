"""One model for a table's secret link and code, events' and drives' alike, so that the database
holds a code to one table across both (the start page opens either): the events' table links
become it (the model renamed), and it takes a drive beside the event. The drives' links are
copied in next (0022), and the rules follow (0023): on PostgreSQL a table cannot be altered in the
transaction that has just copied rows into it.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_drive_seat_a_row_per_seat"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="tableaccess", name="table_access_one_per_table"),
        migrations.RenameModel(old_name="TableAccess", new_name="TableLink"),
        migrations.AlterField(
            model_name="tablelink",
            name="event",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="table_accesses",
                to="tournaments.event",
            ),
        ),
        migrations.AddField(
            model_name="tablelink",
            name="drive",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.drive",
            ),
        ),
    ]
