"""Challenges (FS-18): a solo or co-op game against a final boss, with minion slots.

Used only with ``--variant challenge`` (which needs ``solo`` or ``co-op``, FS-18.1); a game without it never
reaches this module (every hook is guarded by ``Game.challenge``, this module's :class:`Challenge`, None in
other games), so its event log is unchanged. The final-boss slot and the minion slots are monster slots
marked in ``Challenge.slots``: their monsters count as monsters in monster slots for every ability (FS-18.2,
FS-18.5), they are never covered (``zones.coverable_slots``) nor refilled (FS-12.6), and their monster
cannot leave until it dies (``zones.remove_from_slot``). The challenge's goal is the final boss's death
(FS-18.4): every character wins; no other win counts (FS-18.7). The timer goes down once a round only
(FS-18.6). A final boss is a card of the ``challenge`` deck with a stat block; its abilities carry the
challenge's rules (its turn triggers fire on every turn, as the game's). A challenge card (``challenge``
deck, no stat block) enters play beside it as the game's object (``Challenge.cards``): its turn
triggers fire every turn, every player may use its activated abilities, and its ``coin_rolls`` static
turns rolls into coin flips (:func:`coin_roll`). A double-faced card plays the face whose difficulty
symbol the run's ``--difficulty`` names, the challenge card's and the final boss's alike (FS-18.1).
Minion cards (kind ``minion``) wait set aside until an effect puts one into a minion slot
(:func:`put_minion`); a ``composite`` minion (Blank Canvas) is built from three revealed monsters."""

from __future__ import annotations

import dataclasses
from typing import Any

from cardlab.simulate.core import UserError
from cardlab.simulate.core.wording import counted

from . import coop, counters
from . import vocabulary as V
from .state import Game, GameOver, Obj, Phys

BOSS = "final_boss"
MINION = "minion"
ARMOUR = 3  # FS-18.3


def check_pool(s: Any) -> None:
    """``--variant challenge`` needs a final boss (FS-18.2): one line otherwise."""
    if not s.bosses:
        left = sorted(n for n, why in s.left_out.items() if "challenge" in why)
        extra = f" ({counted(len(left), 'challenge card')} left out: {', '.join(left[:2])})" if left else ""
        raise UserError(
            "four-souls: --variant challenge (FS-18) needs a final boss (deck: challenge, with HP) in the card"
            f" pool, e.g. --cards tests/four_souls/cards_testonly/challenge.yaml{extra}"
        )


def setup(g: Game, s: Any, phys: Any, rng: Any) -> None:
    """FS-18.2: the final boss (one of the pool's with the run's difficulty symbol, by the setup stream)
    enters its own slot; the challenge card with the same symbol enters play (FS-18.1), and the minion
    cards are set aside."""
    sym = g.cfg.difficulty
    bosses = [c for c in s.bosses if _has_face(c, sym)]
    if not bosses:
        raise UserError(f"four-souls: no final boss has the difficulty symbol {sym!r} (FS-18.1)")
    boss = bosses[rng.randrange(len(bosses))]
    i = len(g.mslots)
    g.mslots.append([g.new_obj(_face(s, phys(boss), sym), "monster", -1, slot=i)])
    ch = g.challenge = Challenge({i: BOSS}, competitive=sym == coop.COMPETITIVE)
    cards = [c for c in s.challenge_cards if c.set == boss.set and _has_face(c, sym)]
    for card in cards[:1]:
        o = g.new_obj(_face(s, phys(card), sym), "challenge", -1)
        ch.cards.append(o)
        for body in o.rules.statics:
            if "coin_rolls" in body:
                ch.coin_rule = (o, body["coin_rolls"])
    ch.set_aside.extend(phys(c) for c in s.minions if c.set == boss.set for _ in range(c.copies))


