"""A table card's movement in words: after each hand, who stays at the table and who moves where, as
each format of a drive seated by who won moves its couples (``movement``).

>>> from tournaments.domain.drives.movement import Circles
>>> movement_words(Format.PARTNER, 2, Circles(4, None, False, False), "lady", "gent", "7 tricks")
('Losing couple: stay.', 'Winning couple: up to table 3 together.')
"""

from .movement import GENT, LADY, WINNERS_STAY, Circles, Format


def movement_words(
    format: Format, table: int, circles: Circles, lady: str, gent: str, sit_out_words: str
) -> tuple[str, ...]:
    """What table ``table``'s card says of the moves, the roles called ``lady`` and ``gent``; a
    sit-out table's players score ``sit_out_words`` for the hand."""
    up, down = circles.up(table, LADY), circles.down(table, GENT)
    if table == circles.ghost_table:
        ways = []
        if not circles.ladies_skip:
            ways.append(f"the {lady} up to table {up}")
        if not circles.gents_skip:
            ways.append(f"the {gent} down to table {down}")
        if format == Format.PARTNER:
            ways = [f"the couple up to table {up}"]
        return (
            "Sit-out table: the empty seats stay here and nobody plays.",
            f"The players here score {sit_out_words} for the hand, then move as losers would: "
            + " and ".join(ways)
            + ".",
            "Where two players of one role sit out together, the one here longer moves first.",
        )
    if format == Format.PARTNER:
        return ("Losing couple: stay.", f"Winning couple: up to table {up} together.")
    movers, stayers = ("Losing", "Winning") if format in WINNERS_STAY else ("Winning", "Losing")
    stay = (
        f"{stayers} couple: stay together."
        if format == Format.SEMI_PARTNER
        else f"{stayers} {lady}: stay in your seat. {stayers} {gent}: change seats, to face your partner."
    )
    return (stay, f"{movers} {lady}: up to table {up}.", f"{movers} {gent}: down to table {down}.")
