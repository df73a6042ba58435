"""The evening's trail: start, close (with what was adjusted), publish, movement, boards and pairs,
each with who and when, shown on the event page."""

from datetime import date

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditLine

from .test_admin_scoping import _event_form


@pytest.fixture
def draft(club, organiser):
    return services.event_create(
        club=club, name="Friday Drive", date=date(2026, 12, 4), tables=3, boards_per_round=2, user=organiser
    )


def _actions(event):
    return list(event.changes.order_by("changed_at", "id").values_list("action", flat=True))


def test_every_step_of_an_evening_is_kept_with_who_did_it(draft, organiser):
    for n in range(1, 7):
        services.entry_add(event=draft, first=f"Guest {n}a", second=f"Guest {n}b", user=organiser)
    services.entry_remove(event=draft, entry_id=draft.entries.last().pk, user=organiser)
    services.entry_add(event=draft, first="Late a", second="Late b", user=organiser)
    services.event_accept_proposal(event=draft, choice=0, user=organiser)
    services.event_deal_boards(event=draft, seed="trail", analyse=False, user=organiser)
    services.event_start(event=draft, user=organiser)
    access = draft.table_accesses.get(table=1)
    services.table_result_enter(access=access, board_number=1, ns_tricks=7)
    services.event_close(event=draft, adjust_missing=True, user=organiser)
    services.event_publish(event=draft, user=organiser)
    services.event_publish(event=draft, published=False, user=organiser)

    A = AuditLine.Action
    assert _actions(draft) == [
        A.CREATED,
        *[A.PAIRS] * 8,
        A.MOVEMENT,
        A.PAIRS,
        A.DEALT,
        A.STARTED,
        A.CLOSED,
        A.PUBLISHED,
        A.UNPUBLISHED,
    ]
    assert set(draft.changes.values_list("changed_by", flat=True)) == {organiser.pk}
    closed = draft.changes.get(action=A.CLOSED)
    assert "given Average (A/A)" in closed.detail and "1 unconfirmed results accepted" in closed.detail
    assert draft.changes.filter(detail__startswith="removed Guest 6a & Guest 6b").exists()
    assert "seed trail" in draft.changes.get(action=A.DEALT).detail


def test_a_pbn_import_is_kept(draft, organiser):
    services.event_build_movement(event=draft, user=organiser)
    services.event_deal_boards(event=draft, seed="a", analyse=False)
    text = services.event_export_pbn(draft)
    services.event_import_pbn(event=draft, text=text, analyse=False, user=organiser)
    line = draft.changes.get(action=AuditLine.Action.IMPORTED)
    assert line.detail == "6 boards from a PBN file" and line.changed_by == organiser


def test_renaming_pairs_in_the_organiser_site_is_kept(client, organiser, draft):
    services.event_build_movement(event=draft)
    pair = draft.pairs.get(direction="NS", number=1)
    form = _event_form(draft)
    pairs = list(draft.pairs.all())
    form.update(
        {
            "pairs-TOTAL_FORMS": len(pairs),
            "pairs-INITIAL_FORMS": len(pairs),
        }
    )
    for i, p in enumerate(pairs):
        form.update(
            {
                f"pairs-{i}-id": p.pk,
                f"pairs-{i}-event": draft.pk,
                f"pairs-{i}-guest1": "",
                f"pairs-{i}-guest2": "",
            }
        )
    index = pairs.index(pair)
    form[f"pairs-{index}-guest1"] = "Ada Lovelace"
    form[f"pairs-{index}-guest2"] = "Charles Babbage"
    client.force_login(organiser)
    client.post(reverse("admin:tournaments_event_change", args=[draft.pk]), form)
    line = draft.changes.filter(action=AuditLine.Action.PAIRS).get()
    assert (
        line.detail == "names changed: N/S 1 Ada Lovelace & Charles Babbage" and line.changed_by == organiser
    )


def test_the_event_page_shows_the_trail_and_the_organisers_corrections(client, draft, organiser):
    services.event_build_movement(event=draft, user=organiser)
    services.event_deal_boards(event=draft, seed="page", analyse=False, user=organiser)
    services.event_start(event=draft, user=organiser)
    seating = draft.seatings.get(round=1, table=2)
    services.result_set_by_director(
        event=draft, seating=seating, board_number=3, ns_tricks=9, reason="slip lost", user=organiser
    )
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-detail", args=[draft.pk])).content.decode()
    trail = page[page.index("The evening's trail") :]
    for text in ("Started", "Boards dealt", "Movement built", "Created", "organiser", "slip lost"):
        assert text in trail
    corrected = trail.index("Result corrected: board 3, round 1, table 2")
    assert corrected < trail.index("Started") < trail.index("Boards dealt")


