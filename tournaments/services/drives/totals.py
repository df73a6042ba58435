"""A drive's players' totals as a simultaneous drive evening ranks them across the clubs
(``domain.simultaneous.rank_totals``): each player's card, names, total and place at their own
drive. The registry of kinds hands this to the county's ranking (``Kind.totals``)."""

from dataclasses import dataclass

from .standings import plain_number


@dataclass(frozen=True)
class PlayerTotal:
    key: str  # their card at their drive: "L3"
    number: str  # as the drive's format calls them: "L3", "Player 3"
    names: str  # through the names gate, as whoever reads them is shown them
    member_ids: tuple[int, ...]  # the members on the card (two for a shared seat)
    total: float  # their tricks over the drive
    place: str  # their place at their own drive ("6=")
    field: str  # the list they are placed in there ("Ladies")


def drives_totals(drives, read: dict) -> dict[int, list[PlayerTotal]]:
    """{drive id: its players' totals} from the drives' states (``read``: ``DriveState.read_many``).
    A drive not started yet has none."""
    found = {}
    for drive in drives:
        state, evening = read[drive.pk], drive.evening_format
        found[drive.pk] = [
            PlayerTotal(
                key=player.key,
                number=evening.player_number(player.key, player.card),
                names=player.name,
                member_ids=player.member_ids,
                total=plain_number(standing.figure),
                place=standing.place,
                field=standing.field,
            )
            for standing in (state.player_standings() if state.tables else ())
            for player in [state.players[standing.score.player]]
        ]
    return found
