"""`cardlab games four-souls` said of every set "287 / 340 encoded, 0 / 0 not": a set whose every card the
engine runs says so ("all encoded"); one with cards left out keeps both counts."""

from __future__ import annotations

from cardlab.simulate.four_souls.decks import SetListing


def test_a_set_with_every_card_encoded_says_all_encoded():
    lines = SetListing()
    assert (
        lines["base-v2"] == "Base Game V2: 287 distinct / 340 physical cards, all encoded"
    )  # old: "…, 0 / 0 not"
    assert lines["anniversary"].endswith("19 / 19 encoded, 1 / 1 not"), lines["anniversary"]
