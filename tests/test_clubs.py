import pytest
from django.db import IntegrityError

from tournaments import services
from tournaments.models import Club


@pytest.mark.django_db
def test_a_club_made_from_a_name_gets_a_slug_of_its_own():
    first = services.club_get_or_create(name="Ribble Valley Whist Club")
    again = services.club_get_or_create(name="  Ribble Valley Whist Club ")
    assert first.slug == "ribble-valley-whist-club"
    assert again.pk == first.pk


@pytest.mark.django_db
def test_two_names_that_slugify_alike_get_different_slugs():
    one = services.club_get_or_create(name="St. Anne's Whist")
    two = services.club_get_or_create(name="St Annes Whist")
    assert (one.slug, two.slug) == ("st-annes-whist", "st-annes-whist-2")


@pytest.mark.django_db
def test_a_club_saved_with_no_slug_gets_one_from_its_name():
    club = services.club_save(club=Club(name="Clitheroe Drive"), changed=[])
    assert club.slug == "clitheroe-drive"


@pytest.mark.django_db
def test_the_database_refuses_an_empty_slug():
    with pytest.raises(IntegrityError):
        Club.objects.create(name="No address", slug="")
