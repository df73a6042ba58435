"""What can hold a member's name, declared once: for every text field of every model, and every
file whistdrive writes, whether forgetting a member rewrites it or why it holds no name.

Forgetting (``members.member_forget``) rewrites from this declaration, not from a list of its own,
and ``tests/test_forgetting_declared.py`` fails, naming the model and the field, when a text field
is neither rewritten nor declared nameless: a new field that can hold a name cannot be left out.

The declaration is in parts, one for what every evening shares and one for each kind of evening's
own models (events, drives with their widow series and team nights, two-player nights, leagues).
A part with evenings says how to find those the member played in, so each gets a line in its
trail; each named field says which evening its row belongs to, so an evening whose words alone
named them (a guest typed in by name, a correction's reason) gets one too. The kinds' registry
(``services.kinds``, above this module) points each kind at its part.

>>> NIGHTS.named[DuelPlayer].fields, NIGHTS.nameless[DuelTable]["code"]
(('guest',), 'a code or a secret link, drawn at random')
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q

from ...models import (
    AccountEntry,
    AccountStatement,
    AuditLine,
    Board,
    CardDeal,
    Club,
    CodeGuard,
    Competition,
    CountyKey,
    CountyUpload,
    Drive,
    DriveMoney,
    DrivePayment,
    DrivePlayer,
    DriveResult,
    DriveResultChange,
    DriveSeat,
    DriveTeam,
    DuelDealChange,
    DuelMatch,
    DuelNight,
    DuelPlayer,
    DuelTable,
    Entry,
    Erasure,
    EveningFee,
    EveningMoney,
    Event,
    HallUpload,
    Heartbeat,
    IndividualPlayer,
    League,
    LeagueClub,
    LoginFailure,
    MatchTable,
    Member,
    MembershipCategory,
    Pair,
    PrizeCut,
    RenewalReminder,
    Result,
    ResultChange,
    ResultMail,
    Simultaneous,
    SubscriptionPayment,
    TableCheckIn,
    TableLink,
)

# The reasons a text field holds no name, said once each.
CHOICE = "one of its choices"
CODE = "a code or a secret link, drawn at random"
FIGURES = "a score or a count in figures"
TAG = "a word that groups evenings for the competitions (Tuesday)"
SCHEDULE = "a trump schedule's letters (HDSC)"


@dataclass(frozen=True)
class Named:
    """A model's fields that can name a member: forgetting puts the pseudonym in place of the name
    in the rows of the member's club, which each lookup in ``club`` reaches (any of them)."""

    club: tuple[str, ...]
    fields: tuple[str, ...]
    # The evenings a row belongs to, by the lookups from the row to an evening's row ("event",
    # "link__drive"; "pk" for an evening's own row): an evening whose rows are rewritten is
    # changed, and says so in its trail.
    evenings: tuple[str, ...] = ()

    def rows(self, model: type[models.Model], club: Club):
        where = Q()
        for lookup in self.club:
            where |= Q(**{lookup: club})
        return model.objects.filter(where)

    def evenings_of(self, model: type[models.Model], pks: list[int]) -> list[models.Model]:
        """The evenings the rows ``pks`` of ``model`` belong to."""
        found = []
        for lookup in self.evenings if pks else ():
            target = model if lookup == "pk" else _target(model, lookup)
            ids = model.objects.filter(pk__in=pks, **{f"{lookup}__isnull": False}).values(lookup)
            found += target.objects.filter(pk__in=ids)
        return found


def _target(model: type[models.Model], lookup: str) -> type[models.Model]:
    """The model a lookup of foreign keys ends at ("link__event" from a check-in: Event)."""
    for name in lookup.split("__"):
        model = model._meta.get_field(name).related_model
    return model


@dataclass(frozen=True)
class Part:
    """What one part of the app keeps that can name a member."""

    named: dict[type[models.Model], Named]
    # Text fields with no name in them, each with why (a field of the member's own row, which
    # forgetting writes itself, says so).
    nameless: dict[type[models.Model], dict[str, str]]
    # The model of this part's evenings, and the query of those a member played in (each gets a
    # line in its trail when the member is forgotten); None for a part with no evenings.
    evening: type[models.Model] | None = None
    kind: str = ""  # the evenings' word, as an audit line's field names them ("event")
    played: Callable[[Member], Q] | None = field(default=None, compare=False)

    def evenings_of(self, member: Member) -> list[int]:
        """The ids of the part's evenings the member played in, in id order."""
        if self.evening is None:
            return []
        return list(
            self.evening.objects.filter(self.played(member))
            .distinct()
            .order_by("pk")
            .values_list("pk", flat=True)
        )


