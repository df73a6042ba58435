"""The county's administrator makes and withdraws the halls' keys: by command and in the Django
admin, the key shown once and kept only as its hash; an organiser cannot reach them."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import AuditLine, CountyKey
from tournaments.services.county.keys import county_key_find, key_digest

ADD = "/admin/tournaments/countykey/add/"
LIST = "/admin/tournaments/countykey/"


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", password="secret-pass-123")


def _made(out: str) -> str:
    return re.search(r"wdc_[\w-]+", out).group(0)


def test_the_command_makes_a_key_printed_once_and_kept_only_as_its_hash(club):
    out = StringIO()
    call_command("county_key", "make", "--club", club.slug, stdout=out)
    secret = _made(out.getvalue())
    [key] = CountyKey.objects.all()
    assert key.club == club and key.digest == key_digest(secret) and secret not in str(key.__dict__)
    assert county_key_find(secret) == key
    assert club.changes.filter(action=AuditLine.Action.COUNTY_KEY, detail__endswith="made").count() == 1


def test_the_command_withdraws_a_key_by_its_first_letters_once(club):
    out = StringIO()
    call_command("county_key", "make", "--club", club.slug, stdout=out)
    key = CountyKey.objects.get()
    call_command("county_key", "withdraw", key.prefix, stdout=StringIO())
    key.refresh_from_db()
    assert key.withdrawn_at is not None
    with pytest.raises(CommandError, match="was already withdrawn"):
        call_command("county_key", "withdraw", key.prefix)


def test_the_command_refuses_a_club_it_does_not_know(db):
    with pytest.raises(CommandError, match="Give the club by its slug"):
        call_command("county_key", "make", "--club", "nowhere")


def test_the_admin_makes_a_key_and_shows_it_once(client, boss, club):
    client.force_login(boss)
    response = client.post(ADD, {"club": club.pk}, follow=True)
    secret = _made(response.content.decode())
    assert county_key_find(secret).club == club
    assert secret not in client.get(LIST).content.decode()


def test_the_admin_withdraws_the_chosen_keys(client, boss, club):
    call_command("county_key", "make", "--club", club.slug, stdout=StringIO())
    key = CountyKey.objects.get()
    client.force_login(boss)
    client.post(LIST, {"action": "withdraw", "_selected_action": [key.pk]})
    key.refresh_from_db()
    assert key.withdrawn_at is not None


def test_an_organiser_cannot_reach_the_keys(client, organiser, club):
    client.force_login(organiser)
    assert client.get(LIST).status_code == 403
    assert client.post(ADD, {"club": club.pk}).status_code == 403
    assert not CountyKey.objects.exists()
