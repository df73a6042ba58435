"""The evening's core, shared by every kind of evening: clubs, the audit trail, table codes,
row locks, lifecycle verdicts and the services' error."""
