"""Nothing the public can read names a member more fully than they allow: the demo club crawled by
a visitor who is not logged in, once with every member's name on public pages set to Hidden ("A
player"), once to Initials ("J. B."), the club publishing its guests' names (so that a member's
name kept as a guest's text would show too).

The crawl starts from the home page and from every address of the site filled in with every
evening, competition, league and member of the club (and each printed document's name, board 1),
and follows every link a page it read gives on this site, except into the organiser's site (its
login too) and the static files. It reads whatever answers the visitor: pages, CSVs, JSON and PDFs
(their text, through pypdf); what asks them to log in, or is not found, is not read. The evenings
are the demo's, of every kind it publishes (Mitchell and Howell pairs evenings, compass, an
individual event with a shared seat, Minnesota whist events and drives, progressive drives, team
nights in points and in rubbers, a widow whist series, a two-player night), a drive of each other
format (semi-partner, winners move, partner, individual with a shared seat) played and published,
and a league the club plays in. The whole crawl is done, every page of every evening (some 900
answers a pass; the two passes take 30 to 75 s on SQLite, by how busy the machine is), and the
static export (``export_site``) is written and every file of it read.

No member's whole name may show, as "Joan Bellamy" or "Bellamy, Joan" (``name_forms``, the forms
the code writes a name in), in any case and whatever stands between its words (spaces, a line
break, markup).
"""

import html
import json
import re
from datetime import date
from io import StringIO
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import Resolver404, URLPattern, resolve, reverse

from tournaments import urls as site_urls
from tournaments.models import Club, Competition, Drive, DuelNight, Event, League, Member
from tournaments.pdf import DOCUMENTS, DRIVE_DOCUMENTS, INDIVIDUAL_DOCUMENTS
from tournaments.print_data import NIGHT_DOCUMENTS
from tournaments.services import drives
from tournaments.services.core.members import name_forms
from tournaments.services.core.rooms import ROOM_KEY, room_display_put_up
from tournaments.services.kinds import kind_of

from .crawl import body_of, pdf_text
from .leagues import make_league

LINK = re.compile(r'(?:href|src|data-[\w-]*url)="([^"]*)"')
TAG = re.compile(r"<[^>]+>")
BETWEEN_WORDS = re.compile(r"\s+")
NOT_FOLLOWED = ("/admin/", "/static/")  # the organiser's site and its login; the style sheets
TYPES = {".html": "text/html", ".csv": "text/csv", ".json": "application/json", ".pdf": "application/pdf"}
# Every kind of output the public may read: a crawl that missed one would prove nothing about it.
READ_BY_ANYONE = {
    "home",
    "club-results",
    "competitions",
    "competition",
    "competition-csv",
    "competition-pdf",
    "results",
    "results-csv",
    "results-board",
    "results-double-dummy",
    "results-pair",
    "results-player",
    "board",
    "event-room",
    "drive-results",
    "drive-room",
    "duel-room",
    "team-night-csv",
    "widow-results-csv",
    "widow-results-json",
    "duel-results",
    "duel-results-csv",
    "duel-results-json",
    "leagues",
    "league",
    "league-fixtures",
    "league-results",
    "league-match",
}


def _text(content_type: str, body: bytes) -> str:
    """What a reader reads of an answer: a page's markup and its text, a CSV, every key and value
    of a JSON, a PDF's text."""
    if content_type == "application/pdf":
        return pdf_text(body)
    text = body.decode("utf-8")
    if content_type == "application/json":
        return "\n".join(_strings(json.loads(text)))
    if content_type == "text/html":
        return html.unescape(text) + "\n" + html.unescape(TAG.sub(" ", text))
    return text


