"""The pages of a drive played by score cards or from a schedule (progressive, semi-partner,
winners-move, partner and individual drives): its run page, the hall's screen, its results and its
papers. The drives' URLs hand a drive of these formats here through ``kinds.PAGES``."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render

from ...domain.drives import LADY
from ...domain.errors import DomainError
from ...models import Drive, page_shown
from ...services import drives
from ...services.season.competitions import evening_competitions
from ...services.simultaneous import simultaneous_to_join
from ...services.tablets.checkins import drive_check_ins
from ..common import drive_grid_context, tablet_base_url
from ..money import money_context


def _lists(state: drives.DriveState) -> list[tuple[str, list[dict]]]:
    """The standings of each role of the drive (one list for an individual drive), headed; empty
    lists until there is a score to rank by."""
    drive = state.drive
    return [
        (drive.role_plural(role), _standings(state, role) if state.scored else []) for role in drive.roles
    ]


def _standings(state: drives.DriveState, role: str) -> list[dict]:
    return [
        {
            "place": place,
            "key": s.player,
            "number": state.listed_number(s.player),
            "name": state.name(s.player),
            "score": s.score,
            "first_half": s.first_half,
        }
        for place, s in state.placings(role)
    ]


def _prizes(state: drives.DriveState, allows: dict) -> list[tuple[str, str, str]]:
    """The prizes, who won them and their money, once the drive is over: (label, name, money)."""
    if not allows["finished"]:
        return []
    return [(line.label, line.winner, line.amount) for line in drives.prize_lines(state)]


def classic_run(request, drive: Drive):
    """A drive's (or an individual drive's) page from entering the players to the prizes."""
    allows = drives.drive_allows(drive)
    context = {
        "documents": drives.drive_documents(drive),
        "drive": drive,
        "allows": allows,
        "players": sorted(
            drive.players.select_related("member", "second_member"), key=lambda p: (p.role != LADY, p.card)
        ),
        "trail": drive.changes.select_related("changed_by"),
    }
    if not allows["started"]:
        context |= money_context(drive, context["players"])
        # The county's drive evenings its club has not joined yet.
        context["joinable"] = simultaneous_to_join(club=drive.club, drive=True)
        context["suggestion"] = drives.role_suggestion(drive=drive)
        context["members"] = drive.club.members.filter(active=True)
        context["role"] = request.GET.get("role", LADY)
        context["guest_warnings"] = drives.drive_guest_warnings(context["players"])
        if drive.scheduled and context["players"]:
            try:
                context["plan"] = drives.drive_plan(drive=drive, players=context["players"])
            except DomainError as error:
                context["plan_refused"] = str(error)
    else:
        state = drives.DriveState(drive)
        prize_lines = drives.prize_lines(state) if state.scored else []
        context |= money_context(drive, context["players"], [line.money for line in prize_lines])
        context |= drive_grid_context(state) | {
            "state": state,
            "lists": _lists(state) if state.scored else [],
            "awards": [
                {
                    "award": line.award,
                    "name": state.name(line.award.player) if line.award.player else "",
                    "tied": [
                        (state.players[p].id, f"{state.name(p)} ({state.number(p)})") for p in line.award.tied
                    ],
                    "winner": line.winner,
                    "amount": line.amount,
                }
                for line in prize_lines
            ],
            "tables": drive.table_accesses.all(),
            "halves": range(1, drive.halves + 1),
            "paper": [
                {
                    "player": p,
                    "name": p.name,
                    "totals": [
                        (half, state.typed.get(p.key, {}).get(half, ""))
                        for half in range(1, drive.halves + 1)
                    ],
                }
                for p in state.players_in_card_order()
            ],
            "history": drive.result_changes.select_related("changed_by")[:20],
        }
    return render(request, "tournaments/drive_run.html", context)


def classic_room(request, drive: Drive, move_now: bool):
    """The hall's screen: every player of each role in order (the screen pages through a long
    list, so a player finds their own card), the half-time leaders and the hand in play."""
    state = drives.DriveState(drive)
    allows = drives.drive_allows(drive)
    prizes = _prizes(state, allows)
    return render(
        request,
        "tournaments/drive_room.html",
        {
            "drive": drive,
            "allows": allows,
            "hand": state.next_hand() if state.tables else None,
            "lists": _lists(state),
            "scored": state.scored,
            "first_half": [
                (state.listed_number(s.player), state.name(s.player), s.first_half)
                for s in state.half_time_leaders()
            ],
            "prizes": prizes,
            "move_now": move_now,
            "competitions": evening_competitions(drive),
            "counted": drive.published,
            "rules": state.rules_words,
        },
    )


def classic_results(request, drive: Drive):
    """The drive's results for everyone once published: the prizes and every player of each role
    with their place, half-time score and total (each member's name leading to their page)."""
    state = drives.DriveState(drive)
    allows = drives.drive_allows(drive)
    roles = []
    if state.tables:
        for role in drive.roles:
            heading = drive.role_plural(role)
            rows = [
                {
                    "place": place,
                    "key": s.player,
                    "number": state.listed_number(s.player),
                    "name": state.name(s.player),
                    "member_id": state.players[s.player].member_id
                    if page_shown(state.players[s.player].member)
                    else None,
                    "first_half": s.first_half,
                    "score": s.score,
                    "hands": s.hands_played,
                }
                for place, s in state.placings(role)
            ]
            roles.append((heading, rows))
    return render(
        request,
        "tournaments/drive_results.html",
        {
            "drive": drive,
            "allows": allows,
            "roles": roles,
            "prizes": _prizes(state, allows) if state.tables else [],
            "halves": drive.halves > 1,
            "rules": state.rules_words,
        },
    )


def classic_paper(request, drive: Drive, document: str):
    """One of the drive's papers (score cards, table cards, results, itinerary cards) as a PDF."""
    try:
        data = drives.drive_print(drive=drive, document=document, base_url=tablet_base_url(request))
    except DomainError as error:  # itinerary cards for players the schedule cannot seat
        messages.error(request, str(error))
        return redirect("tournaments:drive-run", drive_id=drive.pk)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="drive-{drive.pk}-{document}.pdf"'
    return response


def classic_live(request, drive: Drive):
    """The grid of tables by hands alone, refreshing itself (a team night's too): for a second
    screen at the desk, once started (until then the run page)."""
    allows = drives.drive_allows(drive)
    if not allows["started"]:
        return redirect("tournaments:drive-run", drive_id=drive.pk)
    state = drives.DriveState(drive)
    context = {"drive": drive, "allows": allows, **drive_grid_context(state)}
    if allows["play"]:
        context["check_ins"] = drive_check_ins(drive, state)
        context["tell_example"] = drive.evening_format.move_example
    return render(request, "tournaments/drive_live.html", context)
