"""A member's rights over their data: forgotten at their request, and their data written out.

**Forgetting** (``member_forget``) keeps every row a member played in (their results count in the
standings, places and prizes of everyone who played with and against them) and puts a pseudonym in
their name's place, "Former member 17" by the member's id: on the member's row (their e-mail address
emptied), so every result, traveller, card, competition and page that names them by the row says
the pseudonym; and in every text field ``forgetting`` declares can name them (the trail, the
results' and deals' histories, guests typed in by name, the organiser's word to a table, the
outbox, the names organisers give evenings, teams and competitions): "entered Joan Bellamy &
Harold Bickerstaff" becomes "entered Former member 3 & Harold Bickerstaff". Their own e-mails in
the outbox are deleted, and so are the copies of e-mails to them in the data folder's
``sent-mail/``, where the others' copies lose the name (``mail_copies``). Each evening they played
in (an event, a drive, a two-player night), or whose words named them, says so in its trail, and
what copies those evenings elsewhere hears of it (``signals.member_forgotten``: the hall's uploads
to the county go again). It is one-way: a forgotten member is forgotten for good.

**The register of erasures** holds no name: a one-way mark of the forgotten row, the SHA-256 of
"club key:member id". Both survive a restore (the club's key is made once and carried by its
backups, members keep their ids), and neither changes with the club's address, so the mark finds
the row again. It is kept in the database (``Erasure``, carried by the club's backups written
afterwards) and in the data folder's ``erasures.json`` (``settings.ERASURES_FILE``), which outlives
a database emptied for a restore; ``erasures_reapply`` forgets again, at the end of a restore,
every member whose mark is in either, or in a register the organiser gives (another computer's).
Marks written before clubs had keys were made from the club's address: a restore looks for those
too, under the address in the backup.
"""

import hashlib
import json
import os
import re
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from ...models import AuditLine, Erasure, Member, ResultMail
from ...signals import member_forgotten
from .audit import club_log, evening_log
from .errors import ServiceError
from .forgetting import PARTS, named_fields
from .mail_copies import mail_copies_forget
from .season_cache import season_cache_empty

REASON_LENGTH = 200


def pseudonym(member_id: int) -> str:
    return f"Former member {member_id}"


ERASURES_FORMAT = "whistdrive-erasures"
MARK = re.compile(r"^[0-9a-f]{64}$")


def erasure_mark(club_key: str, member_id: int) -> str:
    """The register's mark of a forgotten member: one-way, and the same after a restore or a change
    of the club's address."""
    return hashlib.sha256(f"{club_key}:{member_id}".encode()).hexdigest()


def _marks_of(member: Member) -> set[str]:
    """The marks that name the member: by the club's key, and by its address as marks were made
    before clubs had keys."""
    return {erasure_mark(member.club.key, member.pk), erasure_mark(member.club.slug, member.pk)}


def name_forms(member: Member) -> list[str]:
    """The forms the code writes a member's name in: "Joan Bellamy" (``str(member)``, which every
    trail line, history line and e-mail uses) and "Bellamy, Joan" (lists by surname)."""
    first, last = member.first_name.strip(), member.last_name.strip()
    forms = [f"{first} {last}", f"{last}, {first}"]
    return [form for form in forms if form.strip(" ,")]


