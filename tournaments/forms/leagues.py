"""An inter-club league's input: the days between its rounds, refused by the league's own rule."""

from django import forms

from ..domain.errors import DomainError
from ..domain.leagues import MAX_DAYS_BETWEEN, MIN_DAYS_BETWEEN, check_days_between


def _days_between_rule(days: int) -> None:
    try:
        check_days_between(days)
    except DomainError as error:
        raise forms.ValidationError(str(error)) from None


class DaysBetweenField(forms.IntegerField):
    """Days from one round of a league to the next, refused by the league's own rule in its words:
    the organiser's new-league page and the organiser site ask the same."""

    default_validators = [_days_between_rule]

    def __init__(self, **kwargs):
        kwargs.setdefault("label", "Days between rounds")
        kwargs.setdefault("initial", 7)
        kwargs.setdefault("help_text", "7 for a round a week.")
        limits = {"min": MIN_DAYS_BETWEEN, "max": MAX_DAYS_BETWEEN}
        kwargs.setdefault("widget", forms.NumberInput(attrs=limits))
        super().__init__(**kwargs)
