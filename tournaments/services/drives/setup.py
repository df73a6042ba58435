"""A drive set up, its settings changed, and deleted: the organiser's page and the organiser site
both come here, so the drive's lifecycle decides and the trail keeps each change."""

from datetime import date as Date

from django.core.exceptions import ValidationError
from django.db import transaction

from ...domain.drives import PRIZE_LABELS, halves_of, halves_prizes, parse_prizes, role_prizes
from ...domain.errors import DriveError
from ...domain.formats import drive_format, rubbers_refusal
from ...models import AuditLine, Club, Drive
from ..core.audit import changes_text, club_log, drive_log
from ..core.errors import ServiceError
from ..core.verdicts import require
from . import lifecycle
from .state import DriveStateError

Action = AuditLine.Action


@transaction.atomic
def drive_create(
    *,
    club: Club,
    name: str,
    date: Date,
    format: str = Drive.Format.PROGRESSIVE,
    hands: int = 24,
    halves: int = 2,
    trump_schedule: str = "HDSC",
    sit_out: str = Drive.SitOut.SEVEN,
    prizes: str | None = None,
    lady_label: str = "Lady",
    gent_label: str = "Gent",
    tag: str = "",
    hands_per_round: int = 1,
    rounds: int | None = None,
    team_points: str = Drive.TeamPoints.MAJORITY,
    game: str = Drive.Game.WHIST,
    minnesota_rules: str = "swedish",
    rubbers: int = 0,
    user=None,
) -> Drive:
    """A new drive taking entries. An individual drive's hands are set at the start, from its
    schedule (``rounds`` of it, each played as ``hands_per_round`` hands); its prizes default to
    one list's ("individual"), the others' to "classic". A Minnesota drive (``game``) plays under
    ``minnesota_rules`` (Swedish by default) and no trumps: its trump schedule is not asked."""
    if prizes is None:
        prizes = drive_format(format).prizes
    drive = Drive(
        club=club,
        name=name,
        date=date,
        format=format,
        hands=hands,
        halves=halves,
        trump_schedule=trump_schedule.upper(),
        sit_out=sit_out,
        prizes=prizes,
        lady_label=lady_label,
        gent_label=gent_label,
        tag=tag,
        hands_per_round=hands_per_round,
        rounds=rounds,
        team_points=team_points,
        game=game,
        minnesota_rules=minnesota_rules,
        rubbers=rubbers,
    )
    _check(drive)
    drive.save()
    rules = drive.played_game.rulebook
    played = f", Minnesota whist, {rules.name}" if rules else ""
    drive_log(drive=drive, action=Action.CREATED, detail=f"for {club.name}{played}", user=user)
    return drive


def _roles_of(format: str) -> tuple[str, ...]:
    return Drive(format=format).roles


def _check(drive: Drive) -> None:
    """A drive's settings agree with each other: its halves fit its hands (an individual drive's
    hands come from its plan, at the start), a drive without roles gives no prize to a role, and
    a Minnesota drive is not played in games and rubbers (classic whist's tricks and honours)."""
    refusal = rubbers_refusal(drive.game, drive.rubbers)
    if refusal:
        raise ServiceError(refusal)
    try:
        if drive.evening_format.roles:  # players one by one play the hands of their plan
            halves_of(drive.hands, drive.halves)
        given = role_prizes(parse_prizes(drive.prizes)) if len(drive.roles) == 1 else ()
        drive.full_clean()
    except DriveError as error:
        raise ServiceError(str(error)) from None
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None
    if halved := halves_prizes(parse_prizes(drive.prizes)) if drive.halves < 2 else ():
        raise ServiceError(
            "A drive played in one part has no half time and no second half: "
            f"{', '.join(PRIZE_LABELS[p] for p in halved)} cannot be given. Play it in two halves, or "
            "choose other prizes."
        )
    if given:
        raise ServiceError(
            f"{drive.get_format_display().split(':')[0]} drives have one list of players, no ladies and "
            f"gents: {', '.join(PRIZE_LABELS[p] for p in given)} cannot be given. Choose prizes for "
            "everyone (highest, second and third overall, lowest overall)."
        )


# What the organiser site may change in a drive's settings (its status, players and publication
# have their own services).
DRIVE_SETTINGS = (
    "name",
    "date",
    "tag",
    "trump_schedule",
    "lady_label",
    "gent_label",
    "prizes",
    *lifecycle.SEATING_FIELDS,
)


@transaction.atomic
def drive_update(*, drive: Drive, values: dict, user=None) -> Drive:
    """Change a drive's settings, as the organiser site's form gives them. Refused, with the reason,
    where the drive's lifecycle forbids it (what the seating follows once it has started, the prizes
    once the results are published). The change has its line in the trail."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    values = {name: value for name, value in values.items() if getattr(drive, name) != value}
    if not values:
        return drive
    unknown = set(values) - set(DRIVE_SETTINGS)
    if unknown:
        raise ServiceError(f"{', '.join(sorted(unknown))} cannot be changed here.")
    if set(values) & set(lifecycle.SEATING_FIELDS):
        require(lifecycle.may_change_settings(drive), DriveStateError)
    # A team's players come four at a time, players one by one: who is entered cannot change.
    if "format" in values and drive.evening_format.entrants is not drive_format(values["format"]).entrants:
        raise ServiceError("A team night's players come in teams of four: it cannot change format.")
    if "prizes" in values:
        require(lifecycle.may_change_prizes(drive), DriveStateError)
    if "format" in values and drive.players.exclude(role__in=_roles_of(values["format"])).exists():
        raise ServiceError(
            "The players entered play other roles than this format's (ladies and gents, or players "
            "without roles): take them out first, or keep the format."
        )
    detail = changes_text(drive, values)
    for name, value in values.items():
        setattr(drive, name, value)
    drive.trump_schedule = drive.trump_schedule.upper()
    _check(drive)
    drive.save(update_fields=list(values))
    drive_log(drive=drive, action=Action.CHANGED, detail=detail, user=user)
    return drive


@transaction.atomic
def drive_delete(*, drive: Drive, user=None) -> None:
    """Delete a drive and everything in it; the club's trail keeps a line saying so."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    detail = f"drive {drive}, {drive.get_status_display().lower()}, {drive.players.count()} players"
    club_log(club=drive.club, action=Action.DELETED, detail=detail, user=user)
    drive.delete()
