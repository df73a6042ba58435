"""Errors raised by the domain core, with messages written for a club organiser."""


class DomainError(ValueError):
    """Base class: the request breaks a rule of the game; the message says which, in plain words."""


class MovementError(DomainError):
    """A movement that cannot be built as asked."""


class BoardError(DomainError):
    """A board, deal or trump schedule that is not valid."""


class ScoringError(DomainError):
    """Results that cannot be scored as asked."""


class DriveError(DomainError):
    """A whist drive that cannot be set up or played as asked."""


class LeagueError(DomainError):
    """A league, fixture list or score card that breaks the league's rules."""
