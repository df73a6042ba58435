"""A drive's organiser pages, and a team night's."""
