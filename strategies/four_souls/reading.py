"""Reading cards the way a player reads their text: which verbs an ability uses, what role it can play
in a fight (fix a roll, shield a player, cancel a stack item, plain gain). What things are worth is
``valuing``'s, which reads cards through this module (never the other way round).

Everything here reads the printed (compiled) card of the run's own card data (``--cards``/``--set``
included), which is public information (FS-3.3); nothing reads a deck order or another player's hand,
nor the bundled card pool. The functions are pure; ``role``, ``use_kinds``, ``helps``, ``threat`` and the
other readings held in a :class:`Memo` are memoised for the process (bounded: ``_SHARED_MAX``) to keep
strategies O(1) on the hot path.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, Final

from cardlab.simulate.four_souls import exprs
from cardlab.simulate.four_souls.abilities import Ability, CardRules
from cardlab.simulate.four_souls.refs import CardRef, ObjInfo, ObjRef, SeatRef, StackRef
from cardlab.simulate.four_souls.rowkeys import row_faces
from cardlab.simulate.four_souls.views import View
from cardlab.simulate.four_souls.vocabulary import VERBS

# The verbs' roles, as each verb registers them (vocabulary.VERBS; a verb with none declares ``neutral``).
# Verbs whose only effect is to give their user something: played or used without a second thought.
GAIN_VERBS = VERBS.with_role("gain")
# Verbs that help their target (aim them at yourself) and verbs that harm it (aim them at others).
HELP_VERBS = VERBS.with_role("help")
HARM_VERBS = VERBS.with_role("harm")
ROLL_VERBS = VERBS.with_role("roll")
# What an opponent one soul from winning may win with (worth a cancel).
THREAT_VERBS = HARM_VERBS | VERBS.with_role("threat")


def verbs_of(eff: Any, out: set | None = None) -> set:
    """The vocabulary verbs used anywhere in an effect tree (dict keys that are verbs)."""
    if out is None:
        out = set()
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k in VERBS:
                out.add(k)
            verbs_of(v, out)
    elif isinstance(eff, list | tuple):
        for e in eff:
            verbs_of(e, out)
    elif isinstance(eff, str) and eff in VERBS:
        out.add(eff)  # bare verbs such as end_turn
    return out


def shed_kinds(eff: Any, out: set | None = None) -> set:
    """The counter kinds an effect takes off its user (``remove_counters`` with ``who: you``, FS-5.14)."""
    if out is None:
        out = set()
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k == "remove_counters" and isinstance(v, dict) and v.get("who") == "you":
                out.add(v.get("kind", "generic"))
            else:
                shed_kinds(v, out)
    elif isinstance(eff, list | tuple):
        for e in eff:
            shed_kinds(e, out)
    return out


def sel_head(sel: Any) -> str:
    """The kind a target selector names (``player``, ``roll``, ``stack_item`` …)."""
    if isinstance(sel, str):
        return sel
    if isinstance(sel, dict) and sel:
        return next(iter(sel))
    return ""


def _sel_flags(sel: Any) -> tuple:
    if isinstance(sel, dict) and sel:
        v = next(iter(sel.values()))
        flags = tuple(v) if isinstance(v, list | tuple) else (v,)
        return tuple(f for f in flags if isinstance(f, str))  # keyed filters ({with_counter: ...}) aside
    return ()


# Emptied once they hold _SHARED_MAX abilities, so at most that many of an old card data stay alive.
_SHARED_MAX: Final = 20_000


class Memo:
    """A process-wide memo of one pure reading, keyed by the compiled ability (or text) itself. Every player
    of every game reads the same abilities: with a per-game memo alone each distinct card met was read again
    by each player each game, a cost that grew with the card pool (issue 19's ``sets=all`` throughput, issue
    20). An entry holds the object itself, so an object of other card data under a reused id is read afresh.
    A native object held in a ``Final``: the compiled build calls it directly, where a table and a reader
    passed to a function were two lookups in the module's dict at every read (cachegrind)."""

    __slots__ = ("table", "read")

    def __init__(self, read: Callable[[Any], Any]) -> None:
        self.table: dict[int, tuple[Any, Any]] = {}
        self.read = read

    def of(self, ab: Any) -> Any:
        """``read(ab)``, read once while the table holds it."""
        table = self.table
        hit = table.get(id(ab))
        if hit is not None and hit[0] is ab:
            return hit[1]
        v = self.read(ab)
        if len(table) >= _SHARED_MAX:
            table.clear()
        table[id(ab)] = (ab, v)
        return v


def verbs(eff: Any) -> frozenset:
    """``verbs_of(eff)`` as a frozen set, memoised for the process: the players' checks read the same
    effects at every window (a copy of a loot on the stack, a change of a number, issue 20)."""
    return _VERBS.of(eff)


def _read_verbs(eff: Any) -> frozenset:
    return frozenset(verbs_of(eff))


_VERBS: Final = Memo(_read_verbs)


def role(ab: Any) -> str:
    """What an ability is good for in a fight (memoised for the process, ``_read_role``)."""
    return _ROLES.of(ab)


def _read_role(ab: Any) -> str:
    """What an ability is good for in a fight:

    ``roll``   changes a roll on the stack (reroll / modify / set) — answers attack rolls;
    ``shield`` prevents the next damage to a chosen player;
    ``cancel`` cancels a loot or ability on the stack;
    ``soul``   turns itself into a soul for its user (Lost Soul);
    ``gain``   only gives its user resources (play it whenever you can);
    ``help``   helps a chosen player or item (aim it at yourself / your things);
    ``harm``   damages / kills / takes things (needs a good target);
    ``other``  anything else (kept for when a heuristic knows better).
    """
    if ab is None:
        return "gain"  # a bare trinket: it simply becomes an item (FS-4.13)
    verbs = verbs_of(ab.do)
    targets = ab.targets or {}
    heads = {sel_head(s) for s in targets.values()}
    flags = {f for s in targets.values() for f in _sel_flags(s)}
    if verbs & ROLL_VERBS and "roll" in heads and "non_attack" not in flags:
        r = "roll"
    elif not targets and lends_own_prevention(ab.do):
        r = "shield"  # it lends my character "prevent all damage to me" (My Little Unicorn): answers damage
    elif (
        verbs - {"pay", "deal_damage"} == {"shield"}
        and _shield_first(ab.do)
        and (heads & {"player", "player_or_monster", "monster"} or not targets)
    ):  # a shield (paid with HP, or hitting back when it prevents: Guppy's Paw, Host Hat; a monster's)
        r = "shield"
    elif heads == {"player"} and _saves_from_death(ab.do):
        r = "shield"  # the chosen player's next death is prevented: it answers lethal damage like a shield
    elif (
        "cancel" in verbs and "stack_item" in heads and _acts_only_on(ab.do, _vars_of(targets, "stack_item"))
    ):
        r = "cancel"  # a cancel whose other verbs act on the cancelled card (Mugger Bean!) answers like one
    elif "become_soul" in verbs and not targets and not verbs & HARM_VERBS:
        r = "soul"
    elif verbs and verbs <= GAIN_VERBS | {"buff"} and not targets:
        r = "gain"
    elif verbs and verbs <= GAIN_VERBS | HELP_VERBS and heads <= {"player", "item", "player_or_monster"}:
        r = "help"
    elif verbs & HARM_VERBS:
        r = "harm"
    else:
        r = "other"
    return r


_ROLES: Final = Memo(_read_role)


def _vars_of(targets: dict, head: str) -> set:
    return {var for var, sel in targets.items() if sel_head(sel) == head}


def _acts_only_on(eff: Any, names: set) -> bool:
    """Does every verb in the effect name one of ``names`` (a target variable) among its parameters?"""
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k in VERBS:
                params = v if isinstance(v, dict) else {"_": v}
                if not names & {p for p in params.values() if isinstance(p, str)}:
                    return False
            elif not _acts_only_on(v, names):
                return False
        return True
    if isinstance(eff, list | tuple):
        return all(_acts_only_on(e, names) for e in eff)
    return True


def _saves_from_death(do: Any) -> bool:
    """A "the next time the player would die" rule (``next: {would_die: P}``) that prevents the death
    (FS-6.16): whatever else it does, it keeps the chosen player alive once."""
    if not isinstance(do, dict) or not isinstance(do.get("next"), dict) or "would_die" not in do["next"]:
        return False
    return "event.death" in str(do.get("do"))


