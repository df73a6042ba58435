"""The tablets at the tables: an event's and a drive's, no login, reached by a table's link or code."""
