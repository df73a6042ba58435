"""Results by e-mail, and the club's outbox: after publishing, one e-mail to each member of the
evening (an event, a drive or a two-player night) with an address (their place, their score, a link
to their page at the club's public address; a duplicate event's attaches their pair's score card),
through Django's e-mail framework.

Pressing "Send results" fills the outbox (``ResultMail``), one row a member an evening, which
the database keeps unique: pressing it again adds nobody already there. The club's outbox is then
sent row by row: each is marked "sending" in a transaction of its own, handed to the mail server
outside any transaction (no lock is held while a slow server takes its time, so the hall's tablets
never wait for it), then marked sent, so a mail server that fails half-way leaves the rest
waiting; ``manage.py send_pending_results`` sends every club's when the server answers again (a
hall with no internet sends them from home). A sent row is never sent again. The club's own e-mails
to a member (a renewal reminder, a receipt with its PDF attached, a monthly statement of their
account: ``club_mail_queue``) go through the same outbox by the same rules.

The sending is a background task (``send_outbox``, run by the worker: services/core/tasks.py),
queued by "Send results" once the e-mails are in the outbox; it outlives the server process that
asked, and a worker killed during it has it run again by the next (only what still waits goes).

Each e-mail goes exactly once, or is held alone with the reason in words:

- no mail server set (the file or console backend): nothing is sent nor marked sent; each e-mail
  is written once to a file to read when it enters the outbox, and waits for a real server;
- the server cannot be reached: nothing is sent, all wait;
- the server refuses one address (550), or the e-mail cannot be written (a line break in a
  header): that one is held, the others go;
- the server stops answering while it takes an e-mail (or the round stops, its process killed,
  leaving it "sending"): it may have arrived, so it is held, not sent again by itself, and the
  round stops; the organiser sends it again from the outbox if the member says it never came.
  Its Message-ID stays the same, so a second copy reads as the first. This is the one e-mail whose
  fate is unknown, and it is held rather than sent again by itself: a held e-mail is not lost (the
  outbox shows it, with the reason, and one click sends it again), while one sent twice cannot be
  taken back. Held once ``UNFINISHED`` has passed (a live round may still be handing it over),
  by a sending the task queues for then.
"""

import dataclasses
import logging
import smtplib
from dataclasses import dataclass
from datetime import timedelta
from email.utils import make_msgid, parseaddr

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends import console, dummy
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django_tasks import task
from django_tasks.base import TaskResultStatus

from ...domain.formats import Entrants
from ...models import (
    AccountStatement,
    AuditLine,
    Club,
    Drive,
    DuelNight,
    Event,
    Member,
    ResultMail,
    SubscriptionPayment,
)
from ...pdf import render, render_membership
from ..core.audit import club_log, evening_log
from ..core.verdicts import require
from ..events.lifecycle import may_send_results
from ..kinds import kind_of
from ..membership.receipts import receipt_of
from ..membership.statement_print import statements_print
from ..printing import event_print_pack
from .evenings import Evening

logger = logging.getLogger(__name__)
ERROR_LENGTH = ResultMail._meta.get_field("last_error").max_length
# The right-hand side of each e-mail's Message-ID: the sender's domain.
_MESSAGE_DOMAIN = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "whistdrive.invalid"


def no_server_said(n: int) -> str:
    """What the organiser is told when no mail server is set."""
    them = "the 1 e-mail waits" if n == 1 else f"the {n} e-mails wait"
    return (
        f"No mail server is set: {them} in the outbox and go{'es' if n == 1 else ''} when one is — "
        "see README (“Send results”)."
    )


# An e-mail still "sending" this long after it was handed over was left by a round that stopped
# (a process killed while the server had it): longer than any mail server's timeout.
UNFINISHED = timedelta(minutes=15)
UNCERTAIN = (
    "The mail server stopped answering as it took this e-mail: it may have arrived; send it again "
    "from the outbox if the member says not."
)


def _delivers(connection) -> bool:
    """Whether the backend hands e-mails to a mail server: the file and console backends (no
    server set) and the dummy one only write them down or drop them. Django's test backend keeps
    them in memory as a server would take them."""
    return not isinstance(connection, (console.EmailBackend, dummy.EmailBackend))


def ordinal(place: str) -> str:
    """ "1" -> "1st", "2=" -> "2nd=", "13" -> "13th"."""
    number, shared = place.rstrip("="), place.endswith("=")
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}{'=' if shared else ''}"


