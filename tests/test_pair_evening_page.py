"""The pair's page of the evening on their phone: opened by its key alone, names as the public pages
show them, its changing part asked alone, a constant number of queries whatever the field; and the
tablet that gives its link after check-in."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Member
from tournaments.services.tablets.pair_evening import pair_evening_key


def _url(pair, key=None):
    return reverse("tournaments:pair-evening", args=[pair.pk, pair_evening_key(pair) if key is None else key])


def _running(make_event, club, tables=3):
    event = make_event(club, tables=tables)
    services.event_deal_boards(event=event, seed="phone", analyse=False)
    return services.event_start(event=event)


def _play_round_one(event):
    for access in event.table_accesses.all():
        services.table_check_in(access=access, round=1, here=True)
        for board in event.seatings.get(round=1, table=access.table).board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=7)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=7)


def test_it_shows_the_pairs_evening(client, make_event, club):
    event = _running(make_event, club)
    _play_round_one(event)
    pair = event.pairs.get(direction="NS", number=1)
    response = client.get(_url(pair))
    assert response.status_code == 200
    page = response.content.decode()
    assert "N/S 1" in page and "Board 1" in page and "Round 2" in page
    assert response["Cache-Control"].startswith("max-age=0")


def test_its_part_comes_alone(client, make_event, club):
    pair = _running(make_event, club).pairs.first()
    response = client.get(_url(pair) + "?part=1")
    assert (
        response.status_code == 200
        and b"<html" not in response.content
        and b"Your boards" in response.content
    )


def test_another_pairs_key_or_a_wrong_key_is_refused(client, make_event, club):
    event = _running(make_event, club)
    first, second = event.pairs.all()[:2]
    assert client.get(_url(first, pair_evening_key(second))).status_code == 404
    assert client.get(_url(first, "A" * 16)).status_code == 404
    assert client.get(_url(first, "not a key!")).status_code == 404
    assert client.get(reverse("tournaments:pair-evening", args=[999999, "A" * 16])).status_code == 404


def test_other_players_are_named_as_on_the_public_pages(client, make_event, club, organiser):
    event = _running(make_event, club)
    hidden = Member.objects.create(club=club, first_name="Edna", last_name="Quill", published_as="hidden")
    initials = Member.objects.create(club=club, first_name="Walter", last_name="Pye", published_as="initials")
    opponents = event.seatings.get(round=1, table=1).ew_pair
    opponents.player1, opponents.player2, opponents.guest1, opponents.guest2 = hidden, initials, "", ""
    opponents.save()
    client.force_login(organiser)  # even the club's organiser reads the phone's page as the public do
    page = client.get(_url(event.seatings.get(round=1, table=1).ns_pair)).content.decode()
    assert "Edna" not in page and "Quill" not in page and "A player" in page and "W. P." in page


def test_its_queries_do_not_grow_with_the_field(client, make_event, club):
    counts = []
    for tables in (4, 40):  # 40: the largest evening there is (domain/limits.py)
        event = _running(make_event, club, tables=tables)
        _play_round_one(event)
        url = _url(event.pairs.get(direction="EW", number=2))
        client.get(url)  # the scores kept in the cache, as for every later look
        with CaptureQueriesContext(connection) as looked:
            assert client.get(url).status_code == 200
        counts.append(len(looked))
    assert counts[0] == counts[1], counts


def test_the_tablet_gives_each_pair_its_link_after_check_in(client, make_event, club):
    event = _running(make_event, club)
    access = event.table_accesses.get(table=1)
    seating = event.seatings.get(round=1, table=1)
    table = reverse("tournaments:table", args=[access.token])
    assert _url(seating.ns_pair).encode() not in client.get(table).content  # asked who is there first
    services.table_check_in(access=access, round=1, here=True)
    page = client.get(table).content.decode()
    assert _url(seating.ns_pair) in page and _url(seating.ew_pair) in page
    assert 'src="data:image/svg+xml' in page


def _play_round(event, number):
    for access in event.table_accesses.all():
        services.table_check_in(access=access, round=number, here=True)
        for board in event.seatings.get(round=number, table=access.table).board_numbers:
            services.table_result_enter(access=access, board_number=board, ns_tricks=8)
            services.table_result_confirm(access=access, board_number=board, ns_tricks=8)


def test_its_queries_do_not_grow_with_the_rounds_played(client, make_event, club):
    event = _running(make_event, club, tables=5)  # five rounds: none of the three played is the last
    url = _url(event.pairs.get(direction="EW", number=2))
    counts = []
    for number in (1, 2, 3):
        _play_round(event, number)
        client.get(url)  # the scores kept in the cache, as for every later look
        with CaptureQueriesContext(connection) as looked:
            assert client.get(url).status_code == 200
        counts.append(len(looked))
    assert counts[0] == counts[1] == counts[2], counts


def test_the_newest_rounds_boards_show_their_travellers_the_earlier_a_line_each(client, make_event, club):
    event = _running(make_event, club, tables=3)
    _play_round(event, 1)
    _play_round(event, 2)
    pair = event.pairs.get(direction="NS", number=1)
    newest, earlier = (event.seatings.get(round=n, table=1).board_numbers for n in (2, 1))
    page = client.get(_url(pair) + "?part=1").content.decode()
    for board in newest:
        assert f"Board {board} at the tables that have confirmed it" in page
    for board in earlier:
        assert f"Board {board} at the tables that have confirmed it" not in page
        assert f'href="{_url(pair)}board/{board}/"' in page


def test_a_boards_own_page_shows_its_traveller_once_the_table_has_confirmed_it(client, make_event, club):
    event = _running(make_event, club, tables=3)
    _play_round(event, 1)
    pair = event.pairs.get(direction="NS", number=1)
    played = event.seatings.get(round=1, table=1).first_board
    later = event.seatings.get(round=2, table=1).first_board
    board_url = reverse("tournaments:pair-evening-board", args=[pair.pk, pair_evening_key(pair), played])
    page = client.get(board_url)
    assert page.status_code == 200
    text = page.content.decode()
    assert f"Board {played} at the tables that have confirmed it" in text and "Back to your evening" in text
    assert text.count('class="own"') == 1
    part = client.get(board_url + "?part=1").content
    assert b"<html" not in part and b"traveller" in part
    unplayed = reverse("tournaments:pair-evening-board", args=[pair.pk, pair_evening_key(pair), later])
    refused = client.get(unplayed)
    assert refused.status_code == 404 and b"once your table has confirmed it" in refused.content
    other = event.pairs.get(direction="NS", number=2)
    wrong = reverse("tournaments:pair-evening-board", args=[pair.pk, pair_evening_key(other), played])
    assert client.get(wrong).status_code == 404


def test_a_link_not_in_use_says_so_in_words(client, db):
    refused = client.get(reverse("tournaments:pair-evening", args=[999999, "A" * 16]))
    assert refused.status_code == 404 and b"This link is not in use" in refused.content
    nowhere = client.get("/no/such/address/")
    assert nowhere.status_code == 404 and b"There is nothing at this address" in nowhere.content


def test_a_pairs_phones_share_its_part_while_the_reading_lasts(client, make_event, club, settings):
    settings.PHONE_PAGES_FRESH_SECONDS = 60
    event = _running(make_event, club, tables=3)
    _play_round(event, 1)
    url = _url(event.pairs.get(direction="NS", number=1)) + "?part=1"
    first = client.get(url).content
    with CaptureQueriesContext(connection) as looked:
        again = client.get(url).content
    assert again == first and len(looked) == 1  # whose link it is, and nothing more
    _play_round(event, 2)
    assert client.get(url).content == first  # the reading of a moment ago, shared
    closed = services.event_close(event=event, adjust_missing=True)
    assert closed.status == "finished"
    assert client.get(url).content != first  # the close, at once


def test_a_look_sending_the_parts_etag_is_answered_not_modified_until_it_changes(
    client, make_event, club, settings
):
    settings.PHONE_PAGES_FRESH_SECONDS = 0  # every look reads the evening afresh
    event = _running(make_event, club, tables=3)
    _play_round(event, 1)
    url = _url(event.pairs.get(direction="NS", number=1)) + "?part=1"
    first = client.get(url)
    etag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    _play_round(event, 2)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.content != first.content and b"Round 3" in changed.content
