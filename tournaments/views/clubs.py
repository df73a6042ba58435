"""A club's own settings, changed by one of its organisers from the home page: what the players'
phones and the tables' tablets show during play."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from ..forms import ClubPhonesForm
from ..services.core.clubs import club_phones_set
from .common import get_organised_club


@login_required
def club_phones(request, slug: str):
    """The club's choice of what the players' phones show of the standings during play, and whether
    its tablets show each confirmed board's traveller: a plain form, saved then back here."""
    club = get_organised_club(request, slug)
    form = ClubPhonesForm.of_club(club, request.POST if request.method == "POST" else None)
    if form.is_valid():
        club_phones_set(club=club, user=request.user, **form.cleaned_data)
        messages.success(request, "Saved: the players' phones and the tablets show this from now on.")
        return redirect("tournaments:club-phones", slug=club.slug)
    return render(request, "tournaments/club_phones.html", {"club": club, "form": form})
