"""The results e-mail of a simultaneous evening: once the county publishes the ranking, each member
with an address at a taking-part club is told their place in the whole field and at their own
club, through each club's outbox (``season.mail``), one e-mail a member however often it is
asked for (``result_mail_once_a_member_simultaneous``)."""

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from ...models import AuditLine, Member, ResultMail, Simultaneous
from ..core.audit import club_log
from ..core.errors import ServiceError
from ..season.evenings import FIELD_NAMES
from ..season.mail import ordinal, outbox_put, outbox_send_later, public_address, results_message_id
from .ranking import simultaneous_drive_ranking, simultaneous_ranking


def _places(simultaneous: Simultaneous) -> tuple[int, int, list[tuple[int, int, str, str, int, str]]]:
    """(clubs, field size, [(member id, club id, place in the field, place at the club, that list's
    size, its name)]), each member once, at their best row, from the ranking of either kind."""
    if simultaneous.drive:
        ranking = simultaneous_drive_ranking(simultaneous)
        clubs = len(ranking.drives)
        rows = [(r, r.drive.club_id, r.club_place, r.club_field) for r in ranking.rows]
    else:
        ranking = simultaneous_ranking(simultaneous)
        clubs = len(ranking.events)
        rows = [(r, r.event.club_id, r.club_rank, FIELD_NAMES.get(r.club_field, "")) for r in ranking.rows]
    sizes: dict[tuple[int, str], int] = {}
    for _, club_id, place, field in rows:
        if place:
            sizes[(club_id, field)] = sizes.get((club_id, field), 0) + 1
    places, seen = [], set()
    for row, club_id, place, field in rows:
        for member_id in row.member_ids:
            if member_id not in seen:
                seen.add(member_id)
                places.append((member_id, club_id, row.rank, place, sizes.get((club_id, field), 0), field))
    return clubs, len(rows), places


def _mail_text(
    member: Member,
    simultaneous: Simultaneous,
    *,
    clubs: int,
    size: int,
    rank: str,
    place: str,
    of: int,
    field: str,
) -> tuple[str, str]:
    subject = f"Your results: {simultaneous.name}, {simultaneous.date:%-d %B %Y}"
    at_club = f", and {ordinal(place)} of {of} ({field}) at {member.club.name}" if place else ""
    site = public_address(member.club)
    url = reverse("tournaments:simultaneous", args=[simultaneous.pk])
    link = ["", f"The ranking across the clubs: {site}{url}"] if site else []
    body = "\n".join(
        [
            f"Dear {member.first_name},",
            "",
            f"At {simultaneous.name} on {simultaneous.date:%A %-d %B}, played across {clubs} clubs, you came "
            f"{ordinal(rank)} of {size} in the whole field{at_club}.",
            *link,
            "",
            f"{member.club.name}",
        ]
    )
    return subject, body


@transaction.atomic
def simultaneous_results_queue(*, simultaneous: Simultaneous, user=None) -> int:
    """Put one e-mail for each member with an address who played at a taking-part club in their
    club's outbox; return how many were added (none for members already there). Refused in words
    before the ranking is published."""
    simultaneous = Simultaneous.objects.select_for_update().get(pk=simultaneous.pk)
    if not simultaneous.published:
        raise ServiceError(f"Publish the ranking of {simultaneous.name} before its results are e-mailed.")
    clubs, size, places = _places(simultaneous)
    taking_part = set(simultaneous.clubs.values_list("pk", flat=True))
    members = Member.objects.select_related("club").in_bulk([member_id for member_id, *_ in places])
    already = set(simultaneous.mails.values_list("member_id", flat=True))
    now = timezone.now()
    new, by_club = [], {}
    for member_id, club_id, rank, place, of, field in places:
        member = members.get(member_id)
        if member is None or not member.email or member.club_id not in taking_part or member_id in already:
            continue
        if member.club_id != club_id:
            place = ""  # played as a guest at another club: no place at their own
        subject, body = _mail_text(
            member, simultaneous, clubs=clubs, size=size, rank=rank, place=place, of=of, field=field
        )
        new.append(
            ResultMail(
                member=member,
                simultaneous=simultaneous,
                to=member.email,
                message_id=results_message_id(),
                subject=subject,
                body=body,
                created_at=now,
            )
        )
        by_club.setdefault(member.club, []).append(member)
    outbox_put(new)
    for club, mailed in by_club.items():
        detail = f"{len(mailed)} e-mails to send: {simultaneous.name}"
        club_log(club=club, action=AuditLine.Action.MAILED, detail=detail, user=user)
    return len(new)


def simultaneous_results_send(*, simultaneous: Simultaneous, user=None) -> int:
    """Queue the evening's e-mails, then the sending of each taking-part club's outbox (a background
    task each: ``outbox_send_later``, asked for once the e-mails are committed). Returns how many
    were added."""
    queued = simultaneous_results_queue(simultaneous=simultaneous, user=user)
    for club in simultaneous.clubs.all():
        outbox_send_later(club=club)
    return queued
