"""Helpers the views share: load an event and check who may see it, once; find a table by its
link's token; read a whole number a form sends."""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

from .. import services
from ..domain.errors import DomainError
from ..models import Club, Drive, DuelNight, Event, names_for_public
from ..services.core.rooms import ROOM_KEY, room_display_opens

NOT_IN_USE = "This table link is not in use. Type the table's code on the start page."
TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
LARGEST = 2**31 - 1  # no number a table or a form sends is larger; the databases' integers are not


def could_be_token(token: str) -> bool:
    """A link's token is URL-safe base64; anything else is no table's (and never reaches the database)."""
    return 0 < len(token) <= 64 and set(token) <= TOKEN_CHARACTERS


def get_by_token(queryset, token: str):
    """The table (an event's, a drive's or a league match's) whose link has this token; 404 when
    none has."""
    found = queryset.filter(token=token).first() if could_be_token(token) else None
    if found is None:
        raise Http404(NOT_IN_USE)
    return found


def client_address(request) -> str:
    """The visitor's network address: the one our trusted proxy saw, when there is one (the last it
    added), else the connection's."""
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if forwarded:
            return forwarded[-1][:45]
    return request.META.get("REMOTE_ADDR") or "0.0.0.0"


def whole_number(value) -> int | None:
    """A form's whole number, or None when it is not one (or too large to be any board, hand,
    table or row: a database refuses such a number instead of finding nothing)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if -LARGEST <= number <= LARGEST else None


def clubs_for_user(user):
    """The clubs the user organises (a superuser: every club)."""
    return Club.objects.all() if user.is_superuser else user.clubs.all()


def get_clubs_for_user(request):
    """The clubs the user may create an event or a drive for (a superuser: every club); 404 when none."""
    clubs = clubs_for_user(request.user)
    if not clubs.exists():
        raise Http404("You organise no club yet.")
    return clubs


def get_event_for_user(request, event_id: int) -> Event:
    """The event, if the user organises its club; 404 otherwise (its existence is not revealed)."""
    try:
        return Event.objects.for_user(request.user).select_related("club").get(pk=event_id)
    except Event.DoesNotExist:
        raise Http404("No such event among your clubs.") from None


def get_drive_for_user(request, drive_id: int) -> Drive:
    """The drive, if the user organises its club; 404 otherwise."""
    try:
        return Drive.objects.for_user(request.user).select_related("club").get(pk=drive_id)
    except Drive.DoesNotExist:
        raise Http404("No such drive among your clubs.") from None


def get_event_for_results(request, event_id: int) -> Event:
    """Results are open to the club's organisers, and to everyone once published. The simultaneous
    evening it was played in, if any, comes with it (its results page links to the ranking)."""
    event = (
        Event.objects.select_related("club", "simultaneous_entry__simultaneous").filter(pk=event_id).first()
    )
    if event is None:
        raise Http404("No such event.")
    check_shown(request, event)
    names_for_reader(request, event.club)
    return event


def get_drive_for_results(request, drive_id: int) -> Drive:
    """A drive's room display and results are open to the club's organisers, and to everyone once
    published."""
    drive = Drive.objects.select_related("club").filter(pk=drive_id).first()
    if drive is None:
        raise Http404("No such drive.")
    check_shown(request, drive)
    names_for_reader(request, drive.club)
    return drive


class LoginNeeded(Exception):
    pass


def check_shown(request, event_or_drive: Event | Drive | DuelNight) -> None:
    """An evening's results (pages and files) and its room display are open to its club's
    organisers, and to everyone once published, unless the club keeps its pages to logged-in users
    (``check_club_open``): a visitor not logged in is asked to log in (LoginNeeded), anyone else is
    told there is no such thing (404), its existence not revealed."""
    _check_members_only(request, event_or_drive.club)
    if event_or_drive.published:
        return
    if not request.user.is_authenticated:
        raise LoginNeeded
    if not type(event_or_drive).objects.for_user(request.user).filter(pk=event_or_drive.pk).exists():
        raise Http404("Not among your clubs.")


def check_club_open(request, club: Club) -> None:
    """A club may keep its pages to logged-in users (its players' pages, results index and
    competitions here, its evenings' results in ``check_shown``): a visitor not logged in is asked
    to log in (LoginNeeded)."""
    _check_members_only(request, club)
    names_for_reader(request, club)


def _check_members_only(request, club: Club) -> None:
    """The one place that decides whether a club's pages refuse a visitor not logged in."""
    if club.members_only and not request.user.is_authenticated:
        raise LoginNeeded


def room_evening(request, model: type[Event | Drive | DuelNight], evening_id: int):
    """The evening whose room display this is, for the hall's screen: opened by the link the
    organiser put up (its key, ``services/core/rooms.py``), whatever the club keeps to logged-in
    users, or else as its results are (``check_shown``). Whoever reads it, the organiser too, it
    names people as the public pages do: it is on a screen the whole hall reads."""
    evening = model.objects.select_related("club").filter(pk=evening_id).first()
    if evening is None:
        raise Http404("No such evening.")
    if not room_display_opens(evening, request.GET.get(ROOM_KEY, "")):
        check_shown(request, evening)
    names_for_public(evening.club)
    return evening


def names_for_reader(request, club: Club) -> None:
    """The names this request's page shows: whole to the club's organisers, as each member chose
    (and guests as the club chose) to anyone else. The pages anyone may open ask it here, once."""
    if not _organises_club_id(request, club.pk):
        names_for_public(club)


def get_open_club(request, slug: str) -> Club:
    """The club at this address, 404 when none; LoginNeeded when it keeps its pages to members."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("There is no club at this address.")
    check_club_open(request, club)
    return club


def organises_club(user, club: Club) -> bool:
    """Whether the user organises the club (a superuser organises every club)."""
    return user.is_authenticated and (user.is_superuser or club.organisers.filter(pk=user.pk).exists())


def get_organised_club(request, slug: str) -> Club:
    """The club at this address, if the user organises it; 404 otherwise."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not organises_club(request.user, club):
        raise Http404("No such club among yours.")
    return club


def login_when_needed(view):
    """A page that raises LoginNeeded sends the visitor to log in, and back here after."""

    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except LoginNeeded:
            return redirect_to_login(request.get_full_path())

    wrapper.__name__ = view.__name__
    return wrapper


def results_page(view, load=get_event_for_results):
    """Send a visitor to the login page for results that are not published yet."""

    def wrapper(request, event_id, *args, **kwargs):
        try:
            event = load(request, event_id)
        except LoginNeeded:
            return redirect_to_login(request.get_full_path())
        try:
            report = services.event_report(event)
        except DomainError as error:
            return render(request, "tournaments/results_unavailable.html", {"event": event, "error": error})
        return view(request, event, report, *args, **kwargs)

    wrapper.__name__ = view.__name__
    return wrapper


def room_page(view):
    """An event's room display, with its scores read as its results pages read them
    (``results_page``), opened as ``room_evening`` says."""
    return results_page(view, load=lambda request, event_id: room_evening(request, Event, event_id))


def organises_event(request, event) -> bool:
    return _organises_club_id(request, event.club_id)


def _organises_club_id(request, club_id: int) -> bool:
    """Whether the request's user organises the club, asked of the database once a request."""
    known = request.__dict__.setdefault("_organises", {})
    if club_id not in known:
        user = request.user
        known[club_id] = user.is_authenticated and (
            user.is_superuser or Club.objects.filter(pk=club_id, organisers=user).exists()
        )
    return known[club_id]


def back(request, default: str) -> str:
    """Where a form asked to return to (a page of this site), or the default."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def drive_grid_context(state) -> dict:
    """What the grid of a drive's tables by hands needs (a drive's and a team night's page and the
    live grid show it), from its ``services.drives.DriveState``."""
    return {"grid": state.grid(), "hands": range(1, state.drive.hands + 1), "next_hand": state.next_hand()}


def tablet_base_url(request) -> str:
    """The address printed in table cards' links and QR codes: the configured one, unless it only
    names this machine, then the one this request came in by."""
    base_url = settings.WHISTDRIVE_BASE_URL
    if not base_url or "127.0.0.1" in base_url or "localhost" in base_url:
        base_url = request.build_absolute_uri("/")
    return base_url


def not_found(request, exception):
    """The site's page for an address that finds nothing: the words the view gave, for the reader
    ("This link is not in use…", "Board 7 shows here once your table has confirmed it."), or a
    plain "nothing here" for an address no view knows."""
    said = exception.args[0] if isinstance(exception, Http404) and exception.args else None
    return render(request, "404.html", {"words": said if isinstance(said, str) else ""}, status=404)
