"""An inter-club league's pages: the club's leagues, a league's table, fixtures and results, a
match with its two sides' cards; the organiser's pages to set a league up and to enter a match
from the paper cards; and each table's tablet, where each side enters its own card."""

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse

from ..domain import leagues as rules
from ..domain.errors import DomainError
from ..domain.rubbers import running, signed
from ..forms import DaysBetweenField, GameField
from ..models import CardDeal, Fixture, League, LeagueClub, MatchTable, validate_one_line
from ..services import leagues
from .common import (
    check_club_open,
    get_by_token,
    get_open_club,
    get_organised_club,
    login_when_needed,
    organises_club,
    tablet_base_url,
)

SIDES = {"home": CardDeal.Side.HOME, "away": CardDeal.Side.AWAY}


def _league(request, slug: str, league_id: int) -> League:
    league = League.objects.select_related("club").filter(pk=league_id, club__slug=slug).first()
    if league is None:
        raise Http404("There is no such league.")
    check_club_open(request, league.club)
    return league


def _organised_league(request, slug: str, league_id: int) -> League:
    """The league, when the user organises the club that runs it; 404 otherwise."""
    league = (
        League.objects.for_user(request.user).select_related("club").filter(pk=league_id, club__slug=slug)
    )
    if not league:
        raise Http404("No such league among your clubs.")
    return league[0]


def _fixture(league: League, fixture_id: int) -> Fixture:
    fixture = Fixture.objects.select_related("home", "away", "league__club").filter(
        pk=fixture_id, league=league
    )
    if not fixture:
        raise Http404("There is no such match.")
    return fixture[0]


def _side(side: str) -> str:
    if side not in SIDES:
        raise Http404("A card is the home side's or the visitors'.")
    return SIDES[side]


# --- The club's leagues ---------------------------------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=100, initial="Aberdeen Whist League", validators=[validate_one_line])
    season = forms.CharField(max_length=20, help_text="Such as 2026–27.", validators=[validate_one_line])
    clubs = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}), help_text="The clubs of the league, one on each line."
    )
    start = forms.DateField(
        label="First round",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Its date.",
    )
    days_between = DaysBetweenField()
    game = GameField(
        model_field=League._meta.get_field("game"),
        help_text="By the Laws of Whist: each stanza of 8 deals at a table played as games, honours on the "
        "cards, the match won by the club with more rubber points over its tables.",
    )

    def club_names(self) -> list[str]:
        return self.cleaned_data["clubs"].splitlines()


@login_when_needed
def league_list(request, slug: str):
    club = get_open_club(request, slug)
    context = {"club": club, "leagues": club.leagues.all(), "organises": organises_club(request.user, club)}
    return render(request, "tournaments/league_list.html", context)


