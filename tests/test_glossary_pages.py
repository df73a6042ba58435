"""The words of duplicate whist on the organiser's pages: each said in a club's words with the
term beside it, and a "What is …?" that opens in place (a <details>, no script), all from the one
glossary; in Chromium the explanation opens where it is asked."""

import pytest
from django.urls import reverse

from tests.leagues import make_league
from tests.test_individual_events import make_individual
from tournaments.domain.glossary import GlossaryError, explain
from tournaments.models import Event


def test_every_movement_an_event_may_have_is_explained():
    for variant in Event.Variant.values:
        assert explain(variant).meaning


def test_a_word_the_glossary_does_not_have_is_refused_by_name():
    with pytest.raises(GlossaryError, match="no explanation of 'arrow'"):
        explain("arrow")


def test_a_howells_movement_page_says_it_plainly_and_explains_it_and_its_relay_stands(
    client, organiser, club, make_event
):
    event = make_event(club, tables=4, variant=Event.Variant.HOWELL, boards_per_round=4)
    client.force_login(organiser)

    page = client.get(reverse("tournaments:event-movement", args=[event.pk])).content.decode()

    assert "Every pair meets every other, one winner (Howell)" in page
    assert '<details class="whatis"><summary>What is a Howell?</summary>' in page
    assert "<summary>What is a relay stand?</summary>" in page
    assert "Howell (one winner, recommended" not in page


def test_a_skip_mitchells_event_page_says_the_skip_in_words(client, organiser, club, make_event):
    event = make_event(club, tables=4, variant=Event.Variant.SKIP)
    client.force_login(organiser)

    page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()

    assert "N/S pairs stay, E/W pairs move and skip a table once (skip Mitchell)" in page
    assert "<summary>What is a skip Mitchell?</summary>" in page
    assert "Matchpoints, 2 for each pair beaten, 1 for each tie (EBU scale)" in page
    assert "2 / 1 / 0 (EBU)" not in page


def test_the_results_say_how_matchpoints_count(client, club, make_played_event):
    event = make_played_event(club)

    page = client.get(reverse("tournaments:results", args=[event.pk])).content.decode()

    assert "Matchpoints: 2 for each pair beaten, 1 for each tie (EBU scale)" in page
    assert "<summary>What are matchpoints?</summary>" in page


def test_an_individual_schedule_names_its_source_only_when_asked(client, organiser, club):
    event = make_individual(club, [f"Player {n}" for n in range(1, 10)], boards_per_round=2)
    client.force_login(organiser)

    page = client.get(reverse("tournaments:event-movement", args=[event.pk])).content.decode()

    plain = "Each player partners every other once (whist tournament)."
    assert plain in page
    details = page.split("<summary>What is a whist tournament?</summary>")[1].split("</details>")[0]
    assert "Where this one comes from: Wh(9) developed over" in details
    assert page.count("Wh(9)") == 1  # nowhere but inside the explanation


def test_a_league_match_names_its_pairs_in_words(client, organiser, club):
    league = make_league(club)
    fixture = league.fixtures.order_by("pk").first()
    client.force_login(organiser)

    page = client.get(
        reverse("tournaments:league-match", args=[club.slug, league.pk, fixture.pk])
    ).content.decode()

    assert "home 1 v visitors 1" in page and "H1 v V1" not in page.split("<summary>")[0]
    assert "<summary>What is H1 v V1?</summary>" in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_what_is_this_opens_in_place(live_server, page, client, organiser, club, make_event):
    from playwright.sync_api import expect

    event = make_event(club, tables=4, variant=Event.Variant.HOWELL, boards_per_round=4)
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}
    page.context.add_cookies([cookie])
    page.goto(live_server.url + reverse("tournaments:event-movement", args=[event.pk]))
    meaning = page.get_by_text(explain("howell").meaning)
    expect(meaning).to_be_hidden()

    page.get_by_text("What is a Howell?").click()

    expect(meaning).to_be_visible()
    assert page.url.endswith(reverse("tournaments:event-movement", args=[event.pk]))


def test_the_new_event_page_explains_its_choices_beside_them(client, organiser):
    client.force_login(organiser)

    page = client.get(reverse("tournaments:event-new")).content.decode()

    fields = ("scoring", "movement", "individual")
    scoring, movement, who = (page.split(f'name="{name}"', 1)[1] for name in fields)  # after its first choice
    assert scoring.index("What are matchpoints?") < scoring.index('name="movement"')
    assert movement.index("What is a ¾ Howell?") < movement.index('name="individual"')
    assert "What is an individual event?" in who