_SELF_DAMAGE: Final = ({"damage_to": "self"}, {"combat_damage_to": "self"})


def hit_damage(rules: CardRules | None, atk: int) -> int:
    """The damage one hit of ``atk`` deals to an object, after its own replacements that always apply: an
    ``event`` of damage to itself with no ``if`` and no roll named (FS-5.4, FS-6.21) — ``prevent: true``
    takes all of it (FS-6.16: A Dead Horse), a number that much, ``modify`` adds, multiplies or caps it
    (Summer Hush: 1 less). Conditional ones are not read here (they may not apply; :func:`blocked_rolls`
    reads those the roll decides, :func:`unread_self_damage` lists the rest). 0: the fight is never won —
    hits that deal nothing never kill, and a player attacking it only loops."""
    n = atk
    for rep in _self_damage(rules):
        if "if" in rep or "roll" in rep:
            continue  # conditional: ``blocked_rolls`` / ``unread_self_damage``
        prev = rep.get("prevent")
        if prev is True:
            return 0
        if isinstance(prev, int) and not isinstance(prev, bool):
            n -= prev
        mod = rep.get("modify") or {}
        n += int(mod.get("add", 0))
        n *= int(mod.get("multiply", 1))
        if "reduce_to" in mod:
            n = min(n, int(mod["reduce_to"]))
    return max(0, n)


@lru_cache(maxsize=256)
def roll_faces(cond: str) -> frozenset[int] | None:
    """The faces (1..6) of the attack roll on which a condition reading that roll alone holds: any
    comparison, ``in``, a range, ``and``/``or``/``not`` (``attack_roll != 2``, ``in (4, 5)``, ``>= 5``,
    ``2 <= attack_roll <= 4``), evaluated face by face with the engine's own expression reader; None for a
    condition that reads anything else too (``rolls_at(self) % 2 == 0``, ``counters(self) > 0``): the roll
    alone does not decide it (:func:`unread_self_damage` lists those)."""
    try:
        node = exprs.compile_expr(cond)
        if exprs.words(cond) != {"attack_roll"}:
            return None
        faces = set()
        for face in range(1, 7):
            if exprs.evaluate(node, lambda _n: face, _unread, _unread):  # noqa: B023 (used at once)
                faces.add(face)
        return frozenset(faces)
    except (exprs.EngineError, _Unread, TypeError):  # not an expression; or more than the roll
        return None


class _Unread(Exception):
    """A condition that reads more than the attack roll (:func:`roll_faces`)."""


def _unread(*_args: Any) -> Any:
    raise _Unread


def _self_damage(rules: CardRules | None) -> Iterator[dict]:
    """An object's own replacements of damage to itself (FS-5.4, FS-6.21)."""
    for rep in rules.replaces if rules is not None else ():
        if isinstance(rep, dict) and rep.get("event") in _SELF_DAMAGE:
            yield rep


def blocked_rolls(rules: CardRules | None) -> frozenset[int]:
    """The attack rolls on which an object's own replacement prevents a hit's damage to it (``prevent:
    true`` with an ``if`` the roll alone decides, :func:`roll_faces`: ``!= 2`` Turdlings, ``== 6``, ``in
    (4, 5)``; FS-5.4, FS-6.16)."""
    out: set[int] = set()
    for rep in _self_damage(rules):
        cond = rep.get("if")
        faces = roll_faces(cond) if rep.get("prevent") is True and isinstance(cond, str) else None
        if faces is not None:
            out |= faces
    return frozenset(out)


def unread_self_damage(rules: CardRules | None) -> tuple[str, ...]:
    """What the fight reading (:func:`hit_damage`, :func:`blocked_rolls`) skips of an object's replacements
    of damage to itself, each as its condition: a condition the roll alone does not decide (Null's every
    other roll, a prevention while it has counters) and a change of the damage on some rolls only (Warp
    Zone's double on a 1). Skipped, not silent: tests pin the whole collection's list."""
    out = []
    for rep in _self_damage(rules):
        cond = rep.get("if")
        if cond is None and "roll" not in rep:
            continue  # read by ``hit_damage``
        if rep.get("prevent") is True and isinstance(cond, str) and roll_faces(cond) is not None:
            continue  # read by ``blocked_rolls``
        out.append(str(cond if cond is not None else rep.get("roll")))
    return tuple(out)


_NO_FACES: Final[frozenset[int]] = frozenset()
_OWN_DAMAGE: Final = ({"damage_to": "you"}, {"combat_damage_to": "you"})
# (faces I miss on, faces whose miss my prevention spares, faces that kill me)
OwnFaces = tuple[frozenset[int], frozenset[int], frozenset[int]]
NO_OWN_FACES: Final[OwnFaces] = (_NO_FACES, _NO_FACES, _NO_FACES)


def own_roll_faces(view: View, seat: int = -1) -> OwnFaces:
    """My own attack-roll faces as my objects make them (FS-10.9, FS-5.4): (faces that miss whatever the
    evasion, ``miss_on``: Number One; faces on which a replacement prevents all damage to me, ``damage_to:
    you`` with ``prevent: true`` and an ``if`` the roll alone decides: Halo of Flies, Hitops; faces whose
    trigger kills me, :func:`_lost_faces`: Diogenes' Pot's 1). A miss on a spared face costs me nothing;
    the fight goes on (FS-10.7); a doomed face ends it unwon whatever the roll did (FS-10.11). ``seat``:
    another player's faces (public, FS-3.3)."""
    missed = spared = doomed = _NO_FACES
    for r in view.rules_of(view.seat if seat < 0 else seat):  # the rules alone: no info built for each object
        m, s, d = _OWN_FACES.of(r)
        if m:
            missed = missed | m
        if s:
            spared = spared | s
        if d:
            doomed = doomed | d
    if not (missed or spared or doomed):
        return NO_OWN_FACES
    return missed, spared, doomed


def _read_own_faces(rules: Any) -> OwnFaces:
    missed = {
        b["miss_on"]
        for b in (rules.statics if rules is not None else ())
        if isinstance(b, dict) and isinstance(b.get("miss_on"), int) and "if" not in b
    }
    spared: set[int] = set()
    for rep in rules.replaces if rules is not None else ():
        if not isinstance(rep, dict) or rep.get("event") not in _OWN_DAMAGE or rep.get("prevent") is not True:
            continue
        cond = rep.get("if")
        if set(rep) != {"event", "if", "prevent"} or not isinstance(cond, str):
            continue  # a once-a-turn prevention (Mom's Heels) or one the roll alone does not decide
        faces = roll_faces(cond)
        if faces is not None:
            spared |= faces
    return frozenset(missed), frozenset(spared), _lost_faces(rules, "you")


_OWN_FACES: Final = Memo(_read_own_faces)


def _lost_faces(rules: Any, roller: str, ended: bool = False) -> frozenset[int]:
    """The attack-roll faces on which an object's trigger (``on: {rolled: N, attack: true, by: roller}``)
    ends the fight with no win for the roller: it kills them (Diogenes' Pot's 1; Dogma's 1 kills every
    player) or, on what they attack, ends their turn, which cancels the roll and its damage (Mom's Hand's 6;
    FS-8.9, FS-10.11). ``roller``: ``you`` on the roller's own objects, ``attacker`` on what they attack.
    ``ended``: only the faces that end the turn and kill no one (a lost attack, not a death: FS-13.9's
    penalty is not paid). A face of my own that ends my turn (Cursed Eye's 1) is not read: it is no death and
    cuts every fight I could choose alike, so counting it as a lost fight only pushed fights under the risk
    bar (a paired loss with Cursed Eye ×6, docs/four_souls.md)."""
    return frozenset(
        ab.tparam
        for ab in (rules.triggers.get("rolled", ()) if rules is not None else ())
        if isinstance(ab.tparam, int)
        and ab.topts == {"attack": True, "by": roller}
        and (_ends_fight(ab.do, roller) == "ended" if ended else _ends_fight(ab.do, roller) != "")
    )


