"""The rules of duplicate whist in plain Python: no Django, no settings, standard library only."""
