"""The club's season around its evenings: competitions, a page for every player, results by
e-mail and the static export of the public pages."""
