"""A copy of every row in the database, put back as it was: build slow data (the demo club) once a
module, then give each test the same rows, ids and all, without building it again."""

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management.color import no_style
from django.db import connection, transaction

# Made again by migrate and flush, the same every time: not copied.
MADE_BY_MIGRATE = (ContentType, Permission)


def _tables():
    models = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and model not in MADE_BY_MIGRATE
    ]
    return [(model, model._meta.concrete_fields) for model in models]


def database_copy() -> list:
    """Every row of every table (but the ones migrate makes), as (model, fields, rows): the values
    as the database holds them, auto_now dates too."""
    copy = []
    for model, fields in _tables():
        rows = model._base_manager.values_list(*(field.attname for field in fields))
        rows = [
            [field.get_db_prep_save(value, connection) for field, value in zip(fields, row, strict=True)]
            for row in rows
        ]
        if rows:
            copy.append((model, fields, rows))
    return copy


def database_put_back(copy: list) -> None:
    """Write the copied rows into an empty database, with their ids, and move each id sequence past
    them so the next row made gets a new id. The keys between tables are checked at the end."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for model, fields, rows in copy:
            columns = ", ".join(quote(field.column) for field in fields)
            marks = ", ".join(["%s"] * len(fields))
            cursor.executemany(
                f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})", rows
            )
        for sql in connection.ops.sequence_reset_sql(no_style(), [model for model, _, _ in copy]):
            cursor.execute(sql)


def database_built_once(build, *, django_db_blocker, tmp_path_factory) -> list:
    """Build data into the test database once (for a module-scoped fixture), copy its rows and empty
    the database again; each test then puts the copy back with database_put_back."""
    from django.core.management import call_command
    from django.test import override_settings

    erasures = tmp_path_factory.mktemp("built") / "erasures.json"
    erasures.write_text('{"format": "whistdrive-erasures", "erasures": []}\n', encoding="utf-8")
    with django_db_blocker.unblock(), override_settings(ERASURES_FILE=erasures):
        build()
        rows = database_copy()
        call_command("flush", interactive=False, verbosity=0)
    return rows
