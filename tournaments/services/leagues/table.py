"""The league table, from the agreed results: its rows with their clubs, as plain data (the
command's JSON) and as the noticeboard's lines of text."""

from ...domain import leagues as rules
from ...models import League, LeagueClub, MatchResult


def league_standings(league: League) -> list[tuple[rules.Standing, LeagueClub]]:
    """The league table from the agreed results, each row with its club."""
    clubs = {club.pk: club for club in league.clubs.all()}
    played = [
        rules.Played(home, away, home_tricks, away_tricks, rubber_points)
        for home, away, home_tricks, away_tricks, rubber_points in MatchResult.objects.filter(
            fixture__league=league
        ).values_list(
            "fixture__home_id", "fixture__away_id", "home_tricks", "away_tricks", "home_rubber_points"
        )
    ]
    return [(row, clubs[row.club]) for row in rules.league_table(list(clubs), played)]


def league_table_data(league: League) -> dict:
    """The league table as plain data (the command's JSON)."""
    return {
        "league": league.name,
        "season": league.season,
        "table": [
            {
                "place": row.place,
                "club": club.name,
                "played": row.played,
                "won": row.won,
                "tied": row.tied,
                "lost": row.lost,
                "tricks_for": row.tricks_for,
                "tricks_against": row.tricks_against,
                "points": row.points,
            }
            # In games and rubbers a row adds the rubber points, which place clubs level on points.
            | ({"rubber_points": row.rubber_points} if league.game else {})
            for row, club in league_standings(league)
        ],
        "game": league.game or None,
    }


def league_table_text(league: League) -> str:
    """The league table as the noticeboard's lines of text."""
    header = f"{'':4} {'Club':24} {'P':>3} {'W':>3} {'T':>3} {'L':>3} {'For':>6} {'Agst':>6} {'Pts':>4}"
    lines = [f"{league.name} {league.season}", header]
    for row, club in league_standings(league):
        lines.append(
            f"{row.place:4} {club.name[:24]:24} {row.played:3} {row.won:3} {row.tied:3} {row.lost:3} "
            f"{row.tricks_for:6} {row.tricks_against:6} {row.points:4}"
        )
    return "\n".join(lines)
