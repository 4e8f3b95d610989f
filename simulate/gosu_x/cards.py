"""Gosu X card files: load and validate decklists/gosu_x/*.yaml into immutable card definitions.

Cards are data (DESIGN: Cards are data): facts plus behaviour in the Gosu X effect vocabulary
(decklists/gosu_x/VOCABULARY.md). Validation fails with file:line, card and field.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cardlab.simulate.core import branching
from cardlab.simulate.core import overrides as core_overrides
from cardlab.simulate.core.card_problems import guarded, settle
from cardlab.simulate.core.cardfiles import (
    CARD_NUMBER_MAX,
    YamlList,
    YamlMap,
    check_keys,
    did_you_mean,
    field_value,
    files_stamp,
    load_yaml,
    name_value,
    shape_problem,
    unknown,
    yaml_files,
)
from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.core.overrides import Settable
from cardlab.simulate.core.vocabulary import Vocabulary, Word
from cardlab.simulate.core.wording import counted

from .carddefs import CardDef

DEFAULT_CARDS = Path(__file__).resolve().parents[2] / "decklists" / "gosu_x"
MAX_COMBAT = 50  # the largest combat value a card or --combat-values may give (GX-9.2)

KEYWORDS = ("bounty", "veteran", "ward", "echo", "recruiter", "miracle", "castling", "feat")
CARD_FIELDS = (
    "name", "id", "level", "copies", "replace_cost", "slots", "keywords", "combat", "summary", "on_play",
    "passive", "triggers", "feat", "tile", "implemented", "reason",
)  # fmt: skip

# Steps and the parameter keys each accepts (None = a scalar parameter).
SELECTOR = (
    "army",
    "level",
    "level_if_superiority",
    "has",
    "rel",
    "state",
    "all",
    "target",
    "optional",
    "clan",
)


# The steps (decklists/gosu_x/VOCABULARY.md, checked against this registry by tests/test_vocabulary.py):
# mapping keys, what a bare value means (``number``: ``{draw: 2}``; ``hook``: a hook's name), the summary, and
# the roles strategies read (``hit``: takes an opponent's card out of play, GX-12.11–12.13). effects.py binds
# the handlers.
def _s(name: str, params: tuple[str, ...], summary: str, value: str = "", roles: str = "neutral") -> Word:
    return Word(name, summary, params, value=value, roles=frozenset(roles.split()))


STEPS = Vocabulary("gosu-x", "step", [
    _s("draw", ("count", "clan", "who", "n"), "draw n, or one per distinct clan (count)", value="number"),
    _s("discard", ("who", "n"), "that player discards n of their choice"),
    _s("hand_to", ("who", "size", "mode"), "draw up to / discard down to a hand size"),
    _s("capture", SELECTOR, "capture one target (GX-12.11)", roles="hit"),
    _s("release", SELECTOR, "release one captured card (GX-12.12)"),
    _s("destroy", SELECTOR, "destroy one target (GX-12.13)", roles="hit"),
    _s("choose_op", SELECTOR + ("ops",), "pick the operation and a target legal for it"),
    _s("sacrifice", ("who", "n"), "that player sacrifices vulnerable cards (GX-12.14)"),
    _s("sacrifice_until_equal", (), "the bigger army sacrifices until the armies are equal (GX-15.6)"),
    _s("swap", ("army",), "may swap two cards of one row (GX-12.29)"),
    _s("to_deck_top", SELECTOR, "a vulnerable card goes on top of its owner's deck", roles="hit"),
    _s("reveal", ("n", "take"), "reveal n, keep some, discard the rest (GX-12.6)"),
    _s("mill", ("who", "n"), "top n cards of a deck to its discard"),
    _s("search_deck", ("name", "to"), "find a named card in the deck"),
    _s("from_discard", ("n", "to", "level", "level_if_superiority", "keyword", "keyword_any", "name", "choose",
                        "per_level", "include_removed"), "take cards from your discard"),
    _s("remove_from_discard", ("then",), "may remove a card of your discard from the game, then run steps"),
    _s("return_tokens", ("who", "n"), "spent tokens back to hand (GX-7.4)"),
    _s("unlock_token", (), "a locked token to hand; with none left, win (GX-7.7)", value="number"),
    _s("extra_turn", ("from_discard",), "one extra turn after this one (GX-12.7)"),
    _s("pass_now", (), "may pass at once with no tokens in hand (GX-8.6)"),
    _s("copy_effect", ("source", "level", "remove_source", "capture_source", "release_source"),
       "resolve another card's entry effect"),
    _s("bounty_token", (), "place or move the bounty token (GX-12.9)"),
    _s("if", ("named_in_army", "x_eq", "then"), "run steps if a condition holds"),
    _s("hook", (), "a named Python hook (HOOKS)", value="hook"),
])  # fmt: skip


# The card files' other word kinds, each a registry like the steps (its value kind, summary and rule IDs;
# decklists/gosu_x/VOCABULARY.md has one row per word, checked by tests/test_vocabulary.py).
def _w(name: str, value: str, summary: str, rules: str = "") -> Word:
    return Word(name, summary, value=value, rules=rules)


# Passives (``passive:`` while face up; ``tile:`` the same keys on a clan tile, GX-13): ``number`` values
# (0-20; card and tile values add up, the limits take the lowest, GX-15.5), ``flag`` or ``words``.
PASSIVES = Vocabulary("gosu-x", "passive", [
    _w("hand_limit", "number", "the hand limit at the end of a turn (the lowest in force; for both players)", "GX-4.5 GX-13.1"),
    _w("battle_bonus_per_hand", "number", "+N battle value per card in its owner's hand", "GX-13.2 GX-15.5"),
    _w("double_if_opponent_bounty", "flag", "this card's battle value doubles while the opponent's army has a face-up bounty card", "GX-9"),
    _w("echo_adjacent", "flag", "the face-up cards adjacent to it have Echo"),
    _w("echo_level3", "flag", "its owner's level-3 cards have Echo"),
    _w("castling_with_cost", "flag", "its owner's cards with a replacement cost have Castling"),
    _w("ward_highest", "flag", "its owner's highest-level vulnerable card has Ward", "GX-13.4"),
    _w("multi_clan", "flag", "this card has every clan its owner plays", "GX-12.28"),
    _w("multi_clan_level3", "flag", "its owner's level-3 cards have every clan their owner plays", "GX-13.5"),
    _w("also_named", "words", "this card also has these names"),
    _w("any_row", "flag", "this card is every level: any row, valued by its row", "GX-12.28"),
    _w("opp_turns_after_pass", "number", "the opponent's turns after its owner passes (the lowest in force)", "GX-8.6"),
    _w("battle_margin", "number", "a battle won by less than 10 makes the winner sacrifice N more", "GX-10.6 GX-13.3"),
    _w("mirror", "flag", "copies the card it mirrors: entry effect, keywords, permanent effects, triggers"),
    _w("hemro", "flag", "capturing or destroying an opponent's bounty card draws one card more", "GX-12.9"),
])  # fmt: skip
NUMERIC = tuple(name for name, word in PASSIVES.items() if word.value == "number")  # values, not flags
GLOBAL = frozenset({"hand_limit"})  # in force for both players whoever holds it (GX-13.1, GX-13.7)
# Trigger events (``triggers: [{event, if, do}]``, while face up, GX-15.3).
EVENTS = Vocabulary("gosu-x", "event", [
    _w("end_of_turn", "", "the end of its owner's turn", "GX-4"),
    _w("pass", "", "its owner passed", "GX-8"),
    _w("battle_won", "", "its owner won the battle", "GX-9"),
    _w("battle_lost", "", "its owner lost the battle", "GX-9"),
    _w("captured", "", "this card is captured (it fires as it turns face down)"),
    _w("draw3", "", "its owner took the draw-3 action", "GX-7.2"),
    _w("reshuffle", "", "its owner's discard was shuffled into a new deck"),
    _w("removed_from_discard", "", "this card was removed from its owner's discard (it works from there)", "GX-12.19"),
])  # fmt: skip
# Trigger conditions (``if:``), with the kind of their value (``named``: a mapping {name, n}).
CONDITIONS = Vocabulary("gosu-x", "condition", [
    _w("hand_size_eq", "number", "its owner holds exactly N cards"),
    _w("opp_captured_gte", "number", "the opponent's army has at least N captured cards"),
    _w("named_face_up_gte", "named", "its owner's army has at least n face-up cards of that name"),
    _w("removed_named", "word", "a card of that name is in its owner's removed zone"),
    _w("first_to_pass", "flag", "its owner passed first this round", "GX-8"),
    _w("opponent_not_won", "flag", "the opponent has not won (always true when a trigger runs)"),
])  # fmt: skip
# Feats (``feat:`` — discard it from hand on any turn, GX-12.16).
FEATS = Vocabulary("gosu-x", "feat", [
    _w("cancel_activation", "", "cancel the opponent's activation", "GX-12.16"),
    _w("cancel_capture_destroy", "", "cancel a capture or destruction of one of your cards", "GX-12.16"),
])  # fmt: skip
# The Python hooks a step may name (``{hook: NAME}``), each for one card the steps cannot express;
# hooks.py binds the handlers.
HOOKS = Vocabulary.hooks(
    "gosu-x",
    (
        ("arrows", "Arrows of Justice: see a hand, name a card, banned for a turn"),
        ("themis_flip", "Themis: flip one of your own tiles (GX-12.22)"),
        ("cylak", "Cylak: each player may capture a level III card of the other"),
        ("neye_back", "Byeon Hyeon Ja (Tomorrow): a removed Ne'ye back into the deck"),
        ("nitish", "Nitish: may discard a printed-bounty card to cap a level"),
        ("sqeezs", "Sqeezs: reveal 3; to hand, deck top and bottom"),
        ("genious", "Genious: each player shuffles a named clan's discards into their deck"),
        ("bomber", "Bombardment Units: each player sacrifices, twice with a superiority token"),
        ("orgah", "Orgah: each player removes a named clan's discards from the game"),
        ("xian_bhj", "Byeon Hyeon Ja (Xian): may discard 5 cards of one clan to unlock"),
    ),
)
VALUES = {
    "who": ("self", "opponent", "each", "more_hand", "more_army", "chosen", "remover"),
    "army": ("own", "opponent", "any"),
    "rel": ("row_or_column", "adjacent"),
    "state": ("captured", "face_up"),
    "take": ("one", "level", "clan"),
    "to": ("hand", "deck_top"),
    "source": ("army", "discard", "captured", "adjacent", "row_or_column"),
    "count": ("discard_clans", "column_clans", "row_clans", "column_clan"),
    "mode": ("draw", "discard", "both"),
    "choose": ("clan_level", "name"),
}

# The type of each step parameter (a key not listed is one word, checked against VALUES where it has a list;
# 'then' holds steps). A wrong type is a card-data error, not a TypeError inside a game.
PARAM_KINDS = {
    "level": "levels", "level_if_superiority": "levels", "ops": "words", "keyword_any": "words",
    "all": "flag", "optional": "flag", "capture_source": "flag", "release_source": "flag",
    "remove_source": "flag", "from_discard": "flag", "include_removed": "flag",
    "n": "number", "size": "number", "per_level": "number", "x_eq": "number",
}  # fmt: skip
# The words a number parameter may be instead of a number (X = the tokens spent, GX-12.4); by verb where
# the verbs differ.
NUMBER_WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("discard", "n"): ("X", "half_up"), ("from_discard", "n"): ("X", "all"), ("reveal", "n"): (),
    ("return_tokens", "n"): (), ("draw", "n"): ("X",), ("mill", "n"): ("X",), ("sacrifice", "n"): ("X",),
    ("hand_to", "size"): ("opponent_hand", "own_hand"),
}  # fmt: skip
# Trigger conditions: the type of each value, as registered.
CONDITION_KINDS = {name: word.value for name, word in CONDITIONS.items()}


def _is_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= CARD_NUMBER_MAX


def kind_problem(kind: str, value: Any, words: tuple[str, ...] = ()) -> str | None:
    """What is wrong with ``value`` for a parameter of ``kind`` (None if nothing): the message's tail."""
    if kind == "levels":
        if isinstance(value, list) and value and all(_is_number(v) and 1 <= v <= 3 for v in value):
            return None
        return f"must be a list of levels 1-3, got {value!r}"
    if kind == "words":
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return None
        return f"must be a list of words, got {value!r}"
    if kind == "flag":
        return None if isinstance(value, bool) else f"must be true or false, got {value!r}"
    if kind == "number":
        if _is_number(value) or (isinstance(value, str) and value in words):
            return None
        alts = "".join(f" or {w!r}" for w in words)
        return f"must be a whole number 0-{CARD_NUMBER_MAX}{alts}, got {value!r}"
    if kind == "named":
        named = isinstance(value, dict) and set(value) == {"name", "n"}
        if named and isinstance(value["name"], str) and _is_number(value["n"]):
            return None
        return f"must be a mapping {{name: NAME, n: NUMBER}}, got {value!r}"
    return None if isinstance(value, str) else f"must be a word, got {value!r}"


