"""An event's PBN file carries its results: each board's ScoreTable and the TotalScoreTable (PBN 2.1
§5.7-5.8), read back here by a small reader of our own and by endplay's PBN parser, and compared
with what the results command gives (``results --format json``)."""

import importlib.util
import json
import re
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments import services
from tournaments.domain.pbn import read_pbn
from tournaments.models import Member, Result
from tournaments.services.events.pbn_scores import pair_id

METHODS = ("matchpoints", "total_tricks", "odd_tricks", "minnesota", "minnesota_total")
ELEMENT = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def read_tables(text: str) -> list[dict]:
    """The file's games, each {tag: value} with its tables as {tag: [row as {column: element}]}."""
    games, game, table = [], {}, None
    for line in text.splitlines() + [""]:
        if not line.strip():
            if game:
                games.append(game)
            game, table = {}, None
        elif line.startswith("%"):
            continue
        elif match := TAG.match(line):
            tag, value = match.groups()
            if tag.endswith("Table"):
                names = [column.lstrip("+-").split("\\")[0] for column in value.split(";")]
                table = game[tag] = {"columns": value, "names": names, "rows": []}
            else:
                game[tag], table = value, None
        else:
            elements = [e[1:-1] if e.startswith('"') else e for e in ELEMENT.findall(line)]
            table["rows"].append(dict(zip(table["names"], elements, strict=True)))
    return games


def _figure(element: str) -> tuple[bool, float | None]:
    """(artificial, value) of a table element: "^7.2" -> (True, 7.2); "-" -> (False, None)."""
    return element.startswith("^"), None if element == "-" else float(element.lstrip("^"))


@pytest.fixture
def played(club, make_event):
    """A finished 3-table Mitchell of three boards by a scoring method, every result in and one of
    them adjusted (A+/A-); N/S 1 hidden from the public, N/S 2 by initials."""

    def make(scoring: str):
        event = make_event(club, tables=3, boards_per_round=1, scoring=scoring)
        hidden = Member.objects.create(
            club=club, first_name="Hester", last_name="Quill", published_as="hidden"
        )
        initials = Member.objects.create(
            club=club, first_name="Ivor", last_name="Dunn", published_as="initials"
        )
        shown = Member.objects.create(club=club, first_name="Joan", last_name="Bellamy")
        for number, member in ((1, hidden), (2, initials), (3, shown)):
            event.pairs.filter(direction="NS", number=number).update(player1=member, guest2="Harold Bick")
        services.event_deal_boards(event=event, seed="pbn", analyse=False)
        services.event_start(event=event)
        minnesota = scoring.startswith("minnesota")
        rows = []
        for s in event.seatings.select_related("ns_pair", "ew_pair"):
            for b in s.board_numbers:
                tricks = (b * 5 + s.table * 3) % 14
                grand = ("NS" if tricks > 6 else "") if minnesota else None
                rows.append(
                    ",".join(
                        str(v)
                        for v in (b, s.ns_pair.number, s.ew_pair.number, tricks, grand)
                        if v is not None
                    )
                )
        header = "board,ns_pair,ew_pair,ns_tricks" + (",granded" if minnesota else "")
        services.results_import_csv(event=event, text=header + "\n" + "\n".join(rows))
        services.result_correct(
            result=Result.objects.filter(event=event, board__number=2).first(),
            ns_adjusted="A+",
            ew_adjusted="A-",
            reason="a revoke",
            user=None,
        )
        services.event_close(event=event)
        return event

    return make


