"""A widow whist series from the command line: the tables of the series in play with each table's
next deal, a deal typed from a table's score card, the close, and the standings."""

from django.core.management import BaseCommand, CommandError

from tournaments.domain.errors import DomainError
from tournaments.models import Drive
from tournaments.services import widow


class Command(BaseCommand):
    help = (
        "A widow whist series: 'show' its tables and each table's next deal, 'deal' a table's next "
        "deal (--table T --tricks 5,4,4 in the order 'show' names the players, --widow 1, 2 or 3 for "
        "who took it, none by default), 'close' it, or print its 'results'."
    )

    def add_arguments(self, parser):
        parser.add_argument("drive", type=int, help="the series' id (a drive of format widow)")
        parser.add_argument("step", choices=["show", "deal", "close", "results"])
        parser.add_argument("--table", type=int, help="deal: the table")
        parser.add_argument("--tricks", default="", help="deal: the three players' tricks, e.g. 5,4,4")
        parser.add_argument(
            "--widow", type=int, choices=[1, 2, 3], help="deal: which of the three took the widow"
        )

    def handle(self, *args, **options):
        drive = Drive.objects.filter(pk=options["drive"], format=Drive.Format.WIDOW).first()
        if drive is None:
            raise CommandError(f"There is no widow whist series {options['drive']}.")
        try:
            if options["step"] == "deal":
                self._deal(drive, options)
            elif options["step"] == "close":
                drive = widow.widow_close(drive=drive)
                self.stdout.write(f"{drive.name}: closed.")
                return
        except DomainError as error:
            raise CommandError(str(error)) from None
        state = widow.WidowState(drive)
        if options["step"] == "results":
            for s in state.standings():
                self.stdout.write(
                    f"{s['place']:>4}  {s['name']:<30} {s['points']:>4} points  {s['played']} deals"
                )
            return
        self._show(state)

    def _deal(self, drive: Drive, options) -> None:
        table = options["table"]
        if table is None:
            raise CommandError("Give the --table whose next deal this is.")
        now = widow.WidowState(drive).now_at(table)
        if now is None:
            raise CommandError(f"Table {table} has no deal to play now.")
        try:
            counts = [int(part) for part in options["tricks"].split(",")]
        except ValueError:
            raise CommandError("Give the three players' tricks as numbers, e.g. --tricks 5,4,4.") from None
        if len(counts) != len(now.playing):
            raise CommandError(
                f"Give the tricks of the three who played deal {now.deal}, e.g. --tricks 5,4,4."
            )
        taker = now.playing[options["widow"] - 1] if options["widow"] else None
        widow.widow_deal_record(
            drive=drive, table=table, taker=taker, tricks=dict(zip(now.playing, counts, strict=True))
        )

    def _show(self, state: widow.WidowState) -> None:
        drive = state.drive
        self.stdout.write(
            f"{drive.name}: series {state.series} of {state.series_count}, "
            f"{drive.get_status_display().lower()}"
        )
        for table, seats in sorted(state.tables.get(state.series, {}).items()):
            names = ", ".join(state.name(p) for p in seats)
            now = state.now_at(table)
            if now is None:
                doing = "has played its deals"
            else:
                out = f", {state.name(now.sitting_out)} sits out" if now.sitting_out else ""
                players = ", ".join(state.name(p) for p in now.playing)
                doing = f"deal {now.deal} of {state.deals_at(state.series, table)}: {players}{out}"
            self.stdout.write(f"Table {table} ({names}): {doing}")
