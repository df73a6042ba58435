"""A two-player night's pages: the organiser's, the room display, the results and the tablets'."""