def _results(event) -> dict:
    out = StringIO()
    call_command("results", str(event.pk), "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def _check_board(method: str, minnesota: bool, expected: dict, rows: list[dict], lines=("NS", "EW")) -> None:
    """A board's ScoreTable rows against its results in the JSON: the same pairs, tricks and scores
    (the pairs of a Mitchell's two ``lines``, or of one field: ``("ALL", "ALL")``)."""
    by_pairs = {(row["PairId_NS"], row["PairId_EW"]): row for row in rows}
    assert len(by_pairs) == len(expected["results"]) == len(rows) > 1
    for result in expected["results"]:
        row = by_pairs[(pair_id((lines[0], result["ns_pair"])), pair_id((lines[1], result["ew_pair"])))]
        adjusted = result["adjusted"] is not None
        assert row["Result"] == ("-" if adjusted else str(result["ns_tricks"]))
        score_ns, score_ew = ("MP_NS", "MP_EW") if method == "matchpoints" else ("Score_NS", "Score_EW")
        for column, value in ((score_ns, result["ns_score"]), (score_ew, result["ew_score"])):
            artificial, figure = _figure(row[column])
            assert artificial == adjusted
            assert figure == pytest.approx(value, abs=0.05)
        if minnesota:
            assert row["Grand"] == (result["granded"] or "-")
        if minnesota and method == "matchpoints":
            assert _figure(row["Score_NS"])[1] == result["ns_points"]
        if method == "matchpoints":
            top = result["ns_score"] + result["ew_score"] if not adjusted else None
            if top:
                assert _figure(row["Percentage_NS"])[1] == pytest.approx(
                    100 * result["ns_score"] / top, abs=0.005
                )


def _check_totals(method: str, expected: dict, rows: list[dict]) -> None:
    """The TotalScoreTable against the results' standings: ranks, pairs, scores, percentages."""
    assert [(row["Rank"], row["PairId"]) for row in rows] == [
        (r["rank"].rstrip("="), pair_id((r["direction"], r["pair"]))) for r in expected["rankings"]
    ]
    for row, ranked in zip(rows, expected["rankings"], strict=True):
        assert row["Field"] == ranked["field"]
        assert int(row["NrBoards"]) == ranked["boards_played"]
        if method == "matchpoints":
            assert float(row["TotalMP"]) == pytest.approx(ranked["score"], abs=0.05)
            assert row["TotalPercentage"] == f"{ranked['percentage']:.2f}"
        else:
            assert float(row["TotalScore"]) == pytest.approx(ranked["score"], abs=0.05)


@pytest.mark.parametrize("scoring", METHODS)
def test_each_board_carries_its_results_as_the_results_command_gives_them(played, scoring):
    event = played(scoring)
    expected = _results(event)
    games = read_tables(services.event_export_pbn(event))
    method = expected["scoring"]
    assert [int(g["Board"]) for g in games] == [b["board"] for b in expected["boards"]] == [1, 2, 3]
    for game, board in zip(games, expected["boards"], strict=True):
        _check_board(method, scoring.startswith("minnesota"), board, game["ScoreTable"]["rows"])
    assert "TotalScoreTable" in games[0] and not any("TotalScoreTable" in g for g in games[1:])
    _check_totals(method, expected, games[0]["TotalScoreTable"]["rows"])


def test_the_tables_name_their_columns_with_widths_and_pad_their_rows(played):
    games = read_tables(services.event_export_pbn(played("matchpoints")))
    score_table = games[0]["ScoreTable"]
    assert score_table["columns"] == (
        "PairId_NS\\4R;PairId_EW\\4R;Result\\2R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R"
    )
    assert games[0]["TotalScoreTable"]["columns"] == (
        "Rank\\3R;PairId\\4R;Field\\3L;TotalMP\\6R;TotalPercentage\\6R;NrBoards\\2R;Names"
    )
    text = services.event_export_pbn(played("total_tricks"))
    assert '[ScoreTable "PairId_NS\\4R;PairId_EW\\4R;Result\\2R;Score_NS\\5R;Score_EW\\5R"]' in text
    row = text.split('[ScoreTable "')[1].splitlines()[1]
    assert re.fullmatch(r" NS\d  EW\d [ \d]\d [ +\-^\d.]{5} [ +\-^\d.]{5}", row)


def test_the_names_are_as_the_public_pages_give_them(played):
    text = services.event_export_pbn(played("matchpoints"))
    names = {row["PairId"]: row["Names"] for row in read_tables(text)[0]["TotalScoreTable"]["rows"]}
    assert names["NS1"] == "A player;Harold Bick"
    assert names["NS2"] == "I. D.;Harold Bick"
    assert names["NS3"] == "Joan Bellamy;Harold Bick"
    assert "Hester" not in text and "Quill" not in text and "Ivor" not in text


def test_an_event_without_results_exports_its_deals_only(club, make_event):
    event = make_event(club, tables=3, boards_per_round=1)
    services.event_deal_boards(event=event, seed="pbn", analyse=False)
    text = services.event_export_pbn(event)
    assert "ScoreTable" not in text
    assert len(read_pbn(text)) == 3


def test_our_own_reader_still_reads_the_deals_of_a_file_with_results(played):
    event = played("odd_tricks")
    boards = read_pbn(services.event_export_pbn(event))
    assert {b.board: b.deal.pbn(b.dealer) for b in boards} == {b.number: b.deal for b in event.boards.all()}


# endplay reads the file in a process of its own: the server never loads it (test_boards.py checks
# that this process has not), and neither do these tests.
ENDPLAY_READS = """
import json, sys
from endplay.parsers import pbn
def table(info):
    columns = [c if isinstance(c, str) else c["name"] for c in info["headers"]]
    return {"columns": columns, "rows": info["rows"]}
tags = ("ScoreTable", "TotalScoreTable")
boards = pbn.loads(sys.stdin.read())
print(json.dumps([
    {"board": b.board_num, **{tag: table(b.info[tag]) for tag in tags if tag in b.info}}
    for b in boards
]))
"""


def _read_by_endplay(text: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-c", ENDPLAY_READS],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None, reason="endplay (whistdrive[analysis]) is not installed"
)
@pytest.mark.parametrize("scoring", ("matchpoints", "total_tricks", "minnesota"))
def test_endplay_reads_the_same_tricks_scores_and_standings(played, scoring):
    event = played(scoring)
    expected = _results(event)
    boards = _read_by_endplay(services.event_export_pbn(event))
    method = expected["scoring"]

    def rows(table: dict, *, names_last: bool = False) -> list[dict]:
        # endplay splits a row on spaces: the quoted names, the last column, are what is left over.
        columns = table["columns"][:-1] if names_last else table["columns"]
        return [dict(zip(columns, row[: len(columns)], strict=True)) for row in table["rows"]]

    assert [b["board"] for b in boards] == [1, 2, 3]
    for board, expected_board in zip(boards, expected["boards"], strict=True):
        _check_board(method, scoring.startswith("minnesota"), expected_board, rows(board["ScoreTable"]))
    assert "TotalScoreTable" not in boards[1]
    _check_totals(method, expected, rows(boards[0]["TotalScoreTable"], names_last=True))


def test_an_individual_event_ranks_its_players_and_its_boards_name_the_partnerships(club):
    from tests.test_individual_events import make_individual, play

    event = play(make_individual(club))
    expected = _results(event)
    games = read_tables(services.event_export_pbn(event))
    for game, board in zip(games, expected["boards"], strict=True):
        _check_board("matchpoints", False, board, game["ScoreTable"]["rows"], lines=("ALL", "ALL"))
    totals = games[0]["TotalScoreTable"]["rows"]
    assert [(row["Rank"], row["PairId"], row["TotalPercentage"]) for row in totals] == [
        (r["rank"].rstrip("="), str(r["player"]), f"{r['percentage']:.2f}") for r in expected["rankings"]
    ]
    assert {row["PairId"]: row["Names"] for row in totals}["3"] == "Cath Hill;Dora Hill"