def _strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for key, v in value.items() for s in (str(key), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [str(value)]


def _squeezed(text: str) -> str:
    return BETWEEN_WORDS.sub("", text).casefold()


class Leaks:
    """Every member's whole name in each of its forms, and where one was read."""

    def __init__(self):
        self.forms = {_squeezed(form): form for member in Member.objects.all() for form in name_forms(member)}
        self.found: list[str] = []

    def read(self, where: str, content_type: str, body: bytes) -> None:
        text = _squeezed(_text(content_type, body))
        self.found += [f"{where}: {form}" for squeezed, form in self.forms.items() if squeezed in text]


def _address(url: str, base: str) -> str | None:
    """A link as an address of this site to read (of its query, only a long list's page), or None
    for another site's, an anchor, the organiser's site and the static files."""
    parts = urlsplit(html.unescape(url))
    if parts.scheme not in ("", "http") or parts.netloc not in ("", "testserver") or not parts.path:
        return None
    path = parts.path if parts.path.startswith("/") else base.rsplit("/", 1)[0] + "/" + parts.path
    if path.startswith(NOT_FOLLOWED):
        return None
    try:
        resolve(path)
    except Resolver404:
        return None
    query = [(k, v) for k, v in parse_qsl(parts.query) if k.endswith("page")]
    return path + (f"?{urlencode(query)}" if query else "")


def _starts() -> list[str]:
    """The home page, and every address of the site filled in with each of the club's evenings,
    competitions, leagues and members (and each printed document's name, board 1): those that
    are not public answer a visitor with the login page or 404, and are not read."""
    values = {
        "event_id": Event.objects.values_list("pk", flat=True),
        "drive_id": Drive.objects.values_list("pk", flat=True),
        "night_id": DuelNight.objects.values_list("pk", flat=True),
        "member_id": Member.objects.values_list("pk", flat=True),
        "competition_id": Competition.objects.values_list("pk", flat=True),
        "league_id": League.objects.values_list("pk", flat=True),
        "slug": Club.objects.values_list("slug", flat=True),
        "board": [1],
        "document": sorted({*DOCUMENTS, *INDIVIDUAL_DOCUMENTS, *DRIVE_DOCUMENTS, *NIGHT_DOCUMENTS, "pack"}),
    }
    starts = ["/"]
    for pattern in site_urls.urlpatterns:
        assert isinstance(pattern, URLPattern)
        route = str(pattern.pattern)
        parameters = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if not set(parameters) <= set(values):
            continue  # a pair, a table's token, an entry: reached by the links that give them
        filled = ["/" + route]
        for parameter in parameters:
            filled = [
                re.sub(rf"<(?:\w+:)?{parameter}>", str(value), address)
                for address in filled
                for value in values[parameter]
            ]
        starts += filled
    # Every room display put up on the hall's screen, by the link the run page shows.
    for model in (Event, Drive, DuelNight):
        for evening in model.objects.all():
            page = kind_of(evening).room_page
            if page:
                key = room_display_put_up(evening=evening)
                starts.append(reverse(f"tournaments:{page}", args=[evening.pk]) + f"?{ROOM_KEY}={key}")
    return starts


def _crawl(leaks: Leaks) -> set[str]:
    """Read, as a visitor, every public answer the starts lead to; the addresses read."""
    client = Client()
    queue, seen, read = _starts(), set(), set()
    while queue:
        address = queue.pop()
        if address in seen:
            continue
        seen.add(address)
        response = client.get(address)
        if response.status_code != 200:
            continue
        content_type = response["Content-Type"].split(";")[0]
        body = body_of(response)
        read.add(address)
        leaks.read(address, content_type, body)
        if content_type == "text/html":
            for url in LINK.findall(body.decode()):
                found = _address(url, address)
                if found is not None and found not in seen:
                    queue.append(found)
    return read


def _published_drive(club, format: str, people: list[Member], shared: Member | None = None) -> Drive:
    """A drive of the format played through and published: half the people ladies and half gents
    where it has the roles, one of them sharing a seat with ``shared`` (an individual drive's)."""
    drive = drives.drive_create(
        club=club, name=f"Crawled {format}", date=date(2026, 11, 21), format=format, hands=4
    )
    for k, member in enumerate(people):
        second = {"shared_with": str(shared)} if shared is not None and k == 0 else {}
        drives.drive_player_add(drive=drive, role="LG"[k % 2], member=member, **second)
    drives.drive_start(drive=drive)
    drive.refresh_from_db()
    for hand in range(1, drive.hands + 1):
        for table, seated in sorted(drives.DriveState(drive).seatings[hand].items()):
            if not seated.sit_out:
                drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=(hand + table) % 14)
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive)


@pytest.fixture
def demo(db):
    call_command("demo")
    return Club.objects.get()


@pytest.fixture
def every_kind(demo):
    """The demo club, with a published drive of each format it has none of, and a league."""
    club = demo
    people = list(Member.objects.order_by("pk"))
    for format in (Drive.Format.SEMI_PARTNER, Drive.Format.WINNERS_MOVE, Drive.Format.PARTNER):
        _published_drive(club, format, people[:8])
    _published_drive(club, Drive.Format.INDIVIDUAL, people[8:16], shared=people[16])
    make_league(club, clubs=[club.name, "Dee Whist Club", "Don Whist Club", "Ythan Whist Club"])
    return club


@pytest.mark.parametrize("published_as", [Member.Published.HIDDEN, Member.Published.INITIALS])
def test_no_public_output_names_a_member_more_than_they_allow(every_kind, published_as, tmp_path):
    Member.objects.update(published_as=published_as)
    Club.objects.update(guests_published=True)
    leaks = Leaks()
    read = _crawl(leaks)
    call_command("export_site", str(tmp_path), stdout=StringIO())
    for path in tmp_path.rglob("*"):
        if path.suffix in TYPES:
            leaks.read(f"export_site {path.relative_to(tmp_path)}", TYPES[path.suffix], path.read_bytes())
    assert leaks.found == [], "\n".join(leaks.found)
    # A hidden member has no public page; one published by initials has.
    expected = READ_BY_ANYONE | ({"player"} if published_as == Member.Published.INITIALS else set())
    pages = {resolve(urlsplit(address).path).url_name for address in read}
    assert expected <= pages, f"not read: {sorted(expected - pages)}"
    published = [e for model in (Event, Drive, DuelNight) for e in model.objects.filter(published=True)]
    assert {kind_of(e).results_url(e.pk) for e in published} <= read


def test_the_public_widow_json_keeps_every_player_of_every_deal(demo, client):
    """Players read alike ("A player") are each their own seat in a deal, never one name."""
    Member.objects.update(published_as=Member.Published.HIDDEN)
    widow = Drive.objects.get(format=Drive.Format.WIDOW, published=True)
    data = client.get(reverse("tournaments:widow-results-json", args=[widow.pk])).json()
    tables = {
        (s["series"], table): seats for s in data["series"] for table, seats in enumerate(s["tables"], 1)
    }
    assert data["deals"] and {name for seats in tables.values() for name in seats} == {"A player"}
    for deal in data["deals"]:
        seats = tables[(deal["series"], deal["table"])]
        assert len(deal["tricks"]) == len(deal["points"]) == len(seats)
        played = [tricks for tricks in deal["tricks"] if tricks is not None]
        assert len(played) == 3 and sum(played) == 13
        assert deal["widow"] is None or deal["tricks"][deal["widow"] - 1] is not None