def _ends_fight(do: Any, roller: str) -> str:
    """How the effect ends the roller's fight unwon, alone or as an unconditional part of an ``and``/``seq``:
    ``death`` (a kill of the roller, or of each player: the roller is one), ``ended`` (``end_turn`` of a
    target's trigger, FS-8.9), or "" (it does not). A kill beside an end of the turn is a death."""
    if do == "end_turn":
        return "ended" if roller == "attacker" else ""
    if not isinstance(do, dict):
        return ""
    if set(do) == {"each", "do"} and isinstance(do["each"], dict) and len(do["each"]) == 1:
        ((var, sel),) = do["each"].items()
        return "death" if sel_head(sel) == "player" and do["do"] == {"kill": var} else ""
    if len(do) != 1:
        return ""
    ((verb, p),) = do.items()
    if verb == "kill":
        return "death" if p == roller else ""
    if verb in ("and", "seq") and isinstance(p, list):
        ends = {_ends_fight(e, roller) for e in p}
        return "death" if "death" in ends else "ended" if "ended" in ends else ""
    return ""


def roll_odds(
    rules: CardRules | None, evasion: int, bonus: int, own: OwnFaces = NO_OWN_FACES
) -> tuple[float, float]:
    """(hit, death) chances of one attack roll that decides something, against an object with
    :func:`blocked_rolls` and with my own faces (:func:`own_roll_faces`): a hit on a blocked roll neither
    damages it nor misses, nor does a miss on a face my prevention spares, so they change nothing and the
    fight is decided by the other rolls; a face I miss on is a miss; a face on which my object or the
    target's trigger ends my fight unwon (:func:`_lost_faces`: my death, my turn ended) is a lost fight
    (:func:`win_chance`'s ``p_die``). (0, 0) when no roll can damage it: that fight is never won (and if
    every roll hits, the attack never ends, FS-10.7). A miss whose trigger may kill me (dice rolled
    together: Alt Art The Bloat) is that often a lost fight too."""
    blocked = blocked_rolls(rules)
    lost = _LOST_FACES.of(rules) if rules is not None and rules.triggers else _NO_FACES
    risk = _MISS_DEATH.of(rules) if rules is not None and rules.triggers else 0.0
    if not blocked and not lost and not risk and not own[0] and not own[1] and not own[2]:
        return hit_chance(evasion, bonus), 0.0
    return _roll_odds(min(6, max(1, evasion)), bonus, blocked, own[0], own[1], own[2] | lost, risk)


def _miss_death(rules: Any) -> float:
    """The chance that a miss against the object kills the attacker through its ``missed`` trigger: dice
    rolled together (FS-9.2(1)) whose same face kills them — Alt Art The Bloat's two dice, 1 in 6 (N dice:
    6 ** (1 - N)). 0 for anything else."""
    alive = 1.0
    for ab in rules.triggers.get("missed", ()):
        do = ab.do
        n = do.get("together", 1) if isinstance(do, dict) and ab.tparam == "attacker" else 1
        row = (do.get("roll") or {}).get("any") if n > 1 else None
        if isinstance(row, dict) and row.get("if") == "same_dice" and row.get("then") == {"kill": "active"}:
            alive *= 1.0 - 6.0 ** (1 - n)
    return 1.0 - alive


_MISS_DEATH: Final = Memo(_miss_death)


def _attacked_lost_faces(rules: Any) -> frozenset[int]:
    return _lost_faces(rules, "attacker")


_LOST_FACES: Final = Memo(_attacked_lost_faces)


def _attacked_ended_faces(rules: Any) -> frozenset[int]:
    return _lost_faces(rules, "attacker", True)


_ENDED_FACES: Final = Memo(_attacked_ended_faces)


def end_odds(rules: CardRules | None, evasion: int, bonus: int, own: OwnFaces = NO_OWN_FACES) -> float:
    """The part of :func:`roll_odds`' lost chance in which a face of the target's ends my turn and kills no
    one (Mom's Hand's 6, FS-8.9): the attack is lost, not my life. 0 for a target with no such face."""
    if rules is None or not rules.triggers:
        return 0.0
    ended = _ENDED_FACES.of(rules)
    if not ended:
        return 0.0
    doomed = own[2] | _LOST_FACES.of(rules)
    return _end_share(
        min(6, max(1, evasion)), bonus, blocked_rolls(rules), own[0], own[1], doomed, ended - own[2]
    )


@lru_cache(maxsize=256)
def _end_share(
    evasion: int,
    bonus: int,
    blocked: frozenset[int],
    missed: frozenset[int],
    spared: frozenset[int],
    doomed: frozenset[int],
    ended: frozenset[int],
) -> float:
    """:func:`_roll_odds`' count, the deciding rolls that end my turn among them."""
    hits, misses, lost, ends = _roll_count(evasion, bonus, blocked, missed, spared, doomed, ended)
    if not hits:
        return 0.0
    return ends / (hits + misses + lost)


@lru_cache(maxsize=256)
def _roll_odds(
    evasion: int,
    bonus: int,
    blocked: frozenset[int],
    missed: frozenset[int] = _NO_FACES,
    spared: frozenset[int] = _NO_FACES,
    doomed: frozenset[int] = _NO_FACES,
    miss_death: float = 0.0,
) -> tuple[float, float]:
    """``miss_death``: the chance a miss that counts also kills me (:func:`_miss_death`): that part of the
    misses is a lost fight."""
    hits, misses, deaths, _ = _roll_count(evasion, bonus, blocked, missed, spared, doomed, _NO_FACES)
    if not hits:
        return 0.0, 0.0
    return hits / (hits + misses + deaths), (deaths + misses * miss_death) / (hits + misses + deaths)


def _roll_count(
    evasion: int,
    bonus: int,
    blocked: frozenset[int],
    missed: frozenset[int],
    spared: frozenset[int],
    doomed: frozenset[int],
    ended: frozenset[int],
) -> tuple[int, int, int, int]:
    """The six faces of an attack roll counted once (FS-10.7): hits, misses that count, rolls whose
    trigger ends the fight unwon (FS-10.11), and those of them that end my turn rather than kill me."""
    hits = misses = lost = ends = 0
    for r in range(1, 7):
        value = max(1, min(6, r + bonus))
        if value in doomed:
            lost += 1  # its trigger ends the fight whatever the roll did (FS-10.11)
            ends += value in ended
        elif value < evasion or value in missed:
            if value not in spared:
                misses += 1
        elif value not in blocked:
            hits += 1
    return hits, misses, lost, ends


def lends_own_prevention(do: Any) -> bool:
    """Does the effect lend its user's character a prevention of all damage to that player for a while
    (``gain_abilities`` with ``replace: {event: {damage_to: you}, prevent: true}``, FS-5.2, FS-6.16)? Such an
    ability answers damage aimed at its user like a shield, with no target to choose."""
    gained = do.get("gain_abilities") if isinstance(do, dict) else None
    if not isinstance(gained, dict) or gained.get("object", "self") != "your_character":
        return False
    for lent in gained.get("abilities") or ():
        rep = lent.get("replace") if isinstance(lent, dict) else None
        if isinstance(rep, dict) and rep.get("event") == {"damage_to": "you"} and rep.get("prevent") is True:
            return True
    return False


def _shield_first(do: Any) -> bool:
    """Is the ability's damage (if any) only the shield's own ``on_prevent`` answer?"""
    spec = _find(do, "shield")
    if not isinstance(spec, dict):
        return False
    return "deal_damage" not in verbs_of({k: v for k, v in spec.items() if k != "on_prevent"}) and (
        "deal_damage" not in verbs_of(_undelayed(do)) or "on_prevent" in spec
    )


def _undelayed(eff: Any) -> Any:
    """The effect without its delayed rules (``next: …, do: …``, FS-4.9): what it does as it resolves. A
    shield whose only damage waits for a later event (Black Heart: others are hit if the shielded player
    dies this turn) still answers damage as a shield now."""
    if isinstance(eff, dict):
        if "next" in eff:
            return None
        return {k: _undelayed(v) for k, v in eff.items()}
    if isinstance(eff, list | tuple):
        return [_undelayed(e) for e in eff]
    return eff


def wipes(ab: Ability | None) -> bool:
    """Does the ability cancel everything on the stack (``cancel: all``)? Such a card answers what a
    single cancel or shield cannot: lethal combat damage, an opponent's winning hit (FS-6.9)."""
    return ab is not None and _find(ab.do, "cancel") == "all"


def ends_attack(ab: Any, own: bool, my_turn: bool) -> bool:
    """Does using the ability now end the attack in progress (``cancel_attack``, FS-10.11: its rolls and
    combat damage still on the stack fizzle)? ``own``: the attack is mine (a ``who: you`` cancel ends only
    that one); ``my_turn``: a branch on ``your_turn`` is read for the moment (Gello ends only others')."""
    return ab is not None and _ends(ab.do, own, my_turn)


