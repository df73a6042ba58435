"""Command-line options shared by the commands that create a drive or a team night: its game."""

from tournaments.models import Drive


def add_game_arguments(parser) -> None:
    """The game at the tables (whist, or Minnesota whist with its rules)."""
    parser.add_argument(
        "--game", choices=Drive.Game.values, default=Drive.Game.WHIST, help="whist, or minnesota (no trumps)"
    )
    parser.add_argument(
        "--minnesota-rules",
        choices=Drive.MinnesotaRules.values,
        default="swedish",
        help="a Minnesota drive's scoring (default swedish)",
    )


def game_options(options) -> dict:
    """The game's settings as ``drive_create`` and ``team_night_create`` take them."""
    return {"game": options["game"], "minnesota_rules": options["minnesota_rules"]}
