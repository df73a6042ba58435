"""The front page, one screen: for an organiser what is on tonight, with everything else one click
away; for a visitor the latest results and each club's index. And the organiser's lists of every
event and every drive their clubs hold, a page at a time."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from ..models import Club, Drive, DuelNight, Event, Simultaneous
from ..services.kinds import kind_of
from .common import clubs_for_user

COMING_SHOWN = 3  # the nearest evenings set up for a later day; the rest are on the lists
LATEST_RESULTS = 8  # the visitor's latest published evenings; the rest are on each club's index
EVENINGS_A_PAGE = 50


def _run_link(evening: Event | Drive | DuelNight) -> str:
    return kind_of(evening).run_url(evening.pk)


def _rows(*querysets) -> list[dict]:
    """Events, drives and two-player nights as one list, by date then name: what each is and where
    it is run from."""
    evenings = sorted((e for qs in querysets for e in qs), key=lambda e: (e.date, e.name, e.pk))
    return [_row(e) for e in evenings]


def _row(evening) -> dict:
    return {
        "evening": evening,
        "kind": evening.evening_format.title,
        "url": _run_link(evening),
        "status": evening.get_status_display(),
    }


def home(request):
    if request.user.is_authenticated:
        return _organiser_home(request)
    evenings = sorted(
        (evening for model in (Event, Drive, DuelNight) for evening in _published(model)),
        key=lambda evening: (evening.date, evening.name),
        reverse=True,
    )[:LATEST_RESULTS]
    latest = [(evening, kind_of(evening).results_url(evening.pk)) for evening in evenings]
    published_clubs = Q(events__published=True) | Q(drives__published=True) | Q(duel_nights__published=True)
    clubs = Club.objects.filter(published_clubs, members_only=False).distinct().order_by("name")
    return render(request, "tournaments/home.html", {"latest": latest, "public_clubs": clubs})


def _published(model):
    """The latest published evenings a visitor not logged in may read: none of a club that keeps its
    pages to logged-in users."""
    return (
        model.objects.filter(published=True, club__members_only=False)
        .select_related("club")
        .order_by("-date", "name")[:LATEST_RESULTS]
    )


def _organiser_home(request):
    today = timezone.localdate()
    events = Event.objects.for_user(request.user).select_related("club")
    drives = Drive.objects.for_user(request.user).select_related("club")
    nights = DuelNight.objects.for_user(request.user).select_related("club")
    coming = _rows(*(evenings.coming(today)[:COMING_SHOWN] for evenings in (events, drives, nights)))
    return render(
        request,
        "tournaments/home.html",
        {
            "tonight": _rows(events.tonight(today), drives.tonight(today), nights.tonight(today)),
            "coming": coming[:COMING_SHOWN],
            "events_count": events.count(),
            "drives_count": drives.count(),
            "nights_count": nights.count(),
            "clubs": clubs_for_user(request.user).order_by("name"),
        },
    )


@login_required
def event_list(request):
    """Every event of the organiser's clubs, the latest first."""
    events = Event.objects.for_user(request.user).select_related("club").order_by("-date", "name", "-id")
    page = Paginator(events, EVENINGS_A_PAGE).get_page(request.GET.get("page"))
    # The county's simultaneous evenings the organiser's clubs take part in, the latest first.
    taking_part = Simultaneous.objects.filter(clubs__in=clubs_for_user(request.user)).distinct()
    simultaneous = taking_part.order_by("-date", "name")[:5]
    return render(request, "tournaments/event_list.html", {"page": page, "simultaneous": simultaneous})


@login_required
def drive_list(request):
    """Every drive and team night of the organiser's clubs, the latest first."""
    new = [
        ("New drive", reverse("tournaments:drive-new")),
        ("New team night", reverse("tournaments:team-night-new")),
        ("New widow whist series", reverse("tournaments:widow-new")),
    ]
    return _evening_list(request, Drive, "All drives and team nights", new)


@login_required
def night_list(request):
    """Every two-player night of the organiser's clubs, the latest first."""
    new = [("New two-player night", reverse("tournaments:duel-new"))]
    return _evening_list(request, DuelNight, "All two-player nights", new)


def _evening_list(request, model, heading: str, new: list[tuple[str, str]]):
    evenings = model.objects.for_user(request.user).select_related("club").order_by("-date", "name", "-id")
    page = Paginator(evenings, EVENINGS_A_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "tournaments/drive_list.html",
        {"page": page, "rows": [_row(e) for e in page.object_list], "heading": heading, "new": new},
    )
