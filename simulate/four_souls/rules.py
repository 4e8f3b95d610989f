"""Compiling a card's behaviour (vocabulary §1.1 YAML form) into a :class:`CardRules` the engine runs,
and the implementability check that keeps a card out of decks when any verb, trigger, static,
replacement or hook it uses is not implemented (never silently ignored)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from . import effects, gains, hooks, numbers, selectors  # noqa: F401 — importing them binds the verbs', hooks' and selectors' handlers
from . import vocabulary as V
from .abilities import Ability, CardRules
from .exprs import compile_expr
from .state import EngineError

# What the engine carries out: the handlers bound into the registries (``vocabulary.VERBS``, ``TRIGGERS``,
# ``STATICS``, ``REPLACEMENTS``, ``COMBINATORS``, ``HOOKS``) by the modules that carry each word out; importing
# the package imports them all. A word without one makes its card "not implemented" at deck-building time.


def implemented_verbs() -> frozenset[str]:
    return frozenset(V.VERBS.handlers)


def implemented_hooks() -> frozenset[str]:
    return frozenset(V.HOOKS.handlers)


# FS-5.4: what the engine carries out for each replaced event (replacements.py, damage.py, state.py);
# any other outcome, modification or `then` is refused here, so a card using it is left out as "not
# implemented" instead of loading and silently doing nothing.
_MODIFY_BY_SUM = frozenset({"add", "multiply", "reduce_to"})
_REPLACE_CAN: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # event: (outcomes, modify keys)
    "damage_to": (frozenset({"modify", "prevent"}), _MODIFY_BY_SUM),
    "combat_damage_to": (frozenset({"modify", "prevent"}), _MODIFY_BY_SUM),
    "combat_damage_from": (frozenset({"modify", "prevent", "roll"}), _MODIFY_BY_SUM),
    "damage_from": (frozenset({"modify", "prevent", "roll"}), _MODIFY_BY_SUM),
    "would_loot": (frozenset({"modify", "prevent"}), _MODIFY_BY_SUM),
    "would_gain_treasure": (frozenset({"modify"}), _MODIFY_BY_SUM),
    "would_gain_cents": (frozenset({"modify", "prevent", "instead", "roll"}), _MODIFY_BY_SUM),
    "rewards": (frozenset({"modify"}), frozenset({"repeat", "multiply"})),
    "enters_play": (frozenset({"enters_deactivated"}), frozenset()),
    "destroyed": (frozenset({"instead"}), frozenset()),
    "death_penalty": (frozenset({"instead"}), frozenset()),
}
# the one replacing effect a few events carry out (the rest of an `instead` would be ignored)
_INSTEAD_ONLY = {"would_gain_cents": ("add_counters",), "destroyed": ("become_soul", "add_counters")}


def _check_replacement(evname: str, body: dict) -> None:
    outcomes, modify_keys = _REPLACE_CAN.get(evname, (frozenset(), frozenset()))
    out = next((k for k in V.REPLACE_OUTCOMES if k in body), None)
    if out not in outcomes:
        raise EngineError(f"replacement '{evname}' with '{out}' not implemented")
    extra = set(body.get("modify") or {}) - modify_keys if out == "modify" else set()
    if out == "roll":  # each row's modification must be one the event carries out
        extra = {k for row in body["roll"].values() for k in (row.get("modify") or {})} - modify_keys
    if extra:
        raise EngineError(f"replacement '{evname}': modify {sorted(extra)} not implemented")
    if "then" in body and out != "prevent":  # a `then` follows a prevention only (replacements._modify)
        raise EngineError(f"replacement '{evname}': 'then' after '{out}' not implemented")
    inst = body.get("instead")
    only = _INSTEAD_ONLY.get(evname)
    if (
        out == "instead"
        and only is not None
        and not (isinstance(inst, dict) and len(inst) == 1 and set(inst) <= set(only))
    ):
        raise EngineError(
            f"replacement '{evname}': only 'instead: {{{' or '.join(only)}: ...}}' is implemented"
        )


def compile_card(card: Any) -> CardRules:
    """Compile and check one card; raise EngineError naming the first unimplemented piece."""
    kws = frozenset(getattr(card, "keywords", ()) or ())
    r = CardRules(keywords=kws, hook=getattr(card, "hook", None) or None)
    r.text = tuple(getattr(card, "abilities", ()) or ())
    if r.hook and r.hook not in implemented_hooks():
        raise EngineError(f"hook '{r.hook}' not implemented")
    if (
        getattr(card, "deck", None) in ("room", "treasure", "eternal")
        and getattr(card, "hp", None) is not None
    ):
        if not any(
            isinstance(a, dict) and "attackable" in (a.get("static") or {}) for a in card.abilities or ()
        ):
            # FS-10.6: a stat block on an item or room means it can be attacked; say so with the static
            raise EngineError("a stat block on an item or room needs its `attackable` static (FS-10.6)")
        rewarded = (
            getattr(card, "rewards", None)
            or getattr(card, "soul", 0)
            or any(isinstance(a, dict) and "reward" in a for a in card.abilities or ())
        )  # a reward block: cents/loot/treasure, a soul or an effect (Gus)
        if getattr(card, "evasion", None) is None or not rewarded:
            raise EngineError("an attackable item or room needs HP, evasion, damage and a reward (FS-10.6)")
    verbs = implemented_verbs()
    for i, ab in enumerate(getattr(card, "abilities", ()) or ()):
        if not isinstance(ab, dict):
            raise EngineError(f"ability {i + 1} is not a mapping")
        kinds = [k for k in ab if k in V.ABILITY_KINDS]
        if len(kinds) != 1:
            raise EngineError(f"ability {i + 1}: expected exactly one kind key, got {sorted(ab)}")
        kind = kinds[0]
        body = ab[kind]
        if kind == "reward":  # FS-13.4 step 3: a reward block that is an effect, its receiver's ("you")
            a = Ability(kind, body.get("do"), index=i)
            _check_effect(a.do, verbs)
            r.rewards.append(a)
        elif kind in ("play", "tap", "paid"):
            body = body if isinstance(body, dict) else {"do": body}
            a = Ability(kind, body.get("do"), body.get("targets"), body.get("by"), body.get("cost"), index=i)
            if (
                body.get("if") is not None
            ):  # FS-6.1: offered only while it holds, and read again on resolution
                a.topts = {"if": body["if"]}
            _check_effect(a.do, verbs)
            _check_bindings(a.targets)
            if a.cost is not None:
                for c in a.cost if isinstance(a.cost, list) else [a.cost]:
                    _check_cost(c)
                    if kind == "play" and (next(iter(c)) if isinstance(c, dict) else c) != "discard_loot":
                        raise EngineError("a loot card's cost other than discard_loot not implemented")
            a.simple = _always_targets(a.targets) and _always_eff(a.do)
            a.on_roll = (
                isinstance(a.targets, dict)
                and len(a.targets) == 1
                and next(iter(a.targets.values())) == "roll"
                and _always_eff(a.do)
            )
            if kind == "play":
                r.play = a
            elif kind == "tap":
                r.tap.append(a)
            else:
                r.paid.append(a)
        elif kind == "on":
            spec = body if isinstance(body, dict) else {body: None}
            names = [k for k in spec if k in V.TRIGGERS]
            if len(names) != 1:
                raise EngineError(f"ability {i + 1}: unknown trigger in {sorted(spec)}")
            tname = names[0]
            if tname not in V.TRIGGERS.handlers:
                raise EngineError(f"trigger '{tname}' not implemented")
            topts = {k: v for k, v in spec.items() if k != tname}
            if "if" in topts:
                compile_expr(str(topts["if"]))
            a = Ability(
                "on",
                ab.get("do"),
                ab.get("targets"),
                ab.get("by"),
                trigger=tname,
                tparam=spec[tname],
                topts=topts,
                optional=bool(ab.get("optional")),
                index=i,
            )
            _check_effect(a.do, verbs)
            _check_bindings(a.targets)
            if tname == "enters_play":
                r.events.append(a)
            else:
                r.triggers.setdefault(tname, []).append(a)
        elif kind == "static":
            if not isinstance(body, dict):
                body = {str(body): True}
            for key, val in body.items():
                if key == "if":
                    compile_expr(str(val))
                    continue
                if key not in V.STATICS.handlers:
                    raise EngineError(f"static '{key}' not implemented")
                if key == "starts_with_counters":
                    n = int(val["n"] if isinstance(val, dict) else val)
                    if isinstance(val, dict) and val.get("kind") == "level":
                        r.starts_with_levels = n  # FS-5.15 (Ball of Tumors starts at level 6)
                    else:
                        r.starts_with_counters = n
                if key == "goes_first":
                    r.goes_first = True
                if key == "souls_to_win":
                    r.souls_to_win = int(val["n"] if isinstance(val, dict) else val)
                if key == "forbid":
                    r.forbid = True
                if key == "items_have":  # FS-5.2: what every item in play is while this is (Re-Isaac)
                    if getattr(card, "deck", None) != "room":
                        raise EngineError("static 'items_have' is read on a room only")
                    side = compile_card(_ItemSide(tuple(val.get("keywords", ())), tuple(val["abilities"])))
                    side.overlay = True
                    r.items_have = side
                if key == "goal":  # FS-16.2: a goal a room notes, heard like a trigger, counted at once
                    spec = val["on"]
                    tname = next(k for k in spec if k in V.TRIGGERS)
                    if tname not in V.TRIGGERS.handlers:
                        raise EngineError(f"trigger '{tname}' not implemented")
                    topts = {k: v for k, v in spec.items() if k != tname}
                    if "if" in topts:
                        compile_expr(str(topts["if"]))
                    goal = Ability("goal", None, cost=int(val["times"]), trigger=tname, tparam=spec[tname])
                    goal.topts, goal.index = topts, i
                    r.goals.setdefault(tname, []).append(goal)
            r.statics.append(body)
        elif kind == "replace":
            ev = body.get("event") if isinstance(body, dict) else None
            evname = next(iter(ev)) if isinstance(ev, dict) else ev
            if evname not in V.REPLACEMENTS.handlers:
                raise EngineError(f"replacement '{evname}' not implemented")
            _check_replacement(evname, body)
            if isinstance(body.get("instead"), (dict, str)) and evname != "destroyed":
                _check_effect(body["instead"], verbs)
            if "if" in body:
                compile_expr(str(body["if"]))
            r.replaces.append(body)
            if evname == "enters_play" and body.get("enters_deactivated"):
                r.enters_deactivated = True
        elif kind == "soul_when":
            compile_expr(str(body["if"] if isinstance(body, dict) else body))
            r.soul_when = body
    if "curse" in kws:  # FS-4.16: the keyword is two triggered abilities (FS-Q.11: they use the stack)
        r.events.insert(0, Ability("on", "become_curse", trigger="enters_play", tparam="self", index=-1))
        r.triggers.setdefault("dies", []).insert(
            0, Ability("on", "discard_curse", trigger="dies", tparam="you", index=-2)
        )
    r.has_act = bool(r.tap or r.paid)
    r.acts = tuple(("tap", i, a) for i, a in enumerate(r.tap)) + tuple(
        ("paid", i, a) for i, a in enumerate(r.paid)
    )
    as_item = getattr(card, "as_item", None)
    if as_item:  # the item it can become: compiled and checked with the card (``become_item``)
        kws_item, abilities = as_item
        r.as_item = compile_card(_ItemSide(tuple(kws_item), tuple(abilities)))
    back = getattr(card, "back", None)
    if back is not None:  # FS-6.10: the back side, compiled and checked with the card (``flip``)
        r.back = compile_card(back)
    return r


class _ItemSide:
    """The item side of a card (``as_item``), compiled like a treasure card without a stat block."""

    deck = "treasure"
    hp = None
    hook = None

    def __init__(self, keywords: tuple, abilities: tuple) -> None:
        self.keywords = keywords
        self.abilities = abilities


_ALWAYS = frozenset({"player", "other_player", "player_or_monster", "you", "active"})


def _always_targets(targets: Any) -> bool:
    """Targets that always have a legal choice (players always exist, FS-Q.36) need no check."""
    if not targets:
        return True
    return all(isinstance(sel, str) and sel in _ALWAYS for sel in targets.values())


def _always_eff(eff: Any) -> bool:
    if not isinstance(eff, dict):
        return True
    if "tgt" in eff:
        return _always_targets(eff["tgt"])
    if "modes" in eff:
        return any(_always_eff(o) for o in eff["modes"])
    for k in ("seq", "and"):
        if k in eff and eff[k]:
            return _always_eff(eff[k][0])
    return True


def _leading_choice(eff: Any) -> bool:
    """Does the effect start with a target or a 'choose one' (chosen on stacking, FS-4.2)?"""
    if not isinstance(eff, dict):
        return False
    if "tgt" in eff or "modes" in eff:
        return True
    for k in ("seq", "and"):
        if k in eff and eff[k]:
            return _leading_choice(eff[k][0])
    return False


def _check_bindings(bindings: Any) -> None:
    """Every selector head and filter used for targets and choices must be one the engine carries out: a
    word with a handler bound in its registry (``selectors.py`` binds them); a card using another is left
    out of the decks with the reason (``decks.build_supply``)."""
    if not isinstance(bindings, dict):
        return
    for sel in bindings.values():
        head: Any
        filters: Any
        if isinstance(sel, str):
            head, filters = sel, []
        elif isinstance(sel, dict):
            head = next((k for k in sel if k != "count"), None)
            filters = sel.get(head) or []
            filters = filters if isinstance(filters, list) else [filters]
        else:
            continue
        if head not in V.SELECTORS.handlers:
            if isinstance(sel, str) and sel[:1].isupper():
                continue  # a bound variable (``each: {X: Y}`` forms are checked where Y is bound)
            raise EngineError(f"selector '{head}' not implemented")
        for f in filters:
            if isinstance(f, dict):
                bad = set(f) - V.FILTER_KEYS.handlers.keys() - V.SELECTOR_OPTIONS
                if bad:
                    raise EngineError(f"selector filter key '{sorted(bad)[0]}' not implemented")
            elif f not in V.FILTERS.handlers and f not in selectors.ZONES:  # ``card_in: [zone]``
                raise EngineError(f"selector filter '{f}' not implemented")


def _check_cost(c: Any) -> None:
    name = next(iter(c)) if isinstance(c, dict) else c
    if name not in (
        "pay",
        "discard_loot",
        "remove_counters",
        "destroy",
        "give",
        "advance_timer",
        "deactivate",
        "add_counters",
    ):
        raise EngineError(f"cost '{name}' not implemented")
    if name == "add_counters" and c["add_counters"].get("who") != "you":  # a penalty on the payer only
        raise EngineError("cost 'add_counters' on anything but yourself (who: you) not implemented")
    if name == "deactivate" and c.get("deactivate") not in ("your_character", {"target": "your_character"}):
        raise EngineError("cost 'deactivate' of anything but your_character not implemented")


def _op_of(eff: dict) -> str | None:
    for k in eff:
        if k in V.VERBS or k in V.COMBINATORS:
            return k
    return None


def _compile_inline(p: dict) -> None:
    """``gain_abilities``: a source object or a list of abilities written in the effect (FS-5.2), compiled
    and checked like a card's own, kept for the verb (``gains.INLINE``)."""
    listed = p.get("abilities")
    if listed is None:
        if p.get("source") is None:
            raise EngineError("gain_abilities needs a source or a list of abilities")
        return
    if not isinstance(listed, list) or not listed:
        raise EngineError("gain_abilities: abilities must be a non-empty list")
    if id(listed) not in gains.INLINE:
        gains.INLINE[id(listed)] = (listed, compile_card(SimpleNamespace(abilities=listed)))


