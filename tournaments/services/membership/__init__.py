"""A club's membership: its categories and subscription year (``club``), the renewal reminders of
a subscription year (``renewals``), subscriptions paid with their receipts (``payments``) and the
secretary's lists (``lists``)."""