SHARED = Part(
    named={
        AuditLine: Named(("club",), ("detail",), evenings=("event", "drive", "night")),
        # The organiser's word to a table: "Ann Smith: go to table 2".
        TableCheckIn: Named(
            ("link__event__club", "link__drive__club"), ("message",), evenings=("link__event", "link__drive")
        ),
        # The outbox: the member's own e-mails are deleted first (``members._erase``); another
        # member's may name them as a partner.
        ResultMail: Named(("member__club",), ("subject", "body")),
        Competition: Named(("club",), ("name",)),
        # What the county server last said of an evening sent to it, which may name the evening.
        HallUpload: Named(("club",), ("answer",)),
    },
    nameless={
        Club: {
            "name": "the club's own name",
            "slug": "the club's name, as its web address says it",
            "paper_size": CHOICE,
            "trump_schedule": SCHEDULE,
            "scoring": CHOICE,
            "scale": CHOICE,
            "adjusted_scores": CHOICE,
            "places_shown": CHOICE,
            "currency": CHOICE,
            "number_format": CHOICE,
            "public_address": "the club's web address",
            "key": "a mark made once at random (or the club's first address), for the register of erasures",
            "county_address": "the county server's web address",
            "county_key": "a secret the county's administrator drew at random",
            "county_club": "the club's name, as the county server's address for it says it",
        },
        CountyKey: {"prefix": CODE, "digest": "a one-way mark (SHA-256) of a key"},
        CountyUpload: {"format": CHOICE, "digest": "a one-way mark (SHA-256) of the evening's document"},
        HallUpload: {"state": CHOICE},
        Member: {
            "first_name": "the forgotten member's own row takes the pseudonym; another's is their own",
            "last_name": "the forgotten member's own row takes the pseudonym; another's is their own",
            "email": "the forgotten member's own row is emptied; another's is their own",
            "published_as": CHOICE,
        },
        Erasure: {"mark": "a one-way mark (SHA-256) of the forgotten row"},
        AuditLine: {"action": CHOICE},
        TableLink: {"token": CODE, "code": CODE},
        TableCheckIn: {"state": CHOICE},
        CodeGuard: {"key": "a tablet's browser or address, counted for wrong codes"},
        LoginFailure: {
            "username": "the login name an organiser's password was tried for: no member has a login",
            "address": "the address of the device a wrong password came from",
        },
        Heartbeat: {"name": "the name of the probe that writes it"},
        Simultaneous: {
            "name": "the county's name for an evening shared by its clubs (as a league's name)",
            "deals": "the boards' deals as PBN, written by whistdrive with no players' names",
        },
        ResultMail: {
            "to": "the address of the member it goes to: the forgotten member's own are deleted",
            "message_id": CODE,
            "card": "a pair's number on the score cards (N/S 3)",
            "status": CHOICE,
            "last_error": "the mail server's reply about the e-mail",
        },
        Competition: {
            "kinds": CHOICE,
            "tag": TAG,
            "field_unit": CHOICE,
            "who": CHOICE,
            "lists": CHOICE,
            "measure": CHOICE,
            "placing": CHOICE,
            "points": "the places' points in figures (10,8,6)",
            "counting": CHOICE,
            "handicap": CHOICE,
            "ties": CHOICE,
        },
    },
)


def _in_event(member: Member) -> Q:
    seat = Q(player1=member) | Q(player2=member)
    return (
        Q(pk__in=Pair.objects.filter(seat).values("event_id"))
        | Q(pk__in=Entry.objects.filter(seat).values("event_id"))
        | Q(pk__in=IndividualPlayer.objects.filter(seat).values("event_id"))
    )


