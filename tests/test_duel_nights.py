"""A two-player night through its services: created, started, every deal entered and confirmed at
the tables, the Swiss paired round by round, the standings, a knock-out, corrections."""

import random
from collections import Counter
from datetime import date

import pytest

from tests.duel_tables import confirm, enter, form, pair_pending, reject
from tournaments.domain.duels import MAX_PLAYERS, Pairing, check_round_robin, check_swiss, swiss_round_limit
from tournaments.domain.errors import DomainError
from tournaments.models import AuditLine, Competition, DuelDealChange, DuelMatch, DuelNight
from tournaments.services.duels import (
    DuelServiceError,
    duel_deal_correct,
    duel_deal_enter,
    duel_night_close,
    duel_night_create,
    duel_night_start,
    duel_player_add,
    duel_player_remove,
    night_state,
)

NAMES = [f"Player {c}" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
# A competition of two-player nights by reverse placings, guests included.
LADDER = {
    "name": "German whist ladder",
    "start": date(2026, 9, 1),
    "end": date(2026, 12, 31),
    "kinds": "night",
    "measure": "placing",
    "placing": "reverse",
    "members_only": False,
}


def _night(club, players, **kwargs):
    options = {"pairing": "swiss", "rounds": 3, "deals": 2} | kwargs
    return duel_night_create(
        club=club, name="German whist night", date=date(2026, 11, 27), players=NAMES[:players], **options
    )


def play_round(night, rng):
    """Every table of the round in play enters and confirms its deals until its match is over;
    then the next round is paired, as the server pairs it after the last confirmation."""
    night.refresh_from_db()
    state = night_state(night)
    number = state.round_in_play
    for line in state.rounds[number]:
        if line.bye:
            continue
        token = night.tables.get(number=line.match.table).token
        while not night_state(night).rounds[number][line.match.table - 1].finished:
            a = rng.randint(0, 13)
            enter(token, a, 13 - a)
            confirm(token)
    pair_pending(night)
    return number


@pytest.mark.django_db
def test_a_swiss_night_of_nine_is_paired_round_by_round_with_a_bye_each_round(club):
    night = _night(club, 9, rounds=4)
    duel_night_start(night=night)
    rng = random.Random(9)
    for expected in range(1, 5):
        assert night_state(night).last_round == expected
        assert play_round(night, rng) == expected
    state = night_state(night)
    assert state.last_round == 4 and state.complete
    rounds = [
        [Pairing(m.a.number, m.b.number if m.b else None) for m in state.rounds[n]] for n in range(1, 5)
    ]
    check_swiss(9, rounds)
    assert all(sum(m.bye for m in state.rounds[n]) == 1 for n in range(1, 5))
    standings = state.standings
    assert len(standings) == 9
    total = sum(s.standing.game_points for s in standings)
    assert total == 4 * 4 * 2 + 4 * 2  # four tables a round worth 2 points each, and a bye's 2
    duel_night_close(night=night)
    night.refresh_from_db()
    assert night.status == DuelNight.Status.FINISHED
    actions = list(night.changes.values_list("action", flat=True))
    assert actions.count(AuditLine.Action.PAIRED) == 4


@pytest.mark.django_db
def test_a_round_robin_is_paired_whole_at_the_start(club):
    night = _night(club, 6, pairing="round-robin", rounds=0)
    duel_night_start(night=night)
    state = night_state(night)
    assert state.last_round == 5 and state.round_in_play == 1
    play_round(night, random.Random(6))
    assert night_state(night).round_in_play == 2
    check_round_robin(6, [[Pairing(m.a.number, m.b.number) for m in state.rounds[n]] for n in range(1, 6)])


@pytest.mark.django_db
def test_a_knockout_of_the_leaders_follows_the_rounds(club):
    night = _night(club, 9, rounds=3, knockout=3)
    duel_night_start(night=night)
    rng = random.Random(3)
    for _ in range(3):
        play_round(night, rng)
    state = night_state(night)
    assert state.knockout_rounds == [4]
    seeds = [s.player for s in state.standings][:3]
    first = state.rounds[4]
    bye = next(m for m in first if m.bye)
    assert bye.a == seeds[0]  # the top seed has the bye
    played = next(m for m in first if not m.bye)
    assert {played.a, played.b} == {seeds[1], seeds[2]}
    play_round(night, rng)
    final = night_state(night).rounds[5]
    assert len(final) == 1 and seeds[0] in (final[0].a, final[0].b)
    play_round(night, rng)
    state = night_state(night)
    assert state.champion is not None and state.complete


@pytest.mark.django_db
def test_each_match_keeps_whether_it_is_over_as_its_deals_say(club):
    night = _night(club, 5, rounds=2, knockout=2)  # two rounds, then a final of two deals
    duel_night_start(night=night)
    rng = random.Random(5)
    for _ in range(2):
        play_round(night, rng)
    final = night_state(night).rounds[3][0].match
    token = night.tables.get(number=final.table).token
    for _ in range(2):
        enter(token, 8, 5)
        confirm(token)
    final.refresh_from_db()
    assert final.finished and night_state(night).complete
    # Level after two deals: a knock-out match goes on, and the night is not over.
    duel_deal_correct(night=night, match=final, number=2, tricks_a=5, tricks_b=8, reason="card")
    final.refresh_from_db()
    assert not final.finished and not night_state(night).complete
    state = night_state(night)
    kept = dict(night.matches.values_list("pk", "finished"))
    assert kept == {line.match.pk: line.finished for lines in state.rounds.values() for line in lines}


@pytest.mark.django_db
def test_tricks_that_do_not_add_up_are_refused_and_nothing_is_written(club):
    night = _night(club, 4)
    duel_night_start(night=night)
    token = night.tables.get(number=1).token
    with pytest.raises(DuelServiceError, match="10 and 4 tricks make 14"):
        enter(token, 10, 4)
    assert not DuelDealChange.objects.exists()
    first = enter(token, 10, 3)
    with pytest.raises(
        DuelServiceError, match=r"Deal 1 already has 10 v 3 \(waiting for Player \w to confirm\)"
    ):
        duel_deal_enter(token=token, round=1, match_id=first.match_id, deal=1, tricks_a=9, tricks_b=4)
    reject(token)
    enter(token, 9, 4)
    confirm(token)
    actions = list(DuelDealChange.objects.order_by("id").values_list("action", flat=True))
    assert actions == ["created", "rejected", "created", "confirmed"]


@pytest.mark.django_db
def test_a_correction_keeps_its_reason_and_the_pairings_stand(club):
    night = _night(club, 4, rounds=2)
    duel_night_start(night=night)
    play_round(night, random.Random(1))
    match = DuelMatch.objects.filter(night=night, round=1).order_by("table").first()
    round_two = list(night.matches.filter(round=2).values_list("player_a", "player_b"))
    with pytest.raises(DuelServiceError, match="Say why"):
        duel_deal_correct(night=night, match=match, number=1, tricks_a=13, tricks_b=0, reason=" ")
    duel_deal_correct(
        night=night, match=match, number=1, tricks_a=13, tricks_b=0, reason="score card says 13"
    )
    assert match.deals.get(number=1).tricks_a == 13
    assert list(night.matches.filter(round=2).values_list("player_a", "player_b")) == round_two
    line = night.changes.get(action=AuditLine.Action.CORRECTED)
    assert "score card says 13" in line.detail


@pytest.mark.django_db
def test_a_player_entered_twice_or_too_many_rounds_are_refused_in_words(club):
    night = _night(club, 3, rounds=5)
    with pytest.raises(DuelServiceError, match="is entered already"):
        duel_player_add(night=night, name="player a")
    with pytest.raises(DuelServiceError, match="A Swiss of 3 players plays 1 to 2 rounds"):
        duel_night_start(night=night)
    night.refresh_from_db()
    assert night.status == DuelNight.Status.ENTRIES and not night.tables.exists()
    most = swiss_round_limit(MAX_PLAYERS)  # no field can play more, so the night is refused at once
    with pytest.raises(DuelServiceError, match=f"A Swiss plays at most {most} rounds"):
        _night(club, 3, rounds=most + 1)


@pytest.mark.django_db
def test_a_player_taken_out_leaves_the_numbers_closed_up_and_another_nights_player_is_refused(club):
    night, other = _night(club, 4), _night(club, 3)
    duel_player_remove(night=night, player=night.players.get(number=2))
    assert [(p.number, p.name) for p in night.players.order_by("number")] == [
        (1, "Player A"),
        (2, "Player C"),
        (3, "Player D"),
    ]
    with pytest.raises(DuelServiceError, match="Player A is not a player of German whist night"):
        duel_player_remove(night=night, player=other.players.get(number=1))
    assert other.players.count() == 3


@pytest.mark.django_db
def test_a_published_night_is_on_its_players_pages_in_game_points(club, client):
    from tournaments.services import member_create
    from tournaments.services.duels import duel_night_publish

    member = member_create(club=club, first_name="Ann", last_name="Smith", email="")
    night = _night(club, 3, rounds=2)
    duel_player_add(night=night, name="Ann Smith")
    duel_night_start(night=night)
    rng = random.Random(2)
    while not night_state(night).complete:
        play_round(night, rng)
    duel_night_close(night=night)
    duel_night_publish(night=night)
    page = client.get(f"/players/{member.pk}/").content.decode()
    assert "German whist night" in page and "(two-player night)" in page
    assert "Average game points (two-player nights)" in page
    line = next(s for s in night_state(night).standings if s.player.member_id == member.pk)
    assert f"{line.standing.place} of 4" in page


@pytest.mark.django_db
def test_the_rounds_papers_print_the_pairings_score_cards_and_standings(club, client, organiser):
    from io import BytesIO

    from pypdf import PdfReader

    night = _night(club, 5, rounds=3)
    duel_night_start(night=night)
    play_round(night, random.Random(8))
    client.force_login(organiser)
    state = night_state(night)
    texts = {}
    for document in ("pairings", "score-cards", "results"):
        response = client.get(f"/two-player/{night.pk}/print/{document}.pdf")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        texts[document] = " ".join(p.extract_text() for p in PdfReader(BytesIO(response.content)).pages)
    lines = state.rounds[2]
    bye = next(line for line in lines if line.bye)
    assert "Round 2" in texts["pairings"] and bye.a.name in texts["pairings"]
    for line in lines:
        if not line.bye:
            assert f"Round 2 · table {line.match.table}" in texts["score-cards"]
            assert line.a.name in texts["score-cards"] and line.b.name in texts["score-cards"]
    assert all(s.player.name in texts["results"] for s in state.standings)
    assert client.get(f"/two-player/{night.pk}/print/travellers.pdf").status_code == 404


@pytest.mark.django_db
def test_a_competition_of_two_player_nights_counts_them_by_placing_points(club, client):
    from tournaments.services.duels import duel_night_publish
    from tournaments.services.season.competitions import competition_create, competition_standings

    night = _night(club, 4, rounds=2)
    duel_night_start(night=night)
    rng = random.Random(12)
    while not night_state(night).complete:
        play_round(night, rng)
    duel_night_close(night=night)
    duel_night_publish(night=night)
    values = LADDER
    competition = competition_create(club=club, values=values)
    table = competition_standings(competition)
    standings = night_state(night).standings
    rows = {row.name: row for row in table.standings.rows}
    assert set(rows) == {s.player.name for s in standings}
    shared = Counter(line.standing.place for line in standings)
    for line in standings:  # reverse placings: a field of four gives the winner 4; a shared place shares
        place = int(line.standing.place.rstrip("="))
        places = range(place, place + shared[line.standing.place])
        assert rows[line.player.name].total == sum(5 - p for p in places) / len(places)
    with pytest.raises(DomainError, match="Percentages and ± tricks come from duplicate events"):
        competition_create(club=club, values=values | {"name": "Bad", "measure": "percentage"})
    assert not Competition.objects.filter(name="Bad").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "options, post, score",
    [
        (
            {"game": "german", "german_scoring": "high-low"},
            {"tricks_a": 10, "tricks_b": 3, "black": "black"},
            (0, 4),
        ),
        ({"game": "german", "german_scoring": "all-26"}, {"tricks_a": 15, "tricks_b": 11}, (4, 0)),
        ({"game": "humbug"}, {"tricks_a": 4, "tricks_b": 9}, (0, 3)),
    ],
)
def test_the_tablet_takes_each_games_deal_and_scores_it_by_the_nights_rules(
    client, club, options, post, score
):
    night = _night(club, 4, **options)
    duel_night_start(night=night)
    token = night.tables.get(number=1).token
    page = client.get(f"/two/{token}/").content.decode()
    assert "are you both here?" in page
    client.post(f"/two/{token}/check-in/", form(page, "check-in/"))
    page = client.get(f"/two/{token}/").content.decode()
    assert ("The 27th card (trumps)" in page) == (options.get("german_scoring") == "high-low")
    client.post(f"/two/{token}/enter/", form(page, "enter/") | post)
    page = client.get(f"/two/{token}/", follow=True).content.decode()
    assert "is this right?" in page
    client.post(f"/two/{token}/confirm/", form(page, "confirm/"))
    line = next(m for m in night_state(night).rounds[1] if m.match.table == 1)
    assert (line.score.a, line.score.b) == score
    assert night.changes.filter(action=AuditLine.Action.CHECKED_IN).count() == 1


