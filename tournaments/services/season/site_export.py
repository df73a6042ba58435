"""The public pages as static files, for a club that hosts its results on any web space.

Each club's results index, its players' pages and its competitions are fetched as a visitor sees
them (Django's test client, no login), and every page they lead to under the published results
(an evening's standings, travellers, score cards, hand records and CSV, a drive's results, a
two-player night's results with their CSV and JSON, the competitions' standings), page by page.
Links between the pages written become relative file links
(``../../events/4/results/index.html``), the style sheets and scripts are copied beside them, and
links to anything else (the organiser's login, sorting a table) become plain text, so every link
in the copy opens a file of the copy.

Nothing is written to the database.
"""

import posixpath
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from ...models import Club, Member
from .players import club_players

PUBLIC = re.compile(
    r"^/(clubs/[\w-]+/(results|competitions)/"
    r"|players/\d+/"
    r"|events/\d+/(results|boards/\d+/)"
    r"|drives/\d+/results/"
    r"|two-player/\d+/results)"
)
LINK = re.compile(r'(?P<attr>href|src)="(?P<url>[^"]*)"')
KEPT_QUERY = {"page"}  # pages of a long list; sorting and the like are left out
HTML = "text/html"


@dataclass
class Export:
    """What was written: the files by the address they came from, and what was left out."""

    directory: Path
    files: dict[str, Path] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)


def _address(url: str, *, base: str = "/") -> str | None:
    """A link made into the site path it names with only the query parts that are kept, or None
    when it leads elsewhere (another site, a mail address, an anchor on the page)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not (parts.path or parts.query):
        return None
    if not parts.path:  # "?ns-sort=rank": this page, another way
        path = base
    else:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(base), parts.path))
        if parts.path.endswith("/"):
            path += "/"
    query = [(k, v) for k, v in parse_qsl(parts.query) if k in KEPT_QUERY and v != "1"]
    return path + (f"?{urlencode(query)}" if query else "")


def _file_for(address: str) -> str:
    """The file an address is written to: /events/4/results/ -> events/4/results/index.html, and
    ?page=2 -> .../index-page-2.html."""
    path, _, query = address.partition("?")
    suffix = "-" + query.replace("=", "-").replace("&", "-") if query else ""
    if path.endswith("/"):
        return f"{path.lstrip('/')}index{suffix}.html"
    stem, dot, ext = path.lstrip("/").rpartition(".")
    return f"{stem}{suffix}.{ext}" if dot else f"{path.lstrip('/')}{suffix}.html"


def _client() -> Client:
    """A visitor's browser, by a name the site answers to."""
    hosts = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
    return Client(HTTP_HOST=hosts[0] if hosts else "localhost")


def _starts(club: Club) -> list[str]:
    starts = [
        reverse("tournaments:club-results", args=[club.slug]),
        reverse("tournaments:competitions", args=[club.slug]),
    ]
    # A member hidden from the public has no public page to export.
    players = club_players(club).exclude(published_as=Member.Published.HIDDEN).values_list("pk", flat=True)
    starts += [reverse("tournaments:player", args=[pk]) for pk in players]
    return starts


def site_export(*, directory: Path, clubs=None) -> Export:
    """Write the public pages of the clubs (all by default) under ``directory``."""
    clubs = list(clubs if clubs is not None else Club.objects.all())
    export = Export(directory=directory)
    client = _client()
    fetched: dict[str, tuple[str, bytes]] = {}
    queue = [address for club in clubs for address in _starts(club)]
    statics: set[str] = set()
    while queue:
        address = queue.pop()
        if address in fetched:
            continue
        response = client.get(address, secure=settings.HTTPS)
        if response.status_code != 200:
            export.skipped.append(address)
            fetched[address] = ("", b"")
            continue
        kind = response.get("Content-Type", "").split(";")[0]
        body = b"".join(response) if response.streaming else response.content
        fetched[address] = (kind, body)
        if kind != HTML:
            continue
        for link in LINK.finditer(body.decode()):
            target = _address(link["url"], base=address.partition("?")[0])
            if target is None:
                continue
            if target.startswith("/" + settings.STATIC_URL.lstrip("/")):
                statics.add(target)
            elif PUBLIC.match(target) and target not in fetched:
                queue.append(target)
    written = {a: _file_for(a) for a, (kind, _) in fetched.items() if kind}
    for address in statics:
        name = address.removeprefix("/" + settings.STATIC_URL.lstrip("/")).partition("?")[0]
        found = finders.find(name)
        if found:
            written[address] = "static/" + name
            target = directory / written[address]
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(found, target)
            export.files[address] = target
    for address, (kind, body) in fetched.items():
        if not kind:
            continue
        target = directory / written[address]
        target.parent.mkdir(parents=True, exist_ok=True)
        if kind == HTML:
            body = _relative_links(body.decode(), address, written).encode()
        target.write_bytes(body)
        export.files[address] = target
    _write_top_index(export, clubs, written)
    return export


def _write_top_index(export: Export, clubs: list[Club], written: dict[str, str]) -> None:
    """An index.html at the top of the folder, opening the club's results index (or listing the
    clubs', when there are several): a club that uploads the folder shows its results at the web
    space's own address, not a listing of files."""
    shown = []
    for club in clubs:
        address = reverse("tournaments:club-results", args=[club.slug])
        if address in written:
            shown.append({"name": club.name, "href": written[address]})
    target = export.directory / "index.html"
    target.write_text(
        render_to_string("tournaments/site_export_index.html", {"clubs": shown}), encoding="utf-8"
    )
    export.files["/"] = target


def _relative_links(page: str, address: str, written: dict[str, str]) -> str:
    """The page's links to written files made relative to its own file; other links of this site
    dropped (the anchor stays, as text)."""
    here = posixpath.dirname(written[address])

    def rewrite(link: re.Match) -> str:
        url = link["url"]
        if url.startswith("#"):
            return link[0]
        target = _address(url, base=address.partition("?")[0])
        if target is None:
            return link[0]
        fragment = "#" + url.partition("#")[2] if "#" in url else ""
        if target in written:
            return f'{link["attr"]}="{posixpath.relpath(written[target], here or ".")}{fragment}"'
        return 'data-left-out="1"' if link["attr"] == "href" else 'src=""'

    return LINK.sub(rewrite, page)
