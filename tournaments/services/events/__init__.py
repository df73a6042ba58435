"""Duplicate events (pairs and individual): set up, entries, movement, boards, results, scoring,
the organiser's corrections and what may happen to an event now."""
