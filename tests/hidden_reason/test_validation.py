"""`cardlab cards check`: card and deck files are validated with file:line, card and field (HR-14.1)."""

from __future__ import annotations

import textwrap

import pytest

from cardlab.simulate.core import CardDataError, UserError
from cardlab.simulate.hidden_reason import GAME, make_config
from cardlab.simulate.hidden_reason.decks import BUNDLED


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return str(path)


def _error(path) -> str:
    with pytest.raises(CardDataError) as err:
        GAME.check_cards(path)
    return str(err.value)


def test_bundled_data_checks_clean():
    assert GAME.check_cards(str(BUNDLED)) == "10 files OK: 89 cards in 4 classes (0 not implemented), 6 decks"


def test_unknown_verb_with_suggestion(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - name: Bad Bolt
            type: tactic
            cost: 1
            target: enemy_unit
            effects: [{damgae: 2}]
        """,
    )
    assert _error(path) == f"{path}:7 'Bad Bolt': unknown effect 'damgae' — did you mean 'damage'?"


def test_unknown_field_with_suggestion(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - {name: Typo, type: unit, cost: 1, attak: 2, durability: 1}
        """,
    )
    assert _error(path) == f"{path}:3 'Typo': unknown field 'attak' — did you mean 'attack'?"


def test_wrong_type_of_value(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - name: Cheap
            type: unit
            cost: two
            attack: 1
            durability: 1
        """,
    )
    assert _error(path) == f"{path}:5 'Cheap': field 'cost' must be a whole number, got 'two'"


def test_unknown_card_type(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - {name: Odd, type: sorcery, cost: 1}
        """,
    )
    assert _error(path) == f"{path}:3 'Odd': unknown type 'sorcery'"


def test_verb_needing_a_target(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - name: Aimless
            type: strategy
            cost: 1
            effects: [destroy]
        """,
    )
    assert _error(path) == (
        f"{path}:6 'Aimless': effect 'destroy' needs a target (construction or enemy_permanent or enemy_unit"
        " or own_permanent or own_unit or permanent or unit), got None"
    )


def test_unit_needs_durability(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - {name: Ghost, type: unit, cost: 1, attack: 1}
        """,
    )
    assert _error(path) == f"{path}:3 'Ghost': missing field 'durability'"


def _deck(tmp_path, cards_text, name="d.yaml"):
    return _write(
        tmp_path,
        name,
        "deck: mine\nplan: test\ncards:\n" + textwrap.indent(textwrap.dedent(cards_text), "  "),
    )


def test_deck_too_small(tmp_path):
    path = _deck(tmp_path, "Border Scout: 2\n")
    assert _error(path) == f"{path}:3 'mine': deck has 2 cards (must be 30–50, HR-14.1)"


def test_deck_too_many_copies(tmp_path):
    path = _deck(tmp_path, "Border Scout: 3\n")
    assert _error(path) == f"{path}:4 'mine': 3 copies of 'Border Scout' (at most 2, HR-14.1)"


def test_deck_unknown_card(tmp_path):
    path = _deck(tmp_path, "Border Scott: 2\n")
    assert _error(path) == f"{path}:4 'mine': unknown card 'Border Scott' — did you mean 'Border Scout'?"


UNIMPLEMENTED = """
    class: Arcanum
    cards:
      - {name: Time Loop, type: strategy, cost: 5, effects: [{draw: 1}], implemented: false,
         reason: extra turns are not in the vocabulary}
    """


def test_deck_with_unimplemented_card(tmp_path):
    _write(tmp_path, "arcanum.yaml", UNIMPLEMENTED)
    path = _deck(tmp_path, "Time Loop: 2\n")
    with pytest.raises(CardDataError) as err:
        GAME.check_cards(str(tmp_path))
    assert str(err.value) == (
        f"{path}:4 'mine': card 'Time Loop' is not implemented (extra turns are not in the vocabulary)"
    )


