"""The drives' table links copied into the one model of table links. A drive's code or token that
an event's table already has (two draws of the same code) is drawn again: its printed card then
needs printing again."""

import secrets

from django.db import migrations

CODE_ALPHABET = "ACDEFHJKLMNPRTUVWXY"
CODE_LENGTH = 5


def drive_links_in(apps, schema_editor):
    TableLink = apps.get_model("tournaments", "TableLink")
    DriveTable = apps.get_model("tournaments", "DriveTable")
    tokens = set(TableLink.objects.values_list("token", flat=True))
    codes = set(TableLink.objects.values_list("code", flat=True))
    links = []
    for old in DriveTable.objects.order_by("pk").iterator():
        token, code = old.token, old.code
        while token in tokens:
            token = secrets.token_urlsafe(24)
        while code in codes:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        tokens.add(token)
        codes.add(code)
        links.append(TableLink(drive_id=old.drive_id, table=old.table, token=token, code=code))
    TableLink.objects.bulk_create(links, batch_size=2000)


def drive_links_out(apps, schema_editor):
    TableLink = apps.get_model("tournaments", "TableLink")
    DriveTable = apps.get_model("tournaments", "DriveTable")
    links = TableLink.objects.filter(drive__isnull=False)
    DriveTable.objects.bulk_create(
        DriveTable(drive_id=link.drive_id, table=link.table, token=link.token, code=link.code)
        for link in links
    )
    links.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0021_table_link"),
    ]

    operations = [
        migrations.RunPython(drive_links_in, drive_links_out),
        migrations.DeleteModel(name="DriveTable"),
    ]
