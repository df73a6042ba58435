"""Who pays at a league home match: the home club's pair at each table, two of its players (a
league names no player, so each pays a member's fee and by cash or card: no account is known).
The fees themselves are ``membership.fees``'s."""

from ...domain.drives.money import A_MEMBER, Payer
from ...models import Fixture, MatchTable


def fixture_payers(fixture: Fixture) -> list[Payer]:
    """The home club's pair at each of the match's tables."""
    tables = fixture.tables.filter(side=MatchTable.Side.HOME).order_by("table")
    pair = (A_MEMBER, A_MEMBER)
    return [Payer(f"T{t.table}", str(t.table), f"{fixture.home}, table {t.table}", pair) for t in tables]
