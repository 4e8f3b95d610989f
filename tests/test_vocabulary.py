"""One vocabulary mechanism for every game (issue 17 item 5): each word a card file uses — verbs and hooks
in every game; Four Souls' combinators, triggers, statics and replacements too — is registered once
(``simulate.core.vocabulary``) with its schema, documentation row and handler; the card docs
(``decklists/<game>/VOCABULARY.md``) document exactly the registered words, with the registry's rule IDs
and keys; every verb and hook declares the roles strategies sort it by, so a new verb cannot silently fall
into "other"; a word no handler carries out is one no card file uses (or a reserved one)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from cardlab.simulate import games
from cardlab.simulate.core.vocabulary import NEUTRAL, Vocabulary, Word, documented_names
from cardlab.simulate.four_souls import vocabulary as fs
from cardlab.simulate.gosu_x import cards as gx
from cardlab.simulate.hidden_reason import cards as hr

DOCS = Path(__file__).resolve().parents[1] / "decklists"

# game → (its verbs, its hooks, the card docs, the verbs table's heading, the roles its strategies read)
REGISTRIES = {
    "four-souls": (fs.VERBS, fs.HOOKS, "four_souls", "## Verbs", {"gain", "help", "harm", "roll", "threat"}),
    "gosu-x": (gx.STEPS, gx.HOOKS, "gosu_x", "**Steps**", {"hit"}),
    "hidden-reason": (hr.VERBS, hr.HOOKS, "hidden_reason", "| Verb | Does |", {"removal"}),
}


def _documents_exactly(text: str, heading: str, registry) -> None:
    """The table under ``heading`` names each registered word once and nothing else."""
    documented = documented_names(text, heading)
    assert len(documented) == len(set(documented)), f"a word documented twice under {heading!r}"
    assert set(documented) == set(registry), (
        f"undocumented: {sorted(set(registry) - set(documented))}; "
        f"documented but not registered: {sorted(set(documented) - set(registry))}"
    )


@pytest.fixture(scope="module", autouse=True)
def _engines_loaded():
    for name in REGISTRIES:
        games.get(name)  # importing an engine binds its handlers


@pytest.mark.parametrize("game", sorted(REGISTRIES))
def test_every_word_has_one_handler_and_declared_roles(game):
    verbs, hooks, _, _, roles = REGISTRIES[game]
    for registry in (verbs, hooks):
        assert registry.game == game and len(registry) > 0
        assert registry.unimplemented() == [], f"{game}: declared {registry.kind}s no handler carries out"
        assert set(registry.handlers) == set(registry)
        for word in registry.values():
            assert word.summary, word.name
            assert word.roles, f"{game}: {registry.kind} '{word.name}' declares no role (use '{NEUTRAL}')"
            assert word.roles <= roles | {NEUTRAL}, f"{game}: '{word.name}' has unknown roles {word.roles}"
            assert NEUTRAL not in word.roles or len(word.roles) == 1, word.name
            assert set(word.required) <= set(word.params), word.name
    assert roles <= verbs.roles(), f"{game}: a role no verb plays: {roles - verbs.roles()}"


@pytest.mark.parametrize("game", sorted(REGISTRIES))
def test_the_card_docs_document_exactly_the_registered_words(game):
    verbs, hooks, folder, heading, _ = REGISTRIES[game]
    text = (DOCS / folder / "VOCABULARY.md").read_text(encoding="utf-8")
    _documents_exactly(text, heading, verbs)
    if game == "four-souls":  # hooks have their own table
        hooked = documented_names(text, "## Hooks")
    else:  # the `hook` verb's row names them
        row = next(line for line in text.splitlines() if re.match(r"\| `hook[`:]", line))
        hooked = re.findall(r"`([a-z_]+)`", row.split("|", 2)[2])
    assert set(hooked) == set(hooks)


# Four Souls' other word kinds: registry → the heading of its table in VOCABULARY.md, and the column holding
# the keys allowed beside the word (the trigger table lists only the options beyond the common ones).
FS_KINDS = {
    "combinator": (fs.COMBINATORS, "## Combinators", 2),
    "trigger": (fs.TRIGGERS, "## Triggers", 1),
    "static": (fs.STATICS, "## Static modifiers", 1),
    "replacement": (fs.REPLACEMENTS, "## Replacement effects", None),
}
COMMON_TRIGGER_OPTIONS = {"if", "first_each_turn", "every_other_each_turn", "first_each_round"}


def _rows(markdown: str, heading: str) -> dict[str, list[str]]:
    """The cells of each row of the table under ``heading``, by the names its first cell documents."""
    rows: dict[str, list[str]] = {}
    in_table = False
    for line in markdown[markdown.index(heading) :].splitlines()[1:]:
        if not line.startswith("|"):
            if in_table:
                break  # the table under the heading ended
            continue
        in_table = True
        cells = [c.strip() for c in line.split("|")[1:-1]]
        for name in re.findall(r"`([A-Za-z_]\w*)", cells[0]):
            rows[name] = cells
    return rows


@pytest.mark.parametrize("kind", sorted(FS_KINDS))
def test_four_souls_word_kinds_are_documented_row_by_row(kind):
    """Every registered trigger/static/replacement/combinator has its row, and no row names an unregistered
    one; the row's rule IDs and keys are the registry's."""
    registry, heading, keys_column = FS_KINDS[kind]
    assert registry.kind == kind and registry.game == "four-souls"
    text = (DOCS / "four_souls" / "VOCABULARY.md").read_text(encoding="utf-8")
    _documents_exactly(text, heading, registry)
    for name, cells in _rows(text, heading).items():
        word = registry[name]
        assert word.summary and word.rules, name
        assert word.rules in cells, f"{kind} '{name}': the docs' rules are not the registry's {word.rules!r}"
        if keys_column is not None:
            listed = cells[keys_column]
            keys = set() if listed in ("—", "") else {k.strip() for k in listed.split(",")}
            expected = set(word.params) - (COMMON_TRIGGER_OPTIONS if kind == "trigger" else set())
            assert keys == expected, f"{kind} '{name}': the docs list keys {keys}, the registry {expected}"


def test_four_souls_words_without_a_handler_are_the_reserved_ones():
    """A word the engine does not carry out is declared unused (no card file may rely on it: the card is
    left out of decks, rules.compile_card), or a trigger only a delayed ``next:`` hears (the interpreter's)."""
    games.get("four-souls")
    for registry in (fs.VERBS, fs.HOOKS, fs.COMBINATORS, fs.TRIGGERS, fs.STATICS, fs.REPLACEMENTS):
        for name in registry.unimplemented():
            word = registry[name]
            assert not word.used or (registry is fs.TRIGGERS and name in fs.NEXT_TRIGGERS), (
                f"{registry.kind} '{name}' is used by cards but no engine module carries it out"
            )
    assert fs.STATICS.unimplemented() == ["hand_size_max", "roll"]


@pytest.mark.parametrize("registry", [fs.STATICS, fs.REPLACEMENTS], ids=lambda r: r.kind)
def test_each_static_and_replacement_handler_reads_its_word(registry):
    """The handler of a static or a replaced event is the function reading or applying it: its source names
    the word (so binding a word to an unrelated function fails here)."""
    games.get("four-souls")
    for name, handler in registry.handlers.items():
        assert name in inspect.getsource(handler), (
            f"{registry.kind} '{name}': {handler.__qualname__} never reads it"
        )


def test_the_trigger_matchers_are_what_fire_dispatches_on():
    from cardlab.simulate.four_souls import triggers

    assert set(triggers.MATCHERS) <= set(fs.TRIGGERS.handlers)
    assert all(fs.TRIGGERS.handlers[name] is f for name, f in triggers.MATCHERS.items())
    assert fs.TRIGGERS.handlers["destroyed"] is triggers.left_play


# Gosu X's and Hidden Reason's other word kinds: registry → its card docs and the heading of its table; the
# table's second column is the word's value kind where the registry has one.
OTHER_KINDS = {
    "gosu-x passive": (gx.PASSIVES, "gosu_x", "**Passives**"),
    "gosu-x event": (gx.EVENTS, "gosu_x", "**Trigger events**"),
    "gosu-x condition": (gx.CONDITIONS, "gosu_x", "**Trigger conditions**"),
    "gosu-x feat": (gx.FEATS, "gosu_x", "**Feats**"),
    "hidden-reason trigger": (hr.TRIGGERS, "hidden_reason", "**Trigger events**"),
    "hidden-reason static": (hr.STATICS, "hidden_reason", "**Statics**"),
    "hidden-reason grant": (hr.GRANTS, "hidden_reason", "**Grants**"),
}


@pytest.mark.parametrize("kind", sorted(OTHER_KINDS))
def test_every_other_word_kind_is_registered_and_documented_row_by_row(kind):
    registry, folder, heading = OTHER_KINDS[kind]
    assert f"{registry.game} {registry.kind}" == kind
    text = (DOCS / folder / "VOCABULARY.md").read_text(encoding="utf-8")
    _documents_exactly(text, heading, registry)
    for name, cells in _rows(text, heading).items():
        word = registry[name]
        assert word.summary, name
        if word.value:
            assert cells[1] == word.value, (
                f"{kind} '{name}': the docs say {cells[1]!r}, the registry {word.value!r}"
            )


def test_the_strategies_sort_verbs_by_the_registered_roles():
    from cardlab.strategies.four_souls import reading
    from cardlab.strategies.gosu_x import policy
    from cardlab.strategies.hidden_reason import evaluator_policy, sensible

    assert fs.VERBS.with_role("harm") == reading.HARM_VERBS and "deal_damage" in reading.HARM_VERBS
    assert {"reroll", "modify_roll", "set_roll", "flip_roll"} == reading.ROLL_VERBS
    assert reading.HARM_VERBS | {"gain_treasure", "extra_attack"} == reading.THREAT_VERBS
    assert {"capture", "destroy", "to_deck_top"} == policy.HITS
    removal = {"damage", "destroy", "exile", "bounce", "tap", "silence"}
    assert removal == evaluator_policy.REMOVAL == sensible.REMOVAL


def test_a_registry_refuses_a_second_word_an_undeclared_handler_and_a_second_handler():
    def word(name: str) -> Word:
        return Word(name, "does", roles=frozenset({NEUTRAL}))

    with pytest.raises(ValueError, match="'a' registered twice"):
        Vocabulary("g", "verb", [word("a"), word("a")])
    registry = Vocabulary("g", "verb", [word("a"), word("b")])
    with pytest.raises(ValueError, match="'c', which is no declared verb"):
        registry.implement({"c": print})
    registry.implement({"a": print})
    registry.implement({"a": print})  # the same handler again (a module imported twice) is fine
    with pytest.raises(ValueError, match="verb 'a' has two handlers"):
        registry.implement({"a": repr})
    assert registry.unimplemented() == ["b"] and registry.handlers == {"a": print}


def test_documented_names_reads_first_cells_only():
    text = "x\n## T\n\n| Verb | Does |\n|---|---|\n| `a` / `b` | uses `c` |\n| `d: N` | x |\n\nafter `e`\n| `f` |"
    assert documented_names(text, "## T") == ["a", "b", "d"]


# Four Souls' selector words, filters, keyed filters and keywords: registry → its table's heading in
# VOCABULARY.md and the column holding the summary (the keyed filters' second column is the value's kind).
FS_SELECTION = {
    "selector": (fs.SELECTORS, "## Selectors", 1),
    "filter": (fs.FILTERS, "## Filters", 1),
    "filter key": (fs.FILTER_KEYS, "## Keyed filters", 2),
    "keyword": (fs.KEYWORDS, "## Keywords", None),
}


@pytest.mark.parametrize("kind", sorted(FS_SELECTION))
def test_four_souls_selectors_filters_and_keywords_are_documented_row_by_row(kind):
    registry, heading, summary_column = FS_SELECTION[kind]
    assert isinstance(registry, Vocabulary) and registry.kind == kind and registry.game == "four-souls"
    text = (DOCS / "four_souls" / "VOCABULARY.md").read_text(encoding="utf-8")
    _documents_exactly(text, heading, registry)
    for name, cells in _rows(text, heading).items():
        word = registry[name]
        assert word.summary, name
        if summary_column is None:  # a keyword's meaning opens with its rule IDs
            assert word.rules and cells[1].startswith(f"{word.rules}: "), f"keyword '{name}': {cells[1]!r}"
            continue
        assert cells[summary_column] == word.summary, (
            f"{kind} '{name}': the docs say {cells[summary_column]!r}"
        )
        assert cells[-1] == (word.rules or "—"), f"{kind} '{name}': the docs' rules are not {word.rules!r}"
        if kind == "filter key":
            assert cells[1] == word.value and word.params == (name,), name


@pytest.mark.parametrize(
    ("kind", "line"),
    [
        ("selector", "      - tap: {targets: {I: {iten: [other]}}, do: {recharge: I}}\n"),
        ("filter", "      - tap: {targets: {I: {item: [othr]}}, do: {recharge: I}}\n"),
        ("filter", "      - tap: {targets: {I: {item: [{zoen: monster_discard}]}}, do: {recharge: I}}\n"),
        ("keyword", "    keywords: [eternl]\n"),
    ],
)
def test_a_four_souls_card_using_an_unregistered_word_is_refused_in_one_line(tmp_path, kind, line):
    """The card loader accepts exactly the registered words: one line naming the file, the card and the word."""
    from cardlab.simulate.core.errors import CardDataError
    from cardlab.simulate.four_souls.cards import load_pool

    head = (
        'set: base_v2\ndeck: treasure\ncards:\n  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n'
    )
    body = line if kind == "keyword" else "    abilities:\n" + line
    path = tmp_path / "cards.yaml"
    path.write_text(head + body, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_pool([path])
    message = str(err.value)
    assert "\n" not in message and message.startswith(f"{path}:") and f"unknown {kind} " in message, message


def test_four_souls_selectors_and_filters_are_carried_out_by_their_bound_handlers(monkeypatch):
    """Whether a selector head, a filter word or a keyed filter is carried out is whether its registry holds
    a handler (bound where it is carried out, ``selectors.py``), never a hand-kept list: a card using a word
    without one is left out of the decks with the reason and counted among the cards left out."""
    from cardlab.simulate.four_souls.cards import load_pool
    from cardlab.simulate.four_souls.decks import build_supply
    from cardlab.simulate.four_souls.fixtures import card

    games.get("four-souls")
    assert set(fs.FILTERS.unimplemented()) == {"tap", "paid", "in_play"}
    assert fs.FILTER_KEYS.unimplemented() == []
    assert "monster_slot" in fs.SELECTORS.unimplemented() and "item" in fs.SELECTORS.handlers

    def targeting(name, sel):
        return card(name, abilities=({"play": {"targets": {"I": sel}, "do": {"destroy": "I"}}},))

    odd = [
        targeting("Slotted", "monster_slot"),
        targeting("Guppy Hunter", {"item": ["guppy"]}),
        targeting("Name Hunter", {"item": [{"name": "X"}]}),
    ]
    pool = load_pool()
    fake = type(pool)(pool.cards + tuple(odd), pool.by_id, pool.by_name, pool.files, pool.hash)
    before = build_supply(fake, 4)
    assert "selector 'monster_slot' not implemented" in before.left_out["Slotted"]
    assert "Guppy Hunter" not in before.left_out and "Name Hunter" not in before.left_out
    monkeypatch.delitem(fs.FILTERS.handlers, "guppy")  # unbind: the same cards are now left out
    monkeypatch.delitem(fs.FILTER_KEYS.handlers, "name")
    after = build_supply(fake, 4)
    assert "filter 'guppy' not implemented" in after.left_out["Guppy Hunter"]
    assert "filter key 'name' not implemented" in after.left_out["Name Hunter"]
    assert len(after.left_out) >= len(before.left_out) + 2  # counted with the others left out