def public_address(club: Club) -> str:
    """Where members reach the site from home, for the links in their e-mails: the club's own
    setting, else SITE_URL when the environment sets it, else "" (no links: the hall's address
    would be a wrong one)."""
    return (club.public_address or settings.MAIL_SITE_URL).rstrip("/")


def _members_rows(evening) -> list[tuple[int, Evening]]:
    """(member id, their row) for each member who played the evening, read by its kind's reader."""
    return kind_of(evening).season([evening])


def _links(member: Member, evening: Evening) -> list[str]:
    site = public_address(member.club)
    if not site:
        return []
    return [
        "",
        f"The full results: {site}{kind_of(evening).results_url(evening.pk)}",
        f"Your page, with your season so far: {site}{reverse('tournaments:player', args=[member.pk])}",
    ]


def _mail_text(member: Member, evening: Evening) -> tuple[str, str]:
    """The subject and the body of one member's e-mail."""
    # Where pairs are entered the member's partner is named; players entered one by one (an
    # individual event, a drive) change partner, so none is.
    names_partner = evening.evening_format.entrants is Entrants.PAIRS
    partners = ", ".join(p.name for p in evening.partners[:3] if p.name) if names_partner else ""
    with_whom = f" with {partners}" if partners else ""
    subject = f"Your results: {evening.name}, {evening.date:%-d %B %Y}"
    body = "\n".join(
        [
            f"Dear {member.first_name},",
            "",
            f"At {evening.name} on {evening.date:%A %-d %B}{with_whom} you came "
            f"{ordinal(evening.place)} of {evening.field_size} ({evening.field_name}), "
            f"with {evening.score_words}.",
            *_links(member, evening),
            "",
            f"{member.club.name}",
        ]
    )
    return subject, body


@transaction.atomic
def results_queue(*, evening: Event | Drive | DuelNight, user=None) -> int:
    """Put one e-mail for each member of a published event, drive or two-player night who has an
    address in the outbox; return how many were added (none for members already there). Refused
    in words before the results are published."""
    kind = kind_of(evening)
    field = evening.evening_format.kind  # the outbox's field for it: which models keep it
    evening = type(evening).objects.select_for_update(of=("self",)).select_related("club").get(pk=evening.pk)
    require(may_send_results(evening))
    rows = _members_rows(evening)
    members = Member.objects.select_related("club").in_bulk([member_id for member_id, _ in rows])
    now = timezone.now()
    mails = []
    for member_id, row in rows:
        member = members[member_id]
        if not member.email:
            continue
        subject, body = _mail_text(member, row)
        mails.append(
            ResultMail(
                member=member,
                **{field: evening},
                to=member.email,
                message_id=results_message_id(),
                subject=subject,
                body=body,
                card=row.card if kind.mails_score_card else "",
                created_at=now,
            )
        )
    already = set(evening.mails.values_list("member_id", flat=True))
    new = [mail for mail in mails if mail.member_id not in already]
    outbox_put(new)
    without = len(rows) - len(mails)
    detail = f"{len(new)} e-mails to send" + (f"; {without} members have no address" if without else "")
    evening_log(evening=evening, action=AuditLine.Action.MAILED, detail=detail, user=user)
    return len(new)


def outbox_put(mails: list[ResultMail]) -> None:
    """Add results e-mails to their clubs' outboxes (a member's already there for the same evening
    is left: the database keeps one), with their copies written once committed where no mail
    server delivers. Run inside the caller's transaction."""
    ResultMail.objects.bulk_create(mails, ignore_conflicts=True)
    if not _delivers(get_connection()):
        transaction.on_commit(lambda: _write_copies(mails))


def results_message_id() -> str:
    """A new results e-mail's Message-ID, kept with it so that each sending gives the same."""
    return make_msgid("results", domain=_MESSAGE_DOMAIN)


def club_mail_queue(*, member: Member, subject: str, body: str) -> ResultMail:
    """Put one of the club's own e-mails to a member (a renewal reminder, a receipt) in the
    outbox, to go with the club's next sending (``outbox_send``, after the transaction: never
    inside it). Run inside the transaction of what it tells the member."""
    mail = ResultMail.objects.create(
        member=member,
        to=member.email,
        message_id=make_msgid("club", domain=_MESSAGE_DOMAIN),
        subject=subject,
        body=body,
        created_at=timezone.now(),
    )
    if not _delivers(get_connection()):
        transaction.on_commit(lambda: _write_copies([mail]))
    return mail


@dataclass(frozen=True)
class Sending:
    """What a round of sending did: e-mails sent, held (each "to: why" in words) and still
    waiting, why the round stopped, and whether a mail server is set at all."""

    sent: int
    pending: int
    held: tuple[str, ...] = ()
    stopped: str = ""
    no_server: bool = False


