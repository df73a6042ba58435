"""One rule for a table's N/S count, an event's board or a drive's hand alike."""

import pytest

from tournaments.domain.entry import EntryError, entry_needed
from tournaments.domain.formats import BOARD, HAND


@pytest.mark.parametrize(
    "existing, confirmed, entered, needed",
    [
        (None, False, 9, True),  # nothing there yet: record it
        (9, False, 9, False),  # the same tap again, or a retried request: nothing to do
        (9, True, 9, False),  # a retry whose reply was lost after E/W confirmed
        (0, False, 0, False),
    ],
)
def test_a_new_count_is_recorded_and_a_repeat_is_nothing_to_do(existing, confirmed, entered, needed):
    assert (
        entry_needed(deal=BOARD, number=3, existing=existing, confirmed=confirmed, entered=entered) is needed
    )


@pytest.mark.parametrize(
    "deal, confirmed, said",
    [
        (
            BOARD,
            False,
            "Board 3 already has N/S 9 (waiting for E/W to confirm). If it is wrong, E/W can send it "
            "back before confirming; after that ask the organiser.",
        ),
        (HAND, False, "Hand 3 already has N/S 9 (waiting for E/W to confirm)."),
        (BOARD, True, "Board 3 already has N/S 9 (confirmed): only the organiser can change it now."),
        (HAND, True, "Hand 3 already has N/S 9 (confirmed): only the organiser can change it now."),
    ],
)
def test_another_count_over_one_there_is_refused_in_words(deal, confirmed, said):
    with pytest.raises(EntryError) as refused:
        entry_needed(deal=deal, number=3, existing=9, confirmed=confirmed, entered=4)
    assert said in str(refused.value)
