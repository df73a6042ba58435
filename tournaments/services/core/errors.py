from ...domain.errors import DomainError


class ServiceError(DomainError):
    """A request that cannot be carried out as asked; the message says why."""