def _ends(eff: Any, own: bool, my_turn: bool) -> bool:
    if isinstance(eff, list | tuple):
        return any(_ends(e, own, my_turn) for e in eff)
    if not isinstance(eff, dict):
        return eff == "cancel_attack"
    if "if" in eff and eff["if"] in ("your_turn", "not your_turn"):
        taken = my_turn == (eff["if"] == "your_turn")
        return _ends(eff.get("then") if taken else eff.get("else"), own, my_turn)
    if "cancel_attack" in eff:
        p = eff["cancel_attack"]
        return own or not (isinstance(p, dict) and p.get("who") == "you")
    if "may" in eff or "roll" in eff or "modes" in eff:
        return False  # not sure to happen
    return any(_ends(v, own, my_turn) for k, v in eff.items() if k not in ("if", "extra_attack"))


_AIMED: Final = frozenset({"aims_at_yours", "aims_at_your_item_or_roll"})


def wards(ab: Any) -> bool:
    """Does the ability make a chosen player's items eternal (``make_eternal``, FS-4.12)? Its worth is
    what it protects: played in answer to a destroy or steal aimed at an item of mine. Memoised for the
    process: sensible asks it of every card it holds in every loot and ability response window."""
    return _WARDS.of(ab)


def _read_wards(ab: Any) -> bool:
    return ab is not None and bool(ab.targets) and "make_eternal" in verbs_of(ab.do)


_WARDS: Final = Memo(_read_wards)


def item_threat(ab: Any) -> bool:
    """Does the ability destroy or take an item it chooses (FS-6.3, FS-6.12) — not only its user's own?
    The threat a card making my items eternal answers (``wards``, FS-4.12)."""
    if ab is None or not ab.targets or not verbs_of(ab.do) & {"destroy", "steal"}:
        return False
    for sel in ab.targets.values():
        head, flt = (sel, ()) if isinstance(sel, str) else next(iter(sel.items()), ("", ()))
        if isinstance(head, str) and head.startswith("item") and "you_control" not in (flt or ()):
            return True
    return False


def aimed_cancel(ab: Any) -> bool:
    """Does the ability cancel only what is aimed at its user or their objects (a stack-item target
    filtered ``aims_at_yours`` / ``aims_at_your_item_or_roll``: Mega Bean!, I Can't Believe It's Not
    Butter Bean)? The engine offers it only while such a loot or ability is on the stack (FS-4.2).
    Memoised for the process: sensible asks it of every card it holds in every loot response window."""
    return _AIMED_CANCELS.of(ab)


def _read_aimed_cancel(ab: Any) -> bool:
    if ab is None or not ab.targets or _find(ab.do, "cancel") is None:
        return False
    return any(sel_head(s) == "stack_item" and _AIMED & set(_sel_flags(s)) for s in ab.targets.values())


_AIMED_CANCELS: Final = Memo(_read_aimed_cancel)


def takes_cancelled(ab: Any) -> bool:
    """Does the ability cancel a card on the stack and take that card into its user's hand (``cancel: S``
    and ``move: {cards: S, to: hand}``: Mugger Bean!)? Played on a rival's loot card it spoils the card
    (FS-6.9) and trades itself for it. Memoised for the process."""
    return _TAKES.of(ab)


def _read_takes(ab: Any) -> bool:
    do = ab.do if ab is not None and ab.targets else None
    parts = (do.get("and") or do.get("seq")) if isinstance(do, dict) else None
    if not isinstance(parts, list):
        return False
    cancelled = {p["cancel"] for p in parts if isinstance(p, dict) and isinstance(p.get("cancel"), str)}
    return any(
        isinstance(p, dict)
        and isinstance(p.get("move"), dict)
        and p["move"].get("to") == "hand"
        and p["move"].get("cards") in cancelled
        for p in parts
    )


_TAKES: Final = Memo(_read_takes)


def _modes(ab: Ability | None) -> list | None:
    """The modes of a "choose one" ability (its whole effect one ``modes`` list, FS-4.2), or None."""
    do = ab.do if ab is not None else None
    modes = do.get("modes") if isinstance(do, dict) and len(do) == 1 else None
    return modes if isinstance(modes, list) else None


def shield_mode(ab: Any) -> int | None:
    """The index of a mode that is a plain shield (``choose_mode`` number), for a modal card that can
    answer damage like a shield (FS-6.16); None when it has none."""
    modes = _modes(ab)
    if modes is None:
        return None
    for i, m in enumerate(modes):
        if verbs_of(m) == {"shield"}:
            return i
    return None


def roll_mode(ab: Any) -> int | None:
    """The index of a mode that changes a chosen roll (``choose_mode`` number: its own ``tgt`` names a roll
    and its verbs reroll, modify or set it), for a modal card that can answer a roll like a roll tool
    (FS-9.2(3)); None when it has none."""
    modes = _modes(ab)
    if modes is None:
        return None
    for i, m in enumerate(modes):
        tgt = m.get("tgt") if isinstance(m, dict) else None
        if (
            isinstance(tgt, dict)
            and "roll" in {sel_head(t) for t in tgt.values()}
            and verbs_of(m) & ROLL_VERBS
        ):
            return i
    return None


_MODES: dict[int, tuple[Any, Any]] = {}


def mode_ability(ab: Any, i: int) -> Any:
    """The ability as its mode ``i`` alone reads (a "choose one" effect's mode, picked with its targets, FS-4.2): that mode's own
    targets and effect, the rest of the ability kept. What its target choice reads once the mode is picked
    (Witch's 1 damage aimed like a plain damage card: a monster it kills). The ability itself when it has
    no such mode. Memoised for the process (one object per ability and mode, so the readings memoised by
    identity stay O(1))."""
    modes = _modes(ab)
    if modes is None or not 0 <= i < len(modes) or not isinstance(modes[i], dict):
        return ab
    hit = _MODES.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1][i]
    if len(_MODES) >= _SHARED_MAX:
        _MODES.clear()
    narrowed = []
    for m in modes:
        tgt = m.get("tgt") or m.get("choose") if isinstance(m, dict) else None
        body = m.get("do") if isinstance(m, dict) and tgt is not None else m
        narrowed.append(
            Ability(ab.kind, body, tgt or ab.targets, ab.by, ab.cost, ab.trigger, ab.tparam, ab.topts)
        )
    _MODES[id(ab)] = (ab, narrowed)
    return narrowed[i]


def _fits(o: Any, heads: set, kind: Callable[[Any], str]) -> bool:
    """Could a target option be named by a selector with one of these heads (a player, a monster, an item,
    a roll or another stack item)?"""
    if type(o) is SeatRef:
        return any("player" in h for h in heads)
    if type(o) is ObjRef:
        k = kind(o)
        return any(k in h or (k == "character" and "player" in h) for h in heads)
    if type(o) is StackRef:
        return ("roll" if o.kind == "roll" else "stack_item") in heads
    return False


def mode_asked(ab: Any, options: Any, kind: Callable[[Any], str]) -> int | None:
    """The one mode of a "choose one" effect whose own targets could name every target option offered (the
    engine picks the mode without asking when only one is legal, FS-4.2); None when none or several fit.
    ``kind`` says what an object offered is (``View.kind``)."""
    modes = _modes(ab)
    if modes is None:
        return None
    opts = [o for o in options if o != "done"]
    fit = []
    for i, m in enumerate(modes):
        tgt = (m.get("tgt") or m.get("choose")) if isinstance(m, dict) else None
        if isinstance(tgt, dict) and tgt:
            heads = {sel_head(t) for t in tgt.values()}
            if all(_fits(o, heads, kind) for o in opts):
                fit.append(i)
    return fit[0] if len(fit) == 1 else None


def cancel_mode(ab: Any) -> int | None:
    """The index of a mode that cancels a chosen loot or ability on the stack (``choose_mode`` number: its
    own ``tgt`` names a stack item and its verbs act on that item alone), for a modal card that can answer
    a card on the stack like a cancel (FS-6.9); None when it has none, or when the mode cancels only what
    is aimed at its user (``aimed_cancel`` reads those)."""
    modes = _modes(ab)
    if modes is None:
        return None
    for i, m in enumerate(modes):
        tgt = m.get("tgt") if isinstance(m, dict) else None
        if not isinstance(tgt, dict) or "cancel" not in verbs_of(m.get("do")):
            continue
        if any(_AIMED & set(_sel_flags(s)) for s in tgt.values()):
            continue
        if "stack_item" in {sel_head(s) for s in tgt.values()} and _acts_only_on(
            m.get("do"), _vars_of(tgt, "stack_item")
        ):
            return i
    return None


