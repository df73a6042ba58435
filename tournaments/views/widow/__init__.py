"""A widow whist series' pages: the organiser's (``organiser``) and the tablets' (``tablet``)."""
