"""Card definitions and the effect vocabulary: parsing and validating Hidden Reason card files.

A card file is YAML: ``class: NAME`` and ``cards:`` (a list of card mappings). Behaviour is written in a
small vocabulary of verbs (decklists/hidden_reason/VOCABULARY.md); every problem is reported with
file:line, card and field (DESIGN: Cards are data).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardlab.simulate.core.card_problems import guarded
from cardlab.simulate.core.cardfiles import (
    YamlList,
    YamlMap,
    check_keys,
    field_value,
    name_value,
    unknown,
    yaml_files,
)
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.vocabulary import Vocabulary, Word

from .carddefs import Ability, CardDef, Construction, Effect

# HR-4: the card types.
TYPES = ("unit", "strategy", "tactic", "event", "object", "implant")
PERMANENT_TYPES = frozenset({"unit", "event", "object", "implant"})

# HR-10.1: what a "target" may be.
TARGET_KINDS = (
    "enemy_unit",
    "own_unit",
    "unit",
    "enemy_permanent",
    "own_permanent",
    "permanent",
    "opponent",
    "player",
    "spell",
    "ability",
    "construction",
)
UNIT_TARGETS = frozenset({"enemy_unit", "own_unit", "unit"})
PERMANENT_TARGETS = (
    frozenset({"enemy_permanent", "own_permanent", "permanent", "construction"}) | UNIT_TARGETS
)
PLAYER_TARGETS = frozenset({"opponent", "player"})

TOKEN_FIELDS = ("name", "attack", "durability", "count")


# The effect vocabulary (decklists/hidden_reason/VOCABULARY.md, checked against it by tests/test_vocabulary.py):
# each verb's value kind — "int" verbs take a whole number, "flag" verbs take true (or are written as a bare
# word), "buff" takes {attack, durability}, "hook" names a Python hook, "summon" describes a token: {name,
# attack, durability, count} (HR-14.2) — its summary, and its roles for strategies (``removal``: takes a
# unit or permanent out of the fight, or weakens it). effects.py binds the handlers.
def _v(name: str, value: str, summary: str, params: tuple[str, ...] = (), roles: str = "neutral") -> Word:
    return Word(name, summary, params, value=value, roles=frozenset(roles.split()))


VERBS = Vocabulary("hidden-reason", "verb", [
    _v("damage_boss", "int", "N damage to the boss from this card (HR-3.4)"),
    _v("damage", "int", "N damage to the target unit (HR-13.9)", roles="removal"),
    _v("damage_all", "int", "N damage to every unit your opponents control"),
    _v("destroy", "flag", "the target permanent to its owner's other world", roles="removal"),
    _v("exile", "flag", "the target permanent to the abyss", roles="removal"),
    _v("bounce", "flag", "the target permanent to its owner's hand", roles="removal"),
    _v("tap", "flag", "tap the target unit (HR-4.3)", roles="removal"),
    _v("untap", "flag", "untap the target"),
    _v("buff", "buff", "lasting counters on the target or this card", ("attack", "durability")),
    _v("pump", "int", "+N attack until end of turn, target or this card"),
    _v("draw", "int", "you draw N"),
    _v("gain", "int", "N temporary resources"),
    _v("crystal", "int", "N permanent crystals"),
    _v("discard", "int", "each opponent discards N of their choice"),
    _v("sacrifice", "int", "the target player sacrifices N units (HR-16.6)"),
    _v("energy", "int", "N energy tokens on the target or this card"),
    _v("counter", "flag", "cancel the target card or ability on the stack (HR-7.2)"),
    _v("silence", "flag", "the target unit loses its features (HR-15.7)", roles="removal"),
    _v("recall", "int", "up to N units from your other world to your hand"),
    _v("revive", "int", "a unit of cost at most N from your other world to the battlefield"),
    _v("summon", "summon", "vanilla unit tokens under your control (HR-14.2)", TOKEN_FIELDS),
    _v("copy", "flag", "a copy of the target strategy or tactic on the stack"),
    _v("hook", "hook", "a named Python hook (HOOKS)"),
])  # fmt: skip
# The Python hooks a card may name (``hook: NAME``); hooks.py binds the handlers.
HOOKS = Vocabulary.hooks(
    "hidden-reason",
    (
        ("rally_cry", "one blow to the boss per unit you control"),
        ("overclock", "double the energy on the target construction (HR-Q.24)"),
        ("mass_return", "every mitsim of cost ≤ 1 in your other world returns (HR-9.4)"),
        ("grave_tax", "each opponent mills the top card of their deck"),
    ),
)

# Verbs that act on the chosen target (and need one); which target kinds each accepts.
TARGET_VERBS: dict[str, frozenset[str]] = {
    "damage": UNIT_TARGETS,
    "destroy": PERMANENT_TARGETS,
    "exile": PERMANENT_TARGETS,
    "bounce": PERMANENT_TARGETS,
    "tap": UNIT_TARGETS,
    "untap": PERMANENT_TARGETS,
    "counter": frozenset({"spell", "ability"}),
    "copy": frozenset({"spell"}),
    "silence": UNIT_TARGETS,
    "sacrifice": PLAYER_TARGETS,
}
# Verbs that act on the target when there is one, else on the card itself (a permanent).
SELF_OR_TARGET = frozenset({"buff", "pump", "energy"})

# The card files' other word kinds, each a registry like the verbs (decklists/hidden_reason/VOCABULARY.md has
# one row per word, checked by tests/test_vocabulary.py): trigger events (``when: {EVENT: block}``), statics
# (``static:``) and an implant's grants (``grant:``), with the kind of their value.
TRIGGERS = Vocabulary("hidden-reason", "trigger", [
    Word("enter", "this permanent entered the battlefield"),
    Word("start_of_turn", "the start of its controller's turn"),
    Word("opponent_turn_start", "the start of an opponent's turn"),
    Word("end_of_turn", "the end of its controller's turn"),
    Word("dies", "this unit went to the other world"),
    Word("attacks", "this unit attacks"),
])  # fmt: skip
STATICS = Vocabulary("hidden-reason", "static", [
    Word("allies_attack", "+N attack to its controller's other units", value="int"),
    Word("tactic_discount", "its controller's tactics cost N less", value="int"),
    Word("retribution_ward", "no retribution against its controller's units", value="flag"),
])  # fmt: skip
GRANTS = Vocabulary("hidden-reason", "grant", [
    Word("attack", "+N attack to the unit it is implanted on", value="int"),
    Word("durability", "+N durability to that unit", value="int"),
    Word("shroud", "that unit has Shroud", value="flag"),
])  # fmt: skip

CARD_FIELDS = (
    "name",
    "type",
    "cost",
    "attack",
    "durability",
    "unique",
    "mitsim",
    "hunger",
    "substitution",
    "synergy",
    "shroud",
    "static",
    "target",
    "targets",
    "effects",
    "grant",
    "when",
    "activated",
    "construction",
    "scrap",
    "host_leaves",
    "implemented",
    "reason",
    "text",
)
# HR-4.11: where an implant goes when its unit leaves the battlefield ("unless the implant says otherwise").
HOST_LEAVES = ("other_world", "hand")


def _parse_effects(raw: Any, path: str, card: str, line: int, target: str | None, where: str) -> tuple:
    if not isinstance(raw, list) or not raw:
        raise CardDataError(path, line, f"{where} must be a non-empty list of effects", card)
    lines = raw.item_lines if isinstance(raw, YamlList) else [line] * len(raw)
    out: list[Effect] = []
    for item, item_line in zip(raw, lines, strict=True):
        if isinstance(item, str):
            verb, arg = item, True
        elif isinstance(item, dict) and len(item) == 1:
            ((verb, arg),) = item.items()
        else:
            raise CardDataError(path, item_line, f"{where}: each effect is one 'verb: value' pair", card)
        if verb not in VERBS:
            raise CardDataError(path, item_line, unknown("effect", verb, VERBS), card)
        kind = VERBS[verb].value
        if kind == "int":
            if not isinstance(arg, int) or isinstance(arg, bool) or arg < 0:
                raise CardDataError(
                    path, item_line, f"effect '{verb}' needs a whole number ≥ 0, got {arg!r}", card
                )
        elif kind == "flag":
            if arg is not True:
                raise CardDataError(path, item_line, f"effect '{verb}' takes no value (write '{verb}')", card)
        elif kind == "buff":
            if not isinstance(arg, dict) or not arg or any(k not in ("attack", "durability") for k in arg):
                raise CardDataError(path, item_line, "effect 'buff' needs {attack: N, durability: N}", card)
            if any(not isinstance(v, int) or isinstance(v, bool) for v in arg.values()):
                raise CardDataError(path, item_line, "effect 'buff' values must be whole numbers", card)
            arg = (int(arg.get("attack", 0)), int(arg.get("durability", 0)))
        elif kind == "summon":
            arg = _token(arg, path, card, item_line)
        elif kind == "hook" and arg not in HOOKS:
            raise CardDataError(path, item_line, unknown("hook", arg, HOOKS), card)
        allowed = TARGET_VERBS.get(verb)
        if allowed is not None and target not in allowed:
            need = " or ".join(sorted(allowed))
            raise CardDataError(
                path, item_line, f"effect '{verb}' needs a target ({need}), got {target!r}", card
            )
        out.append((verb, arg))
    return tuple(out)


def _token(arg: Any, path: str, card: str, line: int) -> tuple[CardDef, int]:
    """HR-14.2: a summoned-creature token is described where it is made: a unit with no cost and no text."""
    if not isinstance(arg, dict):
        raise CardDataError(path, line, "effect 'summon' needs {name, attack, durability, count}", card)
    check_keys(arg, TOKEN_FIELDS, path, card)
    name = name_value(arg, "name", path, card)
    attack = field_value(arg, "attack", int, path, card, minimum=0)
    durability = field_value(arg, "durability", int, path, card, minimum=1)
    count = field_value(arg, "count", int, path, card, required=False, default=1, minimum=1, maximum=5)
    d = CardDef(name=name, type="unit", cls="token", cost=0, attack=attack, durability=durability, file=path)
    object.__setattr__(d, "is_unit", True)
    object.__setattr__(d, "is_permanent", True)
    return d, count


def _parse_block(
    raw: Any, path: str, card: str, line: int, where: str, *, activated: bool = False
) -> Ability:
    """An ability block: a list of effects, or {target, do, cost, tap}."""
    if isinstance(raw, list):
        return Ability(_parse_effects(raw, path, card, line, None, where))
    if not isinstance(raw, dict):
        raise CardDataError(path, line, f"{where} must be a list of effects or a mapping with 'do'", card)
    allowed = ("do", "target", "targets", "cost", "tap") if activated else ("do", "target", "targets")
    check_keys(raw, allowed, path, card)
    target = _target(raw, path, card)
    cost = field_value(raw, "cost", int, path, card, required=False, default=0, minimum=0, maximum=9)
    tap = field_value(raw, "tap", bool, path, card, required=False, default=False)
    do_line = raw.line_of("do") if isinstance(raw, YamlMap) else line
    effects = _parse_effects(field_value(raw, "do", list, path, card), path, card, do_line, target, where)
    if activated and cost == 0 and not tap:
        raise CardDataError(
            path, line, f"{where}: an ability with cost 0 must tap (or it could repeat forever)", card
        )
    return Ability(effects, target, cost, tap, _count(raw, target, path, card))


def _count(data: YamlMap, target: str | None, path: str, card: str) -> int:
    """``targets: N`` — how many different targets of the kind (HR-10.1); needs ``target``."""
    count = field_value(data, "targets", int, path, card, required=False, default=1, minimum=1, maximum=5)
    if count > 1 and target is None:
        raise CardDataError(path, data.line_of("targets"), "field 'targets' needs a 'target' kind", card)
    if count > 1 and target in ("spell", "ability", "construction"):
        raise CardDataError(path, data.line_of("targets"), f"'{target}' takes a single target", card)
    return count


def _target(data: YamlMap, path: str, card: str) -> str | None:
    target = field_value(data, "target", str, path, card, required=False)
    if target is not None and target not in TARGET_KINDS:
        raise CardDataError(path, data.line_of("target"), unknown("target", target, TARGET_KINDS), card)
    return target


def _flag(data: YamlMap, key: str, path: str, card: str) -> bool:
    return bool(field_value(data, key, bool, path, card, required=False, default=False))


def parse_card(data: Any, cls: str, path: str, line: int) -> CardDef:
    """Validate one card mapping and build its :class:`CardDef`."""
    if not isinstance(data, YamlMap):
        raise CardDataError(path, line, "each card must be a mapping with 'name' and 'type'")
    name = name_value(data, "name", path)
    for key in ("on", True):  # other games say `on:`; a YAML 1.1 loader reads it as true
        if key in data:
            raise CardDataError(
                path, data.line_of(key), "unknown field 'on' — write 'when:' for triggers", name
            )
    check_keys(data, CARD_FIELDS, path, name)
    ctype = field_value(data, "type", str, path, name)
    if ctype not in TYPES:
        raise CardDataError(path, data.line_of("type"), unknown("type", ctype, TYPES), name)
    cost = field_value(data, "cost", int, path, name, minimum=0, maximum=9)
    is_unit = ctype == "unit"
    attack = durability = 0
    if is_unit:
        attack = field_value(data, "attack", int, path, name, minimum=0)
        durability = field_value(data, "durability", int, path, name, minimum=1)
    else:
        for key in ("attack", "durability", "mitsim", "substitution"):
            if key in data:
                raise CardDataError(path, data.line_of(key), f"field '{key}' is only for units", name)
    implemented = field_value(data, "implemented", bool, path, name, required=False, default=True)
    reason = field_value(data, "reason", str, path, name, required=False, default="")
    if not implemented and not reason:
        raise CardDataError(path, data.line, "a card with 'implemented: false' needs a 'reason'", name)
    kw: dict[str, Any] = {}
    if "static" in data:
        static = field_value(data, "static", dict, path, name)
        check_keys(static, STATICS, path, name)
        kw["allies_attack"] = field_value(static, "allies_attack", int, path, name, required=False, default=0)
        kw["tactic_discount"] = field_value(
            static, "tactic_discount", int, path, name, required=False, default=0, minimum=0
        )
        kw["retribution_ward"] = _flag(static, "retribution_ward", path, name)
    target = _target(data, path, name)
    play = None
    if ctype in ("strategy", "tactic"):
        effects_line = data.line_of("effects")
        effects = _parse_effects(
            field_value(data, "effects", list, path, name), path, name, effects_line, target, "effects"
        )
        play = Ability(effects, target, count=_count(data, target, path, name))
    else:
        if "effects" in data:
            raise CardDataError(
                path,
                data.line_of("effects"),
                "field 'effects' is only for strategies and tactics (use 'when')",
                name,
            )
        if "targets" in data:
            raise CardDataError(path, data.line_of("targets"), f"field 'targets' is not for a {ctype}", name)
        if ctype == "implant":
            target = target or "own_unit"
            if target not in UNIT_TARGETS:
                raise CardDataError(
                    path, data.line_of("target"), "an implant's target must be a unit kind", name
                )
            play = Ability((), target)
        elif target is not None:
            raise CardDataError(
                path, data.line_of("target"), f"field 'target' is not for a {ctype} (use a block)", name
            )
    if "grant" in data:
        if ctype != "implant":
            raise CardDataError(path, data.line_of("grant"), "field 'grant' is only for implants", name)
        grant = field_value(data, "grant", dict, path, name)
        check_keys(grant, GRANTS, path, name)
        kw["grant_attack"] = field_value(grant, "attack", int, path, name, required=False, default=0)
        kw["grant_durability"] = field_value(
            grant, "durability", int, path, name, required=False, default=0, minimum=0
        )
        kw["grant_shroud"] = _flag(grant, "shroud", path, name)
    permanent_only = (
        "when",
        "activated",
        "construction",
        "scrap",
        "static",
        "synergy",
        "shroud",
        "unique",
        "hunger",
    )
    if ctype in ("strategy", "tactic"):
        for key in permanent_only:
            if key in data:
                raise CardDataError(path, data.line_of(key), f"field '{key}' is only for permanents", name)
    triggers: list[tuple[str, Ability]] = []
    if "when" in data:
        on = field_value(data, "when", dict, path, name)
        check_keys(on, TRIGGERS, path, name)
        for event, block in on.items():
            triggers.append((event, _parse_block(block, path, name, on.line_of(event), f"when.{event}")))
    activated: list[Ability] = []
    if "activated" in data:
        raw = field_value(data, "activated", list, path, name)
        for i, block in enumerate(raw):
            line_i = raw.item_lines[i] if isinstance(raw, YamlList) else data.line_of("activated")
            activated.append(_parse_block(block, path, name, line_i, "activated", activated=True))
    construction = None
    if "construction" in data:
        raw = field_value(data, "construction", dict, path, name)
        check_keys(raw, ("x", "do", "target", "targets", "overload"), path, name)
        x = field_value(raw, "x", int, path, name, minimum=1, maximum=9)
        ctarget = _target(raw, path, name)
        ceffects = field_value(raw, "do", list, path, name)
        ceffects = _parse_effects(ceffects, path, name, raw.line_of("do"), ctarget, "construction")
        ability = Ability(ceffects, ctarget, count=_count(raw, ctarget, path, name))
        overload: tuple = ()
        if "overload" in raw:
            overload = _parse_effects(raw["overload"], path, name, raw.line_of("overload"), None, "overload")
        construction = Construction(x, ability, overload)
    scrap = None
    if "scrap" in data:
        scrap = _parse_block(data["scrap"], path, name, data.line_of("scrap"), "scrap")
    if (
        ctype == "implant"
        and not kw.get("grant_attack")
        and not kw.get("grant_durability")
        and not kw.get("grant_shroud")
        and not triggers
    ):
        raise CardDataError(path, data.line, "an implant needs a 'grant' or a 'when' block", name)
    host_leaves = field_value(data, "host_leaves", str, path, name, required=False, default="other_world")
    if "host_leaves" in data:
        if ctype != "implant":
            raise CardDataError(
                path, data.line_of("host_leaves"), "field 'host_leaves' is only for implants", name
            )
        if host_leaves not in HOST_LEAVES:
            raise CardDataError(
                path, data.line_of("host_leaves"), unknown("host_leaves", host_leaves, HOST_LEAVES), name
            )
    synergy = field_value(data, "synergy", int, path, name, required=False, default=0, minimum=0, maximum=9)
    card = CardDef(
        name=name,
        type=ctype,
        cls=cls,
        cost=cost,
        attack=attack,
        durability=durability,
        unique=_flag(data, "unique", path, name),
        mitsim=_flag(data, "mitsim", path, name),
        hunger=_flag(data, "hunger", path, name),
        substitution=_flag(data, "substitution", path, name),
        synergy=synergy,
        shroud=_flag(data, "shroud", path, name),
        play=play,
        host_leaves=host_leaves,
        triggers=tuple(triggers),
        activated=tuple(activated),
        construction=construction,
        scrap=scrap,
        implemented=implemented,
        reason=reason,
        text=field_value(data, "text", str, path, name, required=False, default=""),
        file=path,
        line=data.line,
        **kw,
    )
    if card.substitution and not card.mitsim:
        raise CardDataError(
            path, data.line_of("substitution"), "substitution is only for mitsim units (HR-15.4)", name
        )
    card.trigger_map.update(triggers)
    if card.activated or card.synergy or card.scrap or card.construction or card.substitution:
        object.__setattr__(card, "has_ability", True)
    object.__setattr__(card, "is_unit", ctype == "unit")
    object.__setattr__(card, "is_permanent", ctype in PERMANENT_TYPES)
    return card


def parse_card_file(data: Any, path: str) -> list[CardDef]:
    """A class file: ``class: NAME`` and ``cards: [...]``."""
    check_keys(data, ("class", "cards", "about"), path)
    cls = name_value(data, "class", path)
    raw = field_value(data, "cards", list, path)
    cards = []
    for i, item in enumerate(raw):
        line = raw.item_lines[i] if isinstance(raw, YamlList) else data.line_of("cards")
        card = guarded(parse_card, item, cls, path, line)
        if card is not None:  # a bad card is recorded by `cards check`, which goes on
            cards.append(card)
    return cards


def card_paths(path: Path) -> list[Path]:
    """Every YAML file under ``path`` (or ``path`` itself), sorted for a stable order."""
    if path.is_file():
        return [path]
    return yaml_files(path, recursive=True, files_only=True)
