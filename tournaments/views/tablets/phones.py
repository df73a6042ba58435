"""The links a table's tablet gives its players after check-in, each to one player's (or pair's)
own page of the evening on their phone, with its QR code: every kind's tablet shows them through
``templates/tournaments/_phone_links.html``. And the page itself, every kind's: whole (on
``tournaments/phone_base.html``), or its changing part alone for its script to put in place."""

import hashlib

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, quote_etag

from ... import qr
from ...services.core.phones import kept_for_reading
from ..common import could_be_token

REFRESH_SECONDS = 20
PART = "part"  # asked with ?part=1: the page's changing part alone, for its script to put in place


LINK_NOT_IN_USE = "This link is not in use. Ask the table's tablet for your link again."


def phone_holder(find, holder_id: int, key: str):
    """Whoever a phone page's link is for, by the kind's ``find(id, key)`` (None for a wrong key);
    a 404 in words when nobody is."""
    holder = find(holder_id, key) if could_be_token(key) else None
    if holder is None:
        raise Http404(LINK_NOT_IN_USE)
    return holder


def phone_link(request, path: str, label: str) -> dict:
    """A link to a phone page (``path``, made by the kind's view) for whoever ``label`` names
    ("N/S 3", "Mary Smith"), with the QR code that opens it."""
    url = request.build_absolute_uri(path)
    return {"label": label, "url": url, "qr": qr.svg_data_uri(url)}


def phone_page(request, template: str, part: str, context, *, kept: tuple[str, str] | None = None):
    """A phone page: ``template`` whole, or ``part`` alone when asked with ?part=1 (the page's
    script, every ``REFRESH_SECONDS`` until the evening closes: ``context["finished"]``).
    ``context`` is the page's, or a function that makes it; with ``kept``, (the phones' reading of
    the evening, a name), the part alone is made once for that reading and shared by every phone
    that asks for it meanwhile (``core.phones.kept_for_reading``): a pair's two phones, say.

    The part alone carries its ETag, and a look that sends the one it last got
    (``If-None-Match``, as the script does) is answered "not modified" and nothing more when the
    part is the same: while the reading lasts, without making it again."""

    def made() -> dict:
        values = context() if callable(context) else context
        return values | {"refresh": REFRESH_SECONDS, "part_url": f"{request.path}?{PART}=1"}

    if not request.GET.get(PART):
        return render(request, template, made())

    def tagged() -> tuple[str, str]:
        html = render_to_string(part, made(), request)
        return quote_etag(hashlib.sha1(html.encode(), usedforsecurity=False).hexdigest()[:20]), html

    etag, html = tagged() if kept is None else kept_for_reading(*kept, tagged)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return not_modified
    response = HttpResponse(html)
    response.headers["ETag"] = etag
    return response
