"""The organiser's login, with wrong passwords counted (services.core.logins): a name tried wrongly
too often from one device, or a device that has tried too many names, is asked to wait, in words
that say what is locked and until when, before its next password is checked. In hall mode the
demo's published password logs no one in."""

from datetime import timedelta

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.utils import timezone

from ..services.core.clubs import DEMO_PASSWORD, DEMO_USERNAME
from ..services.core.logins import LoginLocked, login_attempt_begin, login_succeeded
from .common import client_address

LOCKED_NAME = (
    "Too many wrong passwords for {username} from this device: try again after {time}, or ask "
    "another organiser of the club to lift the lock."
)
LOCKED_DEVICE = (
    "Too many wrong passwords from this device, for several names: try again after {time}. Other "
    "devices can still log in."
)

DEMO_REFUSED = (
    "The demo's password (the one in the README) does not log in on the hall's Wi-Fi, where anyone "
    "could use it. On this laptop, give the organiser your own password: "
    f"whistdrive manage changepassword {DEMO_USERNAME}"
)


def clock_time(moment) -> str:
    """The club's clock time at or just after ``moment`` ("21:14"): trying at the minute shown
    never finds the lock still on."""
    local = timezone.localtime(moment)
    if local.second or local.microsecond:
        local = local.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return f"{local:%H:%M}"


def locked_words(lock: LoginLocked, typed: str) -> str:
    time = clock_time(lock.until)
    if not lock.username:
        return LOCKED_DEVICE.format(time=time)
    return LOCKED_NAME.format(username=typed.strip()[:40], time=time)


class OrganiserLoginForm(AdminAuthenticationForm):
    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = client_address(self.request) if self.request is not None else ""
        try:
            attempt = login_attempt_begin(username=username, address=address)
        except LoginLocked as lock:
            raise ValidationError(locked_words(lock, username), code="throttled") from None
        cleaned = super().clean()  # a wrong password raises here, and its place stays counted
        login_succeeded(attempt=attempt)
        if settings.HALL_MODE and self.cleaned_data.get("password") == DEMO_PASSWORD:
            raise ValidationError(DEMO_REFUSED, code="demo_password")
        return cleaned
