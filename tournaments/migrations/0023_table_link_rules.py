"""The table links' rules, once every link is in (0022): each opens a table of an event or of a
drive, one link a table. Apart from the copy: on PostgreSQL a table cannot be altered in the
transaction that has just copied rows into it (its foreign keys' checks are still pending)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_table_link_drives"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tablelink",
            name="drive",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="table_accesses",
                to="tournaments.drive",
            ),
        ),
        migrations.AlterModelOptions(
            name="tablelink", options={"ordering": ["event_id", "drive_id", "table"]}
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("drive__isnull", True), ("event__isnull", False)),
                    models.Q(("drive__isnull", False), ("event__isnull", True)),
                    _connector="OR",
                ),
                name="table_link_event_or_drive",
            ),
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.UniqueConstraint(
                fields=("event", "table"), name="table_link_once_an_event_table"
            ),
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.UniqueConstraint(
                fields=("drive", "table"), name="table_link_once_a_drive_table"
            ),
        ),
        migrations.CreateModel(
            name="TableAccess",
            fields=[],
            options={"proxy": True, "indexes": [], "constraints": []},
            bases=("tournaments.tablelink",),
        ),
        migrations.CreateModel(
            name="DriveTable",
            fields=[],
            options={"proxy": True, "indexes": [], "constraints": []},
            bases=("tournaments.tablelink",),
        ),
    ]
