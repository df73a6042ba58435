"""A club's sums typed and written in its own currency and number format (``Club.currency``,
``Club.number_format``; the currencies are ``domain/currencies.py``'s). Every sum is kept in whole
minor units (pence, cents, öre); this is the one place that reads a typed sum into them and writes
them back, for the pages, the papers, the trail and the treasurer's CSV.

The figures are read and written by Babel (``parse_decimal`` strictly, ``format_currency``): its
locale rules know where a point or a comma may stand. They live here rather than in the domain,
which keeps to the standard library: the rules are the locale's, not the game's, and the domain
only ever sees whole minor units.

A sum that could be read two ways is refused in words, never scaled: at a decimal-point club
"25,50" is refused, as is "25.50" at a decimal-comma club; so is a sum in another currency.

    >>> kronor = ClubCurrency("SEK", comma=True)
    >>> parse_money("1.250,50", kronor), parse_money("25 kr", kronor), money_text(2550, kronor)
    (125050, 2500, '25,50\\xa0kr')
    >>> money_text(125050), parse_money("£1,250.50")
    ('£1,250.50', 125050)
    >>> parse_money("$3", what="A member's fee")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: A member's fee: '$3' is not in pounds: the club's sums are in ...
"""

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import NumberFormatError, format_currency, parse_decimal

from ...domain.currencies import COMMA, CURRENCIES, Currency
from ...domain.errors import DriveError

# The figures' separators are those of a locale that writes them so: English's "1,250.50", and
# German's "1.250,50"; the sign and where it stands are the currency's own.
LOCALES = {False: "en", True: "de"}
TYPED = re.compile(r"[0-9.,]*")  # what a sum's figures may be, once its sign is taken off


@dataclass(frozen=True)
class ClubCurrency:
    """A club's currency (its ISO code) and whether it writes a decimal comma."""

    code: str = "GBP"
    comma: bool = False

    @property
    def currency(self) -> Currency:
        return CURRENCIES[self.code]

    @property
    def example(self) -> str:
        return "2,50" if self.comma else "2.50"


POUNDS = ClubCurrency()


def currency_of(club) -> ClubCurrency:
    """The club's currency and number format (a drive's, an event's: its club's)."""
    return ClubCurrency(club.currency, club.number_format == COMMA)


def _pattern(currency: Currency) -> str:
    figures = "#,##0.00"
    symbol = "'" + currency.symbol + "'"
    space = "\N{NO-BREAK SPACE}" if currency.spaced else ""
    return f"{figures}{space}{symbol}" if currency.after else f"{symbol}{space}{figures}"


def money_text(minor: int, club: ClubCurrency = POUNDS) -> str:
    """Minor units as a sum of money in the club's currency, its sign where it stands.

    >>> money_text(0), money_text(-75), money_text(5, ClubCurrency("EUR", comma=True))
    ('£0.00', '−£0.75', '€0,05')
    >>> money_text(125050, ClubCurrency("CHF")), money_text(125050, ClubCurrency("DKK", comma=True))
    ('CHF\\xa01,250.50', '1.250,50\\xa0kr.')
    """
    sign = "−" if minor < 0 else ""
    amount = Decimal(abs(minor)).scaleb(-2)
    return sign + format_currency(
        amount, club.code, format=_pattern(club.currency), locale=LOCALES[club.comma]
    )


def figures_text(minor: int, club: ClubCurrency = POUNDS) -> str:
    """Minor units as the figures alone, ungrouped, as a form is filled and a spreadsheet reads them.

    >>> figures_text(125050), figures_text(2550, ClubCurrency("SEK", comma=True))
    ('1250.50', '25,50')
    """
    return format_currency(Decimal(minor).scaleb(-2), club.code, format="0.00", locale=LOCALES[club.comma])


def _unsigned(typed: str, club: ClubCurrency) -> str:
    """The typed sum without the club's own sign or code, before or after it."""
    for mark in sorted({club.currency.symbol, club.currency.symbol.rstrip("."), club.code}, key=len)[::-1]:
        if typed[: len(mark)].upper() == mark.upper():
            return typed[len(mark) :].strip()
        if typed[-len(mark) :].upper() == mark.upper():
            return typed[: -len(mark)].strip()
    return typed


def _foreign(plain: str) -> bool:
    """Whether what is left of a sum carries another currency's sign or code."""
    others = {c.symbol.rstrip(".").upper() for c in CURRENCIES.values()} | set(CURRENCIES)
    words = re.findall(r"[^\W\d_]+", plain.upper())
    return any(unicodedata.category(ch) == "Sc" for ch in plain) or any(w in others for w in words)


def parse_money(text: str, club: ClubCurrency = POUNDS, what: str = "A sum") -> int:
    """A sum typed in the club's currency ("12.50", "£3", "0.5", "1,250"; "25,50 kr" at a
    decimal-comma kronor club) as minor units; refused in words when it is not one, is negative,
    could be read two ways, or is in another currency.

    >>> parse_money("25,50", what="A member's fee")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: A member's fee: '25,50' has a comma where pence would be: ...
    >>> parse_money("25.50", ClubCurrency("EUR", comma=True))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tournaments.domain.errors.DriveError: A sum: '25.50' has a point where cents would be: ...
    """
    currency, typed = club.currency, text.strip()
    plain = _unsigned(typed, club)
    if _foreign(plain):
        raise DriveError(
            f"{what}: '{typed}' is not in {currency.name}: the club's sums are in {currency.words}, "
            f"e.g. {club.example}."
        )
    if plain.startswith(("-", "−")):
        raise DriveError(f"{what} cannot be negative: give 0 or more, e.g. {club.example}.")
    if not plain:
        return 0
    point, comma = (",", ".") if club.comma else (".", ",")
    if not TYPED.fullmatch(plain) or not any(ch.isdigit() for ch in plain):
        raise DriveError(
            f"{what}: '{typed}' is not a sum of money: write {currency.name} and {currency.minor}, "
            f"e.g. {club.example}."
        )
    try:
        amount = parse_decimal(plain, locale=LOCALES[club.comma], strict=True)
    except NumberFormatError:
        if plain.rfind(comma) > plain.rfind(point):  # the other separator where the decimals go
            raise DriveError(
                f"{what}: '{typed}' has a {_name(comma)} where {currency.minor} would be: write "
                f"{currency.name} and {currency.minor} with a {_name(point)}, e.g. 25{point}50 (a "
                f"{_name(comma)} only between thousands, as in 1{comma}250)."
            ) from None
        raise DriveError(
            f"{what}: '{typed}' is not a sum of money: write {currency.name} and {currency.minor}, "
            f"e.g. {club.example}."
        ) from None
    if amount.as_tuple().exponent < -2:
        raise DriveError(f"{what}: '{typed}' has more than two figures of {currency.minor}.")
    return int(amount * 100)


def _name(separator: str) -> str:
    return "comma" if separator == "," else "point"
