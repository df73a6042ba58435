"""The club's membership settings and a member's own: categories with their yearly subscription
(added, renamed or changed, and removed when no member is in them), the day the subscription year
starts, and a member's category and the day they joined. Each change writes one line in the
club's trail ("membership: Junior added (£5.00 a year)")."""

from datetime import date

from django.db import IntegrityError, transaction

from ...domain.membership import YearStart, year_start_problem
from ...models import AuditLine, Club, Member, MembershipCategory
from ...services.core.money import currency_of, money_text
from ..core.audit import club_log
from ..core.errors import ServiceError, require_one_line


def year_start(club: Club) -> YearStart:
    return club.year_start_month, club.year_start_day


def _cost(category: MembershipCategory, club: Club) -> str:
    return (
        "life, nothing to pay"
        if category.life
        else f"{money_text(category.subscription, currency_of(club))} a year"
    )


def _category_checked(name: str, subscription: int) -> str:
    """A category's name (stripped) and subscription as the club may set them, or refused in words."""
    name = name.strip()
    require_one_line(name)
    if not name:
        raise ServiceError("Give the category a name (Full, Social, Junior, Life).")
    if subscription < 0:
        raise ServiceError("A subscription cannot be less than nothing.")
    return name


def membership_category_add(*, club: Club, name: str, subscription: int, life: bool, user=None):
    """A new category of membership for the club, refused in words when the club has one of
    that name already."""
    name = _category_checked(name, subscription)
    try:
        with transaction.atomic():
            category = MembershipCategory.objects.create(
                club=club, name=name, subscription=0 if life else subscription, life=life
            )
            club_log(
                club=club,
                action=AuditLine.Action.CHANGED,
                detail=f"membership: {name} added ({_cost(category, club)})",
                user=user,
            )
    except IntegrityError:
        raise ServiceError(f"The club has a category called {name} already.") from None
    return category


def membership_category_change(
    *, category: MembershipCategory, name: str, subscription: int, life: bool, user=None
) -> MembershipCategory:
    """Rename a category or change its subscription (for the years to come: reminders sent and
    payments made keep their sums). Refused in words when another of the club's categories has the
    name."""
    name = _category_checked(name, subscription)
    try:
        with transaction.atomic():
            category = (
                MembershipCategory.objects.select_for_update().select_related("club").get(pk=category.pk)
            )
            was = category.name
            category.name, category.life = name, life
            category.subscription = 0 if life else subscription
            category.save(update_fields=["name", "life", "subscription"])
            renamed = f"{was} renamed {name}" if was != name else f"{name} changed"
            club_log(
                club=category.club,
                action=AuditLine.Action.CHANGED,
                detail=f"membership: {renamed} ({_cost(category, category.club)})",
                user=user,
            )
    except IntegrityError:
        raise ServiceError(f"The club has a category called {name} already.") from None
    return category


@transaction.atomic
def membership_category_remove(*, category: MembershipCategory, user=None) -> None:
    """Remove a category no member is in; refused in words while one is (they keep their category
    until the organiser gives them another)."""
    category = MembershipCategory.objects.select_for_update().select_related("club").get(pk=category.pk)
    members = category.members.count()
    if members:
        them = "1 member is" if members == 1 else f"{members} members are"
        raise ServiceError(
            f"{them} in {category.name}: give {'them' if members > 1 else 'that member'} another category "
            "on their membership page first, then remove it."
        )
    club, name = category.club, category.name
    category.delete()
    club_log(club=club, action=AuditLine.Action.CHANGED, detail=f"membership: {name} removed", user=user)


@transaction.atomic
def year_start_set(*, club: Club, month: int, day: int, user=None) -> Club:
    """The day the club's subscription year starts, refused in words when not a day every year has."""
    problem = year_start_problem(month, day)
    if problem:
        raise ServiceError(problem)
    club = Club.objects.select_for_update().get(pk=club.pk)
    if (club.year_start_month, club.year_start_day) != (month, day):
        club.year_start_month, club.year_start_day = month, day
        club.save(update_fields=["year_start_month", "year_start_day"])
        said = f"membership: the subscription year starts on {date(2025, month, day):%-d %B}"
        club_log(club=club, action=AuditLine.Action.CHANGED, detail=said, user=user)
    return club


@transaction.atomic
def member_membership_set(
    *, member: Member, category: MembershipCategory | None, joined: date | None, user=None
) -> Member:
    """A member's category and the day they joined (either may be left empty)."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if category is not None and category.club_id != member.club_id:
        raise ServiceError("That category is another club's.")
    if member.forgotten_at is not None:
        raise ServiceError("This member was forgotten: their membership is no longer kept.")
    member.category, member.joined = category, joined
    member.save(update_fields=["category", "joined"])
    detail = f"membership: {member} is {category or 'in no category'}" + (
        f", joined {joined:%-d %B %Y}" if joined else ""
    )
    club_log(club=member.club, action=AuditLine.Action.CHANGED, detail=detail, user=user)
    return member
