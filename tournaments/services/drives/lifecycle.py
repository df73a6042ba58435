"""A drive's life, and what may happen to it now: the one place that answers, as
``services/events/lifecycle.py`` does for events.

A drive goes entries -> running -> finished, and a finished drive's results may be published
(and taken down again). Each question answers "may this happen now, and if not, why" in words
the organiser reads; the services refuse with that reason, the pages show or hide their buttons
by it, the organiser site asks before it saves, and templates get booleans (``drive_allows``).

- Players are entered and taken out only before the start: the seating follows the cards.
- The settings that decide the seating and the scores (format, hands, halves, sit-out score)
  change only before the start; the prizes change until the results are published.
- The start is from entries (the roles filling the tables is the domain's rule).
- Tablets enter and confirm tricks only while the drive is running.
- The organiser corrects a hand, or types totals from the paper cards, once the drive has
  started, finished or not.
- Closing needs a running drive; publishing a finished one.
"""

from ...models import Drive
from ..core.verdicts import ALLOWED, Verdict, may_send_results, refused

STARTED = (Drive.Status.RUNNING, Drive.Status.FINISHED)

# The settings the seating and the scores follow.
SEATING_FIELDS = (
    "format",
    "hands",
    "halves",
    "sit_out",
    "hands_per_round",
    "rounds",
    "team_points",
    "game",  # who won a hand, so who moves
    "minnesota_rules",
    "rubbers",
)


def may_change_players(drive: Drive) -> Verdict:
    if drive.status in STARTED:
        return refused(
            f"{drive.name} has started: players can no longer be added or taken out (a player who "
            "leaves sits out as an empty seat would not)."
        )
    return ALLOWED


def may_change_settings(drive: Drive) -> Verdict:
    """The format, hands, halves, sit-out score and a team night's points rule: they decide the
    seating and the scores."""
    if drive.status in STARTED:
        return refused(
            f"{drive.name} has started: its format, hands, halves, sit-out score and points rule can no "
            "longer change, as the seating and the score cards follow them."
        )
    return ALLOWED


def may_change_prizes(drive: Drive) -> Verdict:
    if drive.published:
        return refused(
            f"{drive.name}'s results are published: take the results down first, then change the prizes."
        )
    return ALLOWED


def may_start(drive: Drive) -> Verdict:
    if drive.status in STARTED:
        return refused(f"{drive.name} has already started.")
    return ALLOWED


def may_play(drive: Drive) -> Verdict:
    """May the tablets enter and confirm tricks now."""
    if drive.status == Drive.Status.FINISHED:
        return refused("This drive has finished: the scores are with the organiser now. Thank you!")
    if drive.status != Drive.Status.RUNNING:
        return refused("The drive has not started yet: the organiser starts it when everyone is seated.")
    return ALLOWED


def may_correct(drive: Drive) -> Verdict:
    """May the organiser set a hand's tricks, or type totals from the score cards."""
    if drive.status not in STARTED:
        return refused(f"{drive.name} has not started: there are no hands to correct yet.")
    return ALLOWED


def may_close(drive: Drive) -> Verdict:
    if drive.status != Drive.Status.RUNNING:
        return refused(f"{drive.name} is not in play, so it cannot be closed.")
    return ALLOWED


def may_publish(drive: Drive) -> Verdict:
    if drive.status != Drive.Status.FINISHED:
        return refused(f"Close {drive.name} before publishing its results: they are still provisional.")
    return ALLOWED


def drive_allows(drive: Drive) -> dict[str, bool]:
    """The answers the pages show or hide buttons by, as booleans."""
    return {
        "change_players": bool(may_change_players(drive)),
        "change_settings": bool(may_change_settings(drive)),
        "start": bool(may_start(drive)),
        "play": bool(may_play(drive)),
        "correct": bool(may_correct(drive)),
        "close": bool(may_close(drive)),
        "publish": bool(may_publish(drive)) and not drive.published,
        "unpublish": drive.published,
        "send_results": bool(may_send_results(drive)),
        "started": drive.status in STARTED,
        "finished": drive.status == Drive.Status.FINISHED,
    }
