"""A drive's players entered and taken out before the start, each with the next card number of
their role, and what the organiser is told about them: guests entered twice, roles that cannot
fill the tables. A team night's players are entered with their team (``teams``)."""

from django.db import transaction
from django.db.models import Max, Q

from ...domain.drives import GENT, LADY, role_switches
from ...models import AuditLine, Drive, DrivePlayer, Member
from ..core.audit import drive_log
from ..core.errors import ServiceError
from ..core.verdicts import require
from ..events.entries import member_or_guest, repeated_guests
from . import lifecycle
from .play import locked
from .state import DriveStateError

Action = AuditLine.Action


@transaction.atomic
def drive_player_add(
    *,
    drive: Drive,
    role: str = "",
    member: Member | None = None,
    guest: str = "",
    name: str = "",
    shared_with: str = "",
    user=None,
) -> DrivePlayer:
    """Enter a player in a role (a drive without roles: as a Player, whatever ``role`` says), with
    the next card number of that role. A ``name`` is looked up among the club's members, else
    taken as a guest's; so is ``shared_with``, the second person of a shared seat."""
    drive = locked(drive)
    if name or (member is None and not guest):
        member, guest = member_or_guest(drive.club, name)
    second, second_guest = member_or_guest(drive.club, shared_with) if shared_with.strip() else (None, "")
    require(lifecycle.may_change_players(drive), DriveStateError)
    if drive.evening_format.enters_teams:
        raise ServiceError("A team night's players are entered with their team, four at a time.")
    roles = drive.roles
    role = roles[0] if len(roles) == 1 else role
    if role not in roles:
        raise ServiceError(f"Choose the player's role: {' or '.join(map(drive.role_label, roles))}.")
    guest = guest.strip()
    if member is None and not guest:
        raise ServiceError("Give the player's name, or choose a member.")
    for someone in (member, second):
        if someone is not None and someone.club_id != drive.club_id:
            raise ServiceError(f"{someone} is not a member of {drive.club}.")
        if (
            someone is not None
            and drive.players.filter(Q(member=someone) | Q(second_member=someone)).exists()
        ):
            raise ServiceError(f"{someone} is already entered.")
    if member is not None and member == second:
        raise ServiceError(f"{member} cannot share a seat with themselves.")
    card = (drive.players.filter(role=role).aggregate(top=Max("card"))["top"] or 0) + 1
    player = DrivePlayer(
        drive=drive,
        role=role,
        card=card,
        member=member,
        guest=guest,
        second_member=second,
        second_guest=second_guest,
    )
    player.full_clean()
    player.save()
    drive_log(
        drive=drive, action=Action.PLAYERS, detail=f"entered {player.name} ({player.number})", user=user
    )
    return player


@transaction.atomic
def drive_player_remove(*, drive: Drive, player: DrivePlayer, user=None) -> None:
    """Take a player out before the start (their card number is not given again)."""
    drive = locked(drive)
    require(lifecycle.may_change_players(drive), DriveStateError)
    if drive.evening_format.enters_teams:
        raise ServiceError(
            f"{player.name} plays in a team of four: a team night's players are taken out with their "
            "team (take the team out, and enter it again as it now is)."
        )
    removed, _ = DrivePlayer.objects.filter(pk=player.pk, drive=drive).delete()
    if removed:
        drive_log(
            drive=drive, action=Action.PLAYERS, detail=f"removed {player.name} ({player.number})", user=user
        )


def drive_guest_warnings(players) -> list[str]:
    """The drive's guests whose name is entered twice, each place named by its card (L3, G7), or
    by its number where players carry no score card."""
    return repeated_guests([(player.guest, player.number) for player in players])


def role_suggestion(*, drive: Drive) -> str:
    """A word for the organiser when the roles cannot fill the tables, naming who might swap: the
    players of the fuller role entered last."""
    if len(drive.roles) == 1:
        return ""
    players = list(drive.players.select_related("member").order_by("-card"))
    ladies = sum(1 for p in players if p.role == DrivePlayer.Role.LADY)
    if len(players) < 4:
        return ""
    role, count = role_switches(ladies, len(players) - ladies)
    if not count:
        return ""
    other = drive.role_label(GENT if role == LADY else LADY)
    candidates = [f"{p.name} ({p.number})" for p in players if p.role == role][:count]
    return (
        f"There are too many {drive.role_plural(role).lower()} to fill the tables: {count} of them "
        f"must play {other.lower()}. Perhaps {', '.join(candidates)}?"
    )