@dataclasses.dataclass(slots=True)
class Challenge:
    """A challenge's own state (``Game.challenge``; None in other games)."""

    slots: dict = dataclasses.field(default_factory=dict)  # monster slot index → final_boss / minion
    cards: list = dataclasses.field(default_factory=list)  # FS-18.1: the challenge card in play (the game's)
    coin_rule: Any = None  # the challenge card's rolls-become-coins rule (coin_roll), or None
    set_aside: list = dataclasses.field(
        default_factory=list
    )  # FS-18.5: minion cards waiting outside the game
    composites: dict = dataclasses.field(default_factory=dict)  # composite minion pid → (its card, revealed)
    heads_run: dict = dataclasses.field(default_factory=dict)  # seat → its coins in a row that landed heads
    # FS-18.1, FS-20.12: the three-skull side, a competitive game: the soul win stands (FS-18.7 does not
    # apply), there is no timer, and the final boss's death wins nothing (its side names no goal)
    competitive: bool = False


def special(g: Game, i: int) -> bool:
    """Is monster slot ``i`` the final boss's or a minion's (FS-18.2, FS-18.5: never covered or refilled)?"""
    c = g.challenge
    return c is not None and i in c.slots


def _has_face(card: Any, sym: str) -> bool:
    return not card.faces or any(f[0] == sym for f in card.faces)


def _face(s: Any, ph: Phys, sym: str) -> Phys:
    """FS-18.1: the side of a double-faced challenge card that shows ``sym`` (its name and abilities)."""
    if not ph.card.faces:
        return ph
    rules = s.face_rules(ph.card, sym)
    _sym, name, abilities = next(f for f in ph.card.faces if f[0] == sym)
    return Phys(ph.pid, dataclasses.replace(ph.card, name=name, abilities=abilities), rules)


def advance_timer(g: Game, n: int, why: str | None) -> bool:
    """A challenge's "add n to the timer" moves it n steps toward the loss, as the end of a round does;
    "subtract n" (n < 0) moves it away, never past the D8's 8 (decision: the Day of the Doodler's
    penalties add to the timer, so adding is the timer running out; FS-18.6 "when instructed")."""
    if not g.coop or n == 0:
        return False
    c = g.coop
    before = c.timer
    c.timer = min(coop.TIMER_START, c.timer - n)
    g.log.emit("timer", -1, why, None, c.timer, "advanced" if n > 0 else "set_back")
    return c.timer != before  # at 0 the challenge is lost at the next state check (timer_out)


def timer_out(g: Game) -> None:
    """FS-17.5: a timer an effect advanced to 0 loses the challenge — checked between stack events
    (``checks.state_checks``), so the card or ability that advanced it finishes resolving first."""
    if g.coop is not None and g.coop.timer <= 0:  # a competitive side has no timer (FS-20.12)
        coop.check_goal(g)
        g.over = True
        raise coop.TimerOut()


def coin_roll(g: Game, seat: int) -> int | None:
    """The challenge card's ``coin_rolls``: a player with its counter who would roll flips a coin
    instead — tails the roll is 1 and the timer advances (or, with ``tails_counter``, that counter goes on
    the flipper: the competitive side's sketch counter), heads it is 6, and the given number of heads
    back to back for that player removes one such counter. None: roll the die as usual."""
    ch = g.challenge
    o, rule = ch.coin_rule
    p = g.players[seat]
    kind = rule["counter"] if isinstance(rule, dict) else str(rule)
    if not p.counters.get(kind):
        return None
    heads = g.streams("coin", seat).random() < 0.5
    g.log.emit("coin", seat, o.phys.card.name, None, 6 if heads else 1, "heads" if heads else "tails")
    if not heads:
        ch.heads_run[seat] = 0
        penalty = rule.get("tails_counter")
        advance_timer(g, int(rule.get("tails_timer", 0 if penalty else 1)), o.phys.card.name)
        if penalty:
            counters.add(g, p, 1, str(penalty))
        return 1
    run = ch.heads_run[seat] = ch.heads_run.get(seat, 0) + 1
    if run >= int(rule.get("heads_in_a_row", 2)):
        ch.heads_run[seat] = 0
        counters.remove(g, p, 1, kind)
    return 6


