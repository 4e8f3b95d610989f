"""Helpers for the printed-card scenarios (test_cards_printed_*.py): a two-player table with seat 0 active
whose targets a test names in advance, and one action taken with everything resolved after it."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, plays, zones
from cardlab.simulate.four_souls.fixtures import by_id, card, loot_fillers, monster, phys, position, settle

_PICKS: dict[int, list] = {}


def _names(handle, want) -> bool:
    """Whether an offered handle (an object's by uid, a player's by seat, a mode by its index) stands for
    ``want``."""
    if isinstance(want, int):
        return handle == want
    if hasattr(want, "uid"):
        return getattr(handle, "uid", None) == want.uid
    return not hasattr(handle, "uid") and getattr(handle, "seat", None) == want.seat


def table(rolls=None, n=2, **kw):
    """Seat 0 active with one loot play and 30 filler loot cards; dice from ``rolls``; seat 0 takes the
    targets :func:`pick` names, in order, when they are offered (else the first one); ``kw`` as for
    ``position`` (``chars``)."""
    wanted: list = []

    def plan(d):
        if d.kind in ("choose_target", "choose_mode") and wanted:
            for o in d.options:
                if _names(o, wanted[0]):
                    wanted.pop(0)
                    return o
        return None

    g = position(n, rolls=rolls or [], plans={0: plan}, **kw)
    loot_fillers(g, 30)
    g.active = 0
    g.players[0].loot_plays = 1
    _PICKS[id(g)] = wanted
    return g


def pick(g, *targets):
    """Seat 0 will choose these targets (objects or players) and modes (their indexes), in order, when they
    are offered."""
    _PICKS[id(g)].extend(targets)


def use(g, seat, kind, obj, index=0):
    """``seat`` takes the action (``"tap"``/``"paid"`` with an item, ``"loot"`` with a card in hand) and
    everything resolves."""
    option = (kind, obj) if kind == "loot" else (kind, obj, index)
    assert plays.take_action(g, seat, option)
    settle(g)


def toy(name="Toy"):
    """A plain ↷ item (gain 1¢) to recharge, steal or count."""
    return card(name, deck="treasure", kind="active", abilities=({"tap": {"do": {"gain_cents": 1}}},))


def treasures(g, n=8):
    """``n`` plain items on the treasure deck, for gains to take."""
    g.treasure.extend(phys(g, toy(f"T{i}")) for i in range(n))


def soul(g, seat, name="S"):
    """A one-soul boss card as a soul of ``seat``."""
    s = g.new_obj(phys(g, monster(name, soul=1, kind="normal_boss")), "soul", seat)
    g.players[seat].souls.append(s)
    return s


def reveal(g, card_id):
    """A monster-deck card by id revealed into a new monster slot; its entering resolves (FS-1.17)."""
    g.mslots.append([])
    zones.reveal_into_slot(g, phys(g, by_id(card_id)), len(g.mslots) - 1)
    settle(g)


def hurt(g, target, n=1, seat=1):
    """``n`` non-combat damage to ``target`` from ``seat``, resolved."""
    assert damage.push_damage(g, n, target, seat, None, False, None, "test")
    settle(g)


def roll(g, seat, value):
    """A die showing ``value`` rolled by ``seat``, resolved with everything it triggers."""
    dice.push_roll(g, seat, "test", value=value)
    settle(g)
