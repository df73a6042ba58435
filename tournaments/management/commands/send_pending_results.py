"""Send the results e-mails waiting in the outbox (a hall with no internet keeps them)."""

from django.core.management import BaseCommand, CommandError

from tournaments.services.season.mail import no_server_said, outbox_send


class Command(BaseCommand):
    help = (
        "Send every club's results e-mails waiting in the outbox, each once: one the mail server "
        "refuses is held with the reason, the others go; stops if the server cannot be reached."
    )

    def handle(self, *args, **options):
        sending = outbox_send()
        if sending.no_server:
            raise CommandError(f"{no_server_said(sending.pending)} Set EMAIL_URL.")
        self.stdout.write(
            f"Sent {sending.sent} e-mails; {sending.pending} waiting; {len(sending.held)} held."
        )
        for held in sending.held:
            self.stdout.write(f"Held, not sent: {held}")
        if sending.stopped:
            raise CommandError(f"{sending.stopped} Try again later.")