def roll_tool(ab: Any) -> bool:
    """Does the ability change a roll on the stack (any roll, attack or not: The D6, Lucky Foot)?"""
    if ab is None or not ab.targets:
        return False
    return bool(verbs_of(ab.do) & ROLL_VERBS) and "roll" in {sel_head(t) for t in ab.targets.values()}


def monster_shot(ab: Ability | None) -> int:
    """Damage a plain "deal N to a target" / "kill a target" ability can put on a monster it targets
    (99 for a kill); 0 for anything less direct (roll tables, modes, player-only targets)."""
    return _shot(ab, ("monster", "player_or_monster"))


def player_shot(ab: Ability | None) -> int:
    """Damage a plain "deal N to a target" / "kill a target" ability can put on a player it targets (99
    for a kill); 0 for anything less direct: what kills an attacker before their hit lands (FS-10.11)."""
    return _shot(ab, ("player", "player_or_monster"))


def _shot(ab: Ability | None, heads: tuple[str, ...]) -> int:
    """Damage a plain "deal N" / "kill" ability puts on a target whose selector names one of ``heads``."""
    if ab is None or not ab.targets or not isinstance(ab.do, dict) or len(ab.do) != 1:
        return 0
    ((verb, p),) = ab.do.items()
    if verb == "deal_damage" and isinstance(p, dict):
        n, var = p.get("n"), p.get("to")
    elif verb == "kill":
        n, var = 99, p
    else:
        return 0
    if not isinstance(n, int) or not isinstance(var, str) or var not in ab.targets:
        return 0
    return n if sel_head(ab.targets[var]) in heads else 0


# One outcome of a +damage: (its chance, the +damage for the turn, the damage it deals me)
Boost = tuple[float, int, int]
_NO_BOOST: Final[tuple[Boost, ...]] = ((1.0, 0, 0),)


def atk_boosts(
    ab: Ability | None, amount: Callable[[str], int | None], mine: bool = True
) -> tuple[Boost, ...]:
    """The +damage an ability gives a player it aims at (or its user) for the rest of the turn, as outcomes
    with their chances: a ``buff`` of ``atk`` (an amount written as an expression is read on the position by
    ``amount``, :func:`amount_now`: Booster v2.0's "9 - atk(you)"), a roll table's rows at 1 in 6 a face
    (Pills!), the parts of an ``and``/``seq`` added (Pills! rolled three times), each with the damage it
    deals me (Pills!'s 5-6). A buff kept for the next attack roll does not count (the roll spends it,
    FS-10.9). Played in answer to a waiting combat damage the +damage counts as it resolves (FS-6.21).
    ``mine``: the hit is mine (a buff of ``you`` counts), else another player's (only one I aim)."""
    if ab is None or not isinstance(ab.do, dict):
        return _NO_BOOST
    players = frozenset(
        v for v, s in (ab.targets or {}).items() if sel_head(s) in ("player", "player_or_monster")
    )
    return _boost_outcomes(ab.do, players | {"you"} if mine else players, amount)


def _boost_outcomes(eff: Any, players: frozenset, amount: Callable[[str], int | None]) -> tuple[Boost, ...]:
    if not isinstance(eff, dict) or len(eff) != 1:
        return _NO_BOOST  # a branch, a choice, a bare word: not read
    ((verb, p),) = eff.items()
    if verb == "buff" and isinstance(p, dict):
        n = p.get("atk")
        if p.get("until") == "next_attack_roll" or p.get("target") not in players:
            return _NO_BOOST
        if isinstance(n, str):
            n = amount(n)
        return ((1.0, n, 0),) if isinstance(n, int) and not isinstance(n, bool) and n > 0 else _NO_BOOST
    if verb == "deal_damage" and isinstance(p, dict) and p.get("to") == "you" and type(p.get("n")) is int:
        return ((1.0, 0, p["n"]),)
    if verb in ("and", "seq") and isinstance(p, list):
        out = _NO_BOOST
        for part in p:
            out = _added(out, _boost_outcomes(part, players, amount))
        return out
    if verb == "roll" and isinstance(p, dict):  # a table: each face 1 in 6 (FS-9.1)
        merged: dict[tuple[int, int], float] = {}
        named = 0
        for key, row in p.items():
            k = len(row_faces(key))
            named += k
            for q, n, hurt in _boost_outcomes(row, players, amount) if k else ():
                merged[(n, hurt)] = merged.get((n, hurt), 0.0) + q * k / 6
        if named < 6:  # faces no row names do nothing
            merged[(0, 0)] = merged.get((0, 0), 0.0) + (6 - named) / 6
        return tuple((q, n, hurt) for (n, hurt), q in merged.items())
    return _NO_BOOST


def _added(a: tuple[Boost, ...], b: tuple[Boost, ...]) -> tuple[Boost, ...]:
    """Two independent parts' outcomes, added."""
    merged: dict[tuple[int, int], float] = {}
    for qa, na, ha in a:
        for qb, nb, hb in b:
            key = (na + nb, ha + hb)
            merged[key] = merged.get(key, 0.0) + qa * qb
    return tuple((q, n, hurt) for (n, hurt), q in merged.items())


# What an amount expression may read (vocabulary §1.6): a bare name or a call on one word (``activator`` read
# as ``you``: a player reads the amounts of what it uses itself) → how to read it on what the player knows.
Known = Mapping[str, Callable[[Any], int | float]]  # not ``float``: compiled, that turns 3 into 3.0


def known_key(fn: str, args: list) -> str | None:
    """The key of a call on one word in a :data:`Known` table (``cents(activator)`` → ``cents(you)``)."""
    if len(args) != 1 or not isinstance(args[0], ast.Name):
        return None
    return f"{fn}({'you' if args[0].id == 'activator' else args[0].id})"


def read_amount(text: str, table: Known, on: Any) -> int | float | None:
    """An amount expression read with the engine's own expression reader on what a player knows: each name
    or one-word call in ``table`` read on ``on``, ``max``/``min``, numbers and arithmetic; None for one
    that reads anything else (an event, a rival's hand, a bound variable) or divides by zero. The one
    reader of the position's amounts (:func:`amount_now`) and the outlook's (``valuing.expr_amount``).
    Typed ``int | float``, not ``float`` (here and in :data:`Known`): compiled, a ``float`` turns a whole
    number into a float, and :func:`amount_now` keeps whole numbers only."""

    def name(word: str) -> Any:
        if word in table:
            return table[word](on)
        raise _Unread

    def call(fn: str, args: list) -> Any:
        if fn in ("max", "min"):
            vals = [exprs.evaluate(a, name, call, _unread) for a in args]
            return max(vals) if fn == "max" else min(vals)
        key = known_key(fn, args)
        if key is None or key not in table:
            raise _Unread
        return table[key](on)

    try:
        v = exprs.evaluate(exprs.compile_expr(text), name, call, _unread)
    except (exprs.EngineError, _Unread, TypeError, ZeroDivisionError):
        return None
    return v if isinstance(v, int | float) and not isinstance(v, bool) else None


# What :func:`amount_now` reads on the position: (the view, the source's counters) → a whole number.
ON_POSITION: Final[Known] = {
    "counters(self)": lambda vc: vc[1],
    "atk(you)": lambda vc: vc[0].atk,
    "hp(you)": lambda vc: vc[0].hp,
    "cents(you)": lambda vc: vc[0].cents,
    "hand_size(you)": lambda vc: vc[0].hand_size(vc[0].seat),
}


def amount_now(view: View, counters: int, text: str) -> int | None:
    """An amount written as an expression read on the position (:func:`read_amount` of
    :data:`ON_POSITION`: the source's ``counters``, my atk, HP, cents, hand size): a whole number, as the
    +damage or roll change it sets is; None for an expression that reads anything else."""
    v = read_amount(text, ON_POSITION, (view, counters))
    return v if isinstance(v, int) else None


