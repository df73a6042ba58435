"""A member forgotten everywhere their name can be: a two-player night they played (its correction
reasons, a guest entry typed before they joined, its trail), the organiser's word to a table, the
reason given for forgetting them, and the copies of e-mails in the data folder's sent-mail/. The
database, as ``manage.py dumpdata`` writes it, and the data folder keep no form of their name."""

import io
import json
import random
from datetime import date

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.test_duel_nights import play_round
from tournaments.models import AuditLine, DuelDealChange, DuelMatch, DuelPlayer, TableCheckIn, TableLink
from tournaments.services import member_create
from tournaments.services.core.members import member_forget
from tournaments.services.duels import duel_deal_correct, duel_night_create, duel_night_start
from tournaments.services.season.mail import results_queue
from tournaments.services.season.member_data import member_data
from tournaments.services.tablets.checkins import check_in_direct

pytestmark = pytest.mark.django_db
FILE_MAIL = "django.core.mail.backends.filebased.EmailBackend"
FORMS = ("Stanley Matthews", "Matthews, Stanley")


def _night(club, players, name="German whist night"):
    return duel_night_create(
        club=club, name=name, date=date(2026, 11, 27), players=players, pairing="swiss", rounds=1, deals=2
    )


@pytest.fixture
def stanley(club):
    # Typed in as a guest at a night before he joined the club.
    _night(club, ["Stanley Matthews", "Player B"], name="Guest night")
    return member_create(club=club, first_name="Stanley", last_name="Matthews", email="stanley@example.org")


@pytest.fixture
def ann(club):
    return member_create(club=club, first_name="Ann", last_name="Smith", email="ann@example.org")


@pytest.fixture
def night(club, stanley):
    """A night he played, one of its deals corrected with his name in the reason."""
    night = _night(club, ["Stanley Matthews", "Player B", "Player C", "Player D"])
    duel_night_start(night=night)
    play_round(night, random.Random(3))
    match = DuelMatch.objects.filter(night=night).order_by("table").first()
    duel_deal_correct(
        night=night, match=match, number=1, tricks_a=7, tricks_b=6, reason="Stanley Matthews misread a card"
    )
    return night


@pytest.fixture
def told(make_event, club):
    """A table told where to go, in words that name him."""
    event = make_event(club)
    link = TableLink.objects.get(event=event, table=1)
    check_in = TableCheckIn.objects.create(link=link, round=1, state="waiting", checked_at=timezone.now())
    return check_in_direct(check_in=check_in, message="Matthews, Stanley: go to table 2")


@pytest.fixture
def sent_mail(settings, tmp_path, make_played_event, club, stanley, ann, django_capture_on_commit_callbacks):
    """With no mail server, each results e-mail of a pairs event he played with Ann is written to
    sent-mail/: his own, and Ann's, which names him as her partner."""
    settings.EMAIL_BACKEND = FILE_MAIL
    settings.EMAIL_FILE_PATH = str(tmp_path / "sent-mail")
    event = make_played_event(club, members=[stanley, ann])
    with django_capture_on_commit_callbacks(execute=True):
        assert results_queue(evening=event) == 2
    return tmp_path / "sent-mail"


def _dumped() -> str:
    out = io.StringIO()
    call_command("dumpdata", "tournaments", "auth", stdout=out)
    return out.getvalue()


def _files(folder) -> str:
    return "".join(
        path.read_bytes().decode("utf-8", "replace") for path in folder.rglob("*") if path.is_file()
    )


def test_forgetting_leaves_no_form_of_his_name_in_the_database_nor_the_data_folder(
    stanley, ann, night, told, sent_mail, erasures_file
):
    copies = _files(sent_mail)
    assert "stanley@example.org" in copies and "with Stanley Matthews" in copies
    assert all(form in _dumped() for form in FORMS)
    alias = f"Former member {stanley.pk}"

    member_forget(member=stanley, reason="asked by Stanley Matthews in a letter signed 'Matthews, Stanley'")

    dumped = _dumped()
    assert not [form for form in FORMS if form in dumped]
    assert "stanley@example.org" not in dumped
    copies = _files(sent_mail)
    assert not [form for form in (*FORMS, "stanley@example.org", "Dear Stanley") if form in copies]
    assert "ann@example.org" in copies and f"with {alias}" in copies  # Ann's copy stays, rewritten
    files = _files(erasures_file.parent)
    assert not [form for form in FORMS if form in files]

    assert DuelDealChange.objects.get(action="corrected").reason == f"{alias} misread a card"
    assert DuelPlayer.objects.get(night__name="Guest night", number=1).guest == alias
    assert TableCheckIn.objects.get(pk=told.pk).message == f"{alias}: go to table 2"
    assert night.changes.filter(action=AuditLine.Action.FORGOTTEN, detail=f"{alias} forgotten").count() == 1
    said = AuditLine.objects.get(action=AuditLine.Action.FORGOTTEN, event=None, drive=None, night=None)
    assert said.detail == (
        f"member {stanley.pk} forgotten at their request: asked by {alias} in a letter signed '{alias}'"
    )


def test_his_member_data_lists_the_two_player_nights_he_played(stanley, night):
    data = member_data(stanley)
    assert {"kind": "night", "id": night.pk} in [{k: e[k] for k in ("kind", "id")} for e in data["evenings"]]
    assert json.dumps(data["evenings"]).count("Guest night") == 0  # a guest then, not the member


def test_forgetting_locks_his_evenings_before_his_row(stanley, night, make_played_drive, club):
    """The lock order (``members._evenings_held``): his evenings' rows, a kind at a time in id order,
    then his own: on PostgreSQL each read FOR (NO KEY) UPDATE, on SQLite (no row locks) in the same order."""
    for n in (1, 2):
        make_played_drive(club, members=[stanley], name=f"Drive {n}")
    with CaptureQueriesContext(connection) as queries:
        member_forget(member=stanley, reason="asked")
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]

    def first(table: str, *words: str) -> int:
        return next(
            i for i, sql in enumerate(reads) if f'FROM "{table}"' in sql and all(w in sql for w in words)
        )

    # The evenings' rows are read for their lock in id order (their ids were found before).
    member = first("tournaments_member", '"tournaments_member"."id" =')
    drive = first("tournaments_drive", 'ORDER BY "tournaments_drive"."id" ASC')
    nights = first("tournaments_duelnight", 'ORDER BY "tournaments_duelnight"."id" ASC')
    assert drive < nights < member
    if connection.vendor == "postgresql":  # SQLite takes no row locks, and says none
        assert all("FOR NO KEY UPDATE" in reads[i] for i in (drive, nights))
        assert 'FOR UPDATE OF "tournaments_member"' in reads[member]
