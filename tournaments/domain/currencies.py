"""The currencies a club keeps its sums in, and the two ways of writing a sum's figures.

A club's money is whole minor units (pence, cents, öre) in its own currency; whistdrive never
changes one currency into another. Each currency here says what players call it and its minor
unit, its sign, and whether the sign stands before the figures ("£25.50", "$25.50", "CHF 25.50")
or after ("25,50 kr"). A sum's figures are written with a decimal point (1,250.50) or a decimal
comma (1.250,50), as the club chooses. Reading and writing the figures themselves is
``services/core/money.py``'s, by the locale rules of Babel.

    >>> CURRENCIES["SEK"].label
    'Swedish kronor (kr)'
    >>> CURRENCIES["GBP"].label, CURRENCIES["GBP"].words, CURRENCIES["EUR"].after
    ('Pounds (£)', 'pounds (£)', False)
"""

from dataclasses import dataclass

POINT, COMMA = "point", "comma"
NUMBER_FORMATS = {POINT: "Decimal point: 1,250.50", COMMA: "Decimal comma: 1.250,50"}


@dataclass(frozen=True)
class Currency:
    """A currency as the club's papers and messages say it; ``code`` is its ISO 4217 code."""

    code: str
    country: str  # what tells it from another currency of the same name: "Swedish" kronor
    name: str  # its major unit, as a sum says it: "pounds", "kronor"
    minor: str  # its minor unit: "pence", "öre"
    symbol: str
    after: bool = False  # the sign after the figures: "25,50 kr"
    spaced: bool = False  # a space between the sign and the figures: "CHF 25.50"

    @property
    def label(self) -> str:
        name = f"{self.country} {self.name}".strip()
        return f"{name[0].upper()}{name[1:]} ({self.symbol})"

    @property
    def words(self) -> str:
        """How a message names it: "pounds (£)"."""
        return f"{self.name} ({self.symbol})"


CURRENCIES = {
    currency.code: currency
    for currency in (
        Currency("GBP", "", "pounds", "pence", "£"),
        Currency("EUR", "", "euros", "cents", "€"),
        Currency("SEK", "Swedish", "kronor", "öre", "kr", after=True, spaced=True),
        Currency("NOK", "Norwegian", "kroner", "øre", "kr", after=True, spaced=True),
        Currency("DKK", "Danish", "kroner", "øre", "kr.", after=True, spaced=True),
        Currency("CHF", "Swiss", "francs", "centimes", "CHF", spaced=True),
        Currency("USD", "US", "dollars", "cents", "$"),
        Currency("CAD", "Canadian", "dollars", "cents", "$"),
        Currency("AUD", "Australian", "dollars", "cents", "$"),
        Currency("NZD", "New Zealand", "dollars", "cents", "$"),
        Currency("ZAR", "South African", "rand", "cents", "R"),
    )
}