def _score_card(mail: ResultMail, packs: dict) -> bytes | None:
    """The member's pair's score card as a PDF (a duplicate event's only)."""
    if mail.event_id is None or not mail.card:
        return None
    if mail.event_id not in packs:
        packs[mail.event_id] = event_print_pack(mail.event, base_url=settings.SITE_URL)
    pack = packs[mail.event_id]
    cards = tuple(card for card in pack.score_cards if card.pair == mail.card)
    return render(dataclasses.replace(pack, score_cards=cards), "score-cards") if cards else None


def _receipt(mail: ResultMail) -> tuple[str, bytes] | None:
    """A subscription's receipt as a PDF, for the e-mail that sends it (the club's own e-mails only)."""
    if mail.evening is not None:
        return None
    payment = SubscriptionPayment.objects.filter(mail=mail).select_related("club", "member").first()
    if payment is None:
        return None
    return f"receipt-{payment.receipt}.pdf", render_membership(receipt_of(payment))


def _statement(mail: ResultMail) -> tuple[str, bytes] | None:
    """A monthly statement of a member's account as a PDF, the page a letter prints, for the
    e-mail that sends it."""
    if mail.evening is not None:
        return None
    made = AccountStatement.objects.filter(mail=mail).select_related("club", "member__club").first()
    if made is None:
        return None
    return f"statement-{made.month:%Y-%m}.pdf", render_membership(statements_print(made.club, [made]))


def _message(mail: ResultMail, packs: dict, connection) -> EmailMessage:
    """The e-mail of one outbox row, its Message-ID the same each time it is made."""
    headers = {"Message-ID": mail.message_id} if mail.message_id else {}
    message = EmailMessage(mail.subject, mail.body, to=[mail.to], headers=headers, connection=connection)
    card = _score_card(mail, packs)
    if card:
        message.attach(f"score-card-{slugify(mail.card)}.pdf", card, "application/pdf")
    for attached in (_receipt(mail), _statement(mail)):
        if attached:
            message.attach(*attached, "application/pdf")
    return message


def _write_copies(mails: list[ResultMail]) -> None:
    """With no mail server set, a readable copy of each new e-mail (once, as it enters the outbox)
    where the backend writes them (``sent-mail/``); the outbox keeps them waiting."""
    connection = get_connection(fail_silently=True)
    packs = {}
    for mail in mails:
        try:
            connection.send_messages([_message(mail, packs, connection)])
        except (OSError, ValueError) as failure:  # a full disk; a line break the sending holds in words
            logger.warning("Results e-mail %s to %s not written: %s", mail.pk, mail.to, failure)


def _reply(failure: smtplib.SMTPResponseException) -> str:
    text = (
        failure.smtp_error.decode("utf-8", "replace")
        if isinstance(failure.smtp_error, bytes)
        else failure.smtp_error
    )
    return f"{failure.smtp_code} {text}"


def _refusal(failure: Exception) -> tuple[str, bool] | None:
    """A failure that concerns this e-mail alone, in words, and whether it is for good (held) or
    for later (kept waiting); None when the server itself failed."""
    if isinstance(failure, smtplib.SMTPRecipientsRefused):
        (code, text), *_ = failure.recipients.values()
        reply = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        return (
            f"The mail server refused the address ({code} {reply}): check the member's address.",
            code >= 500,
        )
    if isinstance(failure, smtplib.SMTPDataError):
        return f"The mail server refused this e-mail ({_reply(failure)}).", failure.smtp_code >= 500
    if isinstance(failure, ValueError):  # BadHeaderError, an address with a line break
        return (
            "This e-mail cannot be written: its subject or address is not one an e-mail can carry "
            "(a line break from the evening's or the member's name, or a malformed address). "
            "Correct it, then send it again from the outbox.",
            True,
        )
    return None


def _tried(mail: ResultMail, status: str, reason: str) -> None:
    mail.status, mail.last_error = status, reason[:ERROR_LENGTH]
    mail.attempts += 1
    mail.save(update_fields=["status", "attempts", "last_error"])


