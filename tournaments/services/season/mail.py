"""Results by e-mail: after publishing, one e-mail to each member of the evening with an address
(their place, their score, a link to their page; a duplicate event's attaches their pair's score
card), through Django's e-mail framework.

Pressing "Send results" fills the outbox (``ResultMail``), one row a member an evening, which
the database keeps unique: pressing it again adds nobody already there. The outbox is then sent
row by row, each marked sent in its own transaction just after it went, so a mail server that
fails half-way leaves the rest waiting; ``manage.py send_pending_results`` sends them when the
server answers again (a hall with no internet sends them from home). A sent row is never sent
again.
"""

import dataclasses
import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from ...models import AuditLine, Drive, Event, Member, ResultMail
from ...pdf import render
from ..core.audit import drive_log, event_log
from ..core.verdicts import require
from ..events.lifecycle import may_send_results
from ..printing import event_print_pack
from .players import Evening, drives_evenings, events_evenings

logger = logging.getLogger(__name__)
ERROR_LENGTH = ResultMail._meta.get_field("last_error").max_length


def _ordinal(place: str) -> str:
    """ "1" -> "1st", "2=" -> "2nd=", "13" -> "13th"."""
    number, shared = place.rstrip("="), place.endswith("=")
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}{'=' if shared else ''}"


def _mail_text(member: Member, evening: Evening, *, results_url: str) -> tuple[str, str]:
    """The subject and the body of one member's e-mail."""
    page = settings.SITE_URL + reverse("tournaments:player", args=[member.pk])
    partners = ", ".join(p.name for p in evening.partners[:3] if p.name)
    with_whom = f" with {partners}" if evening.kind == "event" and partners else ""
    subject = f"Your results: {evening.name}, {evening.date:%-d %B %Y}"
    body = "\n".join(
        [
            f"Dear {member.first_name},",
            "",
            f"At {evening.name} on {evening.date:%A %-d %B}{with_whom} you came "
            f"{_ordinal(evening.place)} of {evening.field_size} ({evening.field_name}), "
            f"with {evening.evening_format.measure.amount(evening.score_text)}.",
            "",
            f"The full results: {results_url}",
            f"Your page, with your season so far: {page}",
            "",
            f"{member.club.name}",
        ]
    )
    return subject, body


@transaction.atomic
def results_queue(*, event: Event | None = None, drive: Drive | None = None, user=None) -> int:
    """Put one e-mail for each member of a published evening or drive who has an address in the
    outbox; return how many were added (none for members already there). Refused in words before
    the results are published."""
    if event is not None:
        event = Event.objects.select_for_update().select_related("club").get(pk=event.pk)
        require(may_send_results(event))
        rows = events_evenings([event])
        results_url = settings.SITE_URL + reverse("tournaments:results", args=[event.pk])
    else:
        drive = Drive.objects.select_for_update().get(pk=drive.pk)
        require(may_send_results(drive))
        rows = drives_evenings([drive])
        results_url = settings.SITE_URL + reverse("tournaments:drive-results", args=[drive.pk])
    members = Member.objects.select_related("club").in_bulk([member_id for member_id, _ in rows])
    now = timezone.now()
    mails = []
    for member_id, evening in rows:
        member = members[member_id]
        if not member.email:
            continue
        subject, body = _mail_text(member, evening, results_url=results_url)
        mails.append(
            ResultMail(
                member=member,
                event=event,
                drive=drive,
                to=member.email,
                subject=subject,
                body=body,
                card=evening.card if event is not None else "",
                created_at=now,
            )
        )
    queued = ResultMail.objects.filter(event=event) if event is not None else drive.mails.all()
    already = set(queued.values_list("member_id", flat=True))
    new = [mail for mail in mails if mail.member_id not in already]
    ResultMail.objects.bulk_create(new, ignore_conflicts=True)
    without = len(rows) - len(mails)
    detail = f"{len(new)} e-mails to send" + (f"; {without} members have no address" if without else "")
    if event is not None:
        event_log(event=event, action=AuditLine.Action.MAILED, detail=detail, user=user)
    else:
        drive_log(drive=drive, action=AuditLine.Action.MAILED, detail=detail, user=user)
    return len(new)


@dataclass(frozen=True)
class Sending:
    """What a round of sending did: e-mails sent, still waiting, and the last failure in words."""

    sent: int
    pending: int
    error: str = ""


def _score_card(mail: ResultMail, packs: dict) -> bytes | None:
    """The member's pair's score card as a PDF (a duplicate event's only)."""
    if mail.event_id is None or not mail.card:
        return None
    if mail.event_id not in packs:
        packs[mail.event_id] = event_print_pack(mail.event, base_url=settings.SITE_URL)
    pack = packs[mail.event_id]
    cards = tuple(card for card in pack.score_cards if card.pair == mail.card)
    return render(dataclasses.replace(pack, score_cards=cards), "score-cards") if cards else None


def outbox_send(*, limit: int | None = None) -> Sending:
    """Send the waiting e-mails one by one, oldest first (``limit`` of them, or all); each is
    marked sent in its own transaction once the mail server took it. The first failure stops the
    round (a server that does not answer would fail them all): that e-mail counts an attempt and
    keeps the error, and it and the rest wait for the next round."""
    waiting = ResultMail.objects.filter(status=ResultMail.Status.PENDING).select_related("event__club")
    ids = list(waiting.values_list("pk", flat=True))[:limit]
    sent, packs, error = 0, {}, ""
    connection = get_connection(fail_silently=False)
    try:
        for pk in ids:
            with transaction.atomic():
                mail = waiting.select_for_update(of=("self",)).filter(pk=pk).first()
                if mail is None:  # sent meanwhile by another round
                    continue
                message = EmailMessage(mail.subject, mail.body, to=[mail.to], connection=connection)
                card = _score_card(mail, packs)
                if card:
                    message.attach(f"score-card-{slugify(mail.card)}.pdf", card, "application/pdf")
                try:
                    message.send()
                except OSError as failure:  # refused, timed out, no route, any SMTP error
                    error = f"{type(failure).__name__}: {failure}"[:ERROR_LENGTH]
                    logger.warning("Results e-mail %s to %s not sent: %s", mail.pk, mail.to, error)
                    mail.attempts += 1
                    mail.last_error = error
                    mail.save(update_fields=["attempts", "last_error"])
                    break
                mail.status, mail.sent_at = ResultMail.Status.SENT, timezone.now()
                mail.attempts += 1
                mail.last_error = ""
                mail.save(update_fields=["status", "sent_at", "attempts", "last_error"])
                sent += 1
    finally:
        connection.close()
    pending = ResultMail.objects.filter(status=ResultMail.Status.PENDING).count()
    return Sending(sent=sent, pending=pending, error=error)


def results_send(*, event: Event | None = None, drive: Drive | None = None, user=None) -> tuple[int, Sending]:
    """ "Send results": queue the evening's e-mails, then send whatever waits."""
    queued = results_queue(event=event, drive=drive, user=user)
    return queued, outbox_send()


def sending_said(queued: int, sending: Sending) -> tuple[bool, str]:
    """What the organiser is told after "Send results": whether all went, and in words."""
    said = f"{queued} e-mail{'s' if queued != 1 else ''} added to the outbox; {sending.sent} sent."
    if sending.error:
        return False, (
            f"{said} {sending.pending} wait: the mail server did not take them ({sending.error}). "
            "They are kept and go with the next “Send results”, or with manage.py send_pending_results."
        )
    return True, said
