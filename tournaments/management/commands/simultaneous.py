"""The county's simultaneous evenings from the command line: set one (its boards from a PBN file,
or a drive evening; the clubs taking part), join a club's event or drive to it, publish its
ranking, or print the ranking."""

from datetime import date
from pathlib import Path

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Club, Drive, Event, Simultaneous
from tournaments.services import PbnImportError
from tournaments.services.simultaneous import (
    simultaneous_create,
    simultaneous_drive_ranking,
    simultaneous_join,
    simultaneous_join_drive,
    simultaneous_publish,
    simultaneous_ranking,
    simultaneous_results_send,
)


class Command(BaseCommand):
    help = "Set a simultaneous evening, join a club's event to it, publish it, or print its ranking."

    def add_arguments(self, parser):
        steps = parser.add_subparsers(dest="step", required=True)
        create = steps.add_parser(
            "create", help="set a simultaneous evening; the last line printed is its id"
        )
        create.add_argument("--name", required=True)
        create.add_argument("--date", type=date.fromisoformat, required=True, help="YYYY-MM-DD")
        boards = create.add_mutually_exclusive_group(required=True)
        boards.add_argument("--pbn", type=Path, help="the boards, dealt once, numbered 1 to N")
        boards.add_argument(
            "--drive", action="store_true", help="a drive evening: each club plays a progressive drive"
        )
        create.add_argument(
            "--club", action="append", required=True, help="a taking-part club's address (slug); repeat"
        )
        join = steps.add_parser("join", help="play a club's event on the simultaneous evening's boards")
        join.add_argument("simultaneous_id", type=int)
        join.add_argument("event_id", type=int)
        join_drive = steps.add_parser("join-drive", help="rank a club's drive on the drive evening")
        join_drive.add_argument("simultaneous_id", type=int)
        join_drive.add_argument("drive_id", type=int)
        publish = steps.add_parser("publish", help="open the ranking to anyone with its address")
        publish.add_argument("simultaneous_id", type=int)
        publish.add_argument("--private", action="store_true", help="take the ranking down instead")
        ranking = steps.add_parser("ranking", help="print the ranking across the clubs")
        ranking.add_argument("simultaneous_id", type=int)

    def handle(self, *args, **options):
        try:
            getattr(self, "_" + options["step"].replace("-", "_"))(options)
        except PbnImportError as error:
            for problem in error.problems:
                self.stderr.write(problem)
            raise CommandError(
                f"Nothing was set: {len(error.problems)} problem(s) in the PBN file."
            ) from None
        except DomainError as error:
            raise CommandError(str(error)) from None

    def _simultaneous(self, pk: int) -> Simultaneous:
        simultaneous = Simultaneous.objects.filter(pk=pk).first()
        if simultaneous is None:
            raise CommandError(f"There is no simultaneous evening {pk}.")
        return simultaneous

    def _create(self, options):
        slugs = options["club"]
        clubs = list(Club.objects.filter(slug__in=slugs))
        missing = sorted(set(slugs) - {club.slug for club in clubs})
        if missing:
            raise CommandError(f"There is no club at {', '.join(missing)}.")
        if options["drive"]:
            simultaneous = simultaneous_create(
                name=options["name"], date=options["date"], clubs=clubs, drive=True
            )
            self.stdout.write(f"{simultaneous.name}: a drive evening, {len(clubs)} clubs.")
            self.stdout.write(str(simultaneous.pk))
            return
        try:
            text = options["pbn"].read_text(encoding="utf-8-sig", errors="replace")
        except OSError as error:
            raise CommandError(f"Cannot read {options['pbn']}: {error}") from None
        simultaneous = simultaneous_create(name=options["name"], date=options["date"], pbn=text, clubs=clubs)
        self.stdout.write(f"{simultaneous.name}: {simultaneous.boards} boards, {len(clubs)} clubs.")
        self.stdout.write(str(simultaneous.pk))

    def _join(self, options):
        simultaneous = self._simultaneous(options["simultaneous_id"])
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event_id']}.")
        simultaneous_join(event=event, simultaneous=simultaneous)
        self.stdout.write(f"{event.name} is played on {simultaneous.name}'s boards.")

    def _join_drive(self, options):
        simultaneous = self._simultaneous(options["simultaneous_id"])
        drive = Drive.objects.filter(pk=options["drive_id"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive_id']}.")
        simultaneous_join_drive(drive=drive, simultaneous=simultaneous)
        self.stdout.write(f"{drive.name}'s players are ranked in {simultaneous.name}.")

    def _publish(self, options):
        simultaneous = simultaneous_publish(
            simultaneous=self._simultaneous(options["simultaneous_id"]), published=not options["private"]
        )
        self.stdout.write(f"{simultaneous.name}: {'published' if simultaneous.published else 'private'}.")
        if simultaneous.published:
            queued = simultaneous_results_send(simultaneous=simultaneous)
            self.stdout.write(f"{queued} e-mails added to the clubs' outboxes.")

    def _ranking(self, options):
        simultaneous = self._simultaneous(options["simultaneous_id"])
        if simultaneous.drive:
            for row in simultaneous_drive_ranking(simultaneous).rows:
                self.stdout.write(
                    f"{row.rank}\t{row.club}\t{row.number}\t{row.names}\t{row.total}\t{row.club_place}"
                )
            return
        ranking = simultaneous_ranking(simultaneous)
        for row in ranking.rows:
            percentage = "" if row.percentage is None else f"{row.percentage:.2f}"
            club_percentage = "" if row.club_percentage is None else f"{row.club_percentage:.2f}"
            self.stdout.write(
                f"{row.rank}\t{row.club}\t{row.label}\t{row.names}\t{percentage}\t{row.club_rank}\t{club_percentage}"
            )
