from django.db import migrations, models

import tournaments.models.clubs


def keys_from_addresses(apps, schema_editor):
    """A club made before keys takes the address it has today as its key: the marks the register
    of erasures wrote for it until now were made from that address, and stay valid."""
    Club = apps.get_model("tournaments", "Club")
    for club in Club.objects.all():
        club.key = club.slug
        club.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0057_login_failure"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="key",
            field=models.CharField(max_length=64, null=True, editable=False),
        ),
        migrations.RunPython(keys_from_addresses, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club",
            name="key",
            field=models.CharField(
                default=tournaments.models.clubs.club_key_new, editable=False, max_length=64, unique=True
            ),
        ),
        migrations.AddConstraint(
            model_name="club",
            constraint=models.CheckConstraint(condition=models.Q(("key", ""), _negated=True), name="club_has_key"),
        ),
    ]
