"""Clubs and their members: the one place a club is made from a name, with the slug of its public
addresses, the organiser site's saves of a club and its members, and the club's choice of what the
players' phones and the tables' tablets show during play, each with its line in the club's trail."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from ...models import AuditLine, Club, Member
from .audit import changes_text, club_log

# The demo's organiser, with the password the README prints: fine on this computer alone, never on
# the hall's Wi-Fi, where anyone could log in with it (views/login.py refuses it in hall mode).
DEMO_USERNAME = "organiser"
DEMO_PASSWORD = "whistdrive"


def demo_password_in_use() -> bool:
    """Whether the demo's organiser can still log in with the README's password."""
    user = get_user_model().objects.filter(username=DEMO_USERNAME).first()
    return user is not None and user.check_password(DEMO_PASSWORD)


class MembersByName:
    """A club's members found by the name an export gives ([first, last, e-mail]), for an import:
    read once, not a query a name (a club's restore names each player in each of its evenings). A
    name the club has not is added as a member, and found after. Two members of one name: the
    first in the club's order, as a lookup by name would find."""

    def __init__(self, club: Club, *, check: bool = False):
        self.club, self.check = club, check
        self.by_name: dict[tuple[str, str], Member] = {}
        for member in Member.objects.filter(club=club).order_by("last_name", "first_name", "pk"):
            self.by_name.setdefault((member.first_name, member.last_name), member)

    def __call__(self, named: list | None) -> Member | None:
        if named is None:
            return None
        first, last, email = named
        member = self.by_name.get((first, last))
        if member is None:
            member = Member(club=self.club, first_name=first, last_name=last, email=email)
            if self.check:
                member.full_clean()
            member.save()
            self.by_name[(first, last)] = member
        return member


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


def member_create(*, club: Club, first_name: str, last_name: str, email: str = "") -> Member:
    member = Member(club=club, first_name=first_name.strip(), last_name=last_name.strip(), email=email)
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def member_save(*, member: Member, changed: list[str], user=None) -> Member:
    """Save a member as the organiser site's form left them, with a line in the club's trail."""
    adding = member._state.adding
    member.full_clean()
    member.save()
    detail = f"member {member}" if adding else f"member {member}: {', '.join(changed) or 'saved'}"
    club_log(
        club=member.club,
        action=AuditLine.Action.CREATED if adding else AuditLine.Action.CHANGED,
        detail=detail,
        user=user,
    )
    return member


@transaction.atomic
def member_delete(*, member: Member, user=None) -> None:
    club_log(club=member.club, action=AuditLine.Action.DELETED, detail=f"member {member}", user=user)
    member.delete()


@transaction.atomic
def club_save(*, club: Club, changed: list[str], user=None) -> Club:
    """Save a club's settings as the organiser site's form left them, with a line in its trail."""
    adding = club._state.adding
    if not club.slug:
        club.slug = club_slug_for(club.name, exclude_pk=club.pk)
    club.full_clean()
    club.save()
    detail = "" if adding else ", ".join(changed) or "saved"
    club_log(
        club=club,
        action=AuditLine.Action.CREATED if adding else AuditLine.Action.CHANGED,
        detail=detail,
        user=user,
    )
    return club


@transaction.atomic(durable=True)
def club_phones_set(*, club: Club, places_shown: str, tablet_travellers: bool, user=None) -> Club:
    """Set what the players' own pages on their phones show of the standings during play
    (``Club.PlacesShown``) and whether a pairs event's tablets show each confirmed board's
    traveller, with one line in the club's trail saying what changed ("players' phones: places
    during play: Places after each round → Everything live"); none when nothing did.

    The club's row is read again under a lock, so two organisers saving at once each see what
    the other left, and the trail says each change as it was made."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    wanted = {"places_shown": places_shown, "tablet_travellers": tablet_travellers}
    changed = {name: value for name, value in wanted.items() if getattr(club, name) != value}
    if not changed:
        return club
    detail = "players' phones: " + changes_text(club, changed)
    for name, value in changed.items():
        setattr(club, name, value)
    club.full_clean()
    club.save(update_fields=list(changed))
    club_log(club=club, action=AuditLine.Action.CHANGED, detail=detail, user=user)
    return club
