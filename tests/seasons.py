"""Published evenings of a club's season, made quickly through the services (for the competitions'
tests and bench/season.py)."""

from datetime import date

from tournaments import services
from tournaments.models import Event, Member
from tournaments.services import drives


def members(club, count: int, first: int = 1) -> list[Member]:
    return [
        Member.objects.create(club=club, first_name="Player", last_name=f"{n:03d}")
        for n in range(first, first + count)
    ]


def published_event(
    club,
    *,
    day: date,
    pairs: list[tuple[Member, Member]] | None = None,
    tables: int = 3,
    name: str = "Pairs",
    scoring: str = "matchpoints",
    tag: str = "",
    seed: int = 0,
    boards_per_round: int = 2,
    rounds: int | None = None,
    variant: str | None = None,
) -> Event:
    """A finished, published Mitchell: ``pairs`` seated N/S 1.. then E/W 1.. (as many as given),
    every board in, N/S 1 the strongest and the rest spread by ``seed``."""
    event = services.event_create(
        club=club,
        name=name,
        date=day,
        tables=tables,
        boards_per_round=boards_per_round,
        variant=variant or ("relay" if tables % 2 == 0 else None),
        scoring=scoring,
        tag=tag,
        rounds=rounds,
    )
    services.event_build_movement(event=event)
    if pairs:
        seats = list(event.pairs.order_by("-direction", "number"))  # N/S first, then E/W
        for pair, (first, second) in zip(seats, pairs, strict=False):
            pair.player1, pair.player2 = first, second
        services.pairs_rename(event=event, pairs=seats[: len(pairs)])
    services.event_deal_boards(event=event, seed=f"season-{seed}", analyse=False)
    services.event_start(event=event)
    rows = [
        f"{board},{ns},{ew},{_tricks(board, ns, ew, seed)}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        if s.ns_pair_id and s.ew_pair_id
        for ns, ew in [(s.ns_pair.number, s.ew_pair.number)]
        for board in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    services.event_close(event=event, adjust_missing=True)
    return services.event_publish(event=event)


def _tricks(board: int, ns: int, ew: int, seed: int) -> int:
    """N/S pairs of lower numbers take more tricks, E/W of lower numbers fewer; spread by the seed."""
    return max(0, min(13, 9 - ns + ew // 2 + (board * 7 + seed * 3 + ns + ew) % 3 - 1))


def published_drive(club, *, day: date, ladies, gents, name: str = "Drive", tag: str = "", hands: int = 4):
    """A finished, published progressive drive: table 1's N/S take 8, the others 6."""
    drive = drives.drive_create(club=club, name=name, date=day, hands=hands, halves=2, tag=tag)
    for role, players in (("L", ladies), ("G", gents)):
        for member in players:
            drives.drive_player_add(drive=drive, role=role, member=member)
    drives.drive_start(drive=drive)
    tables = (len(ladies) + len(gents) + 3) // 4
    for hand in range(1, hands + 1):
        for table in range(1, tables + 1):
            if table * 4 <= len(ladies) + len(gents):
                tricks = 8 if table == 1 else 6
                drives.drive_result_record(drive=drive, hand=hand, table=table, ns_tricks=tricks)
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive)
