"""At the tables: an event's tablets (score entry and confirmation) and every evening's check-in."""
