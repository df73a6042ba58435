"""Send a month's statements of members' accounts for one club: an e-mail to each member with an
account and an address, a letter to print for the others; none twice."""

from datetime import date
from pathlib import Path

from django.core.management import BaseCommand, CommandError
from django.utils import timezone

from tournaments.domain.errors import DomainError
from tournaments.models import Club
from tournaments.pdf import render_membership
from tournaments.services.membership.accounts import last_month
from tournaments.services.membership.statements import account_statements_start, statement_letters
from tournaments.services.season.mail import no_server_said, outbox_send


def _month(text: str) -> date:
    try:
        return date.fromisoformat(f"{text}-01")
    except ValueError:
        raise CommandError(f"{text!r} is not a month: give it as 2026-11.") from None


class Command(BaseCommand):
    help = (
        "Send a month's statements of members' accounts (the last month unless --month): each "
        "member with an account gets exactly one, by e-mail or as a letter to print (--letters)."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="The club's short name in its web address (its slug).")
        parser.add_argument("--month", help="The month, as 2026-11 (the last month if left out).")
        parser.add_argument(
            "--letters", type=Path, help="Write the month's letters to print to this PDF file."
        )

    def handle(self, *args, club, month=None, letters=None, **options):
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"No club called {club!r}.")
        today = timezone.localdate()
        first = _month(month) if month else last_month(today)[0]
        try:
            mailed, printed = account_statements_start(club=found, month=first, today=today)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Statements for {first:%B %Y}: {mailed} by e-mail, {printed} letters to print.")
        if letters is not None:
            letters.write_bytes(render_membership(statement_letters(found, first)))
            self.stdout.write(f"Letters written to {letters}.")
        if mailed:
            sending = outbox_send(club=found)
            if sending.no_server:
                self.stdout.write(no_server_said(sending.pending))
            else:
                self.stdout.write(
                    f"Sent {sending.sent} e-mails; {sending.pending} waiting; {len(sending.held)} held."
                )
