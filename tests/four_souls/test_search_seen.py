"""Issue 14 item 1: a search's re-deal agrees with what its seat knows of the decks' order (``seen``).
A seat that looked at a deck's top (FS-3.4) keeps those cards there in its branches; a draw, a shuffle and
another player's hidden reorder change what it knows as the rules say; and what it cannot see (another
player's look included) never reaches its branches."""

from __future__ import annotations

import random

from cardlab.simulate.four_souls import branching, effects, resources, seen, two_player
from cardlab.simulate.four_souls.fixtures import card, deck, give_loot, position
from cardlab.simulate.four_souls.statecopy import copy_state
from cardlab.simulate.four_souls.statics import Ctx


def _reverse_order(d):
    """Scripted answers: each ``order_top`` pick the last card offered (the looked-at cards reversed)."""
    return d.options[-1] if d.kind == "order_top" else None


def _table(order=None):
    """Seat 0 and seat 1 (two hidden cards in hand) over a loot deck D0 (top) … D11."""
    g = position(2, plans={0: order or _reverse_order, 1: order or _reverse_order})
    cards = deck(g, "loot", [card(f"D{i}") for i in range(12)])
    hand = [give_loot(g, 1, card(f"H{i}")) for i in range(2)]
    return g, cards, hand


def _peek(g, seat, then, n=3, name="loot"):
    effects._v_peek(Ctx(g, seat, name="look"), {"deck": name, "n": n, "then": then})


def _names(cards):
    return [c.card.name for c in cards]


def _branches(g, seat, k=12):
    out = []
    for i in range(k):
        h = copy_state(g)
        branching.determinize(h, seat, random.Random(i))
        out.append(h)
    return out


def test_FS_3_4_a_branch_keeps_the_loot_top_its_seat_looked_at_and_re_deals_the_rest():
    """Seat 0 looks at the top 3 and puts them back reversed (D2 D1 D0): every branch of seat 0 has exactly
    those three on top in that order, and re-deals the rest of the deck with seat 1's hand."""
    g, _cards, _hand = _table()
    _peek(g, 0, "any_order")
    assert _names(g.loot[-3:][::-1]) == ["D2", "D1", "D0"]
    rest = set(_names(g.loot[:-3])) | {"H0", "H1"}
    branches = _branches(g, 0)
    for h in branches:
        assert _names(h.loot[-3:][::-1]) == ["D2", "D1", "D0"]
        assert set(_names(h.loot[:-3])) | set(_names(h.players[1].hand)) == rest
    assert len({tuple(_names(h.loot[:-3])) for h in branches}) > 1  # the rest is re-dealt
    # seat 1 saw nothing: its branches re-deal the top too
    assert len({tuple(_names(h.loot[-3:])) for h in _branches(g, 1)}) > 1


def test_FS_3_4_cards_put_under_in_the_lookers_order_stay_there_in_its_branches():
    """Seat 0 looks at the top 2 and puts each under (may_bottom, the scripted answer: yes): it knows the
    deck's bottom two; seat 1 knows only that two cards went there."""
    g, _cards, _hand = _table(order=lambda d: True if d.kind == "bottom" else None)
    _peek(g, 0, "may_bottom", n=2)
    bottom = _names(g.loot[:2])
    assert set(bottom) == {"D0", "D1"}
    for h in _branches(g, 0):
        assert _names(h.loot[:2]) == bottom
    assert (1, "loot") not in g.seen_bottom  # seat 1 knows nothing of it
    assert len({tuple(_names(h.loot[:2])) for h in _branches(g, 1)}) > 1


def test_FS_3_4_a_drawn_known_card_leaves_the_record_and_stays_in_the_hand_it_went_to():
    """Seat 0 knows the top 3 (D0 D1 D2, put back as they were); seat 1 draws one: seat 0 knows D1 D2 on
    top and D0 in seat 1's hand, in every branch."""
    g, _cards, _hand = _table()
    _peek(g, 0, "back")
    resources.loot(g, g.players[1], 1, "test")
    assert _names(g.players[1].hand)[-1] == "D0"
    assert _names(seen.kept(g, 0, "loot", g.loot)[0]) == ["D1", "D2"]
    for h in _branches(g, 0):
        assert _names(h.loot[-2:][::-1]) == ["D1", "D2"]
        assert "D0" in _names(h.players[1].hand)


