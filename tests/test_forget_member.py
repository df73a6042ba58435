"""A member forgotten at their request: the demo's Joan Bellamy (member 3) leaves no "Bellamy" in
any page, PDF, CSV, JSON, trail line or new backup, every result stays as it was, and restoring an
older backup forgets her again."""

import io
import json
import re
from html import unescape

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import AuditLine, Drive, Erasure, Event, Member, ResultMail
from tournaments.services import ServiceError, drives
from tournaments.services.backups.club import club_backup_chunks
from tournaments.services.backups.club_restore import club_backup_restore
from tournaments.services.core.members import erasure_mark, erasures_in_file, member_forget
from tournaments.services.season.mail import results_queue

from .crawl import body_of, in_the_pack, pdf_text

JOAN = 3
CRAWLED = ("/", "/events/", "/drives/", "/players/", "/clubs/", "/t/", "/d/", "/m/")
NOT_FOLLOWED = ("/logout", "/send", "/publish", "/close", "/start", "/unlock", "/remove")


def _text(response) -> str:
    kind = response.get("Content-Type", "")
    body = body_of(response)
    if kind.startswith("application/pdf"):
        return pdf_text(body)
    if "gzip" in kind:
        import gzip

        body = gzip.decompress(body)
    return body.decode("utf-8", "replace")


def _crawl(client, starts: list[str], limit: int = 3000) -> dict[str, str]:
    """Every page reachable from ``starts`` by GET within the site's public and organiser pages
    (an evening's printed documents through its pack, which the starts give: ``in_the_pack``)."""
    seen: dict[str, str] = {}
    queue = list(starts)
    while queue and len(seen) < limit:
        url = queue.pop()
        if url in seen:
            continue
        response = client.get(url)
        if response.status_code != 200:
            seen[url] = ""
            continue
        text = _text(response)
        seen[url] = text
        if "text/html" in response.get("Content-Type", ""):
            for link in re.findall(r'href="(/[^"#]*)"', text):
                link = unescape(link)
                if (
                    link.startswith(CRAWLED[1:])
                    and not any(word in link for word in NOT_FOLLOWED)
                    and not in_the_pack(link)
                ):
                    queue.append(link)
    return seen


def _starts() -> list[str]:
    club = Member.objects.get(pk=JOAN).club
    starts = ["/", f"/clubs/{club.slug}/results/", f"/clubs/{club.slug}/competitions/", f"/players/{JOAN}/"]
    for event in Event.objects.all():
        starts += [f"/events/{event.pk}/{page}" for page in ("", "run/", "results/", "results.csv", "room/")]
        starts.append(f"/events/{event.pk}/print/pack.pdf")  # every document the event prints
    for drive in Drive.objects.all():
        starts += [f"/drives/{drive.pk}/{page}" for page in ("", "results/", "room/", "live/")]
        starts += [f"/drives/{drive.pk}/print/{doc}.pdf" for doc in drives.drive_documents(drive)]
    return starts


def _json_outputs() -> dict[str, dict]:
    outputs = {}
    for event in Event.objects.order_by("pk"):
        out = io.StringIO()
        try:
            call_command("results", event.pk, "--format", "json", stdout=out)
        except CommandError:
            continue  # an evening not scored yet
        outputs[f"event {event.pk}"] = json.loads(out.getvalue())
    for drive in Drive.objects.order_by("pk"):
        out = io.StringIO()
        call_command("drive_state", drive.pk, "--format", "json", stdout=out)
        outputs[f"drive {drive.pk}"] = json.loads(out.getvalue())
    return outputs


