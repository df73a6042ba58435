"""manage.py export_site: the public pages as static files whose every link opens a file of the copy."""

import re
from io import StringIO
from pathlib import Path

from django.core.management import call_command

from tournaments.models import Club, Drive, DuelNight, Event, Member

LINK = re.compile(r'(?:href|src)="([^"]*)"')


def _broken_links(directory: Path) -> list[str]:
    broken = []
    for page in directory.rglob("*.html"):
        for url in LINK.findall(page.read_text()):
            if url.startswith(("http://", "https://", "mailto:", "#")):
                continue
            target = (page.parent / url.split("#")[0]).resolve()
            if url.startswith("/") or not target.is_file() or directory.resolve() not in target.parents:
                broken.append(f"{page.relative_to(directory)}: {url}")
    return broken


def test_the_demo_clubs_pages_are_written_with_links_between_the_files(db, tmp_path):
    call_command("demo")
    call_command("export_site", str(tmp_path))
    club = Club.objects.get()
    autumn = Event.objects.get(name="Autumn Pairs")
    saturday = Drive.objects.get(name="Saturday Village Drive")
    joan = Member.objects.get(first_name="Joan", last_name="Bellamy")
    night = DuelNight.objects.get(published=True)
    for name in (
        f"clubs/{club.slug}/results/index.html",
        f"events/{autumn.pk}/results/index.html",
        f"events/{autumn.pk}/results/boards/1/index.html",
        f"events/{autumn.pk}/results/pairs/ns/1/index.html",
        f"drives/{saturday.pk}/results/index.html",
        f"two-player/{night.pk}/results/index.html",
        f"two-player/{night.pk}/results.csv",
        f"players/{joan.pk}/index.html",
        "static/whistdrive.css",
    ):
        assert (tmp_path / name).is_file(), name
    index = (tmp_path / f"clubs/{club.slug}/results/index.html").read_text()
    assert f'href="../../../events/{autumn.pk}/results/index.html"' in index
    assert 'href="../../../static/whistdrive.css"' in index
    assert _broken_links(tmp_path) == []
    unpublished = Event.objects.get(status="ready")
    assert not (tmp_path / f"events/{unpublished.pk}").exists()
    assert "Joan Bellamy" in (tmp_path / f"players/{joan.pk}/index.html").read_text()
    # The folder's own index opens the club's results, so an uploaded folder shows no file listing.
    top = (tmp_path / "index.html").read_text()
    assert f'url=clubs/{club.slug}/results/index.html"' in top and club.name in top


def test_a_long_index_is_written_page_by_page(club, make_played_event, tmp_path, monkeypatch):
    from datetime import date, timedelta

    from tournaments.views.season import players

    monkeypatch.setattr(players, "RESULTS_A_PAGE", 2)
    for n in range(3):
        make_played_event(club, name=f"Night {n}", day=date(2026, 10, 1) + timedelta(n))
    call_command("export_site", str(tmp_path), "--club", club.slug)
    second = tmp_path / f"clubs/{club.slug}/results/index-page-2.html"
    assert second.is_file() and "Night 0" in second.read_text()
    assert _broken_links(tmp_path) == []


def test_a_club_that_keeps_its_pages_to_members_is_left_out(club, make_played_event, tmp_path):
    make_played_event(club)
    club.members_only = True
    club.save()
    call_command("export_site", str(tmp_path))
    assert not (tmp_path / "clubs").exists() and not (tmp_path / "players").exists()


def test_several_clubs_are_listed_at_the_top_and_a_members_only_one_is_not(
    club, make_club, make_played_event, tmp_path
):
    other = make_club(name="Pendle Whist Circle")
    private = make_club(name="Quiet Club")
    for each in (club, other, private):
        make_played_event(each)
    private.members_only = True
    private.save()
    call_command("export_site", str(tmp_path), stdout=StringIO())
    top = (tmp_path / "index.html").read_text()
    assert "http-equiv" not in top
    assert f'href="clubs/{club.slug}/results/index.html"' in top
    assert f'href="clubs/{other.slug}/results/index.html"' in top and "Quiet Club" not in top
    assert _broken_links(tmp_path) == []
