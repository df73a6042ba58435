"""``movement --players V --seats 2``: a two-player night's round robin from the Berger tables."""

import json

from django.core.management import CommandError

from tournaments.domain.duels import DuelError, rounds_as_dict, rounds_as_text
from tournaments.services.duels.pairing import round_robin


def print_two_player_round_robin(command, options) -> None:
    if options["players"] is None:
        raise CommandError("Give --players: a two-player night's round robin is made for its players.")
    if options["tables"] is not None:
        raise CommandError(
            "Give --players for a two-player night, not --tables: the players decide the tables."
        )
    try:
        rounds = round_robin(options["players"])
    except DuelError as error:
        raise CommandError(str(error)) from None
    if options["format"] == "json":
        command.stdout.write(json.dumps(rounds_as_dict(rounds)))
    else:
        command.stdout.write(rounds_as_text(rounds), ending="")
