"""Options are public handles, never live engine objects (DESIGN: Decisions; issue 17 item 5): every option
and context a Four Souls strategy is offered is a plain value or a handle (``CardRef``, ``ObjRef``,
``SeatRef``, ``StackRef``), the view answers what a player may know about a handle, and an answer that is a
live engine object is refused."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cardlab.simulate.core import IllegalChoiceError, Players, stream
from cardlab.simulate.core.testing import RandomPlayer, play_docs_example
from cardlab.simulate.four_souls import make_config, play
from cardlab.simulate.four_souls.items import StackItem
from cardlab.simulate.four_souls.refs import CardRef, ObjInfo, ObjRef
from cardlab.simulate.four_souls.state import Obj, Phys, Player
from cardlab.strategies.four_souls import STRATEGIES

_LIVE = (Obj, Phys, Player, StackItem)


def _live_in(value, depth=0):
    """A live engine object anywhere inside an option or context (tuples, offers' parts)."""
    if isinstance(value, _LIVE):
        return True
    if depth < 4 and isinstance(value, tuple):
        return any(_live_in(v, depth + 1) for v in value)
    if depth < 4 and dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_live_in(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    return False


class _Inspecting:
    """Plays like ``inner`` and records every decision that offered a live object; reads every handle
    through the view on the way (``info`` / ``kind`` / ``ability``), so a handle the view cannot answer fails."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen
        self.declines = getattr(inner, "declines", None) or (lambda kind, view, context: False)

    def choose(self, decision):
        self.seen["asked"] += 1
        for o in (*decision.options, decision.context):
            if _live_in(o):
                self.seen["live"].append((decision.kind, o))
            for part in o if isinstance(o, tuple) else (o,):
                if type(part) is ObjRef:
                    info = decision.view.info(part)
                    assert (
                        type(info) is ObjInfo and info.ref == part and decision.view.kind(part) == info.kind
                    )
                    self.seen["objects"] += 1
            if isinstance(o, tuple) and o and o[0] in ("loot", "tap", "paid"):
                assert decision.view.ability(o) is not None or o[0] == "loot"
        return self.inner.choose(decision)


@pytest.mark.parametrize(
    "name, n, kw",
    [
        ("sensible", 3, {}),
        ("random", 3, {"sets": "all"}),
        ("evaluator", 2, {"variant": ("extended-trade", "soul-trading")}),
        ("random", 2, {"variant": ("extended-trade", "two-player", "mini-draft")}),
    ],
)
def test_every_option_is_a_public_handle(name, n, kw):
    seen = {"asked": 0, "live": [], "objects": 0}
    for seed in range(3):
        players = Players(
            [_Inspecting(STRATEGIES[name](s, stream(seed, "strategy", s)), seen) for s in range(n)]
        )
        play(make_config(n, **kw), seed, players)
    assert seen["asked"] > 50 and seen["objects"] > 0
    assert not seen["live"], f"live engine objects offered: {seen['live'][:3]}"


def test_views_hand_out_handles():
    g_seen = {}

    class _Look(RandomPlayer):
        def choose(self, decision):
            v = decision.view
            g_seen.setdefault("hand", set()).update(type(c) for c in v.hand)
            for info in (*v.monsters, *v.shop, *v.items_of(v.seat)):
                assert type(info.ref) is ObjRef and v.info(info.ref) == info
                assert info.ref.printed.card.name == info.name
            g_seen.setdefault("stack", set()).update(type(r).__name__ for r in v.stack)
            return super().choose(decision)

    play(make_config(2), 3, Players([_Look(s, stream(3, "strategy", s)) for s in range(2)]))
    assert g_seen["hand"] == {CardRef}
    assert g_seen["stack"] <= {"StackRef"}


def test_checked_play_refuses_a_live_object():
    """A strategy that answers with the engine's own object (read off a handle's twin) is a bug: refused."""

    class _Cheat(RandomPlayer):
        def choose(self, decision):
            for o in decision.options:
                if type(o) is ObjRef:
                    return decision.view._g.objs[o.uid]  # the live object behind the handle
            return super().choose(decision)

    with pytest.raises(IllegalChoiceError, match="legal options were"):
        for seed in range(5):
            play(make_config(2), seed, Players([_Cheat(s, stream(seed, "strategy", s)) for s in range(2)]))


def test_the_strategy_guides_example_plays():
    """docs/four_souls.md's "Writing a strategy" example is real code: it plays whole games."""
    doc = Path(__file__).resolve().parents[2] / "docs/four_souls.md"
    for result, decisions in play_docs_example(doc, "Thrifty", play, make_config(2)):
        assert result.end_reason in ("win", "draw", "turn_cap") and decisions > 0


def test_checked_play_refuses_an_engine_object_offered_in_a_plain_kind():
    """Kinds whose options are plain values skip the mapping; in checked play (soak) one offering an engine
    object anyway stops the game with one line naming the kind."""
    from cardlab.simulate.core import InvariantError
    from cardlab.simulate.four_souls import GAME, asking
    from cardlab.simulate.four_souls.fixtures import card, give_item, position

    g = position(2)
    item = give_item(g, 0, card("X", "treasure", "passive"))
    assert asking.ask(g, 0, "may", (True, False), "fine") in (True, False)
    g.io.declared = frozenset(GAME.decision_kinds)
    assert asking.ask(g, 0, "may", (True, False), "fine") in (True, False)
    with pytest.raises(InvariantError, match="'may' decision offered the engine object"):
        asking.ask(g, 0, "may", (True, item), "a bug")


def test_an_items_info_is_kept_only_while_it_is_unchanged():
    """Issue 20: an item's info is kept between reads, and any change to what it shows (charge, counters,
    eternity, abilities, controller) is seen at the next read, as a fresh build of it would show it."""
    from cardlab.simulate.four_souls.fixtures import card, give_item, position

    g = position(2)
    o = give_item(g, 0, card("Trinket", deck="treasure", kind="item"))
    v = g.views[0]
    first = v.info(o.ref)
    assert v.info(o.ref) is first  # unchanged: the same record
    for change in (
        lambda: setattr(o, "charged", not o.charged),
        lambda: setattr(o, "counters", o.counters + 2),
        lambda: setattr(o, "eternal", True),
        lambda: setattr(o, "rules", dataclasses.replace(o.rules)),
        lambda: setattr(o, "controller", 1),
    ):
        before = v.info(o.ref)
        change()
        after = v.info(o.ref)
        assert after is not before and after == v._build(o) and after.rules is o.rules


def test_FS_5_14_a_monsters_info_shows_the_hp_and_at_counters_put_on_it_since_the_last_read():
    """A monster's info was kept while its HP and AT counters changed (The Collector, The Impostor!: 0.3-0.8 %
    of the kept monster infos read in collection games were stale): HP and AT counters are marks it shows
    at the next read, as a fresh build of its info does."""
    from cardlab.simulate.four_souls import counters
    from cardlab.simulate.four_souls.fixtures import add_slot_monster, monster, position

    g = position(2)
    m = add_slot_monster(g, monster("Vanilla monster", hp=3, evasion=4, attack=1))
    v = g.views[0]
    assert (v.info(m.ref).hp, v.info(m.ref).attack) == (3, 1)
    counters.add(g, m, 2, "hp")
    counters.add(g, m, 1, "atk")
    info = v.info(m.ref)
    assert (info.hp, info.attack) == (5, 2)
    assert info == v._build(m)
