"""What goes on paper for an event: the pack's print data (``pack``) and its printed results
(``results``); the pdf package draws them."""

from .pack import event_print_pack, print_pack_only

__all__ = ["event_print_pack", "print_pack_only"]