def attack_roll_face(view: View, opts: Any, sets: bool, high: bool) -> int:
    """The value to set (``sets``) or the change to make on the topmost attack roll on the stack, judged by
    the engine's hit answer on its final value (FS-10.9: Number One's miss face, a face named before the
    roll; FS-9.4: the roller's bonus): ``high`` (mine) a hit, the highest; else a miss, the lowest. Not an
    attack roll: the highest or lowest. One answer for every player that changes a roll."""
    top = next((s for s in reversed(view.stack) if s.kind == "roll"), None)
    if top is None or not top.attack:
        return max(opts) if high else min(opts)
    bonus, was = view.roll_bonus(top), top.value or 0

    def key(x: int) -> tuple[bool, int]:
        final = max(1, min(6, (x if sets else was + x) + bonus))
        return view.attack_roll_hits(final, top) == high, final if high else -final

    return max(opts, key=key)


def roll_reach(ab: Any, amount: Callable[[str], int | None] | None = None) -> int:
    """How far a roll-changing ability can move a roll (6 for a reroll or a set); ``amount`` reads a change
    written as an expression on the position (:func:`amount_now`)."""
    spec = _find(ab.do, "modify_roll")
    if not isinstance(spec, dict):
        return 6
    return max((abs(x) for x in _deltas(spec, amount)), default=0)


def set_faces(ab: Any) -> tuple[int, ...]:
    """The faces a roll-setting ability offers (its ``set_roll`` value: one face, a list, "A or B", or any
    face); all six when it reads none or a number bound as it resolves (FS-9.2)."""
    spec = _find(ab.do, "set_roll")
    v = spec.get("value") if isinstance(spec, dict) else None
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,)
    if isinstance(v, list | tuple):
        return tuple(x for x in v if isinstance(x, int))
    if isinstance(v, str) and "or" in v:
        parts = [x.strip() for x in v.split("or")]
        if all(x.isdigit() for x in parts):
            return tuple(int(x) for x in parts)
    return (1, 2, 3, 4, 5, 6)


def roll_directions(ab: Any, amount: Callable[[str], int | None] | None = None) -> tuple[bool, bool]:
    """(can raise, can lower) a roll: a reroll or a set can do both; a modify only its deltas' way (an
    expression read by ``amount``: Booster v2.0's "counters(self) + 1")."""
    spec = _find(ab.do, "modify_roll")
    if not isinstance(spec, dict):
        return True, True
    ds = _deltas(spec, amount)
    return any(x > 0 for x in ds), any(x < 0 for x in ds)


def _deltas(spec: dict, amount: Callable[[str], int | None] | None) -> list[int]:
    d = spec.get("delta")
    if isinstance(d, dict):
        d = d.get("up_to", 0)
    ds = d if isinstance(d, list | tuple) else [d]
    if amount is not None:
        ds = [amount(x) if isinstance(x, str) else x for x in ds]
    return [x for x in ds if isinstance(x, int) and not isinstance(x, bool)]


def counters_left(ab: Ability | None, counters: int) -> int:
    """The counters on an ability's source as its effect reads them: ``counters`` less those its cost
    removes (a cost is paid first, FS-4.4: Booster v2.0's one counter)."""
    for part in ab.cost if ab is not None and isinstance(ab.cost, list) else ():
        n = part.get("remove_counters") if isinstance(part, dict) else None
        if isinstance(n, int) and not isinstance(n, bool):
            counters -= n
    return max(0, counters)


def _find(eff: Any, verb: str) -> Any:
    if isinstance(eff, dict):
        for k, v in eff.items():
            if k == verb:
                return v
            got = _find(v, verb)
            if got is not None:
                return got
    elif isinstance(eff, list | tuple):
        for e in eff:
            got = _find(e, verb)
            if got is not None:
                return got
    return None


def killer_takes(rules: Any) -> bool:
    """An object whose death at another player's hands is replaced by its going to that player (a
    ``would_die`` trigger stealing itself to the killer, FS-13.1): killing it takes it, it is not lost."""
    for ab in rules.triggers.get("would_die", ()) if rules is not None else ():
        got = _find(ab.do, "steal")
        if isinstance(got, dict) and got.get("what") == "self" and got.get("to") == "killer":
            return True
    return False


def rewards_to_killer(rules: Any) -> bool:
    """FS-1.15 set aside by a monster's own ``rewards_to_killer`` static: whoever kills it gains its whole
    reward, its soul included, in place of the active player (nobody else does)."""
    return rules is not None and any(isinstance(b, dict) and "rewards_to_killer" in b for b in rules.statics)


def killer_rewards(view: View) -> bool:
    """FS-1.15 set aside by a ``killer_rewards`` static on an object in play (a room's, an item's, a
    monster's; an unconditional one, the only kind the cards hold): a killer who is not the active player
    gains the monster's reward block too, after the active player (its soul stays theirs)."""
    infos = (*view.rooms, *view.monsters, *(i for s in range(view.n_players) for i in view.items_of(s)))
    return any(
        isinstance(b, dict) and b.get("killer_rewards") and "if" not in b
        for i in infos
        if i.rules is not None
        for b in i.rules.statics
    )


def helps(ab: Any) -> bool:
    """Does an ability that asks for a target help it (aim at myself) rather than harm it? (Memoised.)"""
    return _HELPS.of(ab)


def _read_helps(ab: Any) -> bool:
    verbs = verbs_of(ab.do) if ab is not None else set()
    return bool(verbs & HELP_VERBS) and not verbs & HARM_VERBS


_HELPS: Final = Memo(_read_helps)


def threat(ab: Any) -> int:
    """An ability's threat as an opponent's loot/ability on the stack: 2 makes a soul (always worth a
    cancel), 1 can hurt or score (worth it once that opponent is one soul from winning), 0 neither.
    Memoised for the process."""
    return _THREATS.of(ab)


def _read_threat(ab: Any) -> int:
    verbs = verbs_of(ab.do) if ab is not None else set()
    return 2 if "become_soul" in verbs else 1 if not verbs.isdisjoint(THREAT_VERBS) else 0


_THREATS: Final = Memo(_read_threat)


