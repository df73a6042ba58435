"""Command-line options shared by the commands that take movement settings, or games and rubbers."""

from django.core.management import CommandError

from tournaments.domain.errors import DomainError
from tournaments.domain.limits import MAX_TABLES
from tournaments.domain.movements import (
    CARD_SETS,
    HOWELL,
    THREE_QUARTER_HOWELL,
    VARIANTS,
    howell_tables_text,
    parse_round_list,
)


def add_rubbers_argument(parser, *, where: str):
    """``--rubbers 5|7|10``: games and rubbers by the Laws of Whist; ``where`` says what plays them."""
    parser.add_argument(
        "--rubbers",
        type=int,
        choices=[5, 7, 10],
        default=0,
        help=f"{where} played as games to 5, 7 or 10 (rubbers at 5 and 10) by the Laws of Whist",
    )


def add_movement_arguments(parser, *, tables_required=True, tables_help: str = ""):
    """The movement's settings; ``tables_help`` says more of ``--tables`` (what is done without it)."""
    parser.add_argument(
        "--tables",
        type=int,
        required=tables_required,
        help=f"number of tables (2 to {MAX_TABLES})" + (f"; {tables_help}" if tables_help else ""),
    )
    parser.add_argument(
        "--variant",
        choices=[*VARIANTS, HOWELL, THREE_QUARTER_HOWELL],
        help=f"default: standard (odd tables), skip (even); howell for {howell_tables_text()} tables; "
        f"{THREE_QUARTER_HOWELL} for 6 tables (12 pairs, 9 rounds, 27 boards)",
    )
    parser.add_argument("--rounds", type=int, help="fewer rounds than the complete movement")
    parser.add_argument("--boards-per-round", type=int, default=3, help="boards a round (default 3)")
    parser.add_argument(
        "--phantom",
        action="store_true",
        help="a half table: a Mitchell's last N/S pair, a Howell's stationary pair, is missing",
    )
    parser.add_argument("--arrow-switch", default="", metavar="R1,R2", help="rounds to arrow-switch")
    parser.add_argument(
        "--card-set",
        choices=CARD_SETS,
        help="a Howell's published card set (default: EBU where there is one; a ¾ Howell's: ebu, the "
        "Saffron card, or acbl, the Yellow)",
    )


def movement_options(options) -> dict:
    try:
        switch = parse_round_list(options["arrow_switch"])
    except DomainError as error:
        raise CommandError(str(error)) from None
    return {
        "boards_per_round": options["boards_per_round"],
        "variant": options["variant"],
        "rounds": options["rounds"],
        "phantom": options["phantom"],
        "arrow_switch_rounds": switch,
        "card_set": options["card_set"] or "",
    }