def name_group(name: str) -> str:
    """Cards whose names differ only in the bracketed part share a name (GX-1.7, GX-12.10)."""
    return name.split(" (")[0].split(",")[0].strip()


def _check_steps(steps: Any, path: Path, card: str, line: int) -> tuple[Any, ...]:
    if not isinstance(steps, list):
        raise CardDataError(str(path), line, "steps must be a list", card)
    out = []
    for i, step in enumerate(steps):
        sline = steps.item_lines[i] if isinstance(steps, YamlList) else line
        if not isinstance(step, dict) or len(step) != 1:
            raise CardDataError(str(path), sline, "each step is a mapping with exactly one verb", card)
        verb, params = next(iter(step.items()))
        if verb not in STEPS:
            raise CardDataError(str(path), sline, unknown("effect", verb, STEPS), card)
        word = STEPS[verb]
        allowed = None if word.value and not word.params else word.params  # None: a bare value only
        if allowed is None and verb == "hook":
            if not isinstance(params, str) or params not in HOOKS:
                raise CardDataError(str(path), sline, unknown("hook", params, HOOKS), card)
        elif allowed is not None and isinstance(params, dict):
            for key, value in params.items():
                if key not in allowed:
                    raise CardDataError(
                        str(path), sline, unknown(f"parameter of '{verb}'", key, allowed), card
                    )
                if key == "then":
                    continue
                words = NUMBER_WORDS.get((verb, key), ("X",))
                problem = kind_problem(PARAM_KINDS.get(key, "word"), value, words)
                if problem:
                    raise CardDataError(str(path), sline, f"'{verb}' parameter '{key}' {problem}", card)
                if key in VALUES and value not in VALUES[key]:
                    raise CardDataError(
                        str(path), sline, unknown(f"value for '{key}'", value, VALUES[key]), card
                    )
                if key == "ops" and any(op not in ("capture", "destroy", "release") for op in value):
                    raise CardDataError(
                        str(path), sline, f"ops must be capture/destroy/release, got {value!r}", card
                    )
            if verb == "if" and (len(set(params) & {"named_in_army", "x_eq"}) != 1 or "then" not in params):
                raise CardDataError(
                    str(path), sline, "'if' needs one condition (named_in_army or x_eq) and 'then'", card
                )
            for key in ("then",):
                if key in params:
                    params = dict(params)
                    params[key] = _check_steps(params[key], path, card, sline)
        elif _is_number(params) and verb in ("draw", "unlock_token") or (verb, params) == ("draw", "X"):
            pass
        else:
            raise CardDataError(str(path), sline, f"'{verb}' needs a mapping of parameters", card)
        out.append((verb, params))
    return tuple(out)


