"""How a person's name shows on a public page: each member chooses their full name, their initials
or nothing ("A player"); a guest (a name typed, not a member) shows as "A player" unless the club
publishes guests' names. Organisers always see names whole, and so do the tablets and the papers
of the evening; only the pages anyone may open ask this.

>>> published_name("Joan", "Bellamy", "full")
'Joan Bellamy'
>>> published_name("Joan", "Bellamy", "initials")
'J. B.'
>>> published_name("Mary-Ann", "de Vere", "initials")
'M. d.'
>>> published_name("Joan", "Bellamy", "hidden")
'A player'
>>> published_guest("Ada Lovelace", shown=False), published_guest("Ada Lovelace", shown=True)
('A player', 'Ada Lovelace')
>>> published_guest("", shown=False)  # nobody there: nothing to hide
''
"""

FULL, INITIALS, HIDDEN = "full", "initials", "hidden"
A_PLAYER = "A player"


def initials(first: str, last: str) -> str:
    return " ".join(f"{word[0]}." for word in (first.strip(), last.strip()) if word)


def published_name(first: str, last: str, choice: str) -> str:
    """A member's name as their choice publishes it."""
    if choice == HIDDEN:
        return A_PLAYER
    if choice == INITIALS:
        return initials(first, last) or A_PLAYER
    return f"{first} {last}"


def published_guest(name: str, *, shown: bool) -> str:
    """A guest's name on a public page: as typed when the club shows guests, else "A player"."""
    return name if shown or not name else A_PLAYER