def _replacing(forms: list[str], alias: str):
    pattern = re.compile("|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True)))
    return lambda text: pattern.sub(alias, text)


def _rewrite(queryset, fields: tuple[str, ...], forms: list[str], replace) -> list[int]:
    """Put the pseudonym in place of the name in the rows' free text (cut to each field's length);
    the ids of the rows changed."""
    named = Q()
    for field in fields:
        for form in forms:
            named |= Q(**{f"{field}__contains": form})
    limits = {field: queryset.model._meta.get_field(field).max_length for field in fields}
    changed = []
    for row in queryset.filter(named):
        for field in fields:
            text = replace(getattr(row, field))
            setattr(row, field, text if limits[field] is None else text[: limits[field]])
        changed.append(row)
    queryset.model.objects.bulk_update(changed, list(fields))
    return [row.pk for row in changed]


def _evenings_held(member: Member) -> list:
    """The evenings the member played in, of each part with evenings (events, drives, two-player
    nights), their rows locked in that order and each kind in id order.

    Why first, and in this order: a tablet's write locks its evening's row before anything else
    (a drive's check-in holds the drive FOR UPDATE, an event's tablet the event FOR KEY SHARE, a
    two-player night's tablet the night FOR UPDATE), then writes lines of the trail, which hold the
    club's row (FOR KEY SHARE, by their foreign key). Forgetting writes a line in each of these
    evenings' trails, which holds the evening's row. Were the member's row read FOR UPDATE with
    its club joined (on PostgreSQL that locks the club's row too), a check-in holding its drive
    would wait for the club while forgetting waited for the drive: so the member's row is locked
    alone, after the evenings. Taking the evenings' rows first, a whole kind in id order as every
    other writer takes one evening at a time, forgetting waits for the tablets already writing and
    the tablets wait for it, never both. FOR NO KEY UPDATE keeps out every writer that locks the
    evening (a close, a check-in) but not an event's tablets, whose FOR KEY SHARE shares the row.
    """
    held = []
    for part in PARTS:
        ids = part.evenings_of(member)
        if ids:
            held += part.evening.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk")
    return held


def _erase(member: Member, *, evenings: list, when, user=None, again: bool = False) -> None:
    """Forget the member in the database, and in the copies of e-mails in the data folder: the row,
    and every text that names them (every field ``forgetting`` declares named). ``evenings``: those
    the member played in, locked (``_evenings_held``); those whose text only named them are
    added."""
    evenings = list(evenings)
    forms = name_forms(member)
    alias = pseudonym(member.pk)
    replace = _replacing(forms, alias)
    club = member.club
    addresses = {member.email, *member.result_mails.values_list("to", flat=True)}
    ResultMail.objects.filter(member=member).delete()
    for model, named in named_fields():
        changed = _rewrite(named.rows(model, club), named.fields, forms, replace)
        # An evening where only the text named them (a guest typed in by name, a correction's
        # reason, its name) is changed too: it says so in its trail with those they played in.
        evenings += [e for e in named.evenings_of(model, changed) if e not in evenings]
    member.first_name, member.last_name = "Former member", str(member.pk)
    member.email = ""
    member.active = False  # no longer offered when tonight's players are typed in
    member.published_as = Member.Published.FULL  # the pseudonym tells nobody anything
    member.forgotten_at = when
    member.save(update_fields=["first_name", "last_name", "email", "active", "published_as", "forgotten_at"])
    # A line in each evening's trail: it says what changed there, and the evenings' kept scores
    # and competition readings (cached under their trail) are read again with the pseudonym.
    detail = f"{alias} forgotten" + (" again (the register of erasures)" if again else "")
    for evening in evenings:
        evening_log(evening=evening, action=AuditLine.Action.FORGOTTEN, detail=detail, user=user)
    # What keeps a copy of these evenings elsewhere (the hall's uploads to the county) sends the
    # forgotten evenings again, once the erasure has committed.
    member_forgotten.send(sender=Member, instance=member, evenings=evenings)
    # The new lines make every page read the evenings again, but what the season cache kept from
    # before still names the member on disk: dropped, once the erasure is committed.
    transaction.on_commit(season_cache_empty)
    try:
        mail_copies_forget(Path(settings.EMAIL_FILE_PATH), addresses=addresses, replace=replace)
    except OSError as error:
        raise ServiceError(
            f"The copies of e-mails in {settings.EMAIL_FILE_PATH} cannot be rewritten ({error}): "
            "nothing was forgotten. Mend the folder and try again."
        ) from None


def erasures_register_path() -> Path:
    return Path(settings.ERASURES_FILE)


def erasures_register_found() -> bool:
    """Whether the data folder has its register of erasures: a new computer's has none, and
    neither has a folder where no member was ever forgotten."""
    return erasures_register_path().is_file()


def erasures_in_file() -> set[str]:
    """The marks kept in the data folder's register (none when there is no file yet)."""
    path = erasures_register_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return set()
    except (OSError, ValueError) as error:
        raise ServiceError(
            f"The register of erasures {path} cannot be read ({error}): mend or restore it."
        ) from None
    return {str(mark) for mark in data.get("erasures", [])}


def erasures_read(raw: bytes, *, name: str) -> set[str]:
    """The marks of a register of erasures the organiser gives (another computer's erasures.json),
    or a ServiceError saying why it is not one."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = None
    marks = data.get("erasures") if isinstance(data, dict) and data.get("format") == ERASURES_FORMAT else None
    if not isinstance(marks, list) or not all(isinstance(m, str) and MARK.match(m) for m in marks):
        raise ServiceError(
            f"{name} is not a register of erasures: give the erasures.json from the data folder of the "
            "computer the backup was written on. Nothing was restored."
        )
    return set(marks)


def _file_add(mark: str) -> None:
    _file_add_all({mark})


def _file_add_all(new: set[str]) -> None:
    """Add marks to the data folder's register, written whole to a new file then moved into place."""
    path = erasures_register_path()
    marks = sorted(erasures_in_file() | new)
    path.parent.mkdir(parents=True, exist_ok=True)
    spare = path.with_suffix(".new")
    spare.write_text(
        json.dumps({"format": ERASURES_FORMAT, "erasures": marks}, indent=1) + "\n", encoding="utf-8"
    )
    os.replace(spare, path)


@transaction.atomic
def member_forget(*, member: Member, reason: str, user=None) -> Member:
    """Forget the member at their request (see the module's docstring): their name becomes
    "Former member <id>" everywhere it is stored, the outbox loses their e-mails, the register of
    erasures gains their mark and the club's trail says why, without the name. Refused in words for
    a member already forgotten or with no reason given."""
    # The evenings first, then the member's row alone (not the club's): see _evenings_held. Read
    # again once the member is held, an evening entered in between is locked too.
    _evenings_held(member)
    member = Member.objects.select_for_update(of=("self",)).select_related("club").get(pk=member.pk)
    evenings = _evenings_held(member)
    reason = " ".join((reason or "").split())
    if not reason:
        raise ServiceError(
            'Say why the member is forgotten (for example "asked by e-mail on 3 March"): the trail keeps it.'
        )
    if len(reason) > REASON_LENGTH:
        raise ServiceError(f"The reason is {len(reason)} characters long; keep it to {REASON_LENGTH}.")
    if member.forgotten_at is not None:
        raise ServiceError(
            f"{pseudonym(member.pk)} was already forgotten on {member.forgotten_at:%d %b %Y}: there is "
            "nothing of their name left to forget."
        )
    reason = _replacing(name_forms(member), pseudonym(member.pk))(reason)
    now = timezone.now()
    _erase(member, evenings=evenings, when=now, user=user)
    mark = erasure_mark(member.club.key, member.pk)
    Erasure.objects.get_or_create(mark=mark, defaults={"erased_at": now})
    club_log(
        club=member.club,
        action=AuditLine.Action.FORGOTTEN,
        detail=f"member {member.pk} forgotten at their request: {reason}",
        user=user,
    )
    # Last, once every row is written: should the commit still fail, the file errs on the side of
    # the member's request, and the next restore forgets them.
    _file_add(mark)
    return member


def erasures_reapply(*, clubs, given: set[str] = frozenset()) -> dict[int, int]:
    """Forget again, in the restore's transaction, every member of ``clubs`` whose mark is in the
    register (the data folder's file, the database's, which the backup may have brought, or the one
    ``given`` by the organiser), and keep every mark in both the database and the data folder's
    file, which is written even with none: the folder then has its register. How many members of
    each club (by its id) were forgotten again."""
    marks = erasures_in_file() | set(Erasure.objects.values_list("mark", flat=True)) | set(given)
    now = timezone.now()
    again = {}
    for club in clubs:
        again[club.pk] = 0
        for member in club.members.filter(forgotten_at=None).select_related("club"):
            if _marks_of(member) & marks:
                _erase(member, evenings=_evenings_held(member), when=now, again=True)
                again[club.pk] += 1
    known = set(Erasure.objects.values_list("mark", flat=True))
    Erasure.objects.bulk_create(Erasure(mark=mark, erased_at=now) for mark in sorted(marks - known))
    if not erasures_register_found() or marks - erasures_in_file():
        _file_add_all(marks)
    return again