def _check_triggers(trigs: Any, path: Path, card: str, line: int) -> tuple[Any, ...]:
    if not isinstance(trigs, list):
        raise CardDataError(str(path), line, "field 'triggers' must be a list of triggers", card)
    out = []
    for i, trig in enumerate(trigs):
        tline = getattr(trig, "line", trigs.item_lines[i] if isinstance(trigs, YamlList) else line)
        if not isinstance(trig, dict):
            raise CardDataError(
                str(path), tline, f"each trigger must be a mapping {{event, if, do}}, got {trig!r}", card
            )
        check_keys(trig, ("event", "if", "do"), path, card)
        event = trig.get("event")
        if not isinstance(event, str) or event not in EVENTS:
            raise CardDataError(str(path), tline, unknown("event", event, EVENTS), card)
        cond = trig.get("if") or {}
        if not isinstance(cond, dict):
            raise CardDataError(str(path), tline, f"trigger 'if' must be a mapping, got {cond!r}", card)
        for key, value in cond.items():
            if key not in CONDITIONS:
                raise CardDataError(str(path), tline, unknown("condition", key, CONDITIONS), card)
            problem = kind_problem(CONDITION_KINDS[key], value)
            if problem:
                raise CardDataError(str(path), tline, f"condition '{key}' {problem}", card)
        out.append((event, dict(cond), _check_steps(trig.get("do", []), path, card, tline)))
    return tuple(out)