def _without_names(value, names: set[str]):
    """The output with every name left out: what must not change when a member is forgotten."""
    if isinstance(value, dict):
        return {k: _without_names(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_names(v, names) for v in value]
    if isinstance(value, str):
        for name in names:
            value = value.replace(name, "NAME")
        return value
    return value


@pytest.fixture
def demo(db):
    call_command("demo")
    return Member.objects.get(pk=JOAN)


def test_the_demos_member_3_is_joan_bellamy(demo):
    assert str(demo) == "Joan Bellamy"
    assert AuditLine.objects.filter(detail__contains="Bellamy").count() == 14


def test_forgetting_joan_leaves_no_bellamy_in_any_output_and_every_result_unchanged(
    demo, client, django_user_model
):
    organiser = django_user_model.objects.get(username="organiser")
    for event in Event.objects.filter(published=True):
        results_queue(evening=event)
    assert ResultMail.objects.filter(member=demo).exists()
    before = _json_outputs()
    member_forget(member=demo, reason="asked by letter on 2 November", user=organiser)

    after = _json_outputs()
    names = {"Joan Bellamy", "Former member 3"}
    assert json.dumps(after).count("Bellamy") == 0
    assert _without_names(after, names) == _without_names(before, names)
    assert "Former member 3" in json.dumps(after)

    pages = _crawl(client, _starts())  # the public's
    client.force_login(organiser)
    organiser_pages = _crawl(client, _starts() + ["/clubs/ribble-valley-whist-club/backup/"])
    assert len(organiser_pages) > 100
    named = [url for url, text in {**pages, **organiser_pages}.items() if "Bellamy" in text]
    assert named == []
    assert any("Former member 3" in text for text in organiser_pages.values())
    assert any(url.endswith(".pdf") and "Former member 3" in text for url, text in organiser_pages.items())
    assert client.get(f"/players/{JOAN}/").status_code == 404

    assert not AuditLine.objects.filter(detail__contains="Bellamy").exists()
    assert AuditLine.objects.filter(detail="entered Former member 3 & Harold Bickerstaff").count() >= 5
    said = AuditLine.objects.get(action=AuditLine.Action.FORGOTTEN, event=None, drive=None, night=None)
    assert said.detail == "member 3 forgotten at their request: asked by letter on 2 November"
    assert not ResultMail.objects.filter(member=demo).exists()
    assert not ResultMail.objects.filter(body__contains="Bellamy").exists()
    backup = "".join(club_backup_chunks(Member.objects.get(pk=JOAN).club.__class__.objects.all()))
    assert "Bellamy" not in backup and "joan.bellamy" not in backup
    assert erasure_mark(demo.club.key, JOAN) in json.loads(backup)["erasures"]


def test_her_name_typed_as_a_guest_is_forgotten_too(demo):
    from tournaments.models import DrivePlayer

    guest = DrivePlayer.objects.filter(guest="Nora Guest").get()
    DrivePlayer.objects.filter(pk=guest.pk).update(guest="Joan Bellamy")
    member_forget(member=demo, reason="asked")
    assert DrivePlayer.objects.get(pk=guest.pk).guest == "Former member 3"


def test_a_forgotten_member_is_refused_a_second_time_in_words(demo):
    member_forget(member=demo, reason="asked")
    with pytest.raises(ServiceError, match="Former member 3 was already forgotten on"):
        member_forget(member=demo, reason="asked again")


def test_forgetting_needs_a_reason(demo):
    with pytest.raises(ServiceError, match="Say why the member is forgotten"):
        member_forget(member=demo, reason="   ")
    assert Member.objects.get(pk=JOAN).forgotten_at is None


@pytest.mark.parametrize(
    "args, said",
    [
        (["999", "--reason", "asked"], "There is no member 999."),
        (["3", "--reason", ""], "Say why the member is forgotten"),
    ],
)
def test_the_command_refuses_in_words(demo, args, said):
    with pytest.raises(CommandError, match=said):
        call_command("forget_member", *args)


def test_the_command_forgets_and_says_so(demo):
    out = io.StringIO()
    call_command("forget_member", "3", "--reason", "asked in person", stdout=out)
    assert "shown as Former member 3" in out.getvalue()
    with pytest.raises(CommandError, match="already forgotten"):
        call_command("forget_member", "3", "--reason", "again")


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_restoring_an_older_backup_forgets_her_again(demo, erasures_file):
    older = json.loads("".join(club_backup_chunks(demo.club.__class__.objects.all())))
    assert "Bellamy" in json.dumps(older)
    member_forget(member=demo, reason="asked")
    assert erasures_in_file() == {erasure_mark(demo.club.key, JOAN)}
    call_command("flush", interactive=False)
    assert not Erasure.objects.exists()  # the database is emptied; the data folder's file stays

    clubs = club_backup_restore(older)

    assert clubs[0].forgotten_again == 1
    joan = Member.objects.get(pk=JOAN)
    assert str(joan) == "Former member 3" and joan.email == "" and joan.forgotten_at is not None
    assert joan.active is False
    assert not AuditLine.objects.filter(detail__contains="Bellamy").exists()
    assert Erasure.objects.count() == 1
    restored = AuditLine.objects.get(action=AuditLine.Action.RESTORED)
    assert restored.detail.endswith("; 1 member forgotten again")
    assert "Bellamy" not in "".join(club_backup_chunks(joan.club.__class__.objects.all()))


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_backup_carries_the_register_to_a_new_data_folder(demo, erasures_file):
    member_forget(member=demo, reason="asked")
    written = json.loads("".join(club_backup_chunks(demo.club.__class__.objects.all())))
    call_command("flush", interactive=False)
    erasures_file.unlink()  # a new laptop: no register in its data folder
    clubs = club_backup_restore(written, without_erasures=True)
    assert clubs[0].forgotten_again == 0  # she is already forgotten in the file
    assert erasures_in_file() == {erasure_mark(demo.club.key, JOAN)}


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_backup_from_before_the_register_restores(demo):
    older = json.loads("".join(club_backup_chunks(demo.club.__class__.objects.all())))
    del older["erasures"]
    for member in older["clubs"][0]["members"]:
        del member["published_as"], member["forgotten_at"]
    call_command("flush", interactive=False)
    club_backup_restore(older)
    assert str(Member.objects.get(pk=JOAN)) == "Joan Bellamy"


def _forgotten_again_lines() -> int:
    return AuditLine.objects.filter(
        detail="Former member 3 forgotten again (the register of erasures)"
    ).count()


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_change_of_the_clubs_address_does_not_bring_her_back(demo, django_user_model):
    from tournaments.services.core.clubs import club_save

    older = json.loads("".join(club_backup_chunks(demo.club.__class__.objects.all())))
    club = demo.club
    club.slug = "ribble-valley"
    club_save(club=club, changed=["slug"])
    member_forget(member=Member.objects.get(pk=JOAN), reason="asked")
    call_command("flush", interactive=False)

    clubs = club_backup_restore(older)

    assert clubs[0].slug == "ribble-valley-whist-club" and clubs[0].forgotten_again == 1
    assert str(Member.objects.get(pk=JOAN)) == "Former member 3"
    assert _forgotten_again_lines() > 0
    assert not AuditLine.objects.filter(detail__contains="Bellamy").exists()


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("before_keys", [True, False])
def test_a_mark_written_by_the_clubs_address_before_keys_still_forgets_her(demo, erasures_file, before_keys):
    older = json.loads("".join(club_backup_chunks(demo.club.__class__.objects.all())))
    if before_keys:
        del older["clubs"][0]["key"]
    erasures_file.write_text(
        json.dumps({"format": "whistdrive-erasures", "erasures": [erasure_mark(demo.club.slug, JOAN)]})
    )
    call_command("flush", interactive=False)

    clubs = club_backup_restore(older)

    # A backup from before keys gives the club its address as its key, as the migration did.
    assert clubs[0].key == ("ribble-valley-whist-club" if before_keys else demo.club.key) != ""
    assert clubs[0].forgotten_again == 1
    assert str(Member.objects.get(pk=JOAN)) == "Former member 3"


def _rows() -> dict[str, int]:
    from tournaments.models import Club

    return {model.__name__: model.objects.count() for model in (Club, Member, Event, AuditLine, Erasure)}


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_new_computers_data_folder_asks_for_the_register_before_it_restores(demo, erasures_file, tmp_path):
    backup = tmp_path / "club.json.gz"
    call_command("backup", str(backup), stderr=io.StringIO())
    member_forget(member=demo, reason="asked")
    old_computers = tmp_path / "old-computer" / "erasures.json"
    old_computers.parent.mkdir()
    old_computers.write_bytes(erasures_file.read_bytes())
    call_command("flush", interactive=False)
    erasures_file.unlink()  # the new computer's data folder has no register
    before = _rows()

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(backup), stdout=io.StringIO())

    said = str(refused.value)
    assert "This data folder has no register of erasures" in said
    assert "Copy erasures.json from the old computer's data folder (whistdrive where shows it)" in said
    assert "--erasures PATH" in said and "--without-erasures" in said
    assert _rows() == before and sum(before.values()) == 0
    assert not erasures_file.exists()

    out = io.StringIO()
    call_command("restore", str(backup), "--erasures", str(old_computers), stdout=out)
    assert "Forgotten again, from the register of erasures: 1 member(s)." in out.getvalue()
    assert str(Member.objects.get(pk=JOAN)) == "Former member 3"
    assert _forgotten_again_lines() > 0
    assert erasures_in_file() == {erasure_mark(demo.club.key, JOAN)}  # the new folder has it now

    call_command("flush", interactive=False)
    erasures_file.unlink()
    out = io.StringIO()
    call_command("restore", str(backup), "--without-erasures", stdout=out)
    assert "Restored without a register of erasures, as you chose" in out.getvalue()
    assert "back under their own name" in out.getvalue()
    assert str(Member.objects.get(pk=JOAN)) == "Joan Bellamy"
    restored = AuditLine.objects.get(action=AuditLine.Action.RESTORED)
    assert restored.detail.endswith("; without the register of erasures, by the organiser's choice")
    assert erasures_file.exists()  # the folder has its register from now on, if an empty one


