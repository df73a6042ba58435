"""What a member sees published: their full name, their initials or "A player" on the pages anyone
may open (results, the club's index, player pages, the room display, the exported site); guests as
"A player" unless the club publishes them; the club's organisers see every name whole."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Club, Drive, Event, Member, names_for_public, names_in_full, person_name
from tournaments.services.season.site_export import site_export

JOAN, HAROLD = 3, 4


@pytest.fixture
def demo(db):
    call_command("demo")
    Member.objects.filter(pk=JOAN).update(published_as=Member.Published.INITIALS)
    Member.objects.filter(pk=HAROLD).update(published_as=Member.Published.HIDDEN)
    return Club.objects.get()


def _public_pages(club) -> dict[str, str]:
    tuesday = Event.objects.filter(name="Tuesday Pairs", published=True).order_by("date").first()
    village = Drive.objects.get(name="Saturday Village Drive")
    return {
        "results": reverse("tournaments:results", args=[tuesday.pk]),
        "room": reverse("tournaments:event-room", args=[tuesday.pk]),
        "index": reverse("tournaments:club-results", args=[club.slug]),
        "joan": reverse("tournaments:player", args=[JOAN]),
        "drive": reverse("tournaments:drive-results", args=[village.pk]),
        "drive-room": reverse("tournaments:drive-room", args=[village.pk]),
    }


def test_the_public_reads_initials_and_a_player_and_no_link_to_a_hidden_page(demo, client):
    pages = {name: client.get(url).content.decode() for name, url in _public_pages(demo).items()}
    for name, html in pages.items():
        assert "Bellamy" not in html and "Bickerstaff" not in html, name
    assert f'<a href="/players/{JOAN}/">J. B.</a> &amp; A player' in pages["results"]
    assert "J. B." in pages["room"] and "A player" in pages["room"]
    assert "<h1>J. B.</h1>" in pages["joan"]
    assert f'href="/players/{HAROLD}/"' not in "".join(pages.values())
    assert f'href="/players/{JOAN}/"' in pages["results"] and f'href="/players/{JOAN}/"' in pages["index"]
    assert client.get(reverse("tournaments:player", args=[HAROLD])).status_code == 404


def test_the_clubs_organisers_read_every_name_whole(demo, client, django_user_model):
    client.force_login(django_user_model.objects.get(username="organiser"))
    pages = {name: client.get(url).content.decode() for name, url in _public_pages(demo).items()}
    assert f'">Joan Bellamy</a> &amp; <a href="/players/{HAROLD}/">Harold Bickerstaff</a>' in pages["results"]
    assert "<h1>Joan Bellamy</h1>" in pages["joan"]
    assert "Nora Guest" in pages["drive"]
    assert client.get(reverse("tournaments:player", args=[HAROLD])).status_code == 200


def test_another_clubs_organiser_reads_them_as_the_public_does(demo, client, make_organiser, make_club):
    client.force_login(make_organiser(username="elsewhere", clubs=[make_club(name="Other Club")]))
    html = client.get(_public_pages(demo)["results"]).content.decode()
    assert ">J. B.</a> &amp; A player" in html and "Bellamy" not in html


def test_guests_are_a_player_unless_the_club_publishes_them(demo, client):
    drive = _public_pages(demo)["drive"]
    assert demo.guests_published is False  # a club's default
    html = client.get(drive).content.decode()
    assert "Nora Guest" not in html and "Albert Guest" not in html and "A player" in html
    Club.objects.filter(pk=demo.pk).update(guests_published=True)
    assert "Nora Guest" in client.get(drive).content.decode()


def test_the_exported_site_publishes_as_the_members_chose(demo, tmp_path):
    export = site_export(directory=tmp_path)
    text = "".join(p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.html"))
    assert "Bellamy" not in text and "Bickerstaff" not in text and "J. B." in text
    assert not (tmp_path / "players" / str(HAROLD)).exists()
    assert (tmp_path / "players" / str(JOAN)).exists()
    assert f"/players/{HAROLD}/" not in export.skipped


def test_names_are_whole_again_for_the_next_reader(demo, client):
    client.get(_public_pages(demo)["results"])
    assert person_name(Member.objects.get(pk=JOAN)) == "Joan Bellamy"  # a command, a tablet, a paper
    names_for_public(demo)
    try:
        assert person_name(Member.objects.get(pk=HAROLD)) == "A player"
    finally:
        names_in_full()


def test_the_organiser_site_offers_the_choice(demo, client, django_user_model):
    client.force_login(django_user_model.objects.get(username="organiser"))
    html = client.get(f"/admin/tournaments/member/{JOAN}/change/").content.decode()
    assert 'name="published_as"' in html and "Initials (J. B.)" in html
    club = client.get(f"/admin/tournaments/club/{demo.pk}/change/").content.decode()
    assert 'name="guests_published"' in club


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_backup_keeps_each_members_choice_and_the_clubs(demo):
    import json

    from tournaments.services.backups.club import club_backup_chunks
    from tournaments.services.backups.club_restore import club_backup_restore

    Club.objects.filter(pk=demo.pk).update(guests_published=True)
    written = json.loads("".join(club_backup_chunks(Club.objects.all())))
    call_command("flush", interactive=False)
    club_backup_restore(written)
    assert Club.objects.get().guests_published is True
    assert Member.objects.get(pk=JOAN).published_as == Member.Published.INITIALS
    assert Member.objects.get(pk=HAROLD).published_as == Member.Published.HIDDEN
    assert Member.objects.get(pk=5).published_as == Member.Published.FULL


# Emptied as a new laptop's database is (manage.py flush), outside a test's transaction: PostgreSQL
# will not empty tables with checks still pending in one.
@pytest.mark.django_db(transaction=True)
def test_a_backup_from_before_the_choices_publishes_names_in_full(demo):
    import json

    from tournaments.services.backups.club import club_backup_chunks
    from tournaments.services.backups.club_restore import club_backup_restore

    older = json.loads("".join(club_backup_chunks(Club.objects.all())))
    for club in older["clubs"]:
        del club["guests_published"]
        for member in club["members"]:
            del member["published_as"]
    call_command("flush", interactive=False)
    club_backup_restore(older)
    assert Member.objects.get(pk=JOAN).published_as == Member.Published.FULL
    assert Club.objects.get().guests_published is False
