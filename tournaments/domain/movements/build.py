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
MITCHELL = "mitchell"
# The variants whose pairs are one field: numbered once, they sit either way as they move.
ONE_FIELD = (HOWELL, THREE_QUARTER_HOWELL)


def movement_kind(variant: str | None) -> str:
    """The kind of movement an event's variant builds: an individual's, a Howell's (the ¾ Howell
    is one) or a Mitchell's.

    >>> movement_kind("three-quarter-howell"), movement_kind("skip"), movement_kind("individual")
    ('howell', 'mitchell', 'individual')
    """
    if variant == INDIVIDUAL:
        return INDIVIDUAL
    return HOWELL if variant in ONE_FIELD else MITCHELL


def one_field(variant: str | None) -> bool:
    """The variant's pairs are one field, numbered once: they change direction as they move, and
    all of them move but a stationary pair (a Howell, a ¾ Howell)."""
    return variant in ONE_FIELD


def in_lines(variant: str | None) -> bool:
    """The variant numbers its pairs in two lines, N/S and E/W (a Mitchell): not a Howell's one
    field, nor an individual's partnerships of a round."""
    return movement_kind(variant) == MITCHELL


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
    if variant in ONE_FIELD:
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
