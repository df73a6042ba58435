"""The events' trail becomes the one audit trail of events, drives and clubs; its lines are kept."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def give_each_line_its_club(apps, schema_editor):
    AuditLine = apps.get_model("tournaments", "AuditLine")
    Event = apps.get_model("tournaments", "Event")
    AuditLine.objects.update(
        club_id=Subquery(Event.objects.filter(pk=OuterRef("event_id")).values("club_id"))
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_drive_prizes_help_text"),
    ]

    operations = [
        migrations.RenameModel("EventChange", "AuditLine"),
        migrations.AlterField(
            model_name="auditline",
            name="event",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="changes",
                to="tournaments.event",
            ),
        ),
        migrations.AddField(
            model_name="auditline",
            name="drive",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="changes",
                to="tournaments.drive",
            ),
        ),
        migrations.AddField(
            model_name="auditline",
            name="club",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="changes",
                to="tournaments.club",
            ),
        ),
        migrations.RunPython(give_each_line_its_club, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="auditline",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="changes", to="tournaments.club"
            ),
        ),
        migrations.AlterField(
            model_name="auditline",
            name="action",
            field=models.CharField(
                choices=[
                    ("created", "Created"),
                    ("status", "Status changed"),
                    ("started", "Started"),
                    ("closed", "Closed"),
                    ("published", "Results published"),
                    ("unpublished", "Results made private"),
                    ("movement", "Movement built"),
                    ("dealt", "Boards dealt"),
                    ("imported", "Boards imported"),
                    ("pairs", "Pairs changed"),
                    ("players", "Players changed"),
                    ("corrected", "Result corrected"),
                    ("totals", "Totals typed"),
                    ("cut", "Cut for a prize"),
                    ("unlocked", "Lockouts lifted"),
                    ("restored", "Restored from a backup"),
                    ("changed", "Changed in the organiser site"),
                    ("deleted", "Deleted in the organiser site"),
                ],
                max_length=12,
            ),
        ),
        migrations.AddConstraint(
            model_name="auditline",
            constraint=models.CheckConstraint(
                condition=models.Q(("event__isnull", True), ("drive__isnull", True), _connector="OR"),
                name="audit_line_one_evening",
            ),
        ),
    ]
