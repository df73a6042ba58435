"""Running a progressive whist drive: entries, the start, each hand's tricks, the seating of the
next hand as the tables finish, corrections, the close and the prizes.

Every write locks the drive's row first, so two tablets finishing neighbouring tables at once
take turns, and the next hand's seating is made exactly once.
"""

import secrets
from dataclasses import dataclass
from datetime import date as Date
from decimal import Decimal
from functools import cached_property

from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone

from ..domain.boards import STRAIN_SYMBOLS, parse_schedule
from ..domain.drives import (
    AVERAGE,
    GENT,
    LADY,
    Award,
    Circles,
    Departure,
    Format,
    PlayerScore,
    Prize,
    TableSeating,
    award_prizes,
    check_start,
    departures,
    halves_of,
    next_seatings,
    parse_prizes,
    role_switches,
    score_players,
    sources,
    start_seating,
)
from ..domain.errors import DriveError
from ..models import (
    Club,
    Drive,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeating,
    DriveTable,
    DriveTotal,
    Member,
    PrizeCut,
)
from ..pdf.data import PrintEvent
from ..pdf.drives import DriveCard, DrivePrint, DriveResults, DriveTableCard, render_drive
from .entries import member_or_guest
from .errors import ServiceError
from .tables import new_table_code

SEATS = ("ns_lady", "ns_gent", "ew_lady", "ew_gent")


def tables_text(tables) -> str:
    """'table 3', 'tables 1 and 2', 'tables 1, 4 and 5'."""
    numbers = [str(t) for t in tables]
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(numbers[:-1])} and {numbers[-1]}"


class DriveStateError(ServiceError):
    """Something the drive's state does not allow now, said plainly."""


def drive_create(
    *,
    club: Club,
    name: str,
    date: Date,
    format: str = Drive.Format.PROGRESSIVE,
    hands: int = 24,
    halves: int = 2,
    trump_schedule: str = "HDSC",
    sit_out: str = Drive.SitOut.SEVEN,
    prizes: str = "classic",
) -> Drive:
    drive = Drive(
        club=club,
        name=name,
        date=date,
        format=format,
        hands=hands,
        halves=halves,
        trump_schedule=trump_schedule.upper(),
        sit_out=sit_out,
        prizes=prizes,
    )
    try:
        halves_of(hands, halves)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    drive.full_clean()
    drive.save()
    return drive


@transaction.atomic
def drive_player_add(
    *, drive: Drive, role: str, member: Member | None = None, guest: str = "", name: str = ""
) -> DrivePlayer:
    """Enter a player in a role, with the next card number of that role. A ``name`` is looked up
    among the club's members, else taken as a guest's."""
    drive = _locked(drive)
    if name or (member is None and not guest):
        member, guest = member_or_guest(drive.club, name)
    if drive.status != Drive.Status.ENTRIES:
        raise DriveStateError("The drive has started: players can no longer be added.")
    guest = guest.strip()
    if member is None and not guest:
        raise ServiceError("Give the player's name, or choose a member.")
    if member is not None and member.club_id != drive.club_id:
        raise ServiceError(f"{member} is not a member of {drive.club}.")
    if member is not None and drive.players.filter(member=member).exists():
        raise ServiceError(f"{member} is already entered.")
    card = (drive.players.filter(role=role).aggregate(top=Max("card"))["top"] or 0) + 1
    player = DrivePlayer(drive=drive, role=role, card=card, member=member, guest=guest)
    player.full_clean()
    player.save()
    return player


def role_suggestion(*, drive: Drive) -> str:
    """A word for the organiser when the roles cannot fill the tables, naming who might swap: the
    players of the fuller role entered last."""
    players = list(drive.players.select_related("member").order_by("-card"))
    ladies = sum(1 for p in players if p.role == DrivePlayer.Role.LADY)
    if len(players) < 4:
        return ""
    role, count = role_switches(ladies, len(players) - ladies)
    if not count:
        return ""
    other = drive.role_label(GENT if role == LADY else LADY)
    candidates = [f"{p.name} ({p.key})" for p in players if p.role == role][:count]
    return (
        f"There are too many {drive.role_plural(role).lower()} to fill the tables: {count} of them "
        f"must play {other.lower()}. Perhaps {', '.join(candidates)}?"
    )


