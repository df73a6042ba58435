"""Each kind of evening is declared once, and the declarations agree with the stored choices."""

import pytest

from tournaments.domain import formats
from tournaments.domain.drives import Format as DriveFormat
from tournaments.domain.formats import Entrants, Lists, Measure, drive_format, event_format


@pytest.mark.parametrize("stored", [f.value for f in DriveFormat])
def test_every_drive_format_has_a_declaration(stored):
    assert drive_format(stored).kind == "drive"


@pytest.mark.parametrize("variant", ["standard", "skip", "relay", "howell"])
def test_every_pairs_movement_is_a_pairs_event(variant):
    assert event_format(variant) is formats.PAIRS_EVENT


def test_an_individual_event_ranks_players_in_one_list_and_its_pairs_stay_inside():
    f = event_format("individual")
    assert (f.ranked, f.lists, f.partnerships_internal) == (Entrants.PLAYERS, Lists.ONE, True)
    assert f.entrant.title(7) == "Player 7"


@pytest.mark.parametrize(
    ("stored", "lists", "codes"),
    [
        ("progressive", Lists.ROLE, True),
        ("semi-partner", Lists.ROLE, True),
        ("winners-move", Lists.ROLE, True),
        ("partner", Lists.ROLE, True),
        ("individual", Lists.ONE, False),
        ("teams", Lists.ONE, False),
    ],
)
def test_only_a_lady_and_gent_drive_names_players_by_their_cards(stored, lists, codes):
    f = drive_format(stored)
    assert (f.lists, f.card_codes) == (lists, codes)
    assert f.person_label("L1", "Ann Smith") == ("Ann Smith (L1)" if codes else "Ann Smith")


def test_a_team_night_is_measured_apart_from_a_drive_and_an_event():
    measures = {
        drive_format("teams").measure,
        drive_format("progressive").measure,
        event_format("howell").measure,
    }
    assert measures == {Measure.TEAM_POINTS, Measure.TRICKS, Measure.PERCENTAGE}


def test_a_drive_says_hand_a_duplicate_evening_board_and_a_league_match_deal():
    assert drive_format("progressive").deal.title(3) == "Hand 3"
    assert event_format("standard").deal.count(1) == "1 board"
    assert formats.LEAGUE_MATCH.deal.count(2) == "2 deals"
    assert [f.key for f in formats.FORMATS.values() if f.duplicate] == ["pairs", "individual"]


@pytest.mark.parametrize("stored", [f.value for f in DriveFormat])
def test_a_drive_seated_from_a_schedule_is_one_the_domain_plans_in_advance(stored):
    # The format's word and the domain's planners agree: a scheduled format has a planner (its
    # every hand seated at the start), any other is seated hand by hand from who won.
    from tournaments.domain.drives import PLANNERS, is_scheduled

    scheduled = drive_format(stored).seated_by == "schedule"
    assert is_scheduled(stored) is scheduled
    assert (stored in PLANNERS) is scheduled


@pytest.mark.parametrize(
    ("stored", "number", "heading", "listed"),
    [
        ("progressive", "L3", "Card", "L3"),
        ("individual", "Player 3", "No.", "3"),
    ],
)
def test_a_player_without_a_score_card_goes_by_their_number(stored, number, heading, listed):
    f = drive_format(stored)
    assert f.player_number("L3", 3) == number
    assert (f.number_heading, f.listed_number("L3", 3)) == (heading, listed)


@pytest.mark.parametrize(
    ("f", "figure", "words"),
    [
        (event_format("standard"), "56.25%", "56.25%"),
        (drive_format("progressive"), "84", "84 tricks"),
        (drive_format("teams"), "7", "7 team points"),
        (drive_format("teams"), "1", "1 team point"),
        (formats.LEAGUE_MATCH, "3", "3 match points"),
    ],
)
def test_a_figure_says_its_measure_in_words(f, figure, words):
    assert f.measure.amount(figure) == words


