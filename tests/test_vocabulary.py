"""One vocabulary mechanism for every game (issue 17 item 5): each verb and hook is registered once
(``simulate.core.vocabulary``) with its schema, documentation row, roles and handler; the card docs
(``decklists/<game>/VOCABULARY.md``) document exactly the registered words; every word declares the roles
strategies sort it by, so a new verb cannot silently fall into "other"."""

from __future__ import annotations

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
    documented = documented_names(text, heading)
    assert len(documented) == len(set(documented)), "a verb documented twice"
    assert set(documented) == set(verbs), (
        f"undocumented: {sorted(set(verbs) - set(documented))}; "
        f"documented but not registered: {sorted(set(documented) - set(verbs))}"
    )
    if game == "four-souls":  # hooks have their own table
        hooked = documented_names(text, "## Hooks")
    else:  # the `hook` verb's row names them
        row = next(line for line in text.splitlines() if re.match(r"\| `hook[`:]", line))
        hooked = re.findall(r"`([a-z_]+)`", row.split("|", 2)[2])
    assert set(hooked) == set(hooks)


def test_the_strategies_sort_verbs_by_the_registered_roles():
    from cardlab.strategies.four_souls import reading
    from cardlab.strategies.gosu_x import policy
    from cardlab.strategies.hidden_reason import evaluator, sensible

    assert fs.VERBS.with_role("harm") == reading.HARM_VERBS and "deal_damage" in reading.HARM_VERBS
    assert {"reroll", "modify_roll", "set_roll"} == reading.ROLL_VERBS
    assert reading.HARM_VERBS | {"gain_treasure", "extra_attack"} == reading.THREAT_VERBS
    assert {"capture", "destroy", "to_deck_top"} == policy.HITS
    removal = {"damage", "destroy", "exile", "bounce", "tap", "silence"}
    assert removal == evaluator.REMOVAL == sensible.REMOVAL


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
