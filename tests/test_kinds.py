"""Every kind of evening is one entry in one registry: each format in ``domain.formats.FORMATS``
has its services' entry (``services.kinds``), each kept as a drive has its pages
(``views.drives.kinds``), and every model's evening names a declared format. A new kind without an
entry fails here, before any output meets it."""

import re
from pathlib import Path

import pytest

from tournaments.domain.duels import MatchRules, Scoring
from tournaments.domain.formats import FORMATS, drive_format, event_format, two_player_format
from tournaments.models import Drive, DuelNight, Event, Fixture
from tournaments.services.kinds import KINDS, by_kind, kind_of
from tournaments.views.drives.kinds import PAGES

ROOT = Path(__file__).resolve().parent.parent
MODELS = {"event": Event, "drive": Drive, "night": DuelNight, "match": Fixture}


def test_every_format_has_its_services_entry_and_no_entry_is_without_a_format():
    assert sorted(KINDS) == sorted(FORMATS)


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_an_entry_keeps_its_evenings_where_the_format_says(key):
    assert KINDS[key].model is MODELS[FORMATS[key].kind]


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_kind_whose_members_play_reaches_its_evenings_when_one_is_forgotten(key):
    """Its part of the forgetting declaration finds the evenings a member played (each gets a trail
    line), kept where the kind keeps them; a league match names no member and has none."""
    part = KINDS[key].forgetting
    if KINDS[key].model is Fixture:
        assert part.evening is None
    else:
        assert part.evening is KINDS[key].model and part.played is not None


def test_every_kind_kept_as_a_drive_reads_its_state_and_its_money():
    for key, kind in KINDS.items():
        if FORMATS[key].kind == "drive":
            assert kind.state is not None and kind.accounts is not None, key


def test_every_kind_says_who_pays_its_fees_and_where_its_money_page_is():
    for key, kind in KINDS.items():
        assert kind.payers and kind.in_season and kind.money_page, key


def test_every_format_kept_as_a_drive_has_its_pages():
    assert sorted(PAGES) == sorted(key for key, f in FORMATS.items() if f.kind == "drive")


# A widow series is a game of its own, never Minnesota whist.
DRIVES = [(f, "whist") for f in Drive.Format.values] + [
    (f, "minnesota") for f in Drive.Format.values if f != "widow"
]


@pytest.mark.parametrize(("stored", "game"), DRIVES)
def test_every_stored_drive_format_and_game_is_a_declared_format(stored, game):
    key = drive_format(stored, game).key
    assert key in FORMATS and key in KINDS and key in PAGES


@pytest.mark.parametrize("variant", Event.Variant.values)
@pytest.mark.parametrize("scoring", [s for s, _ in Event.Scoring.choices])
def test_every_event_variant_and_scoring_is_a_declared_format(variant, scoring):
    assert event_format(variant, scoring).key in KINDS


@pytest.mark.parametrize("game", ["german", "humbug"])
def test_a_two_player_night_is_a_declared_format(game):
    night = two_player_format(Scoring(game, "last-13" if game == "german" else ""), MatchRules(deals=2))
    assert night.key in FORMATS and KINDS[night.key].model is DuelNight


def test_evenings_are_grouped_by_what_serves_them_in_the_order_given():
    progressive, widow, teams = Drive(format="progressive"), Drive(format="widow"), Drive(format="teams")
    event = Event(variant=Event.Variant.STANDARD)
    grouped = by_kind([progressive, widow, event, teams])
    assert [(kind, group) for kind, group in grouped] == [
        (KINDS["progressive"], [progressive, teams]),
        (KINDS["widow"], [widow]),
        (KINDS["pairs"], [event]),
    ]
    assert kind_of(widow) is KINDS["widow"] and kind_of(event) is KINDS["pairs"]


def test_pairs_and_individual_events_are_read_together_each_with_its_own_phone_page():
    pairs, individual = Event(variant=Event.Variant.STANDARD), Event(variant=Event.Variant.INDIVIDUAL)
    assert by_kind([pairs, individual]) == [(KINDS["pairs"], [pairs, individual])]
    assert (kind_of(pairs).phone_page, kind_of(individual).phone_page) == ("pair-evening", "player-evening")


# --- Outputs ask the registry and the formats, not which kind an evening is -----------------------

# What asking "which kind is it?" looks like in this code: the models' kind properties, the
# Minnesota rules asked as a yes or no, a model's class, a stored format, game or variant compared.
ASKS = re.compile(
    r"\bis_widow_series\b|\bis_team_night\b|\bis_individual\b|\bis_howell\b"
    r"|(?<!domain)\.minnesota\b(?!_)"
    r"|isinstance\([^)]*\b(?:Event|Drive|DuelNight|Fixture)\b"
    r"|\bevening_kind\(|\bgame\s*[!=]=|\.game\s+in\b"
    r"|[!=]=\s*(?:Drive\.)?Format\.\w+|in \((?:Drive\.)?Format\.\w+"
    r"|\bkind\s*[!=]=\s*\"(?:event|drive|night|match|howell|mitchell)\""
    r"|\bvariant\s*[!=]="
)
TEMPLATE_ASKS = re.compile(
    r"is_widow_series|is_team_night|is_individual|is_howell|\.minnesota\b(?!_)|kind\s*=="
)
# Where the code stands: no output may add a place that asks which kind an evening is (lower the
# figures as places move to the formats and the registry).
MOST_ASKS = 25
MOST_TEMPLATE_ASKS = 2


def _asking(paths, pattern) -> list[str]:
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.lstrip().startswith(("#", "from ", "import ")) and pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_code_outside_the_domain_seldom_asks_which_kind_an_evening_is():
    package = ROOT / "tournaments"
    paths = [
        p
        for p in sorted(package.rglob("*.py"))
        if p.relative_to(package).parts[0] not in ("domain", "migrations")
    ]
    found = _asking(paths, ASKS)
    assert len(found) <= MOST_ASKS, "\n".join(found)


def test_templates_seldom_ask_which_kind_an_evening_is():
    found = _asking(sorted((ROOT / "templates").rglob("*.html")), TEMPLATE_ASKS)
    assert len(found) <= MOST_TEMPLATE_ASKS, "\n".join(found)
