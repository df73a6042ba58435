"""A club's sums typed and written in its currency and number format (services/core/money.py): a
pounds club as before, a decimal-comma kronor or euro club, and every sum that could be read two ways
or is in another currency refused in words. No database."""

import doctest

import pytest

from tournaments.domain.currencies import CURRENCIES
from tournaments.domain.errors import DriveError
from tournaments.services.core import money as club_money
from tournaments.services.core.money import ClubCurrency, figures_text, money_text, parse_money

KRONOR = ClubCurrency("SEK", comma=True)
EUROS = ClubCurrency("EUR", comma=True)


def test_the_examples_hold():
    assert doctest.testmod(club_money).failed == 0


@pytest.mark.parametrize(
    "text, pence",
    [
        ("0", 0),
        ("2.5", 250),
        ("£12.05", 1205),
        ("1,000", 100000),
        (".75", 75),
        ("", 0),
        ("£ 1,250.50", 125050),
        ("12.50 GBP", 1250),
    ],
)
def test_sums_of_money_typed(text, pence):
    assert parse_money(text) == pence


@pytest.mark.parametrize(
    "text, refusal",
    [
        ("-2", "cannot be negative"),
        ("two pounds", "is not a sum of money"),
        ("1.005", "more than two figures of pence"),
        ("1.2.3", "is not a sum of money"),
        ("²", "is not a sum of money"),  # a digit to str.isdigit, and no number to int
        ("3.²", "is not a sum of money"),
        ("٣", "is not a sum of money"),
        ("1e3", "is not a sum of money"),
        ("25,50", "a comma where pence would be"),  # a decimal comma: never 2,550 pounds
        ("1,5", "a comma where pence would be"),
        ("1,2500", "a comma where pence would be"),
        ("$3", "is not in pounds: the club's sums are in pounds \\(£\\)"),
        ("3€", "is not in pounds"),
        ("25 kr", "is not in pounds"),
        ("25 SEK", "is not in pounds"),
    ],
)
def test_sums_of_money_refused(text, refusal):
    with pytest.raises(DriveError, match=refusal):
        parse_money(text, what="A guest's fee")


@pytest.mark.parametrize(
    "club, text, pence",
    [
        (KRONOR, "25,50", 2550),
        (KRONOR, "1.250,50", 125050),
        (KRONOR, "25 kr", 2500),
        (KRONOR, "kr 25", 2500),
        (KRONOR, "25kr", 2500),
        (KRONOR, "25,5 SEK", 2550),
        (KRONOR, ",75", 75),
        (EUROS, "€25", 2500),
        (EUROS, "25 €", 2500),
        (EUROS, "2.500", 250000),
        (ClubCurrency("DKK", comma=True), "25,50 kr.", 2550),
        (ClubCurrency("USD"), "$3", 300),
        (ClubCurrency("CHF"), "CHF 1,250.50", 125050),
    ],
)
def test_a_club_types_sums_in_its_own_currency_and_number_format(club, text, pence):
    assert parse_money(text, club) == pence


@pytest.mark.parametrize(
    "club, text, refusal",
    [
        (KRONOR, "25.50", "'25.50' has a point where öre would be: write kronor and öre with a comma"),
        (KRONOR, "1,250.50", "has a point where öre would be"),
        (KRONOR, "1.25", "has a point where öre would be"),
        (KRONOR, "1,2,3", "is not a sum of money: write kronor and öre, e.g. 2,50"),
        (KRONOR, "1,505", "more than two figures of öre"),
        (KRONOR, "£25", "is not in kronor: the club's sums are in kronor \\(kr\\)"),
        (KRONOR, "25 €", "is not in kronor"),
        (KRONOR, "-2,50", "cannot be negative: give 0 or more, e.g. 2,50"),
        (EUROS, "$3", "is not in euros: the club's sums are in euros \\(€\\)"),
        (ClubCurrency("USD"), "€3", "is not in dollars"),
        (ClubCurrency("NOK", comma=True), "25 DKK", "is not in kroner"),
    ],
)
def test_what_could_be_read_two_ways_or_another_currency_is_refused(club, text, refusal):
    with pytest.raises(DriveError, match=refusal):
        parse_money(text, club, "A member's fee")


@pytest.mark.parametrize(
    "club, pence, shown",
    [
        (ClubCurrency(), 0, "£0.00"),
        (ClubCurrency(), 125050, "£1,250.50"),
        (ClubCurrency(), -75, "−£0.75"),
        (KRONOR, 2550, "25,50\xa0kr"),
        (KRONOR, 125050, "1.250,50\xa0kr"),
        (ClubCurrency("SEK"), 125050, "1,250.50\xa0kr"),
        (EUROS, 2550, "€25,50"),
        (ClubCurrency("EUR"), 2550, "€25.50"),
        (ClubCurrency("CHF"), 2550, "CHF\xa025.50"),
        (ClubCurrency("AUD"), 2550, "$25.50"),
    ],
)
def test_sums_are_written_in_the_clubs_currency(club, pence, shown):
    assert money_text(pence, club) == shown


@pytest.mark.parametrize("code", CURRENCIES)
@pytest.mark.parametrize("comma", [False, True])
def test_every_currency_reads_back_what_it_writes(code, comma):
    club = ClubCurrency(code, comma)
    for pence in (0, 5, 2550, 125050, 100000000):
        assert parse_money(money_text(pence, club), club) == pence
        assert parse_money(figures_text(pence, club), club) == pence