def test_designer_overlay_changes_a_card_and_adds_a_deck(tmp_path):
    _write(
        tmp_path,
        "legion.yaml",
        """
        class: Legion
        cards:
          - {name: Border Scout, type: unit, cost: 1, attack: 3, durability: 1}
        """,
    )
    lines = "".join(
        f"{n}: 2\n"
        for n in [
            "Border Scout",
            "Shield Recruit",
            "Ravenous Hound",
            "Veteran Spearman",
            "Standard-Bearer",
            "Charging Boar",
            "Headhunter",
            "Starving Berserker",
            "Warband Captain",
            "Battle Cry",
            "Blood Offering",
            "Rally the Ranks",
            "Spiked Collar",
            "Ambush",
            "Siege Breaker",
        ]
    )
    _deck(tmp_path, lines, "mine.yaml")
    assert GAME.check_cards(str(tmp_path)) == "2 files OK: 1 card in 1 class (0 not implemented), 1 deck"
    cfg = make_config(2, 50, decks="mine", cards=str(tmp_path))
    from cardlab.simulate.hidden_reason.decks import load_pool

    assert load_pool(cfg.cards).cards["Border Scout"].attack == 3
    assert GAME.card_data_hash(cfg) != GAME.card_data_hash(make_config(2, 50))


def test_left_out_cards_reported(tmp_path):
    assert GAME.left_out_cards(make_config(2, 10)) == {}  # every bundled card is implemented
    _write(tmp_path, "arcanum.yaml", UNIMPLEMENTED)
    cfg = make_config(2, 10, cards=str(tmp_path))
    assert GAME.left_out_cards(cfg) == {"Time Loop": "extra turns are not in the vocabulary"}


def test_missing_path_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="no such file or folder"):
        GAME.check_cards(str(tmp_path / "nope"))
    with pytest.raises(UserError, match="hidden-reason: --cards .*: no such file or folder"):
        make_config(2, 10, cards=str(tmp_path / "nope"))


def test_describe_event_reads_well():
    row = (3, "attack", 1, "attack", "Siege Breaker", "boss", 5, None, None, None)
    assert GAME.describe_event(row) == "seat 1: Siege Breaker attacks the boss for 5"
    row = (3, "end", 0, "energy", "Conveyor", None, 1, None, None, 2)  # value: the energy it now holds
    assert GAME.describe_event(row) == "seat 0: Conveyor gains 1 energy (2 in all)"
    row = (3, "main", 1, "boss_damage", "Bolt", "boss", 4, None, None, 36)
    assert GAME.describe_event(row) == "seat 1: Bolt deals 4 to the boss (36 HP left)"
    row = (3, "main", 0, "card_cast", "Bolt", None, 2, "spell", 1, None)  # a seat target
    assert GAME.describe_event(row) == "seat 0 casts Bolt on seat 1 for 2"


def test_on_key_gets_a_helpful_message(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - name: Greeter
            type: unit
            cost: 1
            attack: 1
            durability: 1
            on: {enter: [{draw: 1}]}
        """,
    )
    assert _error(path) == f"{path}:8 'Greeter': unknown field 'on' — write 'when:' for triggers"


def test_free_untapped_ability_is_refused(tmp_path):
    path = _write(
        tmp_path,
        "c.yaml",
        """
        class: Mine
        cards:
          - name: Perpetual
            type: object
            cost: 1
            activated:
              - {cost: 0, do: [{draw: 1}]}
        """,
    )
    assert (
        _error(path)
        == f"{path}:7 'Perpetual': activated: an ability with cost 0 must tap (or it could repeat forever)"
    )


def test_runaway_loop_stops_with_a_clear_error():
    import pytest as _pytest

    from cardlab.simulate.hidden_reason.scenario import custom_card, position
    from cardlab.simulate.hidden_reason.stack import act

    engine = custom_card("{name: Engine, type: object, cost: 1, activated: [{cost: 1, do: [{gain: 2}]}]}")
    g = position({0: {"battlefield": [engine]}, 1: {}})
    with _pytest.raises(RuntimeError, match=r"a card loop\? last: Engine"):
        for _ in range(2000):
            act(g, 0, ("act", g.cards[0].uid, 0, None))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ('""', "field 'deck' must be a name on one line, without spaces around it, got ''"),
        ('" padded"', "field 'deck' must be a name on one line, without spaces around it, got ' padded'"),
        ('"a,b"', "field 'deck': a deck name cannot hold ',', got 'a,b'"),
    ],
)
def test_a_deck_name_must_be_one_a_decks_option_can_name(tmp_path, name, message):
    """'', ' padded' and 'a,b' are not deck names: `--decks` separates names by commas and shows them in
    tables, so none of them could be chosen or read as written."""
    path = _write(tmp_path, "d.yaml", f"deck: {name}\nplan: test\ncards:\n  Border Scout: 2\n")
    assert _error(path) == f"{path}:1: {message}"
