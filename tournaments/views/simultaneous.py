"""A simultaneous evening's pages: its ranking across the clubs (anyone's once published; the
county's administrator's and the taking-part clubs' organisers' before), the organiser joining
their club's event or drive to it, and the administrator setting it and publishing it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ..domain.errors import DomainError
from ..forms.simultaneous import SimultaneousForm
from ..models import Drive, Event, Simultaneous
from ..services import PbnImportError
from ..services.simultaneous import (
    simultaneous_create,
    simultaneous_drive_ranking,
    simultaneous_join,
    simultaneous_join_drive,
    simultaneous_publish,
    simultaneous_ranking,
    simultaneous_results_send,
)
from .common import clubs_for_user, whole_number


def _visible(user):
    """The simultaneous evenings the user may see: the published ones; every one to a superuser
    (the county's administrator); those their clubs take part in to an organiser."""
    if user.is_authenticated and user.is_superuser:
        return Simultaneous.objects.all()
    if not user.is_authenticated:
        return Simultaneous.objects.filter(published=True)
    return Simultaneous.objects.filter(Q(published=True) | Q(clubs__organisers=user)).distinct()


def _get_simultaneous(request, simultaneous_id: int) -> Simultaneous:
    simultaneous = _visible(request.user).filter(pk=simultaneous_id).first()
    if simultaneous is None:
        raise Http404("No such simultaneous evening.")
    return simultaneous


def simultaneous_list(request):
    return render(
        request,
        "tournaments/simultaneous_list.html",
        {
            "evenings": _visible(request.user).order_by("-date", "name"),
            "administrator": request.user.is_authenticated and request.user.is_superuser,
        },
    )


@login_required
def simultaneous_new(request):
    """The county's administrator sets a simultaneous evening."""
    if not request.user.is_superuser:
        raise Http404("No such page.")
    form = SimultaneousForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            simultaneous = simultaneous_create(**form.service_arguments(), user=request.user)
        except PbnImportError as error:
            messages.error(request, "The PBN file was not taken: " + " ".join(error.problems))
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{simultaneous.name} is set: the clubs' organisers can join it now.")
            return redirect("tournaments:simultaneous", simultaneous.pk)
    return render(request, "tournaments/simultaneous_new.html", {"form": form})


def simultaneous_results(request, simultaneous_id: int):
    simultaneous = Simultaneous.objects.filter(pk=simultaneous_id).first()
    if simultaneous is not None and not simultaneous.published and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    simultaneous = _get_simultaneous(request, simultaneous_id)
    user = request.user
    mine = clubs_for_user(user).filter(simultaneous_evenings=simultaneous) if user.is_authenticated else None
    may_join = []
    if simultaneous.drive:
        ranking = simultaneous_drive_ranking(simultaneous)
        if mine is not None and not user.is_superuser:
            # The organiser's clubs taking part, without a drive in it yet, and their drives.
            joined = {drive.club_id for drive in ranking.drives}
            may_join = list(
                Drive.objects.filter(club__in=mine.exclude(pk__in=joined))
                .select_related("club")
                .order_by("club__name", "date", "name")
            )
    else:
        ranking = simultaneous_ranking(simultaneous)
        if mine is not None and not user.is_superuser:
            # The organiser's clubs taking part, without an event in it yet, and their events not played.
            joined = {event.club_id for event in ranking.events}
            may_join = list(
                Event.objects.filter(club__in=mine.exclude(pk__in=joined), status__in=("draft", "ready"))
                .select_related("club")
                .order_by("club__name", "date", "name")
            )
    return render(
        request,
        "tournaments/simultaneous_results.html",
        {
            "simultaneous": simultaneous,
            "ranking": ranking,
            "may_join": may_join,
            "administrator": user.is_authenticated and user.is_superuser,
        },
    )


@login_required
@require_POST
def simultaneous_join_event(request, simultaneous_id: int):
    simultaneous = _get_simultaneous(request, simultaneous_id)
    event_id = whole_number(request.POST.get("event"))
    event = Event.objects.for_user(request.user).filter(pk=event_id).first() if event_id else None
    if event is None:
        raise Http404("No such event among your clubs.")
    try:
        simultaneous_join(event=event, simultaneous=simultaneous, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{event.name} is played on {simultaneous.name}'s boards.")
    return redirect("tournaments:simultaneous", simultaneous.pk)


@login_required
@require_POST
def simultaneous_join_club_drive(request, simultaneous_id: int):
    simultaneous = _get_simultaneous(request, simultaneous_id)
    drive_id = whole_number(request.POST.get("drive"))
    drive = Drive.objects.for_user(request.user).filter(pk=drive_id).first() if drive_id else None
    if drive is None:
        raise Http404("No such drive among your clubs.")
    try:
        simultaneous_join_drive(drive=drive, simultaneous=simultaneous, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{drive.name}'s players are ranked in {simultaneous.name}.")
    return redirect("tournaments:simultaneous", simultaneous.pk)


@login_required
@require_POST
def simultaneous_publish_results(request, simultaneous_id: int):
    if not request.user.is_superuser:
        raise Http404("No such simultaneous evening.")
    simultaneous = _get_simultaneous(request, simultaneous_id)
    published = request.POST.get("publish") != "0"
    simultaneous_publish(simultaneous=simultaneous, published=published)
    if published:
        queued = simultaneous_results_send(simultaneous=simultaneous, user=request.user)
        messages.success(
            request, f"Published; {queued} e-mail{'s' if queued != 1 else ''} added to the clubs' outboxes."
        )
    return redirect("tournaments:simultaneous", simultaneous.pk)
