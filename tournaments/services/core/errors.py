from django.core.exceptions import ValidationError

from ...domain.errors import DomainError
from ...models import validate_one_line


class ServiceError(DomainError):
    """A request that cannot be carried out as asked; the message says why."""


def require_one_line(*names: str) -> None:
    """Refuse a name with a line break or another control character, in the words of the models'
    own validator (``validate_one_line``), for services that write names without ``full_clean``."""
    for name in names:
        try:
            validate_one_line(name)
        except ValidationError as error:
            raise ServiceError(error.messages[0]) from None