@login_required
def league_new(request, slug: str):
    club = get_organised_club(request, slug)
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = leagues.league_create(
                club=club,
                name=form.cleaned_data["name"],
                season=form.cleaned_data["season"],
                clubs=form.club_names(),
                start=form.cleaned_data["start"],
                days_between=form.cleaned_data["days_between"],
                game=form.cleaned_data["game"],
                user=request.user,
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{league} is set up: {league.fixtures.count()} matches.")
            for warning in leagues.league_holiday_warnings(league):
                messages.warning(request, warning)
            return redirect("tournaments:league", slug=slug, league_id=league.pk)
    return render(request, "tournaments/league_new.html", {"club": club, "form": form})


# --- A league's table, fixtures and results -------------------------------------------------------


@login_when_needed
def league_detail(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    context = {
        "league": league,
        "standings": leagues.league_standings(league),
        "organises": organises_club(request.user, league.club),
    }
    return render(request, "tournaments/league_table.html", context)


def _rounds(league: League, *, agreed_only: bool) -> list[dict]:
    """The league's matches round by round, each with its result or how far its cards are."""
    fixtures = league.fixtures.select_related("home", "away", "result")
    if agreed_only:
        fixtures = fixtures.filter(result__isnull=False)
    unagreed = {} if agreed_only else leagues.unagreed_states(league)
    rounds: dict[int, dict] = {}
    for fixture in fixtures:
        result = getattr(fixture, "result", None)
        if result is not None:
            state = "agreed"
        elif fixture.pk in unagreed:
            state = "held" if unagreed[fixture.pk].state == rules.HELD else "cards in"
        else:
            state = ""
        shown = rounds.setdefault(
            fixture.round, {"round": fixture.round, "date": fixture.date, "matches": []}
        )
        shown["matches"].append({"fixture": fixture, "result": result, "state": state})
    if not agreed_only:  # with an odd number of clubs, one has the round off
        clubs = list(league.clubs.all())
        for shown in rounds.values():
            playing = {pk for m in shown["matches"] for pk in (m["fixture"].home_id, m["fixture"].away_id)}
            shown["byes"] = [club for club in clubs if club.pk not in playing]
    return list(rounds.values())


@login_when_needed
def league_fixtures(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    rounds = _rounds(league, agreed_only=False)
    organises = organises_club(request.user, league.club)
    for shown in rounds:
        shown["holiday"] = rules.holiday(shown["date"]) if shown["date"] else ""
    context = {"league": league, "rounds": rounds, "page": "fixtures", "organises": organises}
    return render(request, "tournaments/league_fixtures.html", context)


class RoundMoveForm(forms.Form):
    date = forms.DateField(label="New date", widget=forms.DateInput(attrs={"type": "date"}))


@login_required
def league_round_move(request, slug: str, league_id: int, round_number: int):
    """The organiser moves a round (all its matches) to another day."""
    league = _organised_league(request, slug, league_id)
    if request.method != "POST":
        return redirect("tournaments:league-fixtures", slug=slug, league_id=league.pk)
    form = RoundMoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the round's new date.")
    else:
        try:
            leagues.league_round_move(
                league=league, round=round_number, date=form.cleaned_data["date"], user=request.user
            )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            day = form.cleaned_data["date"]
            messages.success(request, f"Round {round_number} is now on {day:%a} {day.day} {day:%b %Y}.")
            for warning in leagues.league_holiday_warnings(league):
                messages.warning(request, warning)
    url = reverse("tournaments:league-fixtures", args=[slug, league.pk])
    return redirect(f"{url}#round-{round_number}")


@login_when_needed
def league_results(request, slug: str, league_id: int):
    league = _league(request, slug, league_id)
    context = {"league": league, "rounds": _rounds(league, agreed_only=True), "page": "results"}
    return render(request, "tournaments/league_fixtures.html", context)


def _meeting(table: int, deal: int) -> rules.Meeting:
    """Who plays this deal at this table."""
    return next(m for m in rules.match_movement() if m.table == table and deal in m.deals)


def _match_context(fixture: Fixture, *, organises: bool = False, own_side: str = "") -> dict:
    """A match's two cards side by side, each table's deals with the differing ones marked. The
    cards are compared only if each side writes its own, so a table's figures show once both its
    cards are in ("in" until then), but to the side whose card it is (``own_side``, its tablet);
    the organiser, who holds the paper cards, sees them all."""
    cards, honours = figures = leagues.match_figures(fixture)
    state = leagues.match_state(fixture, figures)
    differing = {(d.table, d.deal) for d in state.differences}
    waiting = set() if organises else {table for _, table in state.missing}

    void = {
        side: rules.void_claims(state.game, cards[side], honours[side]) if state.game else {}
        for side in cards
    }

    def shown(side: str, table: int, deal: int):
        figure = cards[side].get((table, deal))
        if figure is not None and table in waiting and side != own_side:
            return "in"
        claimed = honours[side].get((table, deal))
        if figure is None or not claimed:
            return figure
        words = ", ".join(filter(None, (HONOURS_WORDS[claimed], void[side].get((table, deal)))))
        return f"{figure} ({words})"

    tables = []
    for table in rules.TABLES:
        rows = [
            {
                "deal": deal,
                "home": shown(CardDeal.Side.HOME, table, deal),
                "away": shown(CardDeal.Side.AWAY, table, deal),
                "differs": (table, deal) in differing,
                "meeting": _meeting(table, deal),
            }
            for deal in rules.DEALS
        ]
        tables.append(
            {"table": table, "rows": rows, "stanzas": _stanzas(fixture, state, cards, honours, table)}
        )
    return {
        "fixture": fixture,
        "state": state,
        "tables": tables,
        "home_rubber_points": signed(state.home_rubber_points),
        "away_rubber_points": signed(state.away_rubber_points),
    }


def _stanzas(fixture: Fixture, state: rules.MatchResult, cards, honours, table: int) -> list[str]:
    """In games and rubbers, each stanza's score at the table from the home card, once the table's
    two cards are in and agree (whatever the other tables): "Deals 1–8: Dee 0 · Don 0, game to 5;
    rubber 2: 0–0; rubber points Dee +4 · Don −4"."""
    unsettled = {t for _, t in state.missing} | {d.table for d in state.differences}
    if not state.game or table in unsettled:
        return []
    home = CardDeal.Side.HOME
    lines = []
    for meeting in rules.match_movement():
        if meeting.table == table:
            played = rules.stanza_deals(cards[home], honours[home], meeting)
            score = running(state.game, played)[-1]
            sides = (fixture.home.name, fixture.away.name)
            deals = f"Deals {meeting.deals[0]}–{meeting.deals[-1]}"
            lines.append(f"{deals}: {score.line(sides)}; {score.points_line(sides)}")
    return lines


@login_when_needed
def league_match(request, slug: str, league_id: int, fixture_id: int):
    league = _league(request, slug, league_id)
    fixture = _fixture(league, fixture_id)
    organises = organises_club(request.user, league.club)
    context = {"league": league, "organises": organises, **_match_context(fixture, organises=organises)}
    if organises:
        base = tablet_base_url(request).rstrip("/")
        context["links"] = [  # the home side's three, then the visitors'
            {"link": link, "url": base + reverse("tournaments:league-tablet", args=[link.token])}
            for link in fixture.tables.order_by("-side", "table")
        ]
    return render(request, "tournaments/league_match.html", context)


# --- Cards -----------------------------------------------------------------------------------------


# The honours a card gives, from its side's view: 4 or 2 its own, -4 or -2 the other side's.
HONOURS_WORDS = {4: "we 4 honours", 2: "we 2 honours", -2: "they 2 honours", -4: "they 4 honours"}


class CardForm(forms.Form):
    """One side's card of the tables given: the tricks it took on each deal, 0 to 13; in games and
    rubbers, with the honours claimed on each deal."""

    def __init__(self, *args, tables, cards, side, honours=None, buttons=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables, self.with_honours, self.buttons = tables, honours is not None, buttons
        honours_choices = [("0", "No honours"), *((str(h), w) for h, w in HONOURS_WORDS.items())]
        for table in tables:
            for deal in rules.DEALS:
                where = f"Table {table}, deal {deal}"
                if self.with_honours:
                    self.fields[self.name(table, deal) + "h"] = forms.TypedChoiceField(
                        label=f"Deal {deal} honours",
                        choices=honours_choices,
                        coerce=int,
                        required=False,
                        empty_value=0,
                        initial=str(honours[side].get((table, deal), 0)),
                        widget=forms.RadioSelect
                        if buttons
                        else forms.Select(attrs={"aria-label": f"{where}: honours"}),
                    )
                self.fields[self.name(table, deal)] = forms.IntegerField(
                    label=f"Deal {deal}",
                    min_value=0,
                    max_value=rules.TRICKS,
                    initial=cards[side].get((table, deal)),
                    # At the table: a big button for each count, as the evenings' tablets have;
                    # the organiser types the paper card's figures into boxes.
                    widget=forms.RadioSelect(choices=[(n, str(n)) for n in range(rules.TRICKS + 1)])
                    if buttons
                    else forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
                    error_messages={
                        "required": f"{where}: the tricks are missing.",
                        "invalid": f"{where}: write the tricks as a number from 0 to 13.",
                        "min_value": f"{where}: a side takes 0 to 13 tricks of a deal.",
                        "max_value": f"{where}: a side takes 0 to 13 tricks of a deal.",
                    },
                )

    @staticmethod
    def name(table: int, deal: int) -> str:
        return f"t{table}d{deal}"

    def cards(self) -> dict[int, dict[int, int]]:
        return {t: {d: self.cleaned_data[self.name(t, d)] for d in rules.DEALS} for t in self.tables}

    def honours(self) -> dict[int, dict[int, int]] | None:
        if not self.with_honours:
            return None
        return {t: {d: self.cleaned_data[self.name(t, d) + "h"] for d in rules.DEALS} for t in self.tables}

    def grid(self) -> list[dict]:
        """Each table's rows: the deal and its box, a stanza of 8 deals at a time."""
        return [
            {
                "table": table,
                "rows": [
                    {
                        "deal": deal,
                        "field": self[self.name(table, deal)],
                        "honours": self[self.name(table, deal) + "h"] if self.with_honours else None,
                        "meeting": _meeting(table, deal),
                    }
                    for deal in rules.DEALS
                ],
            }
            for table in self.tables
        ]


def _result_message(state: rules.MatchResult) -> str:
    if state.state == rules.AGREED and state.game:
        return (
            f"The cards agree: the result is in, rubber points {signed(state.home_rubber_points)} to "
            f"{signed(state.away_rubber_points)} ({state.home_tricks} tricks to {state.away_tricks})."
        )
    if state.state == rules.AGREED:
        return f"The cards agree: the result is in, {state.home_tricks} tricks to {state.away_tricks}."
    if state.state == rules.HELD:
        return f"The card is in. Held: {state.reason}."
    return f"Thank you: the card is in. The result is {state.reason}."


TableFigures = dict[int, dict[int, int]]  # table -> deal -> a figure, as a card form gives them


def _enter(
    request, form: CardForm, enter: Callable[[TableFigures, TableFigures | None], rules.MatchResult]
) -> bool:
    """The card from the form through ``enter`` (the service, given the tables' figures and their
    honours); True when it is in."""
    if not form.is_valid():
        return False
    try:
        state = enter(form.cards(), form.honours())
    except DomainError as error:
        messages.error(request, str(error))
        return False
    (messages.success if state.state == rules.AGREED else messages.info)(request, _result_message(state))
    return True


@login_required
def league_card(request, slug: str, league_id: int, fixture_id: int, side: str):
    """The organiser enters one side's paper card of all three tables."""
    league = _organised_league(request, slug, league_id)
    fixture = _fixture(league, fixture_id)
    side = _side(side)
    cards, honours = leagues.match_figures(fixture)
    form = CardForm(
        request.POST or None,
        tables=rules.TABLES,
        cards=cards,
        side=side,
        honours=honours if league.game else None,
    )

    def enter(tables, honours):
        return leagues.match_card_enter(
            fixture=fixture, side=side, tables=tables, honours=honours, user=request.user
        )

    if request.method == "POST" and _enter(request, form, enter):
        return redirect("tournaments:league-match", slug=slug, league_id=league.pk, fixture_id=fixture.pk)
    context = {
        "league": league,
        "fixture": fixture,
        "side": side,
        "side_name": leagues.SIDES[side],
        "form": form,
        "grid": form.grid(),
    }
    return render(request, "tournaments/league_card.html", context)


# --- The tablets -----------------------------------------------------------------------------------


def _match_table(token: str) -> MatchTable:
    """One side's link to its card at one table, with the match, the match's clubs and its agreed
    result (if any), in one query."""
    related = ("fixture__home", "fixture__away", "fixture__league__club", "fixture__result")
    return get_by_token(MatchTable.objects.select_related(*related), token)


def _sides(link: MatchTable) -> tuple[LeagueClub, LeagueClub]:
    """The link's own club and the other side's."""
    fixture = link.fixture
    return (fixture.home, fixture.away) if link.side == CardDeal.Side.HOME else (fixture.away, fixture.home)


def _tablet_closed(link: MatchTable, state: rules.MatchResult | None = None) -> str:
    """Why this side's tablet may not enter or correct its card now ("" when it may): the match is
    not open (or is over), or both cards of its table are in."""
    fixture = link.fixture
    closed = leagues.may_enter_card(fixture, at_table=True, agreed=hasattr(fixture, "result"))
    if closed or state is None:
        return closed
    return leagues.BOTH_IN.format(table=link.table) if rules.both_cards_in(state, link.table) else ""


def league_tablet(request, token: str):
    """One side's tablet at a match table: who meets whom, its own card of this table (the other
    side's figures once both cards of the table are in), and the match's state."""
    link = _match_table(token)
    fixture = link.fixture
    own, other = _sides(link)
    base = {"link": link, "fixture": fixture, "league": fixture.league, "own": own, "other": other}
    closed = _tablet_closed(link)
    if closed and not hasattr(fixture, "result"):  # not open yet: nothing to show but when it opens
        return render(
            request, "tournaments/league_tablet.html", base | {"closed": closed, "not_yet": True}, status=403
        )
    context = _match_context(fixture, own_side=link.side)
    state = context["state"]
    table = next(t for t in context["tables"] if t["table"] == link.table)
    missing = {side for side, missing_table in state.missing if missing_table == link.table}
    context.update(
        base
        | {
            "table": table,
            "differing_here": sum(row["differs"] for row in table["rows"]),
            "meetings": [m for m in rules.match_movement() if m.table == link.table],
            "own_in": link.side not in missing,
            "other_in": not missing - {link.side},
            "closed": _tablet_closed(link, state),
        }
    )
    return render(request, "tournaments/league_tablet.html", context)


def league_tablet_card(request, token: str):
    """This side's card of this table, tapped on its tablet: a big button for each deal's tricks."""
    link = _match_table(token)
    fixture, side = link.fixture, link.side
    cards, honours = figures = leagues.match_figures(fixture)
    closed = _tablet_closed(link, leagues.match_state(fixture, figures))
    if closed:
        if request.method == "POST":
            messages.error(request, closed)
        return redirect("tournaments:league-tablet", token=token)  # the table's page says why
    form = CardForm(
        request.POST or None,
        tables=[link.table],
        cards=cards,
        side=side,
        honours=honours if fixture.league.game else None,
        buttons=True,
    )

    def enter(tables, honours):
        return leagues.match_card_enter_at_table(
            link=link,
            tricks=tables[link.table],
            honours=honours[link.table] if honours is not None else None,
            user=request.user,
        )

    if request.method == "POST" and _enter(request, form, enter):
        return redirect("tournaments:league-tablet", token=token)
    own, other = _sides(link)
    context = {
        "link": link,
        "fixture": fixture,
        "league": fixture.league,
        "own": own,
        "side": side,
        "side_name": leagues.SIDES[side],
        "form": form,
        "grid": form.grid(),
        "meetings": [m for m in rules.match_movement() if m.table == link.table],
    }
    return render(request, "tournaments/league_tablet_card.html", context)