@pytest.mark.django_db
def test_the_results_csv_and_json_open_to_everyone_once_published(club, client, organiser):
    import csv
    import io

    from tournaments.services.duels import duel_night_publish

    night = _night(club, 3, rounds=2)
    duel_night_start(night=night)
    rng = random.Random(3)
    while not night_state(night).complete:
        play_round(night, rng)
    duel_night_close(night=night)
    for page in ("results/", "results.csv", "results.json", "room/"):
        assert client.get(f"/two-player/{night.pk}/{page}").status_code in (302, 404)
    duel_night_publish(night=night)
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/two-player/{night.pk}/results.csv").content.decode()))
    )
    standings = night_state(night).standings
    assert [(r["place"], r["name"], int(r["game_points"])) for r in rows] == [
        (s.standing.place, s.player.name, s.standing.game_points) for s in standings
    ]
    data = client.get(f"/two-player/{night.pk}/results.json").json()
    assert data["format"] == "Two-player night" and len(data["rounds"]) == 2
    assert all(len(m["deals"]) == 2 for r in data["rounds"] for m in r["matches"] if not m["bye"])
    assert client.get(f"/two-player/{night.pk}/results/").status_code == 200
    client.force_login(organiser)
    assert client.get(f"/two-player/{night.pk}/room/").status_code == 200


