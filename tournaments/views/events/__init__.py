"""A duplicate event's organiser pages: set up, run the evening, live, results."""
