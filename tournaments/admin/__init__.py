"""The organiser site. An organiser sees and changes only the clubs they organise; superusers see all.

Every save, delete and action goes through the services, so the lifecycle decides what may change
and the audit trail keeps each change, as on the organiser's own pages. The site by feature:
``clubs`` (clubs, members, competitions, the outbox), ``events``, ``drives``, ``leagues`` and
``county`` (the county server's keys); what they share is ``scoped``. Importing the package
registers them all."""

from . import clubs, county, drives, events, leagues  # noqa: F401  (each registers its pages)
