import uuid

from django.db import migrations
from django.db.models import Count


def _one_evening_per_identity(apps, schema_editor):
    """An export imported twice into one club (renamed between the two) gave two evenings one
    identity. The one a county upload names keeps it, else the older; the others are given new
    ones, as evenings of their own."""
    uploads = apps.get_model("tournaments", "CountyUpload")
    for name, upload_field in (("Event", "event"), ("Drive", "drive"), ("DuelNight", "night")):
        model = apps.get_model("tournaments", name)
        shared = (
            model.objects.values("club", "uuid").annotate(count=Count("pk")).filter(count__gt=1).order_by()
        )
        for group in shared:
            rows = list(model.objects.filter(club=group["club"], uuid=group["uuid"]).order_by("pk"))
            sent = set(
                uploads.objects.filter(**{f"{upload_field}__in": rows}).values_list(
                    f"{upload_field}_id", flat=True
                )
            )
            keeper = next((row for row in rows if row.pk in sent), rows[0])
            for row in rows:
                if row.pk != keeper.pk:
                    model.objects.filter(pk=row.pk).update(uuid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0074_result_mail_simultaneous"),
    ]

    operations = [
        migrations.RunPython(_one_evening_per_identity, migrations.RunPython.noop),
    ]