@pytest.mark.django_db
def test_a_round_robin_with_a_knockout_seeds_it_when_every_round_is_over(club):
    night = _night(club, 5, pairing="round-robin", rounds=0, knockout=4)
    duel_night_start(night=night)
    rng = random.Random(21)
    for number in range(1, 6):
        assert night_state(night).round_in_play == number
        play_round(night, rng)
    state = night_state(night)
    assert state.knockout_rounds == [6] and len([m for m in state.rounds[6] if not m.bye]) == 2
    seeds = [s.player for s in state.standings][:4]
    assert {(m.a, m.b) for m in state.rounds[6]} == {(seeds[0], seeds[3]), (seeds[1], seeds[2])}


@pytest.mark.django_db
def test_the_public_results_name_members_as_they_chose_and_keep_a_formula_as_text(club, client):
    from tournaments.models import Member
    from tournaments.services import member_create
    from tournaments.services.duels import duel_night_publish

    joan = member_create(club=club, first_name="Joan", last_name="Bellamy")
    Member.objects.filter(pk=joan.pk).update(published_as=Member.Published.INITIALS)
    night = duel_night_create(
        club=club,
        name="German whist night",
        date=date(2026, 11, 27),
        players=["Joan Bellamy", "=HYPERLINK(1)", "Player C"],
        pairing="swiss",
        rounds=2,
        deals=2,
    )
    assert night.players.get(number=1).member_id == joan.pk
    duel_night_start(night=night)
    rng = random.Random(5)
    while not night_state(night).complete:
        play_round(night, rng)
    duel_night_close(night=night)
    assert client.get(f"/two-player/{night.pk}/results/").status_code == 302  # log in first
    duel_night_publish(night=night)
    for page in ("results/", "results.csv", "results.json"):
        text = client.get(f"/two-player/{night.pk}/{page}").content.decode()
        assert "Bellamy" not in text and "J. B." in text, page
    csv_text = client.get(f"/two-player/{night.pk}/results.csv").content.decode()
    assert "'=HYPERLINK(1)" in csv_text