def _claim(waiting, pk: int) -> ResultMail | None:
    """Mark one waiting e-mail "sending" in a transaction of its own (no other round takes it), so
    that no lock is held while the mail server takes its time: in hall mode the tablets write to
    the same SQLite file, and would wait for the server too. None when another round sent it."""
    with transaction.atomic():
        mail = waiting.select_for_update(of=("self",)).select_related("event__club").filter(pk=pk).first()
        if mail is None:
            return None
        if not mail.message_id:  # queued before e-mails had one: it keeps this one from now
            mail.message_id = make_msgid("results", domain=_MESSAGE_DOMAIN)
        mail.status, mail.tried_at = ResultMail.Status.SENDING, timezone.now()
        mail.save(update_fields=["message_id", "status", "tried_at"])
    return mail


def _unfinished_held(club: Club | None) -> None:
    """E-mails an earlier round left "sending" (its process stopped while the server had them) and
    that no round is sending now: they may have arrived, so they are held, as when a server stops
    answering, never sent again by themselves."""
    left = ResultMail.objects.filter(status=ResultMail.Status.SENDING).filter(
        Q(tried_at__isnull=True) | Q(tried_at__lt=timezone.now() - UNFINISHED)
    )
    if club is not None:
        left = left.filter(member__club=club)
    left.update(status=ResultMail.Status.HELD, last_error=UNCERTAIN[:ERROR_LENGTH])


def outbox_send(*, club: Club | None = None, limit: int | None = None) -> Sending:
    """Send the waiting e-mails of one club (or of every club) one by one, oldest first (``limit``
    of them, or all). Each is marked "sending", then handed to the mail server outside any
    transaction, then marked sent. One the server refuses is held (or kept waiting, if it says to
    try later) and the others go; a server that cannot be reached, or stops answering, stops the
    round (see the module's rules). With no mail server set nothing is sent."""
    waiting = ResultMail.objects.filter(status=ResultMail.Status.PENDING)
    if club is not None:
        waiting = waiting.filter(member__club=club)
    connection = get_connection(fail_silently=False)
    if not _delivers(connection):
        return Sending(sent=0, pending=waiting.count(), no_server=True)
    _unfinished_held(club)
    ids = list(waiting.values_list("pk", flat=True))[:limit]
    sent, packs, held, stopped = 0, {}, [], ""
    if ids:
        try:
            connection.open()
        except (OSError, smtplib.SMTPException) as failure:  # refused, no route, bad password, no TLS
            stopped = f"The mail server could not be reached ({type(failure).__name__}: {failure})."
            logger.warning("Results e-mails not sent: %s", stopped)
            ids = []
    try:
        for pk in ids:
            mail = _claim(waiting, pk)
            if mail is None:  # sent meanwhile by another round
                continue
            try:
                _message(mail, packs, connection).send()
            except (OSError, ValueError) as failure:  # smtplib's errors are OSErrors
                refusal = _refusal(failure)
                if refusal is None and isinstance(failure, smtplib.SMTPResponseException):
                    # The server answered no to the sender or to us (421, 530): not this
                    # e-mail's fault, and none would go; all wait.
                    stopped = f"The mail server refused to take e-mails now ({_reply(failure)})."
                    _tried(mail, ResultMail.Status.PENDING, stopped)
                    break
                if refusal is None:  # the server hung up or stopped answering mid-message
                    logger.warning("Results e-mail %s to %s uncertain: %s", mail.pk, mail.to, failure)
                    _tried(mail, ResultMail.Status.HELD, UNCERTAIN)
                    held.append(f"{mail.to}: {UNCERTAIN}")
                    stopped = f"The mail server stopped answering ({type(failure).__name__}: {failure})."
                    break
                reason, for_good = refusal
                logger.warning("Results e-mail %s to %s not sent: %s", mail.pk, mail.to, reason)
                _tried(mail, ResultMail.Status.HELD if for_good else ResultMail.Status.PENDING, reason)
                if for_good:
                    held.append(f"{mail.to}: {reason}")
                continue
            mail.status, mail.sent_at = ResultMail.Status.SENT, timezone.now()
            mail.attempts += 1
            mail.last_error = ""
            mail.save(update_fields=["status", "sent_at", "attempts", "last_error"])
            sent += 1
    finally:
        try:
            connection.close()
        except (OSError, smtplib.SMTPException):  # the server went away first
            pass
    return Sending(sent=sent, pending=waiting.count(), held=tuple(held), stopped=stopped)


@task()
def send_outbox(club_id: int | None) -> dict:
    """The task: send the waiting e-mails of one club (None: of every club), as ``outbox_send``.
    Run again after its worker was killed, it sends only what still waits: a sent e-mail is
    never sent again, and the one the killed worker was handing over ("sending") is held once
    ``UNFINISHED`` has passed, never sent again by itself."""
    club = None if club_id is None else Club.objects.get(pk=club_id)
    sending = outbox_send(club=club)
    _unfinished_looked_at_later(club)
    return dataclasses.asdict(sending)