EVENTS = Part(
    evening=Event,
    kind="event",
    played=_in_event,
    named={
        Event: Named(("club",), ("name",), evenings=("pk",)),
        # An individual event's pair names a shared seat's two people as text ("Joan Bellamy +
        # Ann Lee"), and a member once typed in as a guest is there by name too.
        Pair: Named(("event__club",), ("guest1", "guest2"), evenings=("event",)),
        Entry: Named(("event__club",), ("guest1", "guest2"), evenings=("event",)),
        IndividualPlayer: Named(("event__club",), ("guest1", "guest2"), evenings=("event",)),
        ResultChange: Named(("event__club",), ("reason", "source"), evenings=("event",)),
    },
    nameless={
        Event: {
            "status": CHOICE,
            "room_key": CODE,
            "variant": CHOICE,
            "card_set": CHOICE,
            "arrow_switch_rounds": "round numbers (6,7)",
            "trump_schedule": SCHEDULE,
            "scoring": CHOICE,
            "minnesota_rules": CHOICE,
            "scale": CHOICE,
            "adjusted_scores": CHOICE,
            "deal_seed": "the seed the boards were dealt from",
            "tag": TAG,
            "analysis_worker": "the name of the process analysing the boards",
        },
        Pair: {"direction": CHOICE},
        ResultChange: {"action": CHOICE, "before": FIGURES, "after": FIGURES},
        Board: {
            "dealer": CHOICE,
            "trumps": CHOICE,
            "deal": "the four hands' cards (PBN)",
            "dd_table": "the board's double-dummy figures",
        },
        Result: {"ns_adjusted": CHOICE, "ew_adjusted": CHOICE, "granded": CHOICE},
    },
)

# Widow whist series and team nights are kept as drives: their players, trail and history are a
# drive's, and their own models (seats, deals, tricks, totals) keep no text.
DRIVES = Part(
    evening=Drive,
    kind="drive",
    played=lambda member: Q(
        pk__in=DrivePlayer.objects.filter(Q(member=member) | Q(second_member=member)).values("drive_id")
    ),
    named={
        Drive: Named(("club",), ("name",), evenings=("pk",)),
        DrivePlayer: Named(("drive__club",), ("guest", "second_guest"), evenings=("drive",)),
        DriveTeam: Named(("drive__club",), ("name",), evenings=("drive",)),  # a team named after its captain
        DriveResultChange: Named(("drive__club",), ("reason", "source"), evenings=("drive",)),
    },
    nameless={
        Drive: {
            "status": CHOICE,
            "room_key": CODE,
            "format": CHOICE,
            "trump_schedule": SCHEDULE,
            "sit_out": CHOICE,
            "game": CHOICE,
            "minnesota_rules": CHOICE,
            "team_points": CHOICE,
            "redraw": CHOICE,
            "lady_label": "what the club calls a role (Lady)",
            "gent_label": "what the club calls a role (Gent)",
            "prizes": "the prizes' scheme, by its key",
            "tag": TAG,
        },
        DrivePlayer: {"role": CHOICE, "pair": CHOICE},
        DriveResultChange: {"action": CHOICE, "before": FIGURES, "after": FIGURES},
        DriveSeat: {"seat": CHOICE},
        DriveResult: {"granded": CHOICE, "honours": FIGURES},
        PrizeCut: {"prize": "a prize's key"},
        DriveMoney: {"split": "a prize fund's shares in figures", "ties": CHOICE},
        DrivePayment: {"method": CHOICE},
    },
)

NIGHTS = Part(
    evening=DuelNight,
    kind="night",
    played=lambda member: Q(pk__in=DuelPlayer.objects.filter(member=member).values("night_id")),
    named={
        DuelNight: Named(("club",), ("name",), evenings=("pk",)),
        DuelPlayer: Named(
            ("night__club",), ("guest",), evenings=("night",)
        ),  # a guest entry typed before they joined
        DuelDealChange: Named(("match__night__club",), ("reason", "source"), evenings=("match__night",)),
    },
    nameless={
        DuelNight: {
            "status": CHOICE,
            "room_key": CODE,
            "game": CHOICE,
            "german_scoring": CHOICE,
            "pairing": CHOICE,
            "tag": TAG,
        },
        DuelTable: {"token": CODE, "code": CODE},
        DuelMatch: {"stage": CHOICE},
        DuelDealChange: {"action": CHOICE, "before": FIGURES, "after": FIGURES},
    },
)

