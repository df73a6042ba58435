"""The players' side of the season: a page for every member, a member's own page with their
account (opened only by the signed link in their statement e-mail), each club's results index, and
"Send results" (each member's results by e-mail) for an event, a drive and a two-player night."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import CharField, F, Value
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_POST

from ...domain.errors import DomainError
from ...domain.formats import stored_format
from ...models import Club, Competition, Drive, DuelNight, Event, Member, page_shown, person_name
from ...reports import format_per_board, format_versus_average
from ...services.core.money import currency_of, money_text
from ...services.kinds import KINDS
from ...services.membership.accounts import balance_of, entry_detail, last_entries, own_page_key_fits
from ...services.season.mail import results_send, sending_said
from ...services.season.players import club_players, member_season
from ..common import back, check_club_open, get_event_for_user, get_open_club, login_when_needed

EVENINGS_A_PAGE = 25
RESULTS_A_PAGE = 30


@login_when_needed
def player_page(request, member_id: int):
    member = Member.objects.select_related("club").filter(pk=member_id).first()
    if member is None or member.forgotten_at is not None:
        raise Http404("There is no such player.")
    check_club_open(request, member.club)
    if not page_shown(member):  # a member who keeps their name off the public pages
        raise Http404("There is no such player.")
    season = member_season(member)
    if not season.evenings:
        raise Http404("This player has no published results yet.")
    page = Paginator(season.evenings, EVENINGS_A_PAGE).get_page(request.GET.get("page"))
    best_event, worst_event = season.best_and_worst_event()
    return render(
        request,
        "tournaments/player_page.html",
        {
            "member": member,
            "shown_name": person_name(member),
            "season": season,
            "page": page,
            "best_event": best_event,
            "worst_event": worst_event,
            "drives_measured": season.drives_measured,
            "partners": season.met_most("partners"),
            "opponents": season.met_most("opponents"),
            "double_dummy": {
                "total": format_versus_average(season.double_dummy.total),
                "tricks": "trick" if abs(season.double_dummy.total) == 1 else "tricks",
                "average": format_per_board(season.double_dummy.average),
            },
        },
    )


OWN_ENTRIES = 10


@never_cache
def player_own_page(request, member_id: int, key: str):
    """A member's own page: their balance and last entries. It opens by the link in their monthly
    statement, whose key is signed from their id: the id alone, or another member's key, opens
    nothing (404, as for no such member), so nobody else sees the balance. No login is asked, as
    members have none; the page tells no browser to keep it or pass its address on."""
    member = Member.objects.select_related("club").filter(pk=member_id, forgotten_at=None).first()
    if member is None or not own_page_key_fits(key, member.pk):
        raise Http404("There is no such page.")
    currency = currency_of(member.club)
    entries = [
        (entry, entry_detail(entry), money_text(entry.amount, currency))
        for entry in last_entries(member, OWN_ENTRIES)
    ]
    public = page_shown(member) and member_season(member).evenings
    response = render(
        request,
        "tournaments/player_own.html",
        {
            "member": member,
            "shown_name": person_name(member),
            "balance": money_text(balance_of(member), currency),
            "entries": entries,
            "public_page": reverse("tournaments:player", args=[member.pk]) if public else "",
        },
    )
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response


def club_published(club: Club):
    """The club's published evenings (events, drives of every kind, two-player nights), newest
    first, as one list the database pages: rows of (kind, format, id, name, date)."""
    fields = ("pk", "name", "date")
    none = Value("", output_field=CharField())

    def rows(model, kind: str, format=none):
        return (
            model.objects.filter(club=club, published=True)
            .annotate(kind=Value(kind, output_field=CharField()), shape=format)
            .order_by()
            .values_list("kind", "shape", *fields)
        )

    return (
        rows(Event, "event")
        .union(rows(Drive, "drive", F("format")), rows(DuelNight, "night"), all=True)
        .order_by("-date", "-kind", "-pk")
    )


def _published_row(kind: str, format: str, pk: int, name: str, date) -> dict:
    """A row of the results index: the evening's results page, and what kind of evening it was
    where it is not a duplicate event ("whist drive", "team night", "two-player night")."""
    shown = stored_format(kind, format)
    url = KINDS[shown.key].results_url(pk)
    hint = "" if shown.duplicate else shown.evening.singular
    return {"date": date, "name": name, "url": url, "hint": "whist drive" if hint == "drive" else hint}


def club_competitions(club: Club) -> list[dict]:
    """The club's competitions for its results index: each with its window."""
    return [
        {
            "url": reverse("tournaments:competition", args=[club.slug, c.pk]),
            "name": c.name,
            "status": f"{c.start:%-d %b %Y} – {c.end:%-d %b %Y}",
        }
        for c in Competition.objects.filter(club=club)
    ]


@xframe_options_exempt  # the club's own site may show it in a frame (settings.FRAME_ANCESTORS)
@login_when_needed
def club_results(request, slug: str):
    club = get_open_club(request, slug)
    page = Paginator(club_published(club), RESULTS_A_PAGE).get_page(request.GET.get("page"))
    page.object_list = [_published_row(*row) for row in page.object_list]
    return render(
        request,
        "tournaments/club_results.html",
        {
            "club": club,
            "page": page,
            "competitions": club_competitions(club),
            # With the club's id: the related manager gives each row its club, which a deferred
            # club_id would fetch again one row at a time.
            "players": [
                (m.pk, person_name(m))
                for m in club_players(club).only(
                    "club_id", "first_name", "last_name", "published_as", "forgotten_at"
                )
                if page_shown(m)
            ],
        },
    )


def _send(request, evening) -> None:
    """ "Send results" for an event, a drive or a two-player night, and what the organiser is told."""
    try:
        queued, sending = results_send(evening=evening, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        all_went, said = sending_said(queued, sending)
        (messages.success if all_went else messages.warning)(request, said)


@login_required
@require_POST
def event_send_results(request, event_id: int):
    event = get_event_for_user(request, event_id)
    _send(request, event)
    return redirect(back(request, reverse("tournaments:event-run", args=[event.pk])))


@login_required
@require_POST
def drive_send_results(request, drive_id: int):
    drive = Drive.objects.for_user(request.user).filter(pk=drive_id).first()
    if drive is None:
        raise Http404("No such drive among your clubs.")
    _send(request, drive)
    return redirect("tournaments:drive-run", drive_id=drive.pk)


@login_required
@require_POST
def duel_send_results(request, night_id: int):
    night = DuelNight.objects.for_user(request.user).select_related("club").filter(pk=night_id).first()
    if night is None:
        raise Http404("No such night among your clubs.")
    _send(request, night)
    return redirect("tournaments:duel-run", night_id=night.pk)
