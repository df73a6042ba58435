"""A club's own settings its organisers change from the organiser's pages: what the players' phones
and the tables' tablets show during play."""

from django import forms

from ..models import Club

PLACES_WORDS = {  # what each choice means, said beside its radio button
    Club.PlacesShown.LIVE: "Each player's phone shows their score and place as soon as each result is "
    "confirmed.",
    Club.PlacesShown.ROUNDS: "Scores and places as they stood when every table had finished the last "
    "round; a round still being played does not move them.",
    Club.PlacesShown.CLOSE: "No score or place until the evening closes; the phones still show each "
    "player's own results and where they go next.",
}


class ClubPhonesForm(forms.Form):
    """What the players' own pages on their phones show during play, and whether the tablets show
    each confirmed board's traveller. Every kind of evening honours the first; a pairs event's
    tablet the second."""

    places_shown = forms.ChoiceField(
        label="What the players' phones show of the scores and places during play",
        choices=Club.PlacesShown.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose what the phones show.",
            "invalid_choice": "Choose one of the three.",
        },
    )
    tablet_travellers = forms.BooleanField(
        label="Tablets show each board's results at the other tables once the table has confirmed it",
        required=False,
        help_text="At a pairs event or an individual event, beneath each board its table has confirmed, "
        "the tablet lists that board's results at the tables that have confirmed it so far. Nothing of "
        "a board shows before the table has confirmed it.",
    )

    @classmethod
    def of_club(cls, club: Club, data=None) -> "ClubPhonesForm":
        """The form for the club, filled with its settings now (or with what was sent)."""
        initial = {"places_shown": club.places_shown, "tablet_travellers": club.tablet_travellers}
        return cls(data, initial=initial)

    def places(self) -> list[tuple]:
        """Each choice's radio button, with what it means in plain words."""
        return [(radio, PLACES_WORDS[radio.data["value"]]) for radio in self["places_shown"]]