def _check_effect(eff: Any, verbs: frozenset[str]) -> None:
    """Walk an effect tree; every verb and combinator must be implemented."""
    if eff is None:
        return
    if isinstance(eff, list):
        for e in eff:
            _check_effect(e, verbs)
        return
    if isinstance(eff, str):
        if eff in V.COMBINATORS:
            if eff not in V.COMBINATORS.handlers:
                raise EngineError(f"combinator '{eff}' not implemented")
            return
        if eff not in verbs:
            raise EngineError(f"verb '{eff}' not implemented")
        return
    if not isinstance(eff, dict):
        raise EngineError(f"effect {eff!r} is not a verb or combinator")
    op = _op_of(eff)
    if op is None:
        raise EngineError(f"unknown effect {sorted(eff)}")
    if op in V.COMBINATORS:
        if op not in V.COMBINATORS.handlers:
            raise EngineError(f"combinator '{op}' not implemented")
        val = eff[op]
        if op in ("seq", "and", "modes") or op == "may":
            _check_effect(val, verbs)
        elif op == "roll":
            if isinstance(val, dict):
                for row in val.values():
                    _check_effect(row, verbs)
        elif op == "vote" and isinstance(val, list):  # a vote between words: an effect per word
            for row in eff["do"].values():
                _check_effect(row, verbs)
        elif op in ("each", "tgt", "choose", "vote"):
            _check_bindings(val)
            _check_effect(eff.get("do"), verbs)
        elif op == "times":
            compile_expr(str(val))
            _check_effect(eff.get("do"), verbs)
        elif op == "roll_off":
            _check_bindings(val)
            _check_effect(eff.get("highest"), verbs)
            _check_effect(eff.get("lowest"), verbs)
        elif op == "if":
            compile_expr(str(val))
            _check_effect(eff.get("then"), verbs)
            _check_effect(eff.get("else"), verbs)
        elif op == "let":
            if isinstance(val, dict):
                for v in val.values():
                    if isinstance(v, dict) and list(v) == ["random"]:  # {random: selector}
                        _check_bindings({"X": v["random"]})
                    elif isinstance(v, (dict, list)):
                        _check_effect(v, verbs)
        elif op == "next":
            trig = val if isinstance(val, dict) else {val: None}
            name = next(iter(trig))
            if name not in ("rolled", "would_roll", "would_loot", "turn_end", "would_die", "dies"):
                raise EngineError(f"delayed 'next' on '{name}' not implemented")
            _check_effect(eff.get("do"), verbs)
            rep = eff.get("replace")
            if isinstance(rep, dict):
                if name != "would_loot" or set(rep) != {"instead"}:  # read by resources.loot only (Compost)
                    raise EngineError(
                        f"delayed 'next' on '{name}' with 'replace' {sorted(rep)} not implemented"
                    )
                _check_effect(rep.get("instead"), verbs)
        elif op == "until":
            rep = eff.get("replace") or {}
            evname = rep.get("event") if isinstance(rep, dict) else None
            evname = next(iter(evname)) if isinstance(evname, dict) else evname
            if evname not in ("would_loot", "rewards"):  # read by resources.loot / replacements.reward_times
                raise EngineError(f"until-replacement on '{evname}' not implemented")
            _check_replacement(evname, rep)
        return
    if op not in verbs:
        raise EngineError(f"verb '{op}' not implemented")
    val = eff[op]
    if op == "gain_abilities" and isinstance(val, dict):
        _compile_inline(val)
    if isinstance(val, dict):
        for k, v in val.items():
            if isinstance(v, dict) and _op_of(v) is not None and k in ("on_prevent", "then_do"):
                _check_effect(v, verbs)


numbers.RECOMPILE.append(compile_card)  # Magic Marker: a card whose number changed is compiled again
