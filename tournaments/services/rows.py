"""A row written by a statement made once per model and set of columns.

The ORM compiles every insert and update anew; on a score from a tablet (a result, or its
confirmation, and a line of history) that took longer than the database took to write them. These
two write a model's row as ``save()`` would, field by field as the ORM prepares it (defaults,
``auto_now``, dates in the database's form), for models that no signal listens to.
"""

from functools import cache

from django.db import connection
from django.db.models import Model


def insert(instance: Model) -> None:
    """Insert a new instance (its primary key is set), as ``instance.save()`` would."""
    meta = type(instance)._meta
    fields = _insert_fields(type(instance))
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(_insert_statement(type(instance)), values)
        if connection.features.can_return_columns_from_insert:
            key = cursor.fetchone()[0]
        else:  # SQLite before 3.35
            key = connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
    setattr(instance, meta.pk.attname, key)
    instance._state.adding = False
    instance._state.db = connection.alias


def update(instance: Model, field_names: tuple[str, ...]) -> None:
    """Write these fields of a stored instance, as ``instance.save(update_fields=...)`` would."""
    statement, fields = _update_statement(type(instance), field_names)
    values = [field.get_db_prep_save(field.pre_save(instance, False), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(statement, [*values, instance.pk])


@cache
def _insert_fields(model) -> tuple:
    return tuple(field for field in model._meta.local_concrete_fields if field is not model._meta.auto_field)


@cache
def _insert_statement(model) -> str:
    quote = connection.ops.quote_name
    fields = _insert_fields(model)
    statement = (
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if connection.features.can_return_columns_from_insert:
        statement += f" RETURNING {quote(model._meta.pk.column)}"
    return statement


@cache
def _update_statement(model, field_names: tuple[str, ...]) -> tuple[str, tuple]:
    """The statement, and the fields whose values it takes in order."""
    quote, meta = connection.ops.quote_name, model._meta
    fields = tuple(meta.get_field(name) for name in field_names)
    columns = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    return f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s", fields
