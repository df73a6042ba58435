"""What the players do at a tablet, for the browser tests."""


def say_thats_us(tablet) -> None:
    """The players confirm the names the tablet shows at the start of the round (or hand)."""
    tablet.get_by_role("button", name="That's us").click()
