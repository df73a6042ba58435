"""Tables of the results pages: columns only, the rows come ready from the scoring report."""

import django_tables2 as tables
from django.utils.html import format_html

from .reports import format_percentage, format_score, format_versus_average


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Place", order_by=("position",))
    label = tables.Column(verbose_name="Pair", order_by=("direction", "pair"))
    names = tables.Column(verbose_name="Players")
    score = tables.Column(verbose_name="Score", attrs={"td": {"class": "num"}})
    top = tables.Column(verbose_name="Top", attrs={"td": {"class": "num"}})
    percentage = tables.Column(verbose_name="%", attrs={"td": {"class": "num strong"}})
    tricks = tables.Column(verbose_name="Tricks", attrs={"td": {"class": "num"}})
    versus_average = tables.Column(verbose_name="± average", attrs={"td": {"class": "num"}})
    boards_played = tables.Column(verbose_name="Boards", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "grid standings"}
        orderable = True

    # What each scoring method shows (the order follows reports.STANDING_COLUMNS).
    HIDDEN = {
        "matchpoints": ("tricks", "versus_average"),
        "total_tricks": ("score", "top", "percentage"),
        "odd_tricks": ("top", "percentage", "versus_average"),
    }

    def __init__(self, *args, method: str, **kwargs):
        super().__init__(*args, exclude=self.HIDDEN[method], **kwargs)

    def render_label(self, value, record):
        return format_html('<a href="{}">{}</a>', record["card_url"], value)

    def render_score(self, value):
        return format_score(value)

    def render_top(self, value):
        return format_score(value)

    def render_percentage(self, value):
        return format_percentage(value)

    def render_versus_average(self, value):
        return format_versus_average(value)


class TravellerTable(tables.Table):
    round = tables.Column(verbose_name="Round")
    table = tables.Column(verbose_name="Table")
    ns = tables.Column(verbose_name="N/S cards")
    ew = tables.Column(verbose_name="E/W cards")
    ns_tricks = tables.Column(verbose_name="N/S tricks", attrs={"td": {"class": "num"}})
    ew_tricks = tables.Column(verbose_name="E/W tricks", attrs={"td": {"class": "num"}})
    ns_score = tables.Column(verbose_name="N/S score", attrs={"td": {"class": "num strong"}})
    ew_score = tables.Column(verbose_name="E/W score", attrs={"td": {"class": "num strong"}})

    class Meta:
        attrs = {"class": "grid"}
        orderable = True

    def render_ns_score(self, value):
        return format_score(value)

    def render_ew_score(self, value):
        return format_score(value)


class ScoreCardTable(tables.Table):
    board = tables.Column(verbose_name="Board", linkify=lambda record: record["board_url"])
    round = tables.Column(verbose_name="Round")
    opponents = tables.Column(verbose_name="Opponents")
    trumps = tables.Column(verbose_name="Trumps")
    held = tables.Column(verbose_name="Cards")
    tricks = tables.Column(verbose_name="Tricks", attrs={"td": {"class": "num"}})
    score = tables.Column(verbose_name="Score", attrs={"td": {"class": "num strong"}})
    top = tables.Column(verbose_name="Top", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "grid"}
        orderable = True

    def render_score(self, value):
        return format_score(value)

    def render_top(self, value):
        return format_score(value)

    def render_trumps(self, value):
        return format_html('<span class="{}">{}</span>', "red" if value in ("♥", "♦") else "", value)
