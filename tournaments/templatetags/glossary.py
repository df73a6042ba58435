"""The glossary on the pages: ``{% load glossary %}``, then ``{{ "howell"|in_words }}`` for the plain
words with the term beside them, and ``{% whatis "howell" %}`` for the "What is a Howell?" that
opens in place (a <details>, no script). The words themselves are in ``domain/glossary.py``."""

from django import template

from ..domain.glossary import explain

register = template.Library()


@register.filter
def in_words(key: str) -> str:
    """The plain words with the term beside them: every pair meets every other, one winner (Howell)."""
    return explain(key).heading


@register.filter
def plainly(key: str) -> str:
    """The plain words alone, for a page that names the term itself: every pair meets every other."""
    return explain(key).words


@register.inclusion_tag("tournaments/_whatis.html")
def whatis(key: str, source: str = "") -> dict:
    """The term's explanation, closed until asked; ``source``: where this page's own one comes from."""
    return {"term": explain(key), "source": source}
