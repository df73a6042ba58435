"""Everything held about one member, as JSON: for a member who asks for their data."""

import json
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Member
from tournaments.services.season.member_data import member_data


class Command(BaseCommand):
    help = "Write, as JSON, everything held about one member: details, evenings, e-mails, trail lines."

    def add_arguments(self, parser):
        parser.add_argument("member", type=int, help="the member's id (as in /players/ID/)")
        parser.add_argument("--output", help="a file to write (else the standard output)")

    def handle(self, *args, **options):
        member = Member.objects.select_related("club").filter(pk=options["member"]).first()
        if member is None:
            raise CommandError(f"There is no member {options['member']}.")
        text = json.dumps(member_data(member), indent=1, ensure_ascii=False) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {options['output']}.")
        else:
            self.stdout.write(text, ending="")
