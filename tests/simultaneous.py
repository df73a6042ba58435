"""Simultaneous evenings for the tests: the county's boards, and clubs' events played on them."""

from datetime import date

from tournaments import services
from tournaments.domain.boards import dealer
from tournaments.domain.dealing import deal_board
from tournaments.domain.pbn import PbnBoard, vulnerability, write_pbn
from tournaments.services.simultaneous import simultaneous_create, simultaneous_join, simultaneous_join_drive

DAY = date(2026, 12, 10)


def county_pbn(boards: int, seed: str = "county") -> str:
    return write_pbn(
        [PbnBoard(n, dealer(n), vulnerability(n), deal_board(seed, n)[0]) for n in range(1, boards + 1)]
    )


def make_simultaneous(clubs, *, boards: int = 5, name: str = "County Simultaneous Pairs"):
    return simultaneous_create(name=name, date=DAY, pbn=county_pbn(boards), clubs=list(clubs))


def tricks_for(club_number: int, board: int, table: int) -> int:
    """Made-up but varied N/S tricks, different at every club."""
    return (board * 5 + table * 3 + club_number * 7) % 14


def play_club(simultaneous, club, *, tables: int, club_number: int, members=(), publish: bool = True):
    """The club's event of ``tables`` tables, a board a round, joined to the simultaneous evening and
    played to its close; ``members`` sit in its N/S pairs in turn."""
    event = services.event_create(
        club=club, name=f"{club.name} sim", date=DAY, tables=tables, boards_per_round=1
    )
    services.event_build_movement(event=event)
    pairs = list(event.pairs.filter(direction="NS").order_by("number"))
    for pair, (first, second) in zip(pairs, zip(members[::2], members[1::2], strict=False), strict=False):
        pair.player1, pair.player2 = first, second
        pair.save()
    simultaneous_join(event=event, simultaneous=simultaneous, analyse=False)
    services.event_start(event=event)
    rows = [
        f"{b},{s.ns_pair.number},{s.ew_pair.number},{tricks_for(club_number, b, s.table)}"
        for s in event.seatings.select_related("ns_pair", "ew_pair")
        if s.ns_pair_id and s.ew_pair_id
        for b in s.board_numbers
    ]
    services.results_import_csv(event=event, text="board,ns_pair,ew_pair,ns_tricks\n" + "\n".join(rows))
    services.event_close(event=event)
    if publish:
        event = services.event_publish(event=event)
    return event


def make_drive_evening(clubs, *, name: str = "County Simultaneous Drive"):
    return simultaneous_create(name=name, date=DAY, clubs=list(clubs), drive=True)


def play_drive(simultaneous, club, *, players: int, club_number: int, members=(), hands: int = 4):
    """The club's progressive drive of ``players`` players (``members`` first, guests after),
    joined to the simultaneous drive evening and played to its close, published; returns it and
    the N/S tricks recorded at each (hand, table)."""
    from tournaments.services import drives

    drive = drives.drive_create(club=club, name=f"{club.name} drive", date=DAY, hands=hands, halves=2)
    people = [str(m) for m in members] + [f"Guest {n}" for n in range(players - len(members))]
    for index, person in enumerate(people):
        drives.drive_player_add(drive=drive, role="LG"[index % 2], name=person)
    simultaneous_join_drive(drive=drive, simultaneous=simultaneous)
    drives.drive_start(drive=drive)
    tricks = {}
    for hand in range(1, hands + 1):
        state = drives.DriveState(drive)
        for table, seated in sorted(state.seatings.get(hand, {}).items()):
            if not seated.sit_out:
                tricks[(hand, table)] = tricks_for(club_number, hand, table)
                drives.drive_result_record(
                    drive=drive, hand=hand, table=table, ns_tricks=tricks[(hand, table)]
                )
    drives.drive_close(drive=drive)
    return drives.drive_publish(drive=drive), tricks
