"""Every club gets a slug for its public addresses (/clubs/<slug>/...), made from its name."""

from django.db import migrations, models
from django.utils.text import slugify

HELP = (
    "The club's part of its public addresses (/clubs/<slug>/results/); left empty, it is made from the name."
)


def give_slugs(apps, schema_editor):
    Club = apps.get_model("tournaments", "Club")
    taken = set()
    for club in Club.objects.order_by("pk"):
        base = slugify(club.name)[:45].strip("-") or "club"
        slug, n = base, 2
        while slug in taken:
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug)
        club.slug = slug
        club.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_result_by_table_round"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="slug",
            field=models.SlugField(blank=True, default="", db_index=False, help_text=HELP),
            preserve_default=False,
        ),
        migrations.RunPython(give_slugs, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club",
            name="slug",
            field=models.SlugField(blank=True, help_text=HELP, unique=True),
        ),
        migrations.AddConstraint(
            model_name="club",
            constraint=models.CheckConstraint(condition=~models.Q(slug=""), name="club_has_slug"),
        ),
    ]