@transaction.atomic
def drive_start(*, drive: Drive) -> Drive:
    """Seat the first hand in card order and give each table its link and code."""
    drive = _locked(drive)
    if drive.status != Drive.Status.ENTRIES:
        raise DriveStateError("The drive has already started.")
    players = list(drive.players.all())
    ladies = [p.key for p in players if p.role == DrivePlayer.Role.LADY]
    gents = [p.key for p in players if p.role == DrivePlayer.Role.GENT]
    try:
        start = start_seating(ladies, gents)
        check_start(Format(drive.format), start)
    except DriveError as error:
        raise ServiceError(str(error)) from None
    ids = {p.key: p.id for p in players}
    _seat(drive, 1, start, ids)
    drive.status = Drive.Status.RUNNING
    drive_open_tables(drive=drive)
    drive.save(update_fields=["status"])
    return drive


@transaction.atomic
def drive_open_tables(*, drive: Drive) -> list[DriveTable]:
    """Give each table of a started drive its secret link and short code (those it has are kept)."""
    tables = DriveSeating.objects.filter(drive=drive, hand=1).count()
    have = set(drive.table_accesses.values_list("table", flat=True))
    for table in range(1, tables + 1):
        if table not in have:
            DriveTable.objects.create(
                drive=drive, table=table, token=secrets.token_urlsafe(24), code=new_table_code()
            )
    return list(drive.table_accesses.all())


def _seat(drive: Drive, hand: int, tables, ids: dict[str, int]) -> None:
    DriveSeating.objects.bulk_create(
        DriveSeating(
            drive=drive,
            hand=hand,
            table=t.table,
            **{f"{seat}_id": ids.get(p) for seat, p in zip(SEATS, (*t.ns, *t.ew), strict=True)},
        )
        for t in tables
    )


def _locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().get(pk=drive.pk)


@transaction.atomic
def drive_result_record(
    *, drive: Drive, hand: int, table: int, ns_tricks: int, confirmed: bool = True, user=None
) -> DriveResult:
    """Record the N/S couple's tricks at a table in a hand, and seat what the result lets be seated.

    Unconfirmed (a tablet's first tap) it waits for the other couple. A confirmed result is
    changed only by ``drive_result_correct``; the same tricks sent again are harmless.
    """
    drive = _locked(drive)
    state = DriveState(drive)
    state.check_playable(hand, table, ns_tricks)
    result = state.result_rows.get((hand, table))
    if result is not None and result.confirmed:
        if result.ns_tricks == ns_tricks:
            return result
        raise DriveStateError(
            f"Hand {hand} at table {table} is already confirmed ({result}); only the organiser can "
            "correct it."
        )
    if result is None:
        result = DriveResult(drive=drive, hand=hand, table=table, ns_tricks=ns_tricks, confirmed=confirmed)
    result.ns_tricks, result.confirmed = ns_tricks, confirmed
    result.save()
    if confirmed:
        state.results[(hand, table)] = ns_tricks
        _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_confirm(*, drive: Drive, hand: int, table: int, ns_tricks: int) -> DriveResult:
    """E/W confirm the count they were shown at the table; a count changed since is not confirmed
    by mistake, and a confirmation sent twice is harmless."""
    drive = _locked(drive)
    state = DriveState(drive)
    state.check_playable(hand, table, ns_tricks)
    result = state.result_rows.get((hand, table))
    if result is None:
        raise DriveStateError(f"Hand {hand} has no count to confirm yet: N/S enter it first.")
    if result.ns_tricks != ns_tricks:
        raise DriveStateError(
            f"Hand {hand} now shows N/S {result.ns_tricks}, not {ns_tricks}: check it again before "
            "confirming."
        )
    if not result.confirmed:
        result.confirmed = True
        result.save(update_fields=["confirmed"])
        state.results[(hand, table)] = ns_tricks
        _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_result_reject(*, drive: Drive, hand: int, table: int) -> None:
    """The other couple disagrees with an unconfirmed count: it is taken back, to be entered again."""
    _locked(drive)
    DriveResult.objects.filter(drive=drive, hand=hand, table=table, confirmed=False).delete()