def _check_passive(data: Any, path: Path, card: str, line: int, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CardDataError(str(path), line, f"field '{what}' must be a mapping", card)
    for key, value in data.items():
        kline = getattr(data, "line_of", lambda k: line)(key)
        if key not in PASSIVES:
            raise CardDataError(str(path), kline, unknown(what, key, PASSIVES), card)
        if key in NUMERIC and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20):
            raise CardDataError(str(path), kline, f"'{key}' must be a whole number 0-20, got {value!r}", card)
        problem = None if key in NUMERIC else kind_problem(PASSIVES[key].value, value)
        if problem:
            raise CardDataError(str(path), kline, f"{what} '{key}' {problem}", card)
    return dict(data)


def load_file(path: Path) -> list[CardDef]:
    """Load one clan file; raise CardDataError naming file:line, card and field on any problem."""
    data = load_yaml(path)
    if not isinstance(data, YamlMap):
        raise CardDataError(str(path), None, shape_problem(data, "'clan' and 'cards'"))
    check_keys(data, ("clan", "cards"), path)
    clan = field_value(data, "clan", str, path)  # clans are whatever the files name (cards are data)
    if not clan.strip():
        raise CardDataError(str(path), data.line_of("clan"), "field 'clan' must name a clan")
    known = bundled_clans()
    hint = did_you_mean(clan, known) if clan not in known else ""
    if hint:  # a new clan is welcome, a misspelt one is not
        raise CardDataError(str(path), data.line_of("clan"), f"unknown clan {clan!r}{hint}")
    cards = field_value(data, "cards", list, path)
    defs = (guarded(_card_def, entry, cards, path, clan) for entry in cards)
    return [d for d in defs if d is not None]  # a bad card is recorded by `cards check`, which goes on


