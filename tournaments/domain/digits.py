"""What a person types as a whole number: the figures 0 to 9 and nothing else.

``str.isdigit`` also takes "²" and "①", which ``int`` then refuses with an error no player should
see, and ``str.isdecimal`` takes the figures of other scripts ("٣"), which ``int`` reads but no
club's paper shows; a form, a file or a tablet asks ``figures`` before it reads a number.

    >>> figures("12"), figures("²"), figures("٣"), figures(""), figures("-1")
    (True, False, False, False, False)
"""


def figures(text: str) -> bool:
    """Whether the text is a whole number written in the figures 0 to 9 (at least one)."""
    return text.isascii() and text.isdigit()
