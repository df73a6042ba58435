"""What every feature's forms share: a text field's refusals in words, a refused form as a sentence,
the games-and-rubbers choice, the fixed deals' words and the lifecycle's refusal of a saved change."""

from django import forms


def text_errors(what: str, *, required: str = "") -> dict:
    """A text field's refusals in words, naming the field ("A name", "A reason"): what is wrong, not
    just that something is. PostgreSQL's text cannot hold a NUL character, so it is refused here."""
    errors = {
        "max_length": f"{what} is at most %(limit_value)d characters (this one has %(show_value)d): "
        "shorten it.",
        "null_characters_not_allowed": f"{what} can't contain the character NUL: type it again.",
    }
    return errors | ({"required": required} if required else {})


class GameField(forms.TypedChoiceField):
    """Games and rubbers by the Laws of Whist, or none (0): a team night's and a league's choice,
    from its model field's choices, with what it means there in ``help_text``."""

    def __init__(self, *, model_field, **kwargs):
        kwargs.setdefault("label", "Games and rubbers")
        super().__init__(
            choices=model_field.choices, coerce=int, required=False, empty_value=0, initial=0, **kwargs
        )


def refuse_what_the_lifecycle_forbids(form: forms.ModelForm, checks) -> None:
    """An organiser-site form changing a saved event or drive: each group of fields changed must be
    allowed by its lifecycle verdict, else the form says the verdict's reason."""
    changed = set(form.changed_data)
    if form.instance.pk:
        for fields, may in checks:
            verdict = may(form.instance)
            if changed & set(fields) and not verdict:
                raise forms.ValidationError(verdict.reason)


FIXED_DEALS = (
    "A fixed number of deals: five, no trumps, spades, hearts, diamonds, clubs, is the NSHDC schedule "
    "(with odd tricks scored, for an event)."
)


def form_problems(form: forms.Form) -> str:
    """A refused form's errors as one plain sentence or more, for a message."""
    return " ".join(dict.fromkeys(str(error) for errors in form.errors.values() for error in errors))