def put_minion(g: Game, name: str, why: str | None) -> Obj | None:
    """FS-18.5: "put a <minion> in a minion slot" — a set-aside minion card of that name enters a new
    minion slot (none left: nothing happens). A ``composite`` minion takes the HP, evasion and damage of
    the first of three non-event monsters revealed from the monster deck, the second one's abilities
    and the rewards of the third; the revealed cards wait outside the game until it leaves play."""
    ch = g.challenge
    ph = next((c for c in ch.set_aside if c.card.name == name), None)
    if ph is None:
        return None
    ch.set_aside.remove(ph)
    if "composite" in ph.rules.keywords:
        built, revealed = _composite(g, ph)
        ch.composites[ph.pid] = (ph, revealed)
        ph = built
    i = new_minion_slot(g)
    o = g.new_obj(ph, "monster", -1, slot=i)
    g.mslots[i].append(o)
    g.log.emit("monster_revealed", g.active, ph.card.name, why, i, MINION)
    return o


def _composite(g: Game, ph: Phys) -> tuple[Phys, list[Phys]]:
    revealed: list[Phys] = []
    found: list[Phys] = []
    while len(found) < 3:
        c = g.draw(g.monster, g.monster_disc)
        if c is None:
            break
        revealed.append(c)
        g.log.emit("monster_revealed", g.active, c.card.name, ph.card.name, None, "composite")
        if c.card.hp is not None:
            found.append(c)
    if not found:  # no monster card left anywhere: a 1-HP blank (decision; never seen in soaks)
        return Phys(ph.pid, dataclasses.replace(ph.card, hp=1, evasion=1, attack=0), ph.rules), revealed
    found += [found[-1]] * (3 - len(found))  # the decks ran short: the last found stands in for the rest
    stats, abilities, rewards = found
    card = dataclasses.replace(
        ph.card,
        hp=stats.card.hp,
        evasion=stats.card.evasion,
        attack=stats.card.attack,
        rewards=rewards.card.rewards,
    )
    g.cache.trig_names.update(abilities.rules.triggers)
    return Phys(ph.pid, card, abilities.rules), revealed


def left_play(g: Game, ph: Phys) -> bool:
    """A minion card leaves play: it goes back to the set-aside minions (decision: it is not a monster
    deck card), and a composite's revealed cards go to the monster discard (its card says so)."""
    if ph.card.kind != MINION:
        return False
    ch = g.challenge
    real, revealed = ch.composites.pop(ph.pid, (ph, []))
    g.monster_disc.extend(revealed)
    ch.set_aside.append(real)
    return True


def new_minion_slot(g: Game) -> int:
    """FS-18.5: "put a monster into a minion slot" first expands the minion slots by 1."""
    i = len(g.mslots)
    g.mslots.append([])
    g.challenge.slots[i] = MINION
    g.log.emit("slots_expanded", g.active, None, MINION, len(g.mslots))
    return i


def fixed(g: Game, o: Obj) -> bool:
    """FS-18.2 / FS-18.5: the final boss or a minion, which cannot leave its slot until it dies."""
    i = o.slot
    return (
        o.kind == "monster"
        and special(g, i)
        and 0 <= i < len(g.mslots)
        and bool(g.mslots[i])
        and g.mslots[i][-1] is o
    )


def is_boss(g: Game, o: Any) -> bool:
    return isinstance(o, Obj) and g.challenge.slots.get(o.slot) == BOSS and fixed(g, o)


def minions(g: Game) -> int:
    """The monsters in minion slots (FS-18.5)."""
    return sum(1 for i, kind in g.challenge.slots.items() if kind == MINION and g.mslots[i])


def armour(g: Game, t: Any, amount: int, combat: bool) -> int:
    """FS-18.3: more than 3 damage at once to the final boss from anything but an attack is 3."""
    if not combat and amount > ARMOUR and is_boss(g, t):
        return ARMOUR
    return amount


def boss_died(g: Game, slot: int) -> None:
    """FS-18.4: the final boss died (its death steps done): the challenge is won by every character. Not on
    the competitive side (FS-20.12), whose final boss names no goal: it dies as a monster, its slot stays
    empty (never refilled, FS-12.6) and the game goes on to a soul win (FS-14.1)."""
    if g.challenge.slots.get(slot) == BOSS and not g.challenge.competitive:
        g.over = True
        raise GameOver(tuple(range(g.n)))


V.STATICS.implement({"coin_rolls": coin_roll})  # FS-18.1: the challenge card's coin rule