@pytest.mark.parametrize(
    ("f", "mover"),
    [
        (event_format("standard"), "Pair 9"),
        (event_format("individual"), "Ann Smith"),
        (drive_format("progressive"), "Ann Smith (L3)"),
        (drive_format("individual"), "Ann Smith"),
        (drive_format("teams"), "Team 7's away pair"),
    ],
)
def test_an_organiser_is_shown_how_to_direct_the_format_s_own_movers(f, mover):
    assert f.move_example.startswith(f"{mover}: go to table")
    assert ("Pair" in f.move_example) == (f.entrants is Entrants.PAIRS)


@pytest.mark.parametrize(
    ("f", "joined", "card"),
    [
        (formats.PAIRS_EVENT, "Ann & Bob", "score cards"),
        (formats.INDIVIDUAL_EVENT, "Ann + Bob", "score cards"),
        (formats.TEAM_NIGHT, "Ann & Bob", "team cards"),
    ],
    ids=lambda value: getattr(value, "key", None),
)
def test_a_format_says_how_an_entrants_people_are_joined_and_what_card_it_carries(f, joined, card):
    # Two names in one pair are partners; two on one player's line share a seat.
    assert f.joiner.join(["Ann", "Bob"]) == joined
    assert f.card.plural == card


def test_an_individual_event_prints_itinerary_cards_and_a_pairs_event_guide_and_score_cards():
    assert "itinerary-cards" in formats.INDIVIDUAL_EVENT.documents
    assert not {"guide-cards", "score-cards"} & set(formats.INDIVIDUAL_EVENT.documents)
    assert {"guide-cards", "score-cards"} <= set(formats.PAIRS_EVENT.documents)
    assert drive_format("individual").documents[-1] == "itinerary-cards"
    assert "itinerary-cards" not in drive_format("teams").documents


@pytest.mark.parametrize("stored", [f.value for f in DriveFormat])
def test_a_minnesota_drive_is_its_format_with_a_grand_a_measure_of_points_and_no_trumps(stored):
    whist, minnesota = drive_format(stored), drive_format(stored, game="minnesota")
    assert [f.name for f in minnesota.entry] == ["granded", *(f.name for f in whist.entry)]
    assert minnesota.entry[0].choices == (("NS", "N/S grand"), ("EW", "E/W grand"), ("low", "Low"))
    assert (minnesota.trumps, minnesota.cards_in_tricks, whist.trumps, whist.cards_in_tricks) == (
        False,
        False,
        True,
        True,
    )
    assert minnesota.measure is not Measure.TRICKS and minnesota.scoring.startswith("Minnesota whist")
    assert minnesota.evening.plural == "Minnesota " + whist.evening.plural
    # Who is entered, ranked and listed, and how they move, are the format's, whatever the game.
    same = ("kind", "entrants", "ranked", "lists", "seats", "seated_by", "card_codes", "documents", "card")
    assert [getattr(minnesota, name) for name in same] == [getattr(whist, name) for name in same]
    assert drive_format(stored, game="whist") == whist


def test_games_and_rubbers_are_a_formats_entry_and_measure_never_tricks():
    from tournaments.domain.formats import HONOURS, LEAGUE_MATCH, TEAM_NIGHT, Measure, with_game

    for evening in (TEAM_NIGHT, LEAGUE_MATCH):
        played = with_game(evening, rubbers=7)
        assert played.entry == (*evening.entry, HONOURS) and played.rubbers == 7 and played.game == "whist"
        assert played.measure is Measure.RUBBER_POINTS != Measure.TRICKS
        assert played.scoring == "Games to 7 by the Laws of Whist, each game by its value"
        assert with_game(evening, "whist", 0) is evening
    assert Measure.RUBBER_POINTS.amount("1") == "1 rubber point"


def test_minnesota_whist_is_never_played_in_games_and_rubbers():
    # The rubbers score classic whist's tricks and honours of trumps; a Minnesota hand has neither.
    from tournaments.domain.formats import MINNESOTA_RUBBERS, TEAM_NIGHT, with_game

    with pytest.raises(ValueError, match="Minnesota whist has no trumps"):
        drive_format("teams", game="minnesota", rubbers=5)
    with pytest.raises(ValueError) as refused:
        with_game(TEAM_NIGHT, "minnesota", 7)
    assert str(refused.value) == MINNESOTA_RUBBERS
    assert drive_format("teams", game="minnesota", rubbers=0) == drive_format("teams", game="minnesota")
