"""The standings table: columns only, the rows come ready from the scoring report.

Every cell is formatted when its row is built (``views/events/result_rows.py``), and each column sorts by the
raw figure behind it. The traveller of one board and the score card of one pair are plain
templates: in their natural order (round by round) they need no sorting, and django-tables2
costs about 0.1 ms a cell, which kept a 40-table pair's page over 50 ms.
"""

import django_tables2 as tables

NUM = {"td": {"class": "num"}}
STRONG = {"td": {"class": "num strong"}}


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Place", order_by=("position",))
    label = tables.Column(
        verbose_name="Pair",
        accessor="label_link",
        order_by=("direction", "pair"),
        attrs={"td": {"class": "nowrap"}},
    )
    names = tables.Column(
        verbose_name="Players", accessor="names_link", order_by=("names",), attrs={"td": {"class": "names"}}
    )
    score = tables.Column(verbose_name="Score", accessor="score_text", order_by=("score",), attrs=NUM)
    top = tables.Column(verbose_name="Top", accessor="top_text", order_by=("top",), attrs=NUM)
    percentage = tables.Column(
        verbose_name="%", accessor="percentage_text", order_by=("percentage",), attrs=STRONG
    )
    tricks = tables.Column(verbose_name="Tricks", attrs=NUM)
    versus_average = tables.Column(
        verbose_name="± average", accessor="versus_text", order_by=("versus_average",), attrs=NUM
    )
    boards_played = tables.Column(verbose_name="Boards", attrs=NUM)

    class Meta:
        attrs = {"class": "grid standings event-standings"}
        orderable = True

    # What each scoring method shows (the order follows reports.STANDING_COLUMNS).
    HIDDEN = {
        "matchpoints": ("tricks", "versus_average"),
        "total_tricks": ("score", "top", "percentage"),
        "odd_tricks": ("top", "percentage", "versus_average"),
        "total_points": ("top", "percentage", "versus_average"),  # Minnesota whist's net points
    }

    # On a phone: the place, the pair, the players and the figure they are ranked by; the other
    # figures are for a wider screen (the pair's score card has them).
    HEADLINE = {
        "matchpoints": "percentage",
        "total_tricks": "versus_average",
        "odd_tricks": "score",
        "total_points": "score",
    }
    FIGURES = ("score", "top", "percentage", "tricks", "versus_average", "boards_played")

    def __init__(self, *args, method: str, **kwargs):
        self.wide_only = {name for name in self.FIGURES if name != self.HEADLINE[method]}
        super().__init__(*args, exclude=self.HIDDEN[method], **kwargs)

    def get_column_class_names(self, classes_set, bound_column):
        classes = super().get_column_class_names(classes_set, bound_column)
        return classes | {"wide-only"} if bound_column.name in self.wide_only else classes


class IndividualStandingsTable(StandingsTable):
    """The players of an individual event, ranked: a pairs' table with its players in the pairs' place.
    A row is one player (a shared seat's two people are one player): "Player" over the names, and
    "Card" over the link to the player's card, as on an individual drive's results."""

    label = tables.Column(
        verbose_name="Card", accessor="label_link", order_by=("pair",), attrs={"td": {"class": "nowrap"}}
    )
    names = tables.Column(
        verbose_name="Player", accessor="names_link", order_by=("names",), attrs={"td": {"class": "names"}}
    )

    class Meta(StandingsTable.Meta):
        pass


class CompetitionStandingsTable(tables.Table):
    """A competition's standings: the rows come ready from
    ``services.season.competition_pages.standing_rows``."""

    place = tables.Column(verbose_name="Place", order_by=("position",))
    name = tables.TemplateColumn(
        verbose_name="Name",
        template_code='{% if record.member %}<a href="{% url "tournaments:player" record.member %}">'
        "{{ record.name }}</a>{% else %}{{ record.name }}{% endif %}",
        order_by=("name",),
    )
    played = tables.Column(verbose_name="Played", attrs=NUM)
    counted = tables.Column(verbose_name="Counted", attrs=NUM)
    handicap = tables.Column(verbose_name="Handicap", attrs=NUM, orderable=False)
    total = tables.Column(verbose_name="Total", accessor="total_text", order_by=("total",), attrs=STRONG)
    status = tables.Column(verbose_name="To qualify", orderable=False)

    class Meta:
        attrs = {"class": "grid standings competition"}
        orderable = True
        # The total and what a player short of qualifying needs come first: on a phone they are
        # in view, the other figures a swipe away.
        sequence = ("place", "name", "status", "total", "...")

    def __init__(self, *args, handicap: bool, apart: bool, **kwargs):
        exclude = [name for name, shown in (("handicap", handicap), ("status", apart)) if not shown]
        if apart:
            exclude.append("place")
        super().__init__(*args, exclude=exclude, **kwargs)
