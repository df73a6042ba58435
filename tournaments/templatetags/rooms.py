"""The room display's part of an evening's run page, for every kind that has one:
``{% load rooms %}{% room_display evening %}`` shows the display's address, and the button that
puts it up on the hall's screen (then its link) or takes it down."""

from django import template

from ..services.kinds import kind_of

register = template.Library()


@register.inclusion_tag("tournaments/_room_display.html", takes_context=True)
def room_display(context, evening) -> dict:
    kind, request = kind_of(evening), context["request"]
    link = kind.room_url(evening.pk, key=evening.room_key) if evening.room_key else ""
    return {
        "page": kind.room_url(evening.pk),
        "link": request.build_absolute_uri(link) if link else "",
        "screen": kind.room_screen_url(evening.pk),
        "here": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }
