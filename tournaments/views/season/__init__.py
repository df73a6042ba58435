"""The season's pages: competitions, a page for every player and the club's results index."""
