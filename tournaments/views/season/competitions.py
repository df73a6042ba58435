"""A club's competitions: the list, each one's standings (page, CSV, noticeboard PDF), and the
organiser's page to set one up or change it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render

from ... import pdf
from ...domain.competition_kinds import COMPETITION_KINDS, CompetitionKind, competition_kind
from ...domain.competitions import CompetitionError
from ...domain.errors import DomainError
from ...domain.formats import stored_format
from ...forms import CompetitionForm
from ...models import PICKED, Club, Competition
from ...services.core.errors import ServiceError
from ...services.kinds import KINDS
from ...services.season import competition_pages, competitions
from ..common import check_club_open, get_open_club, get_organised_club, login_when_needed, organises_club

ROWS_A_PAGE = 50


def _competition(request, slug: str, competition_id: int) -> Competition:
    competition = (
        Competition.objects.select_related("club").filter(pk=competition_id, club__slug=slug).first()
    )
    if competition is None:
        raise Http404("There is no such competition.")
    check_club_open(request, competition.club)
    return competition


@login_when_needed
def competition_list(request, slug: str):
    club = get_open_club(request, slug)
    listed = Competition.objects.filter(club=club)
    return render(
        request,
        "tournaments/competition_list.html",
        {
            "club": club,
            "competitions": [(c, competition_pages.describe(c)) for c in listed],
            "organises": organises_club(request.user, club),
        },
    )


@login_when_needed
def competition_standings(request, slug: str, competition_id: int):
    # Loaded by the first standings page, not with the URLs, as the event results page does.
    from django_tables2 import RequestConfig

    from ...tables import CompetitionStandingsTable

    competition = _competition(request, slug, competition_id)
    table = competitions.competition_standings(competition)
    handicap = competition.handicap != Competition.Handicap.NONE
    lists = []
    for listed in table.standings.lists:
        rows = competition_pages.standing_rows(table, table.standings.qualified(listed))
        if rows:
            shown = CompetitionStandingsTable(rows, handicap=handicap, apart=False, prefix=f"l{listed}-")
            RequestConfig(request, paginate={"per_page": ROWS_A_PAGE}).configure(shown)
            lists.append((table.role_label(listed), shown))
    apart = competition_pages.standing_rows(table, table.standings.apart())
    apart_table = None
    if apart:
        apart_table = CompetitionStandingsTable(apart, handicap=handicap, apart=True, prefix="apart-")
        RequestConfig(request, paginate={"per_page": ROWS_A_PAGE}).configure(apart_table)
    return render(
        request,
        "tournaments/competition_standings.html",
        {
            "club": competition.club,
            "competition": competition,
            "rules": competition_pages.describe(competition),
            "updated": competition_pages.updated_text(table),
            "evenings": [
                _counted(e.kind, int(e.id.split(":")[1]), table.names[e.id]) for e in table.standings.evenings
            ],
            "lists": lists,
            "apart": apart_table,
            "organises": organises_club(request.user, competition.club),
        },
    )


def _counted(kind: str, pk: int, name: str) -> dict:
    """An evening the competition counts, linked to its results, with what kind of evening it was
    where it is not a duplicate event."""
    shown = stored_format(kind)
    return {
        "name": name,
        "url": KINDS[shown.key].results_url(pk),
        "hint": "" if shown.duplicate else shown.evening.singular,
    }


@login_when_needed
def competition_csv(request, slug: str, competition_id: int):
    competition = _competition(request, slug, competition_id)
    table = competitions.competition_standings(competition)
    response = HttpResponse(competition_pages.competition_csv(table), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="competition-{competition.pk}.csv"'
    return response


@login_when_needed
def competition_pdf(request, slug: str, competition_id: int):
    competition = _competition(request, slug, competition_id)
    table = competitions.competition_standings(competition)
    response = HttpResponse(
        pdf.render_competition(competition_pages.competition_sheet(table)), content_type="application/pdf"
    )
    response["Content-Disposition"] = f'inline; filename="competition-{competition.pk}.pdf"'
    return response


def _form_page(request, club: Club, competition: Competition | None, kind: CompetitionKind | None = None):
    """The organiser's page of a competition's rules: a new one (from its kind), or one to change."""
    form = CompetitionForm(request.POST or None, instance=competition, club=club, kind=kind)
    if request.method == "POST" and form.is_valid():
        picked = {name: form.cleaned_data[name] for name in PICKED}
        try:
            if competition is None:
                saved = competitions.competition_create(
                    club=club, values=form.values(), **picked, user=request.user
                )
            else:
                saved = competitions.competition_update(
                    competition=Competition.objects.get(pk=competition.pk),
                    values=form.values(),
                    **picked,
                    user=request.user,
                )
        except (ServiceError, DomainError) as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{saved.name} is {'changed' if competition else 'set up'}.")
            return redirect("tournaments:competition", slug=club.slug, competition_id=saved.pk)
    return render(
        request,
        "tournaments/competition_form.html",
        {
            "form": form,
            "club": club,
            "competition": competition,
            "kind": kind,
            "rules": competition_pages.describe(competition) if competition else "",
        },
    )


def _kind_asked(request) -> CompetitionKind | None:
    """The kind of competition the organiser chose (the page's choice, kept through its form)."""
    key = request.POST.get("kind") or request.GET.get("kind")
    if not key:
        return None
    try:
        return competition_kind(key)
    except CompetitionError as error:
        messages.error(request, str(error))
        return None


@login_required
def competition_new(request, slug: str):
    """A new competition: first its kind (a plain form that comes back here), then its rules."""
    club = get_organised_club(request, slug)
    kind = _kind_asked(request)
    if kind is None and request.method != "POST":
        return render(
            request, "tournaments/competition_kinds.html", {"club": club, "kinds": COMPETITION_KINDS}
        )
    return _form_page(request, club, None, kind)


@login_required
def competition_edit(request, slug: str, competition_id: int):
    club = get_organised_club(request, slug)
    competition = Competition.objects.filter(pk=competition_id, club=club).first()
    if competition is None:
        raise Http404("There is no such competition.")
    return _form_page(request, club, competition)