# A club's membership: the organisers' own papers (letters, receipts, lists) are made from the rows
# when asked for, never kept as files. A forgotten member's payments are kept for the club's
# accounts, their member row then the pseudonym; a bank transfer's reference may name them.
# Members' accounts likewise: the ledger's rows are kept, a transfer's reference, a correction's
# reason and a fee's evening (a drive's name) rewritten.
MEMBERSHIP = Part(
    named={
        SubscriptionPayment: Named(("club",), ("reference",)),
        AccountEntry: Named(("club",), ("reference", "reason", "evening")),
    },
    nameless={
        AccountEntry: {"kind": CHOICE, "method": CHOICE},
        AccountStatement: {"way": CHOICE},
        # The money of an event, a two-player night or a league home match; an entrant by its key.
        EveningMoney: {"split": "a prize fund's shares in figures", "ties": CHOICE},
        EveningFee: {"method": CHOICE, "entrant": "an entrant's key in its evening (NS3, P7, T2)"},
        MembershipCategory: {"name": "a kind of membership (Full, Social, Junior, Life)"},
        RenewalReminder: {"way": CHOICE},
        SubscriptionPayment: {"method": CHOICE},
    },
)

# A league's clubs meet on cards of tricks; a league match names no member.
LEAGUES = Part(
    named={},
    nameless={
        League: {
            "name": "the league's name, shared by its clubs",
            "season": "the season's years (2026–27)",
        },
        LeagueClub: {"name": "a club's name"},
        MatchTable: {"side": CHOICE, "token": CODE, "code": CODE},
        CardDeal: {"side": CHOICE},
    },
)

PARTS: tuple[Part, ...] = (SHARED, EVENTS, DRIVES, NIGHTS, LEAGUES, MEMBERSHIP)

# The organisers' logins (django.contrib.auth): a member has no login, and no login is a member's.
ORGANISERS = (
    get_user_model(),
    "an organiser's login, never a member's: no member is linked to a login",
)

# The files whistdrive writes, by the setting that names where (besides the database, which the
# models' declaration covers), and what forgetting does to each.
FILES: dict[str, str] = {
    "EMAIL_FILE_PATH": (
        "rewritten: the copies of e-mails written when no mail server is set (sent-mail/) lose every "
        "copy addressed to the member, and the others the name, written anew and moved into place"
    ),
    "BACKUP_DIR": (
        "kept as written: a hall backup is the club as it was, and restoring it forgets the member "
        "again by the register of erasures (erasures_reapply)"
    ),
    "ERASURES_FILE": "no name: the register of erasures keeps one-way marks",
    "CACHES": (
        "emptied: the season cache (cache/season/) is dropped once the erasure is committed, and "
        "read again from the database"
    ),
    "DATABASES": "the models' declaration above",
    "site_export": (
        "written again: the static export is fetched page by page from the site at the organiser's "
        "command, into a folder they name, so an export written after forgetting says the pseudonym "
        "(a player page that no longer exists is not written); copies already handed out are "
        "beyond whistdrive's reach"
    ),
    "STATIC_ROOT": "no name: the style sheets and scripts",
}


def text_fields(model: type[models.Model]) -> list[models.Field]:
    """The model's own fields that can hold text."""
    kinds = (models.CharField, models.TextField, models.JSONField, models.BinaryField, models.FileField)
    return [f for f in model._meta.concrete_fields if isinstance(f, kinds)]


def named_fields() -> list[tuple[type[models.Model], Named]]:
    """Every model's fields that forgetting rewrites."""
    return [(model, named) for part in PARTS for model, named in part.named.items()]


def undeclared(models_) -> list[str]:
    """ "app.Model.field" for each text field of these models neither rewritten by forgetting nor
    declared holding no name (a proxy is its concrete model)."""
    declared = {
        (model, name)
        for part in PARTS
        for model, names in [*((m, n.fields) for m, n in part.named.items()), *part.nameless.items()]
        for name in names
    }
    declared |= {(ORGANISERS[0], f.name) for f in text_fields(ORGANISERS[0])}
    missing = []
    for model in models_:
        model = model._meta.concrete_model
        for f in text_fields(model):
            if (model, f.name) not in declared:
                missing.append(f"{model._meta.label}.{f.name}")
    return list(dict.fromkeys(missing))
