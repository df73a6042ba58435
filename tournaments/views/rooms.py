"""The organiser puts an evening's room display up on the hall's screen, or takes it down: one page
for every kind of evening that has one (``services/core/rooms.py``; who may open the display is
``common.room_evening``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from ..models import Drive, DuelNight, Event
from ..services.core.rooms import room_display_put_up, room_display_take_down
from ..services.kinds import kind_of
from .common import back


@login_required
@require_POST
def room_screen(request, model: type[Event | Drive | DuelNight], evening_id: int):
    """Put the room display up (``up=1``: its link opens it without a login) or take it down."""
    evening = model.objects.for_user(request.user).select_related("club").filter(pk=evening_id).first()
    if evening is None:
        raise Http404("No such evening among your clubs.")
    if request.POST.get("up") == "1":
        room_display_put_up(evening=evening, user=request.user)
        messages.success(request, "The room display is up: open its link on the hall's screen.")
    else:
        room_display_take_down(evening=evening, user=request.user)
        messages.success(request, "The room display is taken down: its link opens nothing now.")
    return redirect(back(request, kind_of(evening).run_url(evening.pk)))