@lru_cache(maxsize=4096)
def win_chance(php: int, atk: int, mhp: int, p_hit: float, matk: int, p_die: float = 0.0) -> float:
    """Chance to win a plain fight: the attack goes on until someone dies (FS-10.7); a hit deals the
    attacker's damage, a miss the monster's (FS-10.9); ``p_die``: the chance a roll ends the fight unwon (a
    face that kills me or ends my turn, :func:`roll_odds`). Worked out row by row over the hits still
    needed and the misses still borne, with no recursion: any HP a ``--set`` allows is answered. Memoised:
    strategies ask it at every action."""
    if mhp <= 0:
        return 1.0
    if php <= 0 or p_hit <= 0 or atk <= 0:
        return 0.0
    hits = -(-mhp // atk)
    if matk <= 0:  # a miss changes nothing: each deciding roll is a hit or (``p_die``) my death
        if p_die <= 0.0:
            return 1.0
        x, won = p_hit / (p_hit + p_die), 1.0
        for _ in range(hits):
            won = x * won
        return won
    p_miss = max(0.0, 1.0 - p_hit - p_die)
    misses = -(-php // matk)
    # row[m]: the chance to win with the hits of this row still needed and m misses still borne
    row = [0.0] + [1.0] * misses  # no hit needed: won (a death with none needed cannot happen)
    for _ in range(hits):
        new = [0.0] * (misses + 1)  # no miss borne: dead
        for m in range(1, misses + 1):
            new[m] = p_hit * row[m] + p_miss * new[m - 1]
        row = new
    return row[misses]


@lru_cache(maxsize=1024)
def ended_chance(php: int, atk: int, mhp: int, p_hit: float, matk: int, p_die: float, p_end: float) -> float:
    """The chance a plain fight (:func:`win_chance`, with ``p_die`` its lost chance of a roll) ends with my
    turn ended (``p_end`` of a roll, :func:`end_odds`) before a win or my death: worked out row by row as
    ``win_chance`` is. The rest of the fight's loss is my death (FS-13.9's penalty)."""
    if mhp <= 0 or php <= 0 or atk <= 0 or p_end <= 0.0:
        return 0.0
    hits = -(-mhp // atk)
    if matk <= 0:  # a miss changes nothing: each deciding roll is a hit or a loss
        x, e, ended = p_hit / (p_hit + p_die), p_end / (p_hit + p_die), 0.0
        for _ in range(hits):
            ended = e + x * ended
        return ended
    p_miss = max(0.0, 1.0 - p_hit - p_die)
    misses = -(-php // matk)
    row = [0.0] * (misses + 1)  # no hit needed: won, nothing ended
    for _ in range(hits):
        new = [0.0] * (misses + 1)  # no miss borne: dead
        for m in range(1, misses + 1):
            new[m] = p_end + p_hit * row[m] + p_miss * new[m - 1]
        row = new
    return row[misses]


def fight_odds(
    view: View, target: Any, rules: Any = None, seat: int = -1, hp: int | None = None, mhp: int | None = None
) -> tuple[float, float]:
    """(win, ended) of the fight :func:`fight_chance` reads: ``ended`` the chance a face of the target ends
    my turn first (:func:`ended_chance`): that loss costs the attack, not a death (FS-8.9, FS-13.9). The
    death is the rest of the loss, ``1 - win - ended``."""
    if target.hp is None or target.evasion is None:
        return 0.0, 0.0
    if type(target) is ObjInfo:
        rules = target.rules
    who = view.seat if seat < 0 else seat
    dealt = hit_damage(rules, max(1, view.atk_of(who)))
    if dealt <= 0:
        return 0.0, 0.0
    bonus = view.attack_roll_bonus_of(who)
    own = own_roll_faces(view, seat)
    p_hit, p_die = roll_odds(rules, target.evasion, bonus, own)
    php = view.hp_of(who) if hp is None else hp
    m_hp = target.hp if mhp is None else mhp
    matk = target.attack or 0
    win = win_chance(php, dealt, m_hp, p_hit, matk, p_die)
    p_end = end_odds(rules, target.evasion, bonus, own) if p_die > 0.0 else 0.0
    if p_end <= 0.0:
        return win, 0.0
    return win, ended_chance(php, dealt, m_hp, p_hit, matk, p_die, p_end)


def fight_chance(
    view: View, target: Any, rules: Any = None, seat: int = -1, hp: int | None = None, mhp: int | None = None
) -> float:
    """My chance to win a plain fight (:func:`win_chance`) against a monster, item or room with printed or
    current ``hp``, ``evasion`` and ``attack``, at my current HP, attack (as its own replacements let it
    through, :func:`hit_damage`) and roll bonus; 0 for a target without HP or evasion (an event cannot be
    fought, FS-Q.7) or that my hits never damage (on any roll I can make: :func:`roll_odds`). An
    object's info carries its ``rules``; a printed card's are given (its ``CardRef.rules``). ``seat``:
    another player's fight (their attack, roll bonus and own faces: public, FS-3.3); ``hp``, ``mhp``: the
    fight from other HP than now (theirs, the target's), as a hit waiting on the stack leaves them."""
    return fight_odds(view, target, rules, seat, hp, mhp)[0]


@lru_cache(maxsize=256)
def hit_chance(evasion: int, bonus: int) -> float:
    """Chance that one d6 attack roll (+ static bonus, FS-9.4) meets the evasion (FS-10.8 clamps 1..6)."""
    ev = min(6, max(1, evasion))
    return sum(1 for r in range(1, 7) if max(1, min(6, r + bonus)) >= ev) / 6


# ------------------------------------------------------------------ odd ↷ abilities (starting items)
# How ``sensible`` can use an ability that is neither a plain gain nor an answer, read from its shape:
#   steal   take ¢ or loot from a chosen player (Forever Alone's first mode);
#   cycle   discard one loot card and loot one after (Forever Alone: loots even with an empty hand, FS-5.8);
#   swap    see another player's hand and trade one card with them (Incubus);
#   filter  loot, then return one card from hand to the loot deck's top (Incubus, Bum Friend);
#   arrange look at the top cards of a chosen deck and reorder them as wished (Sleight Of Hand);
#   peek    look at the top card(s) and put them back (no use to a player without card memory);
#   recover put a discard pile's top card back on top of its deck (The Curse);
#   other   anything else (not used by ``sensible``).
def use_kinds(ab: Any) -> tuple:
    """One use kind per mode of a ``modes`` ability (index = the mode number asked by
    ``choose_mode``), or a 1-tuple for a plain ability (memoised for the process)."""
    return _USES.of(ab)


def _read_use_kinds(ab: Any) -> tuple:
    do = ab.do
    if isinstance(do, dict) and len(do) == 1 and isinstance(do.get("modes"), list):
        return tuple(_use_kind(m) for m in do["modes"])
    return (_use_kind(do),)


_USES: Final = Memo(_read_use_kinds)


def _use_kind(eff: Any) -> str:
    verbs = verbs_of(eff)
    if verbs == {"steal"}:
        return "steal"
    if verbs == {"discard_loot", "loot"}:
        return "cycle"
    if verbs == {"look_hand", "swap"}:
        return "swap"
    if verbs == {"loot", "move"} and _find(eff, "move").get("to") == "loot_deck_top":
        return "filter"
    if verbs == {"move"}:
        spec = _find(eff, "move")
        if spec.get("cards") == "top(any_discard)" and spec.get("to") == "its_deck_top":
            return "recover"
        to, cards = spec.get("to"), spec.get("cards")
        if to == "monster_deck_top" and isinstance(cards, str) and cards[:1].isupper():
            # a chosen card (a discarded monster) on top of the monster deck: met by an attack on the deck
            # (``sensible._dig``); one into a slot is a fight the value model reads (``valuing``, ``move``)
            return "dig"
    if verbs == {"skip_recharge"}:
        return "lock"  # a spent item kept spent through its controller's next recharge (Lil' Gish)
    if verbs == {"peek"}:
        spec = _find(eff, "peek")
        return "arrange" if isinstance(spec, dict) and spec.get("then") == "any_order" else "peek"
    return "other"


def self_destroying(o: Any) -> bool:
    """Does every activated ability of this item begin by destroying the item itself (a one-use item),
    or does it work only when destroyed? As an eternal item (Eden's pick, FS-2.8) it cannot be
    destroyed (FS-4.12), so it never works."""
    phys = getattr(o, "printed", None) or o  # an object's card (``ObjRef.printed``), or the card itself
    acts = phys.rules.acts
    if not acts:  # an item that works only by being destroyed (The Chest's soul, FS-14.5)
        return any(
            isinstance(r.get("event"), dict) and r["event"].get("destroyed") == "self"
            for r in phys.rules.replaces
            if isinstance(r, dict)
        )
    for _k, _i, ab in acts:
        do = ab.do
        first = do.get("and", [None])[0] if isinstance(do, dict) and "and" in do else None
        if not (isinstance(first, dict) and first.get("destroy") == "self"):
            return False
    return True


# A loot card's worth in hand (swap, give, take): a soul card first, then answers, gains, the rest.
_WORTH = {"soul": 9, "roll": 6, "cancel": 6, "shield": 5, "gain": 4, "help": 3, "harm": 3, "other": 1}


def card_worth(phys: CardRef) -> int:
    """How much a loot card in hand is worth keeping (higher = better)."""
    return _WORTH.get(role(phys.rules.play), 1)


class Reader:
    """One player's memo of what items are worth and of target plans, keyed by the compiled object itself
    (identity-checked, so a card of another run under the same name or id is read afresh), and the pure
    readings above (``role``, ``use_kinds``, ``helps``, ``threat``: memoised for the process, so a second
    memo per game would only read each one twice). A strategy makes one per game (the kernel
    builds players per game): the memo dies with the game, never outliving its card data."""

    __slots__ = ("_values", "_shapes", "_item_worth")

    def __init__(self, item_worth: Callable[[Any], float] | None = None) -> None:
        """``item_worth``: what owning an item is worth (``valuing.item_value``), memoised here per game
        (None only while a copy is made: ``__setstate__`` follows)."""
        self._item_worth: Any = item_worth
        self._values: dict[int, tuple[Any, Any, float]] = {}
        self._shapes: dict[int, tuple[Any, Any, Any]] = {}

    # A search copies players with their memo. Spelled out for the compiled build (issue 20): mypyc 2.4.1's
    # own pickle support skips ``__init__`` when the class is called from Python.
    def __getstate__(self) -> tuple:
        return (self._item_worth, self._values, self._shapes)

    def __setstate__(self, state: tuple) -> None:
        self._item_worth, self._values, self._shapes = state

    def role(self, ab: Any) -> str:
        return role(ab)

    def use_kinds(self, ab: Any) -> tuple:
        return use_kinds(ab)

    def item_value(self, phys: CardRef) -> float:
        rules = phys.rules
        hit = self._values.get(id(rules))
        if hit is not None and hit[0] is rules and hit[1] is phys.card:
            return hit[2]
        v = self._item_worth(phys)
        self._values[id(rules)] = (rules, phys.card, v)
        return v

    def helps(self, ab: Any) -> bool:
        return helps(ab)

    def shape(self, obj: Any, other: Any, read: Any) -> Any:
        """``read(obj, other)`` of two compiled parts (a target binding and its effect): a reading of
        the card's structure alone, kept for the game like the rest (``valuing`` target plans)."""
        hit = self._shapes.get(id(obj))
        if hit is not None and hit[0] is obj and hit[1] is other:
            return hit[2]
        v = read(obj, other)
        self._shapes[id(obj)] = (obj, other, v)
        return v

    def threat(self, ab: Any) -> int:
        return threat(ab)

    def card_worth(self, phys: CardRef) -> int:
        """How much a loot card in hand is worth keeping (higher = better)."""
        return _WORTH.get(self.role(phys.rules.play), 1)


def word_vote(rules: Any) -> dict | None:
    """The vote between words (FS-5.17: ``vote: [word, ...]`` with an effect per word) among a card's
    triggered and activated abilities, or None."""
    if rules is None:
        return None
    abilities = [ab for abs_ in rules.triggers.values() for ab in abs_] + [ab for _k, _i, ab in rules.acts]
    for ab in abilities:
        node = _vote_node(ab.do)
        if node is not None:
            return node
    return None


def _vote_node(eff: Any) -> dict | None:
    if isinstance(eff, dict):
        if isinstance(eff.get("vote"), list):
            return eff
        for v in eff.values():
            got = _vote_node(v)
            if got is not None:
                return got
    elif isinstance(eff, list | tuple):
        for e in eff:
            got = _vote_node(e)
            if got is not None:
                return got
    return None


def word_worth(eff: Any, me: int, active: int, n: int) -> float:
    """What a word's effect is worth to the voter ``me`` (FS-5.17), read from its verbs' aims (loot-card
    points, ``vocabulary.Aim``): a verb aimed at me counts for me; aimed at another player, against them —
    their loss is my gain, shared among my ``n - 1`` rivals. The players it names are read from the seats
    (``active``, ``left_of(active)``: the next seat, ``right_of(active)``: the previous one, FS-0.4)."""
    total = 0.0
    if isinstance(eff, dict):
        for verb, params in eff.items():
            word = VERBS.get(verb) if isinstance(verb, str) else None
            aim = word.aim if word is not None else None
            if aim is not None and isinstance(params, dict):
                seat = _seat_named(params.get(aim.who, "you"), active, n)
                amount = params.get(aim.amount, 1)
                pts = aim.per * (amount if isinstance(amount, int) and not isinstance(amount, bool) else 1)
                if seat == me:
                    total += pts
                elif seat is not None:
                    total -= pts / max(1, n - 1)
            else:
                total += word_worth(params, me, active, n)
    elif isinstance(eff, list | tuple):
        for e in eff:
            total += word_worth(e, me, active, n)
    return total


def _seat_named(who: Any, active: int, n: int) -> int | None:
    if who == "active":
        return active
    if who == "left_of(active)":
        return (active + 1) % n
    if who == "right_of(active)":
        return (active - 1) % n
    return None


def pick_word(view: View, name: Any, options: tuple, me: int) -> Any:
    """My vote between words (FS-5.17): the word whose effect is worth most to me (``word_worth``), read
    from the public card named by the decision (a monster in a slot or an item in play, FS-3.3); the
    first word when no such card is in sight."""
    words = [o for o in options if isinstance(o, str) and o != "done"]
    node = None
    for info in (*view.monsters, *(i for s in range(view.n_players) for i in view.items_of(s))):
        if info.name == name:
            node = word_vote(info.rules)
            if node is not None:
                break
    if node is None or not words:
        return words[0] if words else options[0]
    table = node.get("do")
    if not isinstance(table, dict):
        return words[0]
    active, n = view.active, view.n_players
    return max(words, key=lambda w: word_worth(table.get(w), me, active, n))


# ---------------------------------------------------------------------- several targets, one at a time
# "Any number" / "up to N" targets are asked one pick at a time, with the picks gone from the options and
# "done" offered (FS-4.3); a divided damage then asks point by point by the picks' indexes (FS-6.20). A
# player remembers its picks as (card, options left, picks, points given each): ``record_pick``.


def harm_helps(view: View, me: int, o: Any) -> bool:
    """Is harm to this target good for player ``me``? A rival (never myself; no one in co-op, FS-17), a
    monster, an object a rival controls, a curse of mine (destroyed, FS-4.16)."""
    if type(o) is SeatRef:
        return o.seat != me and not view.coop
    if type(o) is ObjRef:
        info = view.info(o)
        if info.kind == "monster" or (info.hp is not None and info.controller < 0):
            return True
        if info.kind == "curse":
            return info.controller == me
        return info.controller >= 0 and info.controller != me and not view.coop
    return False


def slot_pick(view: View, options: tuple, fight: Callable[[Any], float]) -> Any:
    """Which monster slot a card covers, moves onto or clears (``choose_slot``, FS-3.8, FS-10.5): an empty
    one first, else the one whose top monster is the worst fight for the chooser (``fight``: a slot's top
    monster, an ``ObjInfo``, → what fighting it is worth to them), so the fights they want stay in sight;
    the lowest slot on a tie."""
    tops = view.slot_tops

    def score(i: Any) -> float:
        top = tops[i] if type(i) is int and 0 <= i < len(tops) else None
        return -99.0 if top is None else fight(top)

    return min(options, key=lambda i: (score(i), i))


def pick_serves(view: View, me: int, o: Any, helps: bool) -> bool:
    """Does adding this target to an "any number" / "up to N" choice help player ``me``? A harmful
    effect: only where harm helps (``harm_helps``); a helpful one: myself, my objects and, in co-op
    (FS-17), my allies and theirs. Other options (cards, the stack) are not judged here."""
    if type(o) is SeatRef:
        return (o.seat == me or view.coop) if helps else harm_helps(view, me, o)
    if type(o) is ObjRef:
        if not helps:
            return harm_helps(view, me, o)
        c = view.info(o).controller
        return c == me or (view.coop and c >= 0)
    return o != "done"


def record_pick(rec: tuple | None, context: Any, options: tuple, pick: Any) -> tuple:
    """The record of my picks after this one: it continues ``rec`` when asked of the same card with the
    options the last pick left ("done" offered), else it starts anew."""
    rest = tuple(o for o in options if o != "done")
    if rec is not None and "done" in options and rec[0] == context and rec[1] == rest:
        picks, split = rec[2], rec[3]
    else:
        picks, split = [], []
    if pick != "done":
        picks.append(pick)
        split.append(0)
        rest = tuple(o for o in rest if o != pick)
    return (context, rest, picks, split)


def divide_point(view: View, me: int, rec: tuple | None, context: Any, options: tuple) -> int | None:
    """Where player ``me`` puts the next point of a divided damage among the targets it picked (``rec``):
    on a target whose harm helps it that the points so far leave alive, the lowest HP left first (a kill
    is what damage buys: the death penalty, FS-13.9), the one with most souls first among equals; once
    each is dealt lethal damage, on the one with most souls; myself only when no one else was picked.
    None when the targets are not mine to know (another player picked them)."""
    if rec is None or rec[0] != context or len(rec[2]) != len(options):
        return None
    picks, split = rec[2], rec[3]

    def left(i: int) -> int:
        t = picks[i]
        if type(t) is SeatRef:
            return int(view.hp_of(t.seat)) - split[i]
        return (int(view.info(t).hp or 0) if type(t) is ObjRef else 0) - split[i]

    def souls(i: int) -> int:
        t = picks[i]
        return int(view.souls(t.seat)) if type(t) is SeatRef else 0

    idx = [i for i in options if isinstance(i, int)]
    bad = [i for i in idx if harm_helps(view, me, picks[i])]
    if bad:
        alive = [i for i in bad if left(i) > 0]
        i = min(alive, key=lambda j: (left(j), -souls(j), j)) if alive else max(bad, key=souls)
    else:  # no one I wish harm was picked: not myself if anyone else can take it, the sturdiest
        others = [j for j in idx if type(picks[j]) is not SeatRef or picks[j].seat != me]
        i = max(others or idx, key=left)
    split[i] += 1
    return i