def _seat_what_can_be(drive: Drive, state: "DriveState", hand: int) -> None:
    """Seat every table of the later hands whose players are now known, hand after hand."""
    fmt = Format(drive.format)
    for h in range(hand, drive.hands):
        played = {t: x for (hh, t), x in state.results.items() if hh == h}
        new = next_seatings(
            fmt,
            state.seatings.get(h, {}),
            played,
            state.seatings.get(h - 1),
            done=list(state.seatings.get(h + 1, {})),
            circles=state.circles,
        )
        if not new or (state.starts_half(h + 1) and not state.hand_complete(h)):
            break  # a new half starts together, after the interval
        _seat(drive, h + 1, new.values(), state.ids)
        state.seatings.setdefault(h + 1, {}).update(new)


@transaction.atomic
def drive_player_remove(*, drive: Drive, player: DrivePlayer) -> None:
    """Take a player out before the start (their card number is not given again)."""
    drive = _locked(drive)
    if drive.status != Drive.Status.ENTRIES:
        raise DriveStateError(
            "The drive has started: a player who leaves sits out as an empty seat would not."
        )
    DrivePlayer.objects.filter(pk=player.pk, drive=drive).delete()


@transaction.atomic
def drive_totals_set(*, drive: Drive, totals: dict[int, dict[int, Decimal | None]]) -> int:
    """Type the players' totals from their paper score cards, by player id and half; an empty
    value takes a typed total away. All or nothing. Returns how many totals are now typed."""
    drive = _locked(drive)
    if drive.status == Drive.Status.ENTRIES:
        raise DriveStateError("The drive has not started.")
    players = {p.pk: p for p in drive.players.all()}
    most = Decimal(13 * drive.hands)
    for player_id, halves in totals.items():
        player = players.get(player_id)
        if player is None:
            raise ServiceError("That player is not in this drive.")
        for half, score in halves.items():
            if not 1 <= half <= drive.halves:
                raise ServiceError(f"There is no part {half}: this drive has {drive.halves}.")
            if score is None:
                DriveTotal.objects.filter(player=player, half=half).delete()
                continue
            if not 0 <= score <= most or score * 2 != int(score * 2):
                raise ServiceError(
                    f"{player.name}: {score} is not a score: give whole or half tricks from 0 to {most}."
                )
            DriveTotal.objects.update_or_create(
                drive=drive, player=player, half=half, defaults={"score": score}
            )
    return DriveTotal.objects.filter(drive=drive).count()


@transaction.atomic
def drive_result_correct(*, drive: Drive, hand: int, table: int, ns_tricks: int, reason: str = "", user=None):
    """The organiser sets a hand's tricks (a correction, or a score card typed in), with a history
    line. Where people already sat is kept: only the scores change."""
    drive = _locked(drive)
    if drive.status == Drive.Status.ENTRIES:
        raise DriveStateError("The drive has not started.")
    state = DriveState(drive)
    state.check_playable(hand, table, ns_tricks, organiser=True)
    result = state.result_rows.get((hand, table))
    before = "" if result is None else f"{result.ns_tricks}–{13 - result.ns_tricks}"
    if result is None:
        result = DriveResult(drive=drive, hand=hand, table=table)
    result.ns_tricks, result.confirmed = ns_tricks, True
    result.save()
    DriveResultChange.objects.create(
        drive=drive,
        hand=hand,
        table=table,
        before=before,
        after=f"{ns_tricks}–{13 - ns_tricks}",
        reason=reason[:200],
        changed_by=user if user is not None and user.is_authenticated else None,
        changed_at=timezone.now(),
    )
    state.results[(hand, table)] = ns_tricks
    _seat_what_can_be(drive, state, hand)
    return result


