"""A movement of either kind from an event's settings: the one place that chooses Mitchell or Howell."""

from collections.abc import Sequence

from ..errors import MovementError
from .howell import build_howell
from .individual import INDIVIDUAL, build_individual
from .mitchell import build_mitchell
from .three_quarter import THREE_QUARTER_HOWELL, build_three_quarter_howell
from .types import Movement
from .whist import whist_schedule

HOWELL = "howell"


def build_movement(
    tables: int,
    *,
    variant: str | None,
    boards_per_round: int,
    rounds: int | None = None,
    phantom: bool = False,
    arrow_switch_rounds: Sequence[int] = (),
    card_set: str | None = None,
    players: int | None = None,
) -> Movement:
    """The Howell (or the ¾ Howell) when ``variant`` says so, the duplicate individual of
    ``players`` players (its tables follow from them), else the Mitchell of that variant (default
    by tables).

    >>> build_movement(4, variant="howell", boards_per_round=3).rounds
    7
    >>> build_movement(6, variant="three-quarter-howell", boards_per_round=3).boards
    27
    >>> build_movement(4, variant="howell", boards_per_round=3, arrow_switch_rounds=[7])
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.MovementError: A Howell has one field already: there is nothing to arrow-switch.
    """
    if variant == INDIVIDUAL:
        if arrow_switch_rounds or phantom or card_set:
            raise MovementError(
                "An individual event is seated by its schedule: no arrow switch, half table or card set."
            )
        if not players:
            raise MovementError("An individual event needs its number of players.")
        return build_individual(whist_schedule(players, rounds), boards_per_round=boards_per_round).movement
    if variant in (HOWELL, THREE_QUARTER_HOWELL):
        if arrow_switch_rounds:
            raise MovementError("A Howell has one field already: there is nothing to arrow-switch.")
        build = build_howell if variant == HOWELL else build_three_quarter_howell
        return build(
            tables,
            boards_per_round=boards_per_round,
            rounds=rounds,
            phantom=phantom,
            card_set=card_set or None,
        )
    if card_set:
        raise MovementError("Card sets are for a Howell: a Mitchell numbers its pairs the same everywhere.")
    return build_mitchell(
        tables,
        boards_per_round=boards_per_round,
        variant=variant,
        rounds=rounds,
        phantom=phantom,
        arrow_switch_rounds=tuple(arrow_switch_rounds),
    )
