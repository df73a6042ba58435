"""The organiser's login, with wrong passwords counted (services.core.guards): an account or an
address that has tried too many is asked to wait, in words, before its next password is checked.
In hall mode the demo's published password logs no one in."""

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from ..services.core.clubs import DEMO_PASSWORD, DEMO_USERNAME
from ..services.core.guards import WINDOW, login_attempt_begin, login_succeeded
from .common import client_address

TOO_MANY = (
    "Too many wrong passwords: logging in is paused for {minutes} minutes for this account and this "
    "device. Wait, then try again; another organiser can set a new password for you if it is lost."
)

DEMO_REFUSED = (
    "The demo's password (the one in the README) does not log in on the hall's Wi-Fi, where anyone "
    "could use it. On this laptop, give the organiser your own password: "
    f"whistdrive manage changepassword {DEMO_USERNAME}"
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
        if settings.HALL_MODE and self.cleaned_data.get("password") == DEMO_PASSWORD:
            raise ValidationError(DEMO_REFUSED, code="demo_password")
        return cleaned
