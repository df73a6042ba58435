"""A lifecycle's answer to "may this happen now": yes, or no with the reason the organiser reads.

The events' lifecycle (``services/events/lifecycle.py``) and the drives' (``services/drives/lifecycle.py``)
both answer in these terms; a service refuses with ``require``, a page shows or hides its button
by the verdict's truth.
"""

from dataclasses import dataclass

from .errors import ServiceError


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.allowed


ALLOWED = Verdict(True)


def refused(reason: str) -> Verdict:
    return Verdict(False, reason)


def require(verdict: Verdict, error: type[ServiceError] = ServiceError) -> None:
    """Refuse, with the verdict's reason, what may not happen now."""
    if not verdict:
        raise error(verdict.reason)


def may_send_results(evening) -> Verdict:
    """An event's or a drive's results go by e-mail once published: each e-mail links to them."""
    if not evening.published:
        return refused(
            f"Publish {evening.name}'s results before sending them: each e-mail links to pages "
            "that open once the results are published."
        )
    return ALLOWED
