"""Write the published results, competitions and players' pages as static HTML into a folder."""

from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.models import Club
from tournaments.services.season.site_export import site_export


class Command(BaseCommand):
    help = (
        "Write the public pages (each club's results index, its evenings' and drives' results, its "
        "competitions and its players' pages) as static HTML with relative links into DIR, for any "
        "web space."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)
        parser.add_argument("--club", help="one club's slug (every club by default)")

    def handle(self, *args, **options):
        clubs = Club.objects.all()
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"There is no club {options['club']!r}: give its slug (/clubs/<slug>/).")
        for club in clubs.filter(members_only=True):
            self.stdout.write(f"{club.name} keeps its pages to logged-in users: they are left out.")
        directory = options["directory"]
        try:
            directory.mkdir(parents=True, exist_ok=True)
            export = site_export(directory=directory, clubs=clubs)
        except OSError as error:
            raise CommandError(f"Cannot write to {directory}: {error}") from None
        self.stdout.write(f"Wrote {len(export.files)} files into {directory}.")
        self.stdout.write(
            f"Open {directory / 'index.html'} (upload the whole folder to the club's web space)."
        )
