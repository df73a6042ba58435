"""How a drive's state says things (``DriveWords``, a part of ``DriveState``): its players as the
format names them, the sit-out's score, the game's rules and who went grand, in the words the
score cards, the tablets, the room display and the results print."""

from ...domain.drives import LADY, Departure, TableSeating
from ...domain.drives.games import LOW, Game
from ...models import Drive, DrivePlayer


class DriveWords:
    """The words of a ``DriveState``, from what it has read (the names below)."""

    drive: Drive
    players: dict[str, DrivePlayer]
    seatings: dict[int, dict[int, TableSeating]]
    grands: dict[tuple[int, int], str]
    game: Game
    sit_out_score: float

    @property
    def sit_out_text(self) -> str:
        """The sit-out score as the cards and the tablets say it: 7, or 6½."""
        score = self.sit_out_score
        return f"{int(score)}½" if score % 1 else str(int(score))

    @property
    def sit_out_words(self) -> str:
        """What a sit-out player scores, in words: "7 tricks", "6½ tricks", or a Minnesota
        drive's "the hand's average points"."""
        return self.game.sit_out_words(self.sit_out_text)

    @property
    def rules_words(self) -> tuple[str, ...]:
        """The game's rules as the cards, the results and the room display print them: a Minnesota
        drive's name of its rules, their summary, and who wins a hand; nothing for classic whist."""
        rules = self.game.rulebook
        if rules is None:
            return ()
        return (
            f"Minnesota whist, no trumps: {rules.name}.",
            rules.summary,
            "The couple with more points wins the hand; the players sitting out score the hand's "
            "average points.",
        )

    def grand_of(self, hand: int, table: int, key: str) -> str:
        """Who went grand at a table, as a player's card says it: "Us", "Them" or "Low" ("" before
        the hand is in)."""
        granded = self.grands.get((hand, table), "")
        if granded in ("", LOW):
            return "Low" if granded else ""
        return "Us" if self.seatings[hand][table].side_of(key) == granded.lower() else "Them"

    def players_in_card_order(self) -> list[DrivePlayer]:
        """Ladies then gents (or the players), each by card number: the order of the score cards."""
        return sorted(self.players.values(), key=lambda p: (p.role != LADY, p.card))

    def name(self, key: str | None) -> str:
        return self.players[key].name if key else "(empty seat)"

    def label(self, key: str | None) -> str:
        """A player as the format names them at the table: "Doreen Hardcastle (L3)" where players
        carry score cards, else by name alone."""
        return self.drive.evening_format.person_label(key or "", self.name(key))

    def number(self, key: str) -> str:
        """A player's number on their score card's title and in messages: "L3", or "Player 3"
        where players carry no score card."""
        return self.drive.evening_format.player_number(key, self.players[key].card)

    def listed_number(self, key: str) -> str:
        """A player's number in a list's column headed by ``number_heading``: "L3", or "3"."""
        return self.drive.evening_format.listed_number(key, self.players[key].card)

    def seated_names(self, seating: TableSeating) -> str:
        """The players seated at a table, as ``label`` names them: "Doreen Hardcastle (L3), Jim Lee (G3)"."""
        return ", ".join(self.label(key) for key in seating.players)

    def move_words(self, move: Departure) -> str:
        """Where a player goes after a hand, as their table's tablet tells them: "go to table 5",
        or a scheduled drive's "table 2, sit East, partner Ann Smith"."""
        return move.text + (f", partner {self.name(move.partner)}" if move.partner else "")
