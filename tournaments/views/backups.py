"""The club's backup, downloaded by one of its organisers from the home page."""

from django.contrib.auth.decorators import login_required
from django.http import StreamingHttpResponse
from django.utils import timezone

from ..services.backups.club import club_backup_download
from .common import get_organised_club


@login_required
def club_backup(request, slug: str):
    club = get_organised_club(request, slug)
    response = StreamingHttpResponse(
        club_backup_download(club=club, user=request.user), content_type="application/json"
    )
    name = f"{club.slug}-backup-{timezone.localdate():%Y-%m-%d}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
