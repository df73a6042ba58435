"""A drive set up, its settings changed, and deleted: the organiser's page and the organiser site
both come here, so the drive's lifecycle decides and the trail keeps each change."""

from datetime import date as Date

from django.core.exceptions import ValidationError
from django.db import transaction

from ...domain.drives import halves_of
from ...domain.errors import DriveError
from ...models import AuditLine, Club, Drive
from ..audit import changes_text, club_log, drive_log
from ..errors import ServiceError
from ..verdicts import require
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
    prizes: str = "classic",
    lady_label: str = "Lady",
    gent_label: str = "Gent",
    tag: str = "",
    user=None,
) -> Drive:
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
    )
    try:
        halves_of(hands, halves)
        drive.full_clean()
    except DriveError as error:
        raise ServiceError(str(error)) from None
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None
    drive.save()
    drive_log(drive=drive, action=Action.CREATED, detail=f"for {club.name}", user=user)
    return drive


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
    if "prizes" in values:
        require(lifecycle.may_change_prizes(drive), DriveStateError)
    detail = changes_text(drive, values)
    for name, value in values.items():
        setattr(drive, name, value)
    drive.trump_schedule = drive.trump_schedule.upper()
    try:
        halves_of(drive.hands, drive.halves)
        drive.full_clean()
    except DriveError as error:
        raise ServiceError(str(error)) from None
    except ValidationError as error:
        raise ServiceError("; ".join(error.messages)) from None
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