@pytest.mark.parametrize(
    "given",
    [
        b"not json",
        b'{"format": "whistdrive-backup"}',
        b'{"format": "whistdrive-erasures", "erasures": ["x"]}',
    ],
)
def test_what_is_not_a_register_of_erasures_is_refused_in_words(db, tmp_path, given):
    backup, register = tmp_path / "club.json", tmp_path / "erasures.json"
    backup.write_text("{}")
    register.write_bytes(given)
    with pytest.raises(CommandError, match="is not a register of erasures: give the erasures.json"):
        call_command("restore", str(backup), "--erasures", str(register))


def test_a_restore_into_a_folder_with_its_register_needs_no_choice(db, erasures_file):
    from tournaments.services.backups.club_restore import club_restore_register_check

    club_restore_register_check(given=False, without_erasures=False)  # refuses nothing
    erasures_file.unlink()
    with pytest.raises(ServiceError, match="no register of erasures"):
        club_restore_register_check(given=False, without_erasures=False)


def test_member_data_writes_everything_held_about_her(demo):
    for event in Event.objects.filter(published=True):
        results_queue(evening=event)
    out = io.StringIO()
    call_command("member_data", "3", stdout=out)
    data = json.loads(out.getvalue())
    assert data["member"]["email"] == "joan.bellamy@example.org"
    assert {e["kind"] for e in data["evenings"]} == {"event", "drive", "night"}
    assert data["results"] and all(r["place"] and r["score"] for r in data["results"])
    assert any("Harold Bickerstaff" in r["partners"] for r in data["results"])
    assert data["emails"] and all(m["to"] == "joan.bellamy@example.org" for m in data["emails"])
    assert len([line for line in data["trail"] if "Joan Bellamy" in line["detail"]]) == 14


