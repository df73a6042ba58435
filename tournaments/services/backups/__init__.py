"""Backups: an event, a drive, a club (with its leagues) as one JSON document and back, and
hall mode's backup at each close. They depend on what they save, never the other way."""
