"""A two-player match keeps whether it is over, so that a table's tablet finds the round in play
from the matches alone; the matches already played get it from their confirmed deals, scored by
the rules of the domain (plain Python, unchanged by the database)."""

from django.db import migrations, models

from tournaments.domain.duels import Deal, MatchRules, Scoring, score_match


def finished_from_deals(apps, schema_editor):
    DuelMatch = apps.get_model("tournaments", "DuelMatch")
    DuelDeal = apps.get_model("tournaments", "DuelDeal")
    deals: dict[int, list] = {}
    for deal in DuelDeal.objects.filter(confirmed=True).order_by("match_id", "number"):
        deals.setdefault(deal.match_id, []).append(Deal(deal.tricks_a, deal.tricks_b, deal.black))
    over = []
    for match in DuelMatch.objects.select_related("night"):
        night = match.night
        if match.player_b_id is None:
            over.append(match.pk)
            continue
        rules = MatchRules(deals=night.deals, target=night.target, win=night.win_points, tie=night.tie_points)
        scoring = Scoring.stored(night.game, night.german_scoring)
        score = score_match(scoring, rules, deals.get(match.pk, []), knockout=match.stage == "knockout")
        if score.finished:
            over.append(match.pk)
    for start in range(0, len(over), 500):  # within any SQLite's limit of a statement's values
        DuelMatch.objects.filter(pk__in=over[start : start + 500]).update(finished=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0062_club_places_shown"),
    ]

    operations = [
        migrations.AddField(
            model_name="duelmatch",
            name="finished",
            field=models.BooleanField(default=False, help_text="The match is over."),
        ),
        migrations.AddIndex(
            model_name="duelmatch",
            index=models.Index(fields=["night", "finished", "round"], name="duel_match_progress"),
        ),
        migrations.RunPython(finished_from_deals, migrations.RunPython.noop),
    ]
