"""Clubs: the one place a club is made from a name, with the slug of its public addresses."""

from django.utils.text import slugify

from ..models import Club


def club_slug_for(name: str, *, exclude_pk: int | None = None) -> str:
    """A slug for a club's addresses made from its name, unused by any other club:
    "Ribble Valley Whist Club" -> "ribble-valley-whist-club", then "...-2" if that is taken."""
    base = slugify(name)[:45].strip("-") or "club"
    others = Club.objects.exclude(pk=exclude_pk).filter(slug__startswith=base)
    taken = set(others.values_list("slug", flat=True))
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def club_get_or_create(*, name: str, paper_size: str | None = None) -> Club:
    """The club of that name, created (with a slug) when there is none."""
    name = name.strip()
    club = Club.objects.filter(name=name).first()
    if club is None:
        club = Club(name=name, slug=club_slug_for(name))
        if paper_size:
            club.paper_size = paper_size
        club.full_clean()
        club.save()
    return club
