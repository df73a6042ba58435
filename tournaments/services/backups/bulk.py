"""Rows of a restore written many at once, every rule still checked.

Each row's own fields are checked in Python (``full_clean`` without the unique and constraint
checks, which would ask the database once a row for each constraint); then the rows are written
in one statement, in a savepoint, and the database's own constraints (every ``Meta.constraints``,
unique field and unique set is one) refuse a row that breaks one. Only then, on a file already
refused, is each row checked again as entry checks it, one at a time and in the file's order, to
say which rule it breaks in that rule's own words; the savepoint keeps none of it.

So a sound file costs a few statements a table, however many rows it holds, and a broken one is
refused in the same words as when each row was checked before it was written.
"""

from collections.abc import Callable, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

Refusal = Callable[[int, Exception], Exception]


def _relations(model) -> list[str]:
    """The row's links to other rows: the restore made or found each of them itself."""
    return [f.name for f in model._meta.concrete_fields if f.is_relation]


def rows_fields_check(rows: Sequence, *, exclude=(), refuse: Refusal | None = None) -> None:
    """Each row's fields and its own ``clean``, in Python: no query."""
    if not rows:
        return
    skipped = {*exclude, *_relations(type(rows[0]))}
    for index, row in enumerate(rows):
        try:
            row.full_clean(exclude=skipped, validate_unique=False, validate_constraints=False)
        except ValidationError as error:
            if refuse is None:
                raise
            raise refuse(index, error) from None


def rows_create(
    rows: Sequence, *, exclude=(), refuse: Refusal | None = None, broken: Refusal | None = None
) -> list:
    """Write ``rows`` (of one model) at once, each with its id (as ``bulk_create`` gives it), when
    every rule holds; else refused by the first row in the file's order that breaks one, as its
    ``full_clean(exclude=exclude)`` says it (through ``refuse(index, error)`` when given), or by the
    database's own words when no check in Python finds it (through ``broken(index, error)`` when
    given, ``index`` the first row the database refuses)."""
    rows = list(rows)
    if not rows:
        return rows
    rows_fields_check(rows, exclude=exclude, refuse=refuse)
    model = type(rows[0])
    try:
        with transaction.atomic():
            return model.objects.bulk_create(rows)
    except IntegrityError as error:
        refused = error
    _rows_refused(rows, exclude=exclude, refuse=refuse, broken=broken)
    raise refused


def _rows_refused(rows: list, *, exclude, refuse: Refusal | None, broken: Refusal | None) -> None:
    """Each row checked and written in turn, as entry does, in a savepoint always undone: raises
    the first row's refusal in words (and returns when none is found)."""

    class Undone(Exception):
        pass

    try:
        with transaction.atomic():
            for index, row in enumerate(rows):
                try:
                    row.full_clean(exclude=exclude)
                except ValidationError as error:
                    if refuse is None:
                        raise
                    raise refuse(index, error) from None
                try:
                    with transaction.atomic():
                        row.save(force_insert=True)
                except IntegrityError as error:
                    if broken is None:
                        break
                    raise broken(index, error) from None
            raise Undone
    except Undone:
        pass
