"""The words of duplicate whist that a club organiser meets on the pages, each said once in a
club's words: the word players know (``term``), a few plain words to put before it (``words``),
and a short explanation (``meaning``) that the pages open in place under "What is …?". Every page
asks this one list, so an explanation is written in one place.

The keys of the movements are the event's movement names (``standard``, ``skip``, ``relay``,
``howell``, ``three-quarter-howell``, ``individual``), so a page asks for its event's own.

>>> howell = explain("howell")
>>> howell.heading
'Every pair meets every other, one winner (Howell)'
>>> howell.question
'What is a Howell?'
>>> explain("scale-ebu").words
'2 for each pair beaten, 1 for each tie'
"""

from dataclasses import dataclass

from .errors import DomainError


class GlossaryError(DomainError):
    """A word the glossary does not explain."""


@dataclass(frozen=True)
class Term:
    key: str
    term: str  # the word players know, as on cards and in the club's talk
    words: str  # the same in a club's words, put before it
    meaning: str  # what it is, a few sentences that open in place
    article: str = "a "  # "What is a Howell?"; "" for a name
    asked: str = ""  # the question, where "What is …?" does not fit

    @property
    def heading(self) -> str:
        """The plain words with the term beside them."""
        return f"{self.words[0].upper()}{self.words[1:]} ({self.term})"

    @property
    def question(self) -> str:
        return self.asked or f"What is {self.article}{self.term}?"


TERMS = (
    Term(
        "standard",
        "Mitchell",
        "N/S pairs stay at their table, E/W pairs move",
        "The N/S pairs sit at the same table all evening. After each round the E/W pairs move up "
        "one table and the boards move down one, so each pair plays every board once. N/S pairs "
        "are compared with N/S pairs and E/W with E/W: there is a winning pair in each direction, "
        "unless some rounds are played turned round (an arrow switch), which gives one winner.",
    ),
    Term(
        "skip",
        "skip Mitchell",
        "N/S pairs stay, E/W pairs move and skip a table once",
        "A Mitchell for an even number of tables. Halfway through, the E/W pairs would meet boards "
        "they have already played, so after the round marked they move up two tables instead of "
        "one. Otherwise as every Mitchell: N/S pairs stay, E/W pairs move up, boards move down.",
    ),
    Term(
        "relay",
        "share-and-relay Mitchell",
        "N/S pairs stay, E/W pairs move, two tables share boards",
        "A Mitchell for an even number of tables that plays every board: two tables share one set "
        "of boards, passing them across during the round, and one set rests on a relay stand each "
        "round, so the sets come round to every table in turn.",
    ),
    Term(
        "howell",
        "Howell",
        "every pair meets every other, one winner",
        "Every pair plays against every other pair, changing between N/S and E/W during the "
        "evening, so all the pairs are ranked in one list with one winner. One pair stays at its "
        "table all evening; the others move after each round as the tablets (or the table cards) "
        "say. Best for smaller evenings: the evening has one round fewer than there are pairs.",
    ),
    Term(
        "three-quarter-howell",
        "¾ Howell",
        "most pairs meet, one winner",
        "A Howell cut short for an evening of the usual length: each pair meets most of the others "
        "(with 6 tables, 9 of the other 11) and all are still ranked in one list with one winner. "
        "A few pairs stay at their tables all evening; the others move as the tablets or the "
        "club's printed cards say.",
    ),
    Term(
        "individual",
        "individual",
        "players, not pairs: everyone partners everyone",
        "Players come on their own, not as pairs: the schedule gives each player every other as "
        "partner once, and each is ranked alone.",
        asked="What is an individual event?",
    ),
    Term(
        "relay-stand",
        "relay stand",
        "a place where boards wait",
        "A chair or small table between two tables where a set of boards rests for a round while "
        "nobody plays it. After the round it moves on with the others; set one out wherever the "
        "movement names a stand.",
    ),
    Term(
        "matchpoints",
        "matchpoints",
        "each board compared with the other tables",
        "On every board a pair's score is compared with each other pair who played that board in "
        "the same direction: points for each pair beaten, half as many for each tie. A pair's "
        "percentage is what it got out of the most it could have got, so 50 % is average.",
        asked="What are matchpoints?",
    ),
    Term(
        "scale-ebu",
        "EBU scale",
        "2 for each pair beaten, 1 for each tie",
        "The English Bridge Union's way of counting matchpoints: on each board a pair scores 2 for "
        "every pair it beat, 1 for every pair it tied with and nothing for those who beat it.",
        article="the ",
    ),
    Term(
        "scale-acbl",
        "ACBL scale",
        "1 for each pair beaten, ½ for each tie",
        "The American Contract Bridge League's way of counting matchpoints: 1 for every pair "
        "beaten, ½ for every tie. The percentages come out the same as the EBU's 2 / 1 / 0.",
        article="the ",
    ),
    Term(
        "whist-tournament",
        "whist tournament",
        "each player partners every other once",
        "The rounds are laid out so that every two players partner each other exactly once and "
        "are opponents exactly twice, where the number of players allows it (mathematicians call "
        "such a schedule a whist tournament); otherwise as nearly as the numbers let, with a few "
        "players sitting out each round.",
    ),
    Term(
        "league-pairs",
        "H1 v V1",
        "home pair 1 against visiting pair 1",
        "Each club's pairs are numbered 1, 2, 3 for the match: H for the home club's pairs, V for "
        "the visitors'. H1 v V1 is the home club's pair 1 playing the visitors' pair 1. The home "
        "pairs stay at their tables; the visiting pairs move one table on after every 8 deals.",
        article="",
    ),
)
_BY_KEY = {term.key: term for term in TERMS}


def explain(key: str) -> Term:
    """The word ``key`` stands for, with its explanation."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise GlossaryError(f"There is no explanation of '{key}'.") from None
