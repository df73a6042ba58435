"""An event's life, and what may happen to it now: the one place that answers.

The evening goes draft -> ready -> running -> finished -> published. Each question below answers
"may this happen now, and if not, why" in words an organiser understands; the services refuse
with that reason, the pages and the admin show or hide their buttons by it, and templates get
booleans (``event_allows``), never status strings.

- Pairs (entries, seats, names given to numbers) change until play starts; players' names may
  still be corrected later, as that orphans nothing. An individual event takes players, one a
  seat, and a pairs event pairs: never the other.
- The movement (tables, rounds, boards, trumps) changes only before the tablets go live and
  before any result exists: a rebuilt movement would strand the tablets and the results.
- Deals change only before play starts and before any result exists.
- Play starts from draft or ready, with a movement, every pair seated and every board dealt.
- Results are entered at the tables only while the event runs.
- Closing needs a running event; reopening a finished, unpublished one.
- Publishing needs a finished event.
- How the results are scored (method, scale, honours, tie-break) changes until they are published:
  a published page does not change under its readers; take the results down first.
"""

from ...domain.formats import Entrants
from ...models import Event
from ..core.verdicts import ALLOWED, Verdict, may_send_results, refused, require  # noqa: F401  (require: the services take it from here)

STARTED = (Event.Status.RUNNING, Event.Status.FINISHED)

# The settings the movement, pairs and boards are built from.
MOVEMENT_FIELDS = (
    "tables",
    "variant",
    "players",
    "card_set",
    "phantom",
    "rounds",
    "boards_per_round",
    "arrow_switch_rounds",
    "trump_schedule",
)
# The settings that decide the standings from the same results: what may not change once the
# results are published, and what an event's kept scores are looked up by (``scoring.scores_key``,
# in this order).
SCORING_FIELDS = ("scoring", "minnesota_rules", "scale", "adjusted_scores", "tie_break", "honours")

# Which status may follow which: the evening goes forward, and a finished event may be reopened.
STATUS_STEPS = {
    Event.Status.DRAFT: {Event.Status.READY},
    Event.Status.READY: {Event.Status.DRAFT, Event.Status.RUNNING},
    Event.Status.RUNNING: {Event.Status.FINISHED},
    Event.Status.FINISHED: {Event.Status.RUNNING},
}


def may_change_pairs(event: Event) -> Verdict:
    if event.status in STARTED:
        return refused(f"{event.name} has started: the pairs can no longer change.")
    return ALLOWED


def may_enter_players(event: Event) -> Verdict:
    """Players one by one are for an individual event: a pairs event seats and ranks its pairs."""
    if event.evening_format.entrants is not Entrants.PLAYERS:
        return refused(f"{event.name} is played in pairs: enter its pairs instead.")
    return ALLOWED


def may_enter_pairs(event: Event) -> Verdict:
    """Pairs are for a pairs event: an individual event's partnerships are named by its players."""
    if event.evening_format.entrants is not Entrants.PAIRS:
        return refused(f"{event.name} is an individual event: enter its players instead.")
    return ALLOWED


def may_change_movement(event: Event) -> Verdict:
    if event.status in STARTED:
        return refused(
            f"{event.name} has started: its movement (tables, rounds, boards and trumps) can no longer "
            "change, as the tablets and the printed cards follow it."
        )
    if event.results.exists():
        return refused("Results have been entered for this event, so its movement can no longer change.")
    return ALLOWED


def may_change_deals(event: Event) -> Verdict:
    if event.status in STARTED or event.results.exists():
        return refused(f"Play has started in {event.name}: its deals can no longer change.")
    if not event.boards.exists():
        return refused(f"{event.name} has no boards yet: build its movement first.")
    return ALLOWED


def may_change_scoring(event: Event) -> Verdict:
    if event.published:
        return refused(
            f"{event.name}'s results are published: take the results down first (Make private, on the "
            "results page), then change how they are scored."
        )
    return ALLOWED


def may_become(event: Event, status: str) -> Verdict:
    """May the event's status step to ``status`` (the same status is no step, and allowed)."""
    if status == event.status:
        return ALLOWED
    if status not in STATUS_STEPS[event.status]:
        return refused(
            f"{event.name} is {event.get_status_display().lower()}; it cannot become "
            f"{Event.Status(status).label.lower()} from there."
        )
    if status == Event.Status.READY and not event.seatings.exists():
        return refused(f"{event.name} has no movement yet: build it before marking it ready.")
    if status == Event.Status.RUNNING and event.status == Event.Status.FINISHED and event.published:
        return refused(f"{event.name} is published: take the results down before reopening it.")
    return ALLOWED


def may_start(event: Event) -> Verdict:
    if event.status in STARTED:
        return refused(f"{event.name} has already started.")
    if not event.seatings.exists():
        return refused("Choose the movement first: there is nothing to play yet.")
    entries, pairs = event.entries.count(), event.pairs.count()
    if entries and entries != pairs:
        return refused(
            f"{entries} pairs are entered but the movement seats {pairs}: "
            f"choose a movement for {entries} pairs."
        )
    undealt = event.boards.filter(deal="").count()
    if undealt:
        return refused(
            f"{undealt} boards have no deal yet: deal the boards, or import the dealing machine's PBN file."
        )
    return ALLOWED


def has_started(event: Event) -> bool:
    """Has the organiser pressed Start (the event runs, or has finished)."""
    return event.status in STARTED


def may_play(event: Event) -> Verdict:
    """May the tablets enter and confirm results now."""
    if event.status == Event.Status.FINISHED:
        return refused("This event has finished: the scores are with the organiser now. Thank you!")
    if event.status != Event.Status.RUNNING:
        return refused("Play has not started yet: the organiser will start the event.")
    return ALLOWED


def may_close(event: Event) -> Verdict:
    if event.status != Event.Status.RUNNING:
        return refused(f"{event.name} is not running, so it cannot be closed.")
    return ALLOWED


def may_publish(event: Event) -> Verdict:
    if event.status != Event.Status.FINISHED:
        return refused(f"Finish {event.name} before publishing its results: they are still provisional.")
    return ALLOWED


def event_allows(event: Event) -> dict[str, bool]:
    """The answers the pages show or hide buttons by, as booleans (starting is refused with its
    reason when the organiser presses Start, so it is not asked here)."""
    return {
        "change_pairs": bool(may_change_pairs(event)),
        "change_movement": bool(may_change_movement(event)),
        "change_deals": bool(may_change_deals(event)),
        "change_scoring": bool(may_change_scoring(event)),
        "play": bool(may_play(event)),
        "close": bool(may_close(event)),
        "publish": bool(may_publish(event)) and not event.published,
        "unpublish": event.published,
        "send_results": bool(may_send_results(event)),
        "started": has_started(event),
        "finished": event.status == Event.Status.FINISHED,
    }
