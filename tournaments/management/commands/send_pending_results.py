"""Send the results e-mails still waiting in the outbox (a hall with no internet keeps them)."""

from django.core.management import BaseCommand, CommandError

from tournaments.services.season.mail import outbox_send


class Command(BaseCommand):
    help = (
        "Send the results e-mails waiting in the outbox, each once; stops at the mail server's first failure."
    )

    def handle(self, *args, **options):
        sending = outbox_send()
        self.stdout.write(f"Sent {sending.sent} e-mails; {sending.pending} waiting.")
        if sending.error:
            raise CommandError(f"The mail server did not take them: {sending.error}. Try again later.")