@transaction.atomic
def drive_close(*, drive: Drive) -> Drive:
    """Finish the drive: every hand must be in. The mystery hand, when a prize needs it, is drawn."""
    drive = _locked(drive)
    if drive.status != Drive.Status.RUNNING:
        raise DriveStateError("Only a drive in play can be closed.")
    state = DriveState(drive)
    missing = state.missing()
    if missing:
        shown = ", ".join(f"hand {h} table {t}" for h, t in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise DriveStateError(
            f"{len(missing)} hands are not in yet: {shown}{more}. Enter them, or type every player's "
            "totals from the score cards."
        )
    if Prize.MYSTERY in parse_prizes(drive.prizes):
        # Drawn among the hands entered one by one: a half typed as totals has no hand scores.
        typed = state.typed_halves()
        spans = halves_of(drive.hands, drive.halves)
        hands = [
            h for half, (a, b) in enumerate(spans, start=1) if half not in typed for h in range(a, b + 1)
        ]
        drive.mystery_hand = hands[secrets.randbelow(len(hands))] if hands else None
    drive.status = Drive.Status.FINISHED
    drive.save(update_fields=["status", "mystery_hand"])
    return drive


@transaction.atomic
def drive_publish(*, drive: Drive, published: bool = True) -> Drive:
    drive = _locked(drive)
    if published and drive.status != Drive.Status.FINISHED:
        raise DriveStateError("Close the drive before publishing its results.")
    Drive.objects.filter(pk=drive.pk).update(published=published)
    drive.published = published
    return drive


def drive_move_call(*, drive: Drive) -> None:
    """The organiser's "move now": the room display shows it for a minute."""
    Drive.objects.filter(pk=drive.pk).update(move_called_at=timezone.now())


@transaction.atomic
def prize_cut_record(*, drive: Drive, prize: str, winner: DrivePlayer) -> PrizeCut:
    drive = _locked(drive)
    award = next((a for a in DriveState(drive).awards if a.prize == prize), None)
    if award is None or not award.tied:
        raise ServiceError("That prize is not tied: there is nothing to cut for.")
    if winner.key not in award.tied:
        raise ServiceError(f"{winner.name} is not among the players tied for it.")
    cut, _ = PrizeCut.objects.update_or_create(drive=drive, prize=prize, defaults={"winner": winner})
    return cut


@dataclass(frozen=True)
class TableNow:
    """What a table's tablet shows: the hand to play (or the last one, waiting), and its seating."""

    table: int
    hand: int | None
    seating: TableSeating | None
    result: DriveResult | None
    waiting_for: tuple[int, ...] = ()
    finished: bool = False


class DriveState:
    """A drive as the domain sees it, read in a handful of queries: seatings, results, scores."""

    def __init__(self, drive: Drive):
        self.drive = drive
        self.players = {p.key: p for p in drive.players.select_related("member")}
        self.ids = {key: p.id for key, p in self.players.items()}
        by_id = {p.id: key for key, p in self.players.items()}
        self.seatings: dict[int, dict[int, TableSeating]] = {}
        for row in DriveSeating.objects.filter(drive=drive).values_list(
            "hand", "table", *(f"{s}_id" for s in SEATS)
        ):
            hand, table, *seats = row
            keys = [by_id.get(s) for s in seats]
            self.seatings.setdefault(hand, {})[table] = TableSeating(
                table, (keys[0], keys[1]), (keys[2], keys[3])
            )
        self.result_rows = {(r.hand, r.table): r for r in DriveResult.objects.filter(drive=drive)}
        self.results = {k: r.ns_tricks for k, r in self.result_rows.items() if r.confirmed}

    @property
    def format(self) -> Format:
        return Format(self.drive.format)

    @property
    def tables(self) -> int:
        return len(self.seatings.get(1, {}))

    @cached_property
    def circles(self) -> Circles:
        return Circles.of(self.seatings[1])

    def trumps(self, hand: int) -> str:
        schedule = parse_schedule(self.drive.trump_schedule)
        return schedule[(hand - 1) % len(schedule)]

    def name(self, key: str | None) -> str:
        return self.players[key].name if key else "(empty seat)"

    def check_playable(self, hand: int, table: int, ns_tricks: int, organiser: bool = False) -> None:
        if self.drive.status != Drive.Status.RUNNING and not (
            organiser and self.drive.status == Drive.Status.FINISHED
        ):
            raise DriveStateError(
                "The drive is not in play: the organiser has not started it, or it has finished."
            )
        if not 0 <= ns_tricks <= 13:
            raise DriveStateError(f"{ns_tricks} is not a number of tricks: give 0 to 13.")
        if not 1 <= table <= self.tables:
            raise DriveStateError(f"There is no table {table}: this drive has {self.tables} tables.")
        if not 1 <= hand <= self.drive.hands:
            raise DriveStateError(f"There is no hand {hand}: this drive has {self.drive.hands} hands.")
        seated = self.seatings.get(hand, {}).get(table)
        if seated is None:
            waiting = self.waiting_for(hand, table)
            said = (
                f": it waits for the results of hand {hand - 1} at {tables_text(waiting)}" if waiting else ""
            )
            raise DriveStateError(f"Hand {hand} is not seated at table {table} yet{said}.")
        if seated.sit_out:
            raise DriveStateError(f"Table {table} is the sit-out table in hand {hand}: nobody plays there.")

    def waiting_for(self, hand: int, table: int) -> tuple[int, ...]:
        """The tables whose results of the hand before this table's next seating waits for."""
        before = self.seatings.get(hand - 1, {})
        if not before or table not in before:
            return ()
        senders = (
            range(1, self.tables + 1) if self.starts_half(hand) else sources(self.format, table, self.circles)
        )
        return tuple(
            sorted(
                t
                for t in senders
                if t not in before or (not before[t].sit_out and (hand - 1, t) not in self.results)
            )
        )

    def starts_half(self, hand: int) -> bool:
        """The first hand after an interval: every table starts it together."""
        return hand > 1 and any(first == hand for first, _ in halves_of(self.drive.hands, self.drive.halves))

    def hand_complete(self, hand: int) -> bool:
        seated = self.seatings.get(hand, {})
        return len(seated) == self.tables and all(
            s.sit_out or (hand, t) in self.results for t, s in seated.items()
        )

    def now_at(self, table: int) -> TableNow:
        for hand in range(1, self.drive.hands + 1):
            seated = self.seatings.get(hand, {}).get(table)
            if seated is None:
                return TableNow(table, hand, None, None, waiting_for=self.waiting_for(hand, table))
            if seated.sit_out:
                if hand == self.drive.hands or table not in self.seatings.get(hand + 1, {}):
                    last = hand == self.drive.hands
                    return TableNow(
                        table, hand, seated, None, self.waiting_for(hand + 1, table), finished=last
                    )
                continue
            if (hand, table) not in self.results:
                return TableNow(table, hand, seated, self.result_rows.get((hand, table)))
        return TableNow(table, None, None, None, finished=True)

    def departures(self, hand: int, table: int) -> dict[str, Departure]:
        seated = self.seatings[hand][table]
        return departures(
            self.format,
            seated,
            self.results.get((hand, table)),
            self.circles,
            self.seatings.get(hand - 1, {}).get(table),
        )

    def next_hand(self) -> int | None:
        """The first hand some table still has to play (None when every hand is in)."""
        for hand in range(1, self.drive.hands + 1):
            seated = self.seatings.get(hand, {})
            if len(seated) < self.tables or any(
                not s.sit_out and (hand, t) not in self.results for t, s in seated.items()
            ):
                return hand
        return None

    def missing(self) -> list[tuple[int, int]]:
        """The hands and tables still to come in, leaving out the halves typed from paper totals."""
        typed = self.typed_halves()
        return [
            (hand, table)
            for half, (first, last) in enumerate(halves_of(self.drive.hands, self.drive.halves), start=1)
            if half not in typed
            for hand in range(first, last + 1)
            for table in range(1, self.tables + 1)
            if not (self.seatings.get(hand, {}).get(table) and self.seatings[hand][table].sit_out)
            and (hand, table) not in self.results
        ]

    @cached_property
    def typed(self) -> dict[str, dict[int, float]]:
        """Totals typed from paper score cards, by player and half."""
        typed: dict[str, dict[int, float]] = {}
        for player_id, half, score in DriveTotal.objects.filter(drive=self.drive).values_list(
            "player_id", "half", "score"
        ):
            typed.setdefault(self.players_by_id[player_id], {})[half] = float(score)
        return typed

    def typed_halves(self) -> set[int]:
        """The halves every player has a typed total for."""
        halves = set(range(1, self.drive.halves + 1))
        for key in self.players:
            halves &= set(self.typed.get(key, {}))
        return halves

    @cached_property
    def scores(self) -> dict[str, PlayerScore]:
        return score_players(
            {key: p.role for key, p in self.players.items()},
            self.seatings,
            self.results,
            hands=self.drive.hands,
            halves=self.drive.halves,
            sit_out_score=AVERAGE if self.drive.sit_out == Drive.SitOut.AVERAGE else 7,
            typed=self.typed,
        )

    @cached_property
    def awards(self) -> list[Award]:
        cuts = {
            Prize(prize): self.players_by_id[winner]
            for prize, winner in PrizeCut.objects.filter(drive=self.drive).values_list("prize", "winner_id")
        }
        return award_prizes(
            parse_prizes(self.drive.prizes), self.scores, cuts=cuts, mystery_hand=self.drive.mystery_hand
        )

    @cached_property
    def players_by_id(self) -> dict[int, str]:
        return {p.id: key for key, p in self.players.items()}

    def standings(self, role: str | None = None) -> list[PlayerScore]:
        rows = [s for s in self.scores.values() if role is None or s.role == role]
        return sorted(rows, key=lambda s: (-s.score, -s.last_half, -s.last_hand, s.player))


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def drive_report(*, drive: Drive) -> dict:
    """The drive's state as plain data (``drive_state --format json``)."""
    state = DriveState(drive)
    return {
        "drive": drive.pk,
        "name": drive.name,
        "status": drive.status,
        "hand": state.next_hand(),
        "seating": [
            {
                "hand": hand,
                "tables": [
                    {"table": t.table, "ns": list(t.ns), "ew": list(t.ew), "sit_out": t.sit_out}
                    for _, t in sorted(state.seatings[hand].items())
                ],
            }
            for hand in sorted(state.seatings)
        ],
        "players": [
            {
                "player": s.player,
                "name": state.name(s.player),
                "role": s.role,
                "score": _number(s.score),
                "first_half": _number(s.first_half),
                "hands_played": s.hands_played,
                "sat_out": s.sat_out,
            }
            for s in state.standings()
        ],
        "prizes": [
            {
                "prize": a.prize.value,
                "label": a.label,
                "player": a.player,
                "score": None if a.score is None else _number(a.score),
                "tie": bool(a.tied) and not a.cut,
                "tied": list(a.tied),
                "cut": a.cut,
            }
            for a in state.awards
        ],
    }


def _movement_words(state: DriveState, table: int) -> tuple[str, ...]:
    """A table card's movement in words, from the format and the circle of tables."""
    drive, circles = state.drive, state.circles
    lady, gent = drive.lady_label.lower(), drive.gent_label.lower()
    up, down = circles.up(table, LADY), circles.down(table, GENT)
    if table == circles.ghost_table:
        score = "6½" if drive.sit_out == Drive.SitOut.AVERAGE else "7"
        ways = []
        if not circles.ladies_skip:
            ways.append(f"the {lady} up to table {up}")
        if not circles.gents_skip:
            ways.append(f"the {gent} down to table {down}")
        if state.format == Format.PARTNER:
            ways = [f"the couple up to table {circles.up(table, LADY)}"]
        return (
            "Sit-out table: the empty seats stay here and nobody plays.",
            f"The players here score {score} for the hand, then move as losers would: "
            + " and ".join(ways)
            + ".",
            "Where two players of one role sit out together, the one here longer moves first.",
        )
    if state.format == Format.PARTNER:
        return ("Losing couple: stay.", f"Winning couple: up to table {circles.up(table, LADY)} together.")
    movers, stayers = (
        ("Losing", "Winning")
        if state.format in (Format.PROGRESSIVE, Format.SEMI_PARTNER)
        else ("Winning", "Losing")
    )
    stay = (
        f"{stayers} couple: stay together."
        if state.format == Format.SEMI_PARTNER
        else f"{stayers} {lady}: stay in your seat. {stayers} {gent}: change seats, to face your partner."
    )
    return (stay, f"{movers} {lady}: up to table {up}.", f"{movers} {gent}: down to table {down}.")


def drive_print(*, drive: Drive, document: str, base_url: str) -> bytes:
    """A drive's printed document as PDF bytes (score cards, table cards or results)."""
    state = DriveState(drive)
    spans = halves_of(drive.hands, drive.halves)
    cards = []
    for key, player in sorted(state.players.items(), key=lambda kv: (kv[1].role != LADY, kv[1].card)):
        score = state.scores[key] if state.tables else None
        lines = {line.hand: line for line in score.lines} if score else {}
        rows, running = [], 0.0
        for hand in range(1, drive.hands + 1):
            line = lines.get(hand)
            tricks = "" if line is None or line.tricks is None else _number(line.tricks)
            running += line.tricks or 0 if line else 0
            partner = "sits out" if line and line.sat_out else (state.name(line.partner) if line else "")
            rows.append(
                (
                    str(hand),
                    STRAIN_SYMBOLS[state.trumps(hand)],
                    str(line.table) if line else "",
                    partner,
                    str(tricks),
                    str(_number(running)) if tricks != "" else "",
                )
            )
            if any(hand == last for _, last in spans[:-1]):
                rows.append(
                    ("Half", "", "", "half-time subtotal", "", str(_number(running)) if score else "")
                )
        label = drive.role_label(player.role)
        cards.append(
            DriveCard(
                f"{key} · {label} · {player.name}", tuple(rows), str(_number(score.score)) if score else ""
            )
        )
    tables = []
    for access in drive.table_accesses.all():
        link = base_url.rstrip("/") + reverse("tournaments:drive-table", args=[access.token])
        tables.append(DriveTableCard(access.table, _movement_words(state, access.table), access.code, link))
    prizes = tuple(
        (
            a.label,
            state.name(a.player)
            if a.player
            else ("tie: cut for it: " + ", ".join(map(state.name, a.tied)) if a.tied else "—"),
            "" if a.score is None else str(_number(a.score)),
        )
        for a in (state.awards if state.tables else [])
    )
    standings = []
    for role in (LADY, GENT):
        rows = [
            (
                str(place),
                s.player,
                state.name(s.player),
                str(_number(s.first_half)),
                str(_number(s.score)),
                str(s.sat_out),
            )
            for place, s in enumerate(state.standings(role) if state.tables else [], start=1)
        ]
        standings.append((drive.role_plural(role), tuple(rows)))
    data = DrivePrint(
        event=PrintEvent(
            name=drive.name,
            club=drive.club.name,
            date=f"{drive.date:%A %-d %B %Y}",
            paper=drive.club.paper_size,
            scoring="Tricks",
        ),
        cards=tuple(cards),
        tables=tuple(tables),
        results=DriveResults(prizes, tuple(standings)),
    )
    return render_drive(data, document)
