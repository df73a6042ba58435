"""The largest event the product lets an organiser build takes every result from a results file,
exports, and imports again whole: the limits agree (``domain/limits``)."""

import json

from tournaments import services
from tournaments.domain.limits import (
    MAX_BOARDS,
    MAX_BOARDS_PER_ROUND,
    MAX_RESULTS,
    MAX_RESULTS_CSV_BYTES,
    MAX_ROUNDS,
    MAX_TABLES,
)
from tournaments.models import Event, Result
from tournaments.services.backups.event import event_export, event_import


def test_the_largest_event_takes_a_results_file_and_round_trips(club, make_event, organiser):
    event = make_event(
        club,
        name="The largest",
        tables=MAX_TABLES,
        boards_per_round=MAX_BOARDS_PER_ROUND,
        variant="skip",
        rounds=MAX_ROUNDS,  # the revenge round too
    )
    services.event_deal_boards(event=event, seed="largest", analyse=False)
    assert event.boards.count() == MAX_BOARDS
    lines = ["board,ns_pair,ew_pair,ns_tricks,round,table"]
    for s in event.seatings.select_related("ns_pair", "ew_pair"):
        lines += [
            f"{board},{s.ns_pair.number},{s.ew_pair.number},{(board + s.round) % 14},{s.round},{s.table}"
            for board in s.board_numbers
        ]
    text = "\n".join(lines) + "\n"
    assert len(lines) - 1 == MAX_RESULTS and len(text.encode()) < MAX_RESULTS_CSV_BYTES

    assert services.results_import_csv(event=event, text=text, user=organiser) == MAX_RESULTS
    exported = event_export(event)
    assert len(exported["results"]) == MAX_RESULTS
    event.delete()
    restored = event_import(json.loads(json.dumps(exported)))

    assert Result.objects.filter(event=restored).count() == MAX_RESULTS
    again = event_export(restored)
    assert again["trail"].pop()["action"] == "restored"
    assert again == exported
    assert Event.objects.count() == 1