def _card_def(entry: Any, cards: Any, path: Path, clan: str) -> CardDef:
    if not isinstance(entry, YamlMap):
        raise CardDataError(str(path), getattr(cards, "line", None), "each card must be a mapping")
    name = name_value(entry, "name", path)
    check_keys(entry, CARD_FIELDS, path, name)
    level = field_value(entry, "level", int, path, name, minimum=1, maximum=3)
    copies = field_value(entry, "copies", int, path, name, minimum=1, maximum=4)
    cost = field_value(entry, "replace_cost", int, path, name, required=False, minimum=0, maximum=9)
    if "replace_cost" not in entry:
        raise CardDataError(
            str(path), entry.line, "missing field 'replace_cost' (null = cannot be replaced)", name
        )
    slots = field_value(entry, "slots", int, path, name, minimum=0, maximum=4)
    kws = field_value(entry, "keywords", list, path, name, required=False, default=[])
    for kw in kws:
        if kw not in KEYWORDS:
            raise CardDataError(str(path), entry.line_of("keywords"), unknown("keyword", kw, KEYWORDS), name)
    combat = field_value(entry, "combat", int, path, name, required=False, minimum=0, maximum=MAX_COMBAT)
    on_play = _check_steps(entry.get("on_play", []), path, name, entry.line_of("on_play"))
    passive = _check_passive(entry.get("passive", {}), path, name, entry.line_of("passive"), "passive")
    tile = entry.get("tile")
    if tile is not None:
        tile = _check_passive(tile, path, name, entry.line_of("tile"), "tile effect")
    on = _check_triggers(entry.get("triggers", []), path, name, entry.line_of("triggers"))
    feat = field_value(entry, "feat", str, path, name, required=False)
    if feat is not None and feat not in FEATS:
        raise CardDataError(str(path), entry.line_of("feat"), unknown("feat", feat, FEATS), name)
    implemented = field_value(entry, "implemented", bool, path, name, required=False, default=True)
    reason = field_value(entry, "reason", str, path, name, required=False, default="")
    if not implemented and not reason:
        raise CardDataError(
            str(path), entry.line_of("implemented"), "implemented: false needs a 'reason'", name
        )
    return CardDef(
        name, clan, level, copies, cost, slots, frozenset(kws), combat, on_play, passive, on, feat, tile,
        implemented, reason, field_value(entry, "id", int, path, name, required=False, default=0),
        field_value(entry, "summary", str, path, name, required=False, default=""), name_group(name),
    )  # fmt: skip


