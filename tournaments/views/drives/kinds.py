"""The pages of each kind of evening kept as a drive, keyed by its format, as the drives' URLs
(``/drives/<id>/``, its room, results and papers) hand them over: a drive played by score cards or
from a schedule, a team night, a widow whist series. A test fails when a drive's format has none.
"""

from collections.abc import Callable
from dataclasses import dataclass

from ...models import Drive
from ..tablets.drives import classic_table
from ..widow.organiser import widow_print_page, widow_results, widow_room, widow_run
from ..widow.tablet import widow_table
from .classic import classic_live, classic_paper, classic_results, classic_room, classic_run
from .team_nights import team_night_results, team_night_room, team_night_run


@dataclass(frozen=True)
class Pages:
    run: Callable  # (request, drive): the organiser's page, from its entries to its close
    room: Callable  # (request, drive, move_now): the hall's screen
    results: Callable  # (request, drive): its results for everyone, once published
    paper: Callable  # (request, drive, document): one of its papers (``drive_documents``) as a PDF
    # (request, drive): the grid of its tables for a second screen at the desk, once started (None:
    # its tables are on its run page, as a widow series' drawn afresh each series)
    live: Callable | None
    table: Callable  # (request, table's link): the tablet at one of its tables


CLASSIC = Pages(
    run=classic_run,
    room=classic_room,
    results=classic_results,
    paper=classic_paper,
    live=classic_live,
    table=classic_table,
)
TEAM_NIGHT = Pages(
    run=team_night_run,
    room=team_night_room,
    results=team_night_results,
    paper=classic_paper,
    live=classic_live,
    table=classic_table,
)
WIDOW = Pages(
    run=widow_run,
    room=widow_room,
    results=widow_results,
    paper=widow_print_page,
    live=None,
    table=widow_table,
)

PAGES: dict[str, Pages] = {
    "progressive": CLASSIC,
    "semi-partner": CLASSIC,
    "winners-move": CLASSIC,
    "partner": CLASSIC,
    "individual-drive": CLASSIC,
    "teams": TEAM_NIGHT,
    "widow": WIDOW,
}


def pages_of(drive: Drive) -> Pages:
    return PAGES[drive.evening_format.key]
