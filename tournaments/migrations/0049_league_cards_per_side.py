"""Each side's card at a league match's table gets its own link and code: a table's link of before
becomes the home side's, and the visitors' are drawn new (a code no table has)."""

import secrets

from django.db import migrations, models

ALPHABET = "ACDEFHJKLMNPRTUVWXY"  # as services.core.codes draws them


def visitors_links(apps, schema_editor):
    MatchTable = apps.get_model("tournaments", "MatchTable")
    TableLink = apps.get_model("tournaments", "TableLink")
    taken = set(MatchTable.objects.values_list("code", flat=True))
    taken |= set(TableLink.objects.values_list("code", flat=True))
    new = []
    for link in MatchTable.objects.filter(side="home").order_by("pk"):
        code = ""
        while not code or code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(5))
        taken.add(code)
        new.append(
            MatchTable(
                fixture_id=link.fixture_id,
                table=link.table,
                side="away",
                token=secrets.token_urlsafe(24),
                code=code,
            )
        )
    MatchTable.objects.bulk_create(new, batch_size=500)


def one_link_a_table(apps, schema_editor):
    apps.get_model("tournaments", "MatchTable").objects.filter(side="away").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0048_games_and_rubbers"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="matchtable", name="match_table_once"),
        migrations.AddField(
            model_name="matchtable",
            name="side",
            field=models.CharField(choices=[("home", "Home"), ("away", "Visitors")], default="home", max_length=4),
            preserve_default=False,
        ),
        migrations.AlterModelOptions(name="matchtable", options={"ordering": ["fixture_id", "table", "-side"]}),
        migrations.RunPython(visitors_links, one_link_a_table),
        migrations.AddConstraint(
            model_name="matchtable",
            constraint=models.UniqueConstraint(fields=("fixture", "table", "side"), name="match_table_side_once"),
        ),
        migrations.AddConstraint(
            model_name="matchtable",
            constraint=models.CheckConstraint(
                condition=models.Q(("side__in", ["home", "away"])), name="match_table_side_known"
            ),
        ),
    ]
