"""The organiser's login, with wrong passwords counted (services.core.guards): an account or an
address that has tried too many is asked to wait, in words, before its next password is checked."""

from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from ..services.core.guards import WINDOW, login_attempt_begin, login_succeeded
from .common import client_address

TOO_MANY = (
    "Too many wrong passwords: logging in is paused for {minutes} minutes for this account and this "
    "device. Wait, then try again; another organiser can set a new password for you if it is lost."
)


class OrganiserLoginForm(AdminAuthenticationForm):
    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = client_address(self.request) if self.request is not None else ""
        if not login_attempt_begin(username=username, address=address):
            raise ValidationError(
                TOO_MANY.format(minutes=int(WINDOW.total_seconds() // 60)), code="throttled"
            )
        cleaned = super().clean()  # a wrong password raises here, and its place stays counted
        login_succeeded(username=username, address=address)
        return cleaned
