"""A two-player night's life, and what may happen to it now: the one place that answers, as
``services/events/lifecycle.py`` does for events and ``services/drives/lifecycle.py`` for drives.

A night goes entries -> running -> finished, and a finished night's results may be published (and
taken down again). Each question answers "may this happen now, and if not, why" in words the
organiser (or the players at a table) read; the services refuse with that reason, and the pages
and the tablets show or hide what they offer by it (templates get booleans, ``night_allows``).

- Players are entered and taken out only before the start: the pairings follow their numbers.
- The start is from entries (whether the players fit the night's rules is the domain's to say).
- The tables check in and enter deals only while the night is played; a round is paired only then.
- The organiser corrects a deal once the night has started, closed or not.
- Closing needs a night in play; publishing a closed one.
"""

from ...models import DuelNight
from ..core.verdicts import ALLOWED, Verdict, may_send_results, refused

STARTED = (DuelNight.Status.RUNNING, DuelNight.Status.FINISHED)


def has_started(night: DuelNight) -> bool:
    """Has the organiser pressed Start (the night is played, or closed)."""
    return night.status in STARTED


def has_finished(night: DuelNight) -> bool:
    """Has the organiser closed the night."""
    return night.status == DuelNight.Status.FINISHED


def may_change_players(night: DuelNight) -> Verdict:
    if has_started(night):
        return refused(f"{night.name} has started: players are entered and taken out before the start.")
    return ALLOWED


def may_start(night: DuelNight) -> Verdict:
    if has_started(night):
        return refused(f"{night.name} has started already.")
    return ALLOWED


def may_play(night: DuelNight) -> Verdict:
    """May the tables check in and enter deals now (and the next round be paired)."""
    if has_finished(night):
        return refused(f"{night.name} is closed: nothing is entered at the tables now.")
    if not has_started(night):
        return refused(f"{night.name} has not started: nothing is entered at the tables yet.")
    return ALLOWED


def may_correct(night: DuelNight) -> Verdict:
    """May the organiser correct a deal, or add one from a score card."""
    if not has_started(night):
        return refused(f"{night.name} has not started: there are no deals to correct.")
    return ALLOWED


def may_close(night: DuelNight) -> Verdict:
    if night.status != DuelNight.Status.RUNNING:
        return refused(f"{night.name} is not being played: only a night in play is closed.")
    return ALLOWED


def may_publish(night: DuelNight) -> Verdict:
    if not has_finished(night):
        return refused(f"Close {night.name} before publishing its results: they are still provisional.")
    return ALLOWED


def night_allows(night: DuelNight) -> dict[str, bool]:
    """The answers the pages show or hide buttons by, as booleans."""
    return {
        "change_players": bool(may_change_players(night)),
        "start": bool(may_start(night)),
        "play": bool(may_play(night)),
        "correct": bool(may_correct(night)),
        "close": bool(may_close(night)),
        "publish": bool(may_publish(night)) and not night.published,
        "unpublish": night.published,
        "send_results": bool(may_send_results(night)),
        "started": has_started(night),
        "finished": has_finished(night),
    }