def test_the_organiser_site_forgets_after_asking_why(demo, client, django_user_model):
    organiser = django_user_model.objects.get(username="organiser")
    client.force_login(organiser)
    change = client.get(f"/admin/tournaments/member/{JOAN}/change/").content.decode()
    assert f"/admin/tournaments/member/{JOAN}/forget/" in change
    page = client.get(f"/admin/tournaments/member/{JOAN}/forget/").content.decode()
    assert "Former member 3" in page and 'name="reason"' in page
    assert "restoring on another computer asks for it" in page
    refused = client.post(f"/admin/tournaments/member/{JOAN}/forget/", {"reason": ""}).content.decode()
    assert "Say why the member is forgotten" in refused
    response = client.post(f"/admin/tournaments/member/{JOAN}/forget/", {"reason": "asked"})
    assert response.status_code == 302
    assert str(Member.objects.get(pk=JOAN)) == "Former member 3"
    data = client.get(f"/admin/tournaments/member/{JOAN}/data/")
    assert data["Content-Disposition"] == 'attachment; filename="member-3-data.json"'
    assert json.loads(data.content)["member"]["last_name"] == "3"


def test_another_clubs_organiser_cannot_forget_her(demo, client, make_organiser, make_club):
    other = make_organiser(username="elsewhere", clubs=[make_club(name="Other Club")])
    client.force_login(other)
    assert client.post(f"/admin/tournaments/member/{JOAN}/forget/", {"reason": "x"}).status_code == 404
    assert client.get(f"/admin/tournaments/member/{JOAN}/data/").status_code == 404
    assert str(Member.objects.get(pk=JOAN)) == "Joan Bellamy"