def _unfinished_looked_at_later(club: Club | None) -> None:
    """An e-mail left "sending" (a killed worker was handing it over) is held by the first sending
    after ``UNFINISHED``: queue that sending, so it is held even if no other e-mail ever follows."""
    left = ResultMail.objects.filter(status=ResultMail.Status.SENDING, tried_at__isnull=False)
    if club is not None:
        left = left.filter(member__club=club)
    oldest = left.order_by("tried_at").values_list("tried_at", flat=True).first()
    if oldest is None or oldest + UNFINISHED < timezone.now():
        return  # nothing left, or left with no mail server to hold it for: nothing to wait for
    if send_outbox.get_backend().supports_defer:
        later = send_outbox.using(run_after=oldest + UNFINISHED + timedelta(seconds=1))
        later.enqueue(None if club is None else club.pk)


def outbox_send_later(*, club: Club | None) -> Sending | None:
    """Queue the sending of the club's outbox (every club's for None) as a background task. Called
    outside any transaction only (what it sends was committed by the caller's own): the task is
    asked for at once. Returns what the sending did when it ran already (the immediate backend of
    the tests), None while it waits for the worker."""
    result = send_outbox.enqueue(None if club is None else club.pk)
    if result.status != TaskResultStatus.SUCCESSFUL:
        return None
    done = result.return_value
    return Sending(**{**done, "held": tuple(done["held"])})


def results_send(*, evening: Event | Drive | DuelNight, user=None) -> tuple[int, Sending | None]:
    """ "Send results": queue the evening's e-mails, then the sending of whatever of its club's
    waits (a background task: ``outbox_send_later``)."""
    queued = results_queue(evening=evening, user=user)
    return queued, outbox_send_later(club=evening.club)


def mail_send_again(*, mails, user=None) -> list[Sending | None]:
    """The organiser's "send again" on held e-mails (a refused address corrected, an e-mail the
    member says never came): each is written again from its evening and the member as they are
    now (a corrected name, a corrected address), set waiting, and its club's outbox is sent."""
    clubs = {}
    with transaction.atomic():
        held = (
            ResultMail.objects.filter(pk__in=[m.pk for m in mails], status=ResultMail.Status.HELD)
            .select_for_update(of=("self",))
            .select_related("member__club", "event", "drive", "night")
        )
        for mail in held:
            if mail.evening is not None:  # the club's own e-mails (a reminder, a receipt) keep their text
                rows = _members_rows(mail.evening)
                row = next((row for member_id, row in rows if member_id == mail.member_id), None)
                if row is not None:
                    mail.subject, mail.body = _mail_text(mail.member, row)
            mail.to = mail.member.email or mail.to
            mail.status, mail.last_error = ResultMail.Status.PENDING, ""
            mail.save(update_fields=["subject", "body", "to", "status", "last_error"])
            detail = f"sent again to {mail.to}"
            if mail.evening is None:
                club_log(club=mail.member.club, action=AuditLine.Action.MAILED, detail=detail, user=user)
            else:
                evening_log(evening=mail.evening, action=AuditLine.Action.MAILED, detail=detail, user=user)
            clubs[mail.member.club_id] = mail.member.club
    return [outbox_send_later(club=club) for club in clubs.values()]


def sending_said(queued: int | None, sending: Sending | None) -> tuple[bool, str]:
    """What the organiser is told after "Send results" (``queued`` e-mails added to the outbox) or
    after sending held e-mails again (None): whether all went, and in words (``sending`` None:
    the sending waits for the background worker)."""
    added = (
        "Sent again" if queued is None else f"{queued} e-mail{'s' if queued != 1 else ''} added to the outbox"
    )
    if sending is None:
        return True, f"{added}; they are being sent: the outbox shows each one sent, or held and why."
    if sending.no_server:
        return False, f"{added}. {no_server_said(sending.pending)}"
    said = [f"{added}; {sending.sent} sent."]
    said += [f"Held, not sent: {held}" for held in sending.held]
    if sending.stopped:
        said.append(
            f"{sending.stopped} {sending.pending} wait and go with the next “Send results”, "
            "or with manage.py send_pending_results."
        )
    elif sending.pending:
        said.append(f"{sending.pending} wait: the mail server asked to try them later.")
    if sending.held:
        said.append("Held e-mails are in the outbox (organiser site), where you can send them again.")
    return not (sending.held or sending.stopped or sending.pending), " ".join(said)
