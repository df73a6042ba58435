"""Published evenings of a club's season, made quickly through the services (for the competitions'
tests and bench/season.py)."""

import random
import time
from datetime import date, timedelta

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


def season(club, *, evenings: int, tables: int, start: date, report=print) -> None:
    """A season of weekly published 30-table-like skip Mitchells of 12 rounds of 2 boards, the club's
    ``4 * tables`` members in new pairs each evening (the benches' season)."""
    people = members(club, 4 * tables)
    rng = random.Random(7)
    for n in range(evenings):
        rng.shuffle(people)
        pairs = [(people[2 * k], people[2 * k + 1]) for k in range(2 * tables)]
        started = time.perf_counter()
        published_event(
            club,
            day=start + timedelta(days=7 * n),
            pairs=pairs,
            tables=tables,
            rounds=12,
            variant="skip",
            name=f"Tuesday {n + 1}",
            tag="Tuesday",
            seed=n,
        )
        report(f"  evening {n + 1} of {evenings} built in {time.perf_counter() - started:.1f} s")


# A competition of each measure the season's evenings have (the benches').
COMPETITIONS = {
    "percentage, best 40 (qualify 20), moving handicap": {
        "measure": "percentage",
        "counting": "best",
        "count": 40,
        "qualify": 20,
        "handicap": "moving",
        "ties": "counted-then-best",
    },
    "reverse placings, best 30": {
        "measure": "placing",
        "placing": "reverse",
        "counting": "best",
        "count": 30,
    },
    "4/3/2/1 each direction, drop the lowest 10": {
        "measure": "placing",
        "points": "4/3/2/1",
        "counting": "drop",
        "count": 10,
    },
    "fixed pairs, 6/4/3/2/1": {"measure": "placing", "who": "pairs"},
}