_CLANS: dict[tuple, tuple[str, ...]] = {}


def bundled_clans() -> tuple[str, ...]:
    """The clan names of the bundled files (read from their ``clan:`` field) — to catch a misspelt clan.
    Asked once per clan file loaded, so kept by the bundled files' stamps (read again when one changes)."""
    files = yaml_files(DEFAULT_CARDS)
    key = files_stamp(files)
    hit = _CLANS.get(key)
    if hit is None:
        out = []
        for f in files:
            data = load_yaml(f)
            if isinstance(data, dict) and isinstance(data.get("clan"), str):
                out.append(data["clan"])
        _CLANS.clear()
        hit = _CLANS[key] = tuple(out)
    return hit


def card_files(path: str | Path) -> list[Path]:
    """The files a run's cards come from: a folder's (a whole set, in place of the bundled one), or the
    bundled files then the one file laid over them (``--cards FILE``, simulate.core.overrides.overlay)."""
    path = Path(path)
    if path.is_dir():
        return yaml_files(path)
    return [*yaml_files(DEFAULT_CARDS), path]


_CACHE: dict[tuple, dict[str, list[CardDef]]] = {}


def load_cards(path: str | Path = DEFAULT_CARDS) -> dict[str, list[CardDef]]:
    """All clans under ``path``, in file order: clan → its card definitions. Cached by the files' stamps, so
    an edited file is read again (DESIGN: no cache outlives the card data it came from); within one game
    (and its search's replays) read once (``branching.memo``)."""
    return branching.memo(("gosu-x cards", str(path)), lambda: _load_cards(path))


def _load_cards(path: str | Path) -> dict[str, list[CardDef]]:
    files = card_files(path)
    if not files:
        raise CardDataError(str(path), None, "no .yaml card files found")
    key = files_stamp(files)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    layers = [files] if Path(path).is_dir() else [files[:-1], files[-1:]]  # a file overlays the bundled set
    cards: list[tuple[Path, CardDef]] = []
    read = 0  # the cards of the last layer: the --cards file, when one is laid over the bundled set
    for layer in layers:
        found = _read_layer(layer)
        cards, read = core_overrides.overlay(cards, found, _keys), len(found)
    clans: dict[str, list[CardDef]] = {}
    tiles: dict[str, dict[str, Any]] = {}
    for f, d in cards:
        clans.setdefault(d.clan, []).append(d)
        tile = tiles.setdefault(d.clan, {})
        for k, v in (d.tile or {}).items():
            if tile.get(k, v) != v:
                raise CardDataError(
                    str(f), None, f"tile effect '{k}' differs from another card of its clan", d.name
                )
            tile[k] = v
    settle()  # `cards check` reports every problem above together; nothing partial is cached
    if len(layers) > 1:  # after settle: a file whose cards all failed reports those problems
        core_overrides.check_laid_over("gosu-x", path, read)
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[key] = clans
    return clans


