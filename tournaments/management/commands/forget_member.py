"""Forget a member at their request: their name becomes "Former member ID" everywhere it is kept."""

from django.core.management import BaseCommand, CommandError

from tournaments.models import Member
from tournaments.services.core.errors import ServiceError
from tournaments.services.core.members import member_forget


class Command(BaseCommand):
    help = (
        'Forget a member who asks: their name becomes "Former member ID" in every result, page, '
        "trail line and backup written from now on; their e-mails leave the outbox. One-way."
    )

    def add_arguments(self, parser):
        parser.add_argument("member", type=int, help="the member's id (as in /players/ID/)")
        parser.add_argument("--reason", required=True, help="why, for the club's trail (no name needed)")

    def handle(self, *args, **options):
        member = Member.objects.filter(pk=options["member"]).first()
        if member is None:
            raise CommandError(f"There is no member {options['member']}.")
        try:
            member = member_forget(member=member, reason=options["reason"])
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"Member {member.pk} of {member.club.name} is forgotten: shown as {member} from now on. "
            "Backups written before today still hold the name; restoring one forgets them again."
        )