def test_two_pairs_with_the_same_names_keep_their_own_seats(client, draft, organiser):
    for _ in range(2):
        services.entry_add(event=draft, first="John Smith", second="Mary Smith")
    for n in range(3, 5):
        services.entry_add(event=draft, first=f"Guest {n}a", second=f"Guest {n}b")
    services.event_accept_proposal(event=draft, choice=0)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:event-run", args=[draft.pk]))
    seats = [entry.seat for entry in page.context["entries"]]
    assert len(set(seats)) == 4 and all(seats)
    twins = [e for e in page.context["entries"] if e.names == "John Smith & Mary Smith"]
    assert {e.seat for e in twins} == {str(e.pair) for e in twins}


def _published(event, organiser):
    services.event_build_movement(event=event, user=organiser)
    services.event_deal_boards(event=event, seed="pub", analyse=False, user=organiser)
    services.event_start(event=event, user=organiser)
    services.event_close(event=event, adjust_missing=True, user=organiser)
    services.event_publish(event=event, user=organiser)
    return event


def test_a_close_that_gives_averages_is_one_line_and_a_correction_is_its_own(draft, organiser):
    _published(draft, organiser)
    assert AuditLine.Action.CORRECTED not in _actions(draft)  # the close's averages: in its own line
    seating = draft.seatings.get(round=1, table=1)
    services.result_set_by_director(
        event=draft, seating=seating, board_number=1, ns_tricks=8, reason="board fouled", user=organiser
    )
    line = draft.changes.latest("id")
    assert (line.action, line.changed_by) == (AuditLine.Action.CORRECTED, organiser)
    assert line.detail == "board 1, round 1, table 1: A/A → 8–5 (board fouled)"


def test_the_public_results_say_when_they_were_corrected_after_publication(client, draft, organiser):
    _published(draft, organiser)
    url = reverse("tournaments:results", args=[draft.pk])
    assert b"Corrected after publication" not in client.get(url).content
    services.result_set_by_director(
        event=draft,
        seating=draft.seatings.get(round=1, table=1),
        board_number=1,
        ns_tricks=8,
        reason="board fouled",
        user=organiser,
    )
    corrected = draft.changes.latest("id").changed_at
    page = client.get(url).content.decode()
    assert f"Corrected after publication on {corrected:%-d %B %Y}." in page
    # Taken down and published again, the page is as published, with nothing to add.
    services.event_publish(event=draft, published=False, user=organiser)
    services.event_publish(event=draft, user=organiser)
    assert b"Corrected after publication" not in client.get(url).content


def test_lifting_the_lockouts_is_kept(client, draft, organiser):
    from tournaments.models import CodeGuard

    services.event_build_movement(event=draft, user=organiser)
    since = draft.changes.latest("id").changed_at
    CodeGuard.objects.create(key="browser:typos", failures=20, since=since, club=draft.club)
    client.force_login(organiser)
    client.post(reverse("tournaments:codes-unlock", args=[draft.pk]))
    line = draft.changes.latest("id")
    assert (line.action, line.detail, line.changed_by) == (
        AuditLine.Action.UNLOCKED,
        "1 locked out",
        organiser,
    )


def test_a_trail_line_belongs_to_an_event_or_a_drive_never_both(draft):
    from django.db import IntegrityError
    from django.utils import timezone

    from tournaments.services import drives

    drive = drives.drive_create(club=draft.club, name="Harvest Drive", date=date(2026, 11, 20), hands=4)
    with pytest.raises(IntegrityError):
        AuditLine.objects.create(
            club=draft.club,
            event=draft,
            drive=drive,
            action=AuditLine.Action.CHANGED,
            changed_at=timezone.now(),
        )


def test_a_trail_with_corrections_and_organiser_site_changes_is_restored(draft, organiser, tmp_path):
    import json
    from io import StringIO

    from django.core.management import call_command

    _published(draft, organiser)
    services.event_publish(event=draft, published=False, user=organiser)
    services.event_update(event=draft, values={"scoring": "total_tricks"}, user=organiser)
    services.result_set_by_director(
        event=draft,
        seating=draft.seatings.get(round=1, table=1),
        board_number=1,
        ns_tricks=8,
        reason="x",
        user=organiser,
    )
    services.code_lockouts_lift(event=draft, user=organiser)
    out = StringIO()
    call_command("export_event", str(draft.pk), stdout=out)
    data = json.loads(out.getvalue())
    data["event"]["name"] = "Friday Drive again"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    call_command("import_event", str(path), stdout=StringIO())
    restored = draft.club.events.get(name="Friday Drive again")
    assert _actions(restored) == [*_actions(draft), AuditLine.Action.RESTORED]
    assert set(restored.changes.values_list("club", flat=True)) == {draft.club_id}