def _read_layer(files: list[Path]) -> list[tuple[Path, CardDef]]:
    """The cards of some files, each name once."""
    out: list[tuple[Path, CardDef]] = []
    seen: dict[str, Path] = {}
    for f in files:
        for d in guarded(load_file, f) or ():
            if d.name in seen:
                guarded(_duplicate, f, d, seen[d.name])
                continue
            seen[d.name] = f
            out.append((f, d))
    return out


def _keys(card: tuple[Path, CardDef]) -> tuple:
    return core_overrides.card_keys(card[1].name, card[1].fid)


def _duplicate(f: Path, d: CardDef, first: Path) -> None:
    raise CardDataError(str(f), None, f"duplicate card name (first in {first.name})", d.name)


def clan_tiles(defs: dict[str, list[CardDef]]) -> dict[str, dict[str, Any]]:
    """Each clan's Immortal tile (GX-13): the ``tile:`` effects written on its cards (the clan head's)."""
    return {clan: {k: v for d in cards for k, v in (d.tile or {}).items()} for clan, cards in defs.items()}


# ``--set`` fields (simulate.core.overrides): the printed numbers, and the numbers of passives and Immortal
# tiles a card already has (setting one changes a value; it never adds behaviour a card lacks).
SETTABLE: dict[str, Settable] = {
    "level": Settable(low=1, high=3),
    "copies": Settable(low=1, high=4),
    "replace_cost": Settable(
        low=0, high=9, applies=lambda d: d.replace_cost is not None, what="cards that can be replaced"
    ),
    "slots": Settable(low=0, high=4),
    "combat": Settable(low=0, high=50),
    **{
        f"{part}.{key}": Settable(
            low=0,
            high=20,
            applies=lambda d, part=part, key=key: key in (getattr(d, part) or {}),
            what=f"cards whose {part} has {key}",
        )
        for part in ("passive", "tile")
        for key in NUMERIC
    },
}


def _put(card: CardDef, field_name: str, value: Any) -> CardDef:
    part, _, key = field_name.partition(".")
    if key:
        return replace(card, **{part: {**(getattr(card, part) or {}), key: value}})
    return replace(card, **{field_name: value})


_SET_CACHE: dict[tuple, dict[str, list[CardDef]]] = {}


def cards_with(path: str | Path, overrides: tuple[str, ...] = ()) -> dict[str, list[CardDef]]:
    """``load_cards`` with ``--set`` overrides applied (cached with the files' stamps and the overrides,
    so no result outlives the card data it came from)."""
    clans = load_cards(path)
    if not overrides:
        return clans
    key = (files_stamp(card_files(path)), tuple(overrides))
    hit = _SET_CACHE.get(key)
    if hit is None:
        flat = [d for defs in clans.values() for d in defs]
        changed = iter(
            core_overrides.apply(
                "gosu-x", flat, overrides, SETTABLE, _put, "Dancing Dragon.level=2", ident="fid"
            )
        )
        hit = {clan: [next(changed) for _ in defs] for clan, defs in clans.items()}
        if len(_SET_CACHE) > 32:
            _SET_CACHE.clear()
        _SET_CACHE[key] = hit
    return hit


def check_cards(path: str) -> str:
    """Validate a Gosu X card file or folder (``cardlab cards check PATH``); one-line summary. The same
    load as a run's (``load_cards``), so what it accepts a run accepts: unique names, one tile per clan."""
    clans = load_cards(path)
    defs = [d for cards in clans.values() for d in cards]
    n_phys = sum(d.copies for d in defs)
    n_out = sum(not d.implemented for d in defs)
    return (
        f"{counted(len(card_files(path)), 'file')}, {counted(len(clans), 'clan')}, "
        f"{counted(len(defs), 'distinct card')} ({n_phys} physical),"
        f" {n_out} not implemented"
    )
