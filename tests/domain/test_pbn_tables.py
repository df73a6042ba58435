"""PBN tables (§5.2): columns with their minimum widths and alignment, rows padded to them."""

import pytest

from tournaments.domain.pbn import PbnTable, string_token


def test_a_table_pads_each_element_to_its_column():
    table = PbnTable(("Rank\\3R", "PairId\\4L", "Names"), (("1", "NS2", string_token("Ann;Bob")),))
    assert table.lines("TotalScoreTable") == [
        '[TotalScoreTable "Rank\\3R;PairId\\4L;Names"]',
        '  1 NS2  "Ann;Bob"',
    ]


def test_an_element_longer_than_its_column_is_kept_whole():
    assert PbnTable(("Result\\2R",), (("^100",),)).lines("ScoreTable")[1] == "^100"


@pytest.mark.parametrize(("name", "token"), [('Jo "Jay" Bell', '"Jo \\"Jay\\" Bell"'), ("A\\B", '"A\\\\B"')])
def test_a_string_token_escapes_its_quotes_and_backslashes(name, token):
    assert string_token(name) == token


def test_a_column_name_with_a_space_is_refused():
    with pytest.raises(ValueError):
        PbnTable(("Pair Id",), (("1",),)).lines("ScoreTable")
