"""The models and the migrations say the same thing: a change to a model comes with its migration."""

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit:
        pytest.fail("A model changed without its migration:\n" + out.getvalue())