@pytest.mark.django_db
def test_a_competition_picks_two_player_nights_by_hand_and_counts_only_those(club, client, organiser):
    from tournaments.services.duels import duel_night_publish
    from tournaments.services.season.competitions import (
        competition_create,
        competition_standings,
        competition_update,
    )

    nights = []
    for n, seed in enumerate((3, 4)):
        night = duel_night_create(
            club=club,
            name=f"German whist night {n + 1}",
            date=date(2026, 11, 20 + n),
            players=NAMES[5 * n : 5 * n + 4],  # four players each, none in both
            pairing="round-robin",
            rounds=3,
            deals=2,
        )
        duel_night_start(night=night)
        rng = random.Random(seed)
        while not night_state(night).complete:
            play_round(night, rng)
        duel_night_close(night=night)
        nights.append(duel_night_publish(night=night))
    values = LADDER | {"name": "Picked ladder", "by_hand": True}
    competition = competition_create(club=club, values=values, picked_nights=[nights[1]])
    players = {row.name for row in competition_standings(competition).standings.rows}
    assert players == {s.player.name for s in night_state(nights[1]).standings}
    competition_update(competition=competition, values={}, picked_nights=nights)
    players = {row.name for row in competition_standings(competition).standings.rows}
    assert len(players) == 8
    line = AuditLine.objects.filter(club=club, detail__contains="Picked ladder").latest("pk")
    assert line.detail == "competition Picked ladder: evenings picked changed"

    client.force_login(organiser)
    page = client.get(f"/clubs/{club.slug}/competitions/{competition.pk}/edit/").content.decode()
    assert "Two-player nights picked" in page and "German whist night 1" in page


