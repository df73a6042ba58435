"""Every text field of every model, and every file in the data folder, is declared once: rewritten
when a member is forgotten, or holding no name and why (``services.core.forgetting``). A new text
field left out fails here, by its model and name."""

import sys
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Permission

from tournaments.services.core.forgetting import FILES, ORGANISERS, PARTS, text_fields, undeclared

MODELS = list(apps.get_app_config("tournaments").get_models())


def test_every_text_field_of_every_model_is_rewritten_or_declared_nameless():
    assert undeclared(MODELS + [ORGANISERS[0]]) == []


def test_a_text_field_nobody_declared_is_named():
    assert undeclared([Permission]) == ["auth.Permission.name", "auth.Permission.codename"]


def test_the_declaration_names_only_text_fields_that_exist_each_once():
    seen = set()
    for part in PARTS:
        for model, named in part.named.items():
            fields = {f.name for f in text_fields(model)}
            assert set(named.fields) <= fields, (model, named.fields)
            for lookup in named.club:  # each reaches the club: the query compiles
                str(model.objects.filter(**{lookup: 1}).query)
            seen |= {(model, name) for name in named.fields}
        for model, reasons in part.nameless.items():
            fields = {f.name for f in text_fields(model)}
            assert set(reasons) <= fields, (model, set(reasons) - fields)
            assert all(reason.strip() for reason in reasons.values()), model
            both = seen & {(model, name) for name in reasons}
            assert not both, both
            seen |= {(model, name) for name in reasons}


def test_each_part_with_evenings_finds_those_a_member_played():
    for part in PARTS:
        assert (part.evening is None) == (part.played is None), part.evening


def _under(value, folder: Path) -> bool:
    return Path(value).is_absolute() and Path(value).resolve().is_relative_to(folder)


def test_every_file_or_folder_in_the_data_folder_is_declared():
    data = Path(settings.DATA_DIR).resolve()
    # A checkout is its own data folder, and its .venv is in it: the packages' files are no data.
    packages = Path(sys.prefix).resolve()
    places = {
        name
        for name in dir(settings)
        if name.isupper()
        and isinstance(getattr(settings, name), (str, Path))
        and _under(getattr(settings, name), data)
        and not _under(getattr(settings, name), packages)
        and Path(getattr(settings, name)).resolve() != data
    }
    assert {"EMAIL_FILE_PATH", "BACKUP_DIR", "STATIC_ROOT"} <= places
    assert places <= set(FILES), places - set(FILES)
    assert all(name in FILES for name in ("ERASURES_FILE", "CACHES", "DATABASES", "site_export"))