def test_FS_3_4_another_players_reorder_or_a_shuffle_clears_what_a_seat_knew():
    """Seat 0 knows the top 3; seat 1 looks at the top 2 and reorders them (hidden): seat 0 knows nothing
    of the top any more, seat 1 knows its two. A search of the deck (shuffled, FS-3.4) clears seat 1 too."""
    g, _cards, _hand = _table()
    _peek(g, 0, "back")
    _peek(g, 1, "any_order", n=2)
    assert seen.kept(g, 0, "loot", g.loot)[0] == []
    assert _names(seen.kept(g, 1, "loot", g.loot)[0]) == ["D1", "D0"]
    assert len({tuple(_names(h.loot[-3:])) for h in _branches(g, 0)}) > 1
    effects._v_search(Ctx(g, 0, name="search"), {"deck": "loot", "filter": "D5", "then": "gain"})
    assert seen.kept(g, 1, "loot", g.loot) == ([], [])


def test_FS_3_5_a_reshuffled_discard_forgets_what_was_known_and_followed():
    """Seat 0 knew the whole deck's top and saw D0 go to seat 1; the deck runs out and its discard (D0
    among it) is shuffled back: nothing of the new deck is known, D0 is no longer followed."""
    g, _cards, _hand = _table()
    _peek(g, 0, "back", n=12)
    resources.loot(g, g.players[1], 1, "test")
    assert g.players[1].hand[-1].card.name == "D0"
    d0 = g.players[1].hand.pop()
    g.loot_disc.append(d0)
    g.loot_disc.extend(g.loot)
    g.loot.clear()
    resources.loot(g, g.players[1], 1, "test")  # FS-3.5: the discard is shuffled into the deck first
    assert seen.kept(g, 0, "loot", g.loot) == ([], [])
    assert d0.pid not in seen.followed(g, 0)


def test_FS_20_11_the_two_player_loot_step_card_put_under_is_known_to_its_player_only():
    """Two-player rules (FS-20.11(b)): seat 1 looks at 2, keeps 1 and puts the other under: seat 1's
    branches keep it there; seat 0 knows a card went there, not which."""
    g, _cards, _hand = _table()
    two_player.loot_step(g, g.players[1], 1)
    under = g.loot[0]
    assert under.card.name in ("D0", "D1")
    for h in _branches(g, 1):
        assert h.loot[0].pid == under.pid
    assert (0, "loot") not in g.seen_bottom or g.seen_bottom[(0, "loot")][0] is None
    assert len({h.loot[0].pid for h in _branches(g, 0)}) > 1


def test_a_branch_never_reveals_what_another_player_saw():
    """Two tables that differ only in what seat 0 cannot see: the order seat 1 chose for the cards it
    looked at (after seat 0's own look), and which hidden cards are in seat 1's hand and the deck. Seat 0's
    branches are the same on both."""
    first = _table(order=lambda d: d.options[0] if d.kind == "order_top" else None)[0]
    second = _table(order=lambda d: d.options[-1] if d.kind == "order_top" else None)[0]
    for g in (first, second):
        _peek(g, 0, "back", n=4)
        _peek(g, 1, "any_order", n=3)
    assert _names(first.loot[-3:]) != _names(second.loot[-3:])
    # and a hidden swap: a card of seat 1's hand for one deep in the deck
    second.players[1].hand[0], second.loot[2] = second.loot[2], second.players[1].hand[0]
    for i in range(6):
        a, b = copy_state(first), copy_state(second)
        branching.determinize(a, 0, random.Random(i))
        branching.determinize(b, 0, random.Random(i))
        assert [c.pid for c in a.loot] == [c.pid for c in b.loot]
        assert [c.pid for c in a.players[1].hand] == [c.pid for c in b.players[1].hand]


def test_FS_3_5_a_card_seen_in_a_hand_is_unknown_again_once_reshuffled_into_a_deck():
    """Seat 0 saw H0 in seat 1's hand (FS-3.7 look). H0 is discarded, the empty loot deck becomes its shuffled
    discard (FS-3.5) and seat 1 draws H0 again: seat 0 no longer knows that card — its view shows no known
    card in seat 1's hand, and its branches re-deal it."""
    g, _cards, hand = _table()
    g.players[0].known.add(hand[0].pid)
    g.players[1].hand.remove(hand[0])
    g.loot_disc.append(hand[0])
    g.loot.clear()
    drawn = g.draw(g.loot, g.loot_disc)
    assert drawn is hand[0]
    g.players[1].hand.append(drawn)
    assert hand[0].pid not in g.players[0].known
    assert g.views[0].known_cards(1) == ()
    assert len({tuple(_names(h.players[1].hand)) for h in _branches(g, 0)}) > 1


def test_a_card_put_into_a_deck_is_unknown_again_in_a_hand():
    """A known hand card put under the loot deck (zones, FS-3.5) is forgotten by the seat that knew it."""
    g, _cards, hand = _table()
    g.players[0].known.add(hand[1].pid)
    g.players[1].hand.remove(hand[1])
    g.loot.insert(0, hand[1])
    seen.put_under(g, "loot", g.loot, 1)
    assert hand[1].pid not in g.players[0].known