@pytest.mark.django_db
def test_a_night_picked_for_a_competition_of_events_and_drives_is_refused_in_words(club):
    from tournaments.services.season.competitions import competition_create, competition_update

    night = _night(club, 3)
    values = LADDER | {"kinds": "both", "by_hand": True}
    words = "Two-player nights are picked, but the competition counts duplicate events and drives only"
    with pytest.raises(DomainError, match=words):
        competition_create(club=club, values=values, picked_nights=[night])
    assert not Competition.objects.exists()
    competition = competition_create(club=club, values=LADDER | {"by_hand": True}, picked_nights=[night])
    with pytest.raises(DomainError, match="change which evenings count"):
        competition_update(competition=competition, values={"kinds": "both"})
    competition.refresh_from_db()
    assert competition.kinds == "night" and list(competition.picked_nights.all()) == [night]


@pytest.mark.django_db
def test_a_knockout_round_is_named_alike_on_the_pages_the_papers_and_the_trail(club, client, organiser):
    from io import BytesIO

    from pypdf import PdfReader

    night = _night(club, 9, rounds=3, knockout=4)  # four qualify: a semi-final and a final
    duel_night_start(night=night)
    rng = random.Random(3)
    for _ in range(3):
        play_round(night, rng)
    state = night_state(night)
    assert state.knockout_rounds == [4]
    first = next(line for line in state.rounds[4] if not line.bye)
    client.force_login(organiser)
    pages = {
        "run": client.get(f"/two-player/{night.pk}/?match={first.match.pk}"),
        "room": client.get(f"/two-player/{night.pk}/room/"),
        "results": client.get(f"/two-player/{night.pk}/results/"),
        "tablet": client.get(f"/two/{night.tables.get(number=first.match.table).token}/"),
    }
    for name, response in pages.items():
        page = response.content.decode()
        assert "Knock-out round 1" in page and "Round 4" not in page, name
    paper = client.get(f"/two-player/{night.pk}/print/score-cards.pdf").content
    text = " ".join(p.extract_text() for p in PdfReader(BytesIO(paper)).pages)
    assert f"Knock-out round 1 · table {first.match.table}" in text and "Round 4" not in text
    duel_deal_correct(night=night, match=first.match, number=1, tricks_a=7, tricks_b=6, reason="misread card")
    play_round(night, rng)
    trail = list(night.changes.order_by("changed_at", "id").values_list("action", "detail"))
    corrected = next(detail for action, detail in trail if action == AuditLine.Action.CORRECTED)
    assert corrected.startswith(f"knock-out round 1, table {first.match.table}, deal 1:")
    assert trail[-1] == (AuditLine.Action.PAIRED, "knock-out round 2")
    assert "Knock-out round 2" in client.get(f"/two-player/{night.pk}/").content.decode()


@pytest.mark.django_db
def test_a_table_done_in_the_last_round_waits_for_the_end_not_for_a_round_to_come(club, client):
    night = _night(club, 4, rounds=2)
    duel_night_start(night=night)
    play_round(night, random.Random(2))
    state = night_state(night)
    first, _ = state.rounds[2]
    token = night.tables.get(number=first.match.table).token
    while not night_state(night).rounds[2][0].finished:
        enter(token, 8, 5)
        confirm(token)
    page = client.get(f"/two/{token}/").content.decode()
    assert "This match is over: the night ends when every table has finished round 2." in page
    assert "Round 3" not in page and "nock-out" not in page
