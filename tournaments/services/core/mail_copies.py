"""The copies of results e-mails in the data folder's ``sent-mail/`` (``settings.EMAIL_FILE_PATH``),
as a member is forgotten.

With no mail server set, each e-mail is written once to a file there to read (Django's file
backend: one file a sending, each e-mail followed by a line of 79 dashes). Forgetting a member
leaves no copy addressed to them ("Dear Joan", their address) and no name of theirs in another's
copy (a partner's "with Joan Bellamy"): each file is read whole, its copies to the member left out,
the others' headers and text rewritten, and written to a new file moved into place, so a file is
never half-written. A copy that named the member loses its attachments (a score card's PDF may
name them and cannot be rewritten here): the outbox makes its e-mail afresh from the database.
"""

import os
from collections.abc import Callable
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path

SEPARATOR = b"\n" + b"-" * 79 + b"\n"


def _addressed_to(message: EmailMessage, addresses: set[str]) -> bool:
    said = [str(value) for name in ("To", "Cc") for value in message.get_all(name, [])]
    return any(address.lower() in addresses for _, address in getaddresses(said))


def _rewritten(message: EmailMessage, replace: Callable[[str], str]) -> bool:
    """Put the pseudonym in place of the name in the copy's headers and text; whether it named them."""
    named = False
    for name, value in list(message.items()):
        text = str(value)
        if replace(text) != text:
            message.replace_header(name, replace(text))
            named = True
    for part in message.walk():
        if part.get_content_maintype() == "text":
            text = part.get_content()
            if replace(text) != text:
                part.set_content(replace(text), subtype=part.get_content_subtype())
                named = True
    if named and message.is_multipart():
        kept = [p for p in message.get_payload() if p.get_content_maintype() in ("text", "multipart")]
        message.set_payload(kept)
    return named


def mail_copies_forget(folder: Path, *, addresses: set[str], replace: Callable[[str], str]) -> int:
    """Leave out of the copies in ``folder`` every e-mail to one of ``addresses`` and the name in the
    others; how many files changed."""
    addresses = {address.lower() for address in addresses if address}
    changed = 0
    for path in sorted(folder.glob("*.log")) if folder.is_dir() else []:
        raw = path.read_bytes()
        kept, touched = [], False
        for copy in raw.split(SEPARATOR):
            if not copy.strip():
                continue
            message = message_from_bytes(copy, policy=policy.default)
            if _addressed_to(message, addresses):
                touched = True
                continue
            if _rewritten(message, replace):
                copy, touched = message.as_bytes(), True
            kept.append(copy)
        if not touched:
            continue
        changed += 1
        if not kept:
            path.unlink()
            continue
        spare = path.with_name(path.name + ".new")
        spare.write_bytes(b"".join(copy + SEPARATOR for copy in kept))
        os.replace(spare, path)
    return changed
