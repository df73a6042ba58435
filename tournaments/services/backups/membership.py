"""A club's membership in its backup: the subscription year's start, the categories, each
member's category, "paid until" and day joined, the renewal rounds with their reminders, and the
subscriptions paid with their receipts. Members and the outbox's e-mails are named by their place
in the club's lists of them (``members``, ``mails``); a category by its name. A file from before
membership has none of it, and its club restores with none.

>>> sorted(MEMBERSHIP["properties"])
['categories', 'members', 'payments', 'rounds', 'year_start']
"""

from datetime import date, datetime

from ...models import Club, Member, MembershipCategory, RenewalReminder, RenewalRound, SubscriptionPayment
from .bulk import rows_create
from .event_schema import DAY, WHEN, YES_NO, fixed_list, one_of, record, rows, text, whole

INDEX = whole(0, 10**6)
MAYBE_INDEX = INDEX | {"type": ["integer", "null"]}
MAYBE_DAY = DAY | {"type": ["string", "null"]}
PENCE = whole(0, 10**9)
PAYMENT_FIELDS = ("receipt", "amount", "method", "reference")

MEMBERSHIP = record(
    {
        "year_start": fixed_list(whole(1, 12), whole(1, 31), description="is not [month, day]"),
        "categories": rows(
            record({"name": text(40) | {"minLength": 1}, "subscription": PENCE, "life": YES_NO})
        ),
        "members": rows(
            record(
                {
                    "member": INDEX,
                    "category": text(40) | {"type": ["string", "null"]},
                    "paid_until": MAYBE_DAY,
                    "joined": MAYBE_DAY,
                }
            )
        ),
        "rounds": rows(
            record(
                {
                    "year_start": DAY,
                    "started_at": WHEN,
                    "reminders": rows(
                        record(
                            {
                                "member": INDEX,
                                "way": one_of(*RenewalReminder.Way.values),
                                "amount": PENCE,
                                "mail": MAYBE_INDEX,
                            }
                        )
                    ),
                }
            )
        ),
        "payments": rows(
            record(
                {
                    "member": INDEX,
                    "receipt": whole(1, 10**9),
                    "amount": whole(1, 10**9),
                    "method": one_of(*SubscriptionPayment.Method.values),
                    "reference": text(60),
                    "paid_on": DAY,
                    "paid_until": DAY,
                    "recorded_at": WHEN,
                    "mail": MAYBE_INDEX,
                }
            )
        ),
    }
)


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def membership_export(club: Club, members: dict[int, int], mails: dict[int, int]) -> dict:
    """The club's membership; ``members`` and ``mails`` give each row's place by its id."""
    return {
        "year_start": [club.year_start_month, club.year_start_day],
        "categories": [
            {"name": c.name, "subscription": c.subscription, "life": c.life}
            for c in club.membership_categories.order_by("pk")
        ],
        "members": [
            {
                "member": members[m.pk],
                "category": m.category.name if m.category else None,
                "paid_until": _day(m.paid_until),
                "joined": _day(m.joined),
            }
            for m in club.members.select_related("category").order_by("pk")
            if m.category or m.paid_until or m.joined
        ],
        "rounds": [
            {
                "year_start": r.year_start.isoformat(),
                "started_at": r.started_at.isoformat(),
                "reminders": [
                    {
                        "member": members[x.member_id],
                        "way": x.way,
                        "amount": x.amount,
                        "mail": mails.get(x.mail_id),
                    }
                    for x in r.reminders.order_by("pk")
                ],
            }
            for r in club.renewal_rounds.order_by("pk")
        ],
        "payments": [
            {
                "member": members[p.member_id],
                **{f: getattr(p, f) for f in PAYMENT_FIELDS},
                "paid_on": p.paid_on.isoformat(),
                "paid_until": p.paid_until.isoformat(),
                "recorded_at": p.recorded_at.isoformat(),
                "mail": mails.get(p.mail_id),
            }
            for p in club.subscription_payments.order_by("pk")
        ],
    }


def membership_problems(item: dict, place: str, *, members: int, mails: int) -> list[str]:
    """What a club's membership names that its backup does not hold."""
    names = {c["name"] for c in item["categories"]}
    problems = [
        f"{place}.members[{n}].category: {m['category']} is not among the categories."
        for n, m in enumerate(item["members"])
        if m["category"] is not None and m["category"] not in names
    ]
    held = [("members", m) for m in item["members"]] + [("payments", p) for p in item["payments"]]
    held += [("reminders", x) for r in item["rounds"] for x in r["reminders"]]
    for where, row in held:
        if row["member"] >= members:
            problems.append(f"{place}.{where}: there is no members[{row['member']}].")
        if row.get("mail") is not None and row["mail"] >= mails:
            problems.append(f"{place}.{where}: there is no mails[{row['mail']}].")
    return problems


def membership_restore(item: dict, *, club: Club, members: list[Member], mails: list) -> None:
    """Restore a club's membership, its members and outbox already restored (in the file's order)."""
    month, day = item["year_start"]
    club.year_start_month, club.year_start_day = month, day
    club.full_clean()
    club.save(update_fields=["year_start_month", "year_start_day"])
    categories = {c["name"]: MembershipCategory.objects.create(club=club, **c) for c in item["categories"]}
    changed = []
    for m in item["members"]:
        member = members[m["member"]]
        member.category = categories.get(m["category"])
        member.paid_until = m["paid_until"] and date.fromisoformat(m["paid_until"])
        member.joined = m["joined"] and date.fromisoformat(m["joined"])
        changed.append(member)
    Member.objects.bulk_update(changed, ["category", "paid_until", "joined"])
    for r in item["rounds"]:
        round_ = RenewalRound.objects.create(
            club=club,
            year_start=date.fromisoformat(r["year_start"]),
            started_at=datetime.fromisoformat(r["started_at"]),
        )
        RenewalReminder.objects.bulk_create(
            RenewalReminder(
                round=round_,
                member=members[x["member"]],
                way=x["way"],
                amount=x["amount"],
                mail=None if x["mail"] is None else mails[x["mail"]],
            )
            for x in r["reminders"]
        )
    payments = [
        SubscriptionPayment(
            club=club,
            member=members[p["member"]],
            **{f: p[f] for f in PAYMENT_FIELDS},
            paid_on=date.fromisoformat(p["paid_on"]),
            paid_until=date.fromisoformat(p["paid_until"]),
            recorded_at=datetime.fromisoformat(p["recorded_at"]),
            mail=None if p["mail"] is None else mails[p["mail"]],
        )
        for p in item["payments"]
    ]
    rows_create(payments, exclude=["club", "member", "mail", "recorded_by"])
