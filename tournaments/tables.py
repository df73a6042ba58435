"""Tables of the results pages: columns only, the rows come ready from the scoring report.

Every cell is formatted when its row is built (``views/rows.py``), and each column sorts by the
raw figure behind it: a column with no render method of its own costs django-tables2 nothing per
cell, which matters for a 40-table event's pages.
"""

import django_tables2 as tables

NUM = {"td": {"class": "num"}}
STRONG = {"td": {"class": "num strong"}}


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Place", order_by=("position",))
    label = tables.Column(verbose_name="Pair", accessor="label_link", order_by=("direction", "pair"))
    names = tables.Column(verbose_name="Players")
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


class TravellerTable(tables.Table):
    round = tables.Column(verbose_name="Round")
    table = tables.Column(verbose_name="Table")
    ns = tables.Column(verbose_name="N/S cards")
    ew = tables.Column(verbose_name="E/W cards")
    ns_tricks = tables.Column(verbose_name="N/S tricks", attrs=NUM)
    ew_tricks = tables.Column(verbose_name="E/W tricks", attrs=NUM)
    ns_score = tables.Column(
        verbose_name="N/S score", accessor="ns_score_text", order_by=("ns_score",), attrs=STRONG
    )
    ew_score = tables.Column(
        verbose_name="E/W score", accessor="ew_score_text", order_by=("ew_score",), attrs=STRONG
    )

    class Meta:
        attrs = {"class": "grid"}
        orderable = True


class ScoreCardTable(tables.Table):
    board = tables.Column(verbose_name="Board", accessor="board_link", order_by=("board",))
    round = tables.Column(verbose_name="Round")
    opponents = tables.Column(verbose_name="Opponents")
    trumps = tables.Column(verbose_name="Trumps", accessor="trumps_html", order_by=("trumps",))
    held = tables.Column(verbose_name="Cards")
    tricks = tables.Column(verbose_name="Tricks", attrs=NUM)
    score = tables.Column(verbose_name="Score", accessor="score_text", order_by=("score",), attrs=STRONG)
    top = tables.Column(verbose_name="Top", accessor="top_text", order_by=("top",), attrs=NUM)

    class Meta:
        attrs = {"class": "grid"}
        orderable = True
