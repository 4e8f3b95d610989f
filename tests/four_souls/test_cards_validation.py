"""Card-file mistakes fail with one line naming file:line, card and field (DESIGN: Cards are data)."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls.cards import check, load_pool

HEAD = "set: base_v2\ndeck: {deck}\ncards:\n"


def _fails(tmp_path, deck: str, body: str) -> str:
    path = tmp_path / "cards.yaml"
    path.write_text(HEAD.format(deck=deck) + body, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_pool([path])
    return str(err.value).replace(str(path), "F")


def test_typo_in_a_verb_names_the_line_and_suggests(tmp_path):
    body = """  - id: b2-bomb
    name: "Bomb!"
    kind: bomb
    copies: 4
    abilities:
      - play:
          targets: {T: player_or_monster}
          do: {deal_damgae: {n: 1, to: T}}
"""
    assert (
        _fails(tmp_path, "loot", body)
        == "F:11 'Bomb!': unknown effect 'deal_damgae' — did you mean 'deal_damage'?"
    )


def test_missing_field(tmp_path):
    body = '  - id: b2-bomb\n    name: "Bomb!"\n    kind: bomb\n'
    assert _fails(tmp_path, "loot", body) == "F:4 'Bomb!': missing field 'copies'"


def test_wrong_type(tmp_path):
    body = '  - id: b2-bomb\n    name: "Bomb!"\n    kind: bomb\n    copies: four\n'
    assert _fails(tmp_path, "loot", body) == "F:7 'Bomb!': field 'copies' must be a whole number, got 'four'"


def test_negative_hp(tmp_path):
    body = '  - id: b2-fly\n    name: "Fly"\n    kind: basic\n    copies: 1\n    hp: -1\n    evasion: 2\n    attack: 1\n'
    assert _fails(tmp_path, "monster", body) == "F:8 'Fly': field 'hp' must be at least 1, got -1"


def test_negative_copies(tmp_path):
    body = '  - id: b2-bomb\n    name: "Bomb!"\n    kind: bomb\n    copies: -2\n'
    assert _fails(tmp_path, "loot", body) == "F:7 'Bomb!': field 'copies' must be at least 0, got -2"


def test_monster_without_stats(tmp_path):
    body = '  - id: b2-fly\n    name: "Fly"\n    kind: basic\n    copies: 1\n    hp: 1\n    attack: 1\n'
    assert _fails(tmp_path, "monster", body) == "F:4 'Fly': missing field 'evasion'"


def test_duplicate_id(tmp_path):
    body = (
        '  - id: b2-x\n    name: "X"\n    kind: bomb\n    copies: 1\n'
        '  - id: b2-x\n    name: "Y"\n    kind: bomb\n    copies: 1\n'
    )
    assert _fails(tmp_path, "loot", body) == "F:8 'Y': duplicate id 'b2-x' (first at F:4)"


def test_yaml_syntax_error(tmp_path):
    body = '  - id: b2-x\n    name: "X\n    kind: bomb\n'
    assert _fails(tmp_path, "loot", body) == "F:7: YAML syntax error: found unexpected end of stream"


def test_unknown_starting_item(tmp_path):
    body = (
        '  - id: b2-isaac\n    name: "Isaac"\n    kind: character\n    copies: 1\n    hp: 2\n    attack: 1\n'
        "    starting_item: b2-the_d7\n"
    )
    assert (
        _fails(tmp_path, "character", body)
        == "F:10 'Isaac': field 'starting_item': unknown card id 'b2-the_d7' — did you mean 'b2-the_d6'?"
    )


def test_starting_item_only_on_characters(tmp_path):
    body = '  - id: b2-x\n    name: "X"\n    kind: passive\n    copies: 1\n    starting_item: b2-the_d6\n'
    assert _fails(tmp_path, "treasure", body) == "F:8 'X': field 'starting_item' is for characters only"


def test_unknown_trigger(tmp_path):
    body = '  - id: b2-x\n    name: "X"\n    kind: passive\n    copies: 1\n    abilities:\n'
    body += "      - on: {turn_ned: you}\n        do: {loot: 1}\n"
    assert (
        _fails(tmp_path, "treasure", body) == "F:9 'X': unknown trigger 'turn_ned' — did you mean 'turn_end'?"
    )


def test_unknown_word_in_a_parameter(tmp_path):
    body = '  - id: b2-x\n    name: "X"\n    kind: passive\n    copies: 1\n    abilities:\n'
    body += "      - on: {dies: self}\n        do: {deal_damage: {n: 1, to: actve}}\n"
    assert (
        _fails(tmp_path, "treasure", body)
        == "F:10 'X': 'deal_damage' to: unknown word 'actve' — did you mean 'active'?"
    )


def test_unbound_variable(tmp_path):
    body = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    abilities:\n'
    body += "      - tap: {do: {recharge: I}}\n"
    assert _fails(tmp_path, "treasure", body) == (
        "F:9 'X': 'recharge' target: variable 'I' is not bound (bind it with targets/tgt/choose/each/let)"
    )


def test_unknown_kind_deck_keyword_field_and_choice(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: {kind}\n    copies: 1\n'
    assert (
        _fails(tmp_path, "treasure", card.format(kind="pasive"))
        == "F:6 'X': field 'kind': unknown treasure kind 'pasive' — did you mean 'passive'?"
    )
    assert _fails(tmp_path, "tresure", card.format(kind="passive")) == (
        "F:2: field 'deck': unknown deck 'tresure' — did you mean 'treasure'?"
    )
    assert (
        _fails(tmp_path, "treasure", card.format(kind="passive") + "    keywords: [eternl]\n")
        == "F:8 'X': field 'keywords': unknown keyword 'eternl' — did you mean 'eternal'?"
    )
    assert (
        _fails(tmp_path, "treasure", card.format(kind="passive").replace("copies", "copie"))
        == "F:7 'X': unknown field 'copie' — did you mean 'copies'?"
    )
    peek = (
        card.format(kind="active")
        + "    abilities:\n      - tap: {do: {peek: {deck: loot, n: 3, then: any_ordr}}}\n"
    )
    assert (
        _fails(tmp_path, "treasure", peek)
        == "F:9 'X': 'peek' then: unknown value 'any_ordr' — did you mean 'any_order'?"
    )


def test_unknown_parameter_and_missing_parameter(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    abilities:\n'
    assert _fails(tmp_path, "treasure", card + "      - tap: {do: {loot: {n: 1, whom: you}}}\n") == (
        "F:9 'X': unknown parameter of 'loot' 'whom' — did you mean 'who'?"
    )
    assert _fails(tmp_path, "treasure", card + "      - tap: {do: {deal_damage: {n: 1}}}\n") == (
        "F:9 'X': 'deal_damage' needs parameter 'to'"
    )


def test_hook_must_be_known_and_called(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n'
    assert _fails(tmp_path, "treasure", card + "    hook: chaos_pass_hand\n") == (
        "F:8 'X': field 'hook': unknown hook 'chaos_pass_hand' — did you mean 'chaos_pass_hands'?"
    )
    assert _fails(tmp_path, "treasure", card + "    hook: chaos_pass_hands\n") == (
        "F:8 'X': field 'hook': no ability calls {hook: chaos_pass_hands}"
    )
    assert _fails(
        tmp_path, "treasure", card + "    abilities:\n      - tap: {do: {hook: chaos_pass_hands}}\n"
    ) == ("F:9 'X': {hook: chaos_pass_hands} needs the card field 'hook: chaos_pass_hands'")


def test_not_implemented_needs_a_reason_and_is_reported(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    implemented: false\n'
    assert _fails(tmp_path, "treasure", card) == "F:4 'X': missing field 'reason'"
    path = tmp_path / "ok.yaml"
    path.write_text(
        HEAD.format(deck="treasure") + card + "    reason: needs a vote engine\n", encoding="utf-8"
    )
    pool = load_pool([path])
    assert pool.not_implemented() == {"X": "needs a vote engine"}
    assert check(path).endswith("0 implemented (0 with hooks), 1 not implemented")


def test_roll_rows_and_on_key(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    abilities:\n'
    assert _fails(tmp_path, "treasure", card + "      - tap: {do: {roll: {7: {loot: 1}}}}\n") == (
        "F:9 'X': roll row 7 must be a face (6), a range (1-3), 'a or b' or 'any'"
    )
    path = tmp_path / "ok.yaml"
    path.write_text(
        HEAD.format(deck="treasure") + card + "      - tap: {do: {roll: {6: {loot: 1}, 1-5: nothing}}}\n"
        "      - on: {rolled: 1}\n        do: {loot: 1}\n",
        encoding="utf-8",
    )
    tap, on = load_pool([path]).cards[0].abilities
    assert tap == {"tap": {"do": {"roll": {"6": {"loot": 1}, "1-5": "nothing"}}}}
    assert on == {"on": {"rolled": 1}, "do": {"loot": 1}}  # `on` is a key, not YAML 1.1's True


def test_missing_path_and_empty_folder(tmp_path):
    with pytest.raises(CardDataError, match="no such file or folder"):
        load_pool([tmp_path / "nope.yaml"])
    with pytest.raises(CardDataError, match="no .yaml card files"):
        load_pool([tmp_path])


def test_not_a_mapping(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_pool([path])
    assert str(err.value) == f"{path}:1: expected a mapping with 'set' and 'cards'"


def test_mistyped_flags_amounts_and_statics(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    abilities:\n'
    assert _fails(
        tmp_path, "treasure", card + "      - tap: {do: {peek: {deck: loot, n: 1, then: back, reveal: 1}}}\n"
    ) == ("F:9 'X': 'peek' reveal must be true/false, got 1")
    assert _fails(tmp_path, "treasure", card + "      - tap: {do: {loot: [2]}}\n") == (
        "F:9 'X': 'loot' n must be a number or an expression, got [2]"
    )
    assert _fails(tmp_path, "treasure", card + "      - tap: {do: {gain_cents: 'max(0, cents(you)'}}\n") == (
        "F:9 'X': 'gain_cents' n: cannot read expression 'max(0, cents(you)'"
    )
    assert _fails(tmp_path, "treasure", card + "      - static: {loot_plays: [1]}\n") == (
        "F:9 'X': static 'loot_plays' must be a number, a word, true or a mapping, got [1]"
    )
    assert _fails(tmp_path, "treasure", card + "      - static: {atk: {n: 1, first_attack_roll: yes}}\n") == (
        "F:9 'X': static 'atk' first_attack_roll must be true/false, got 'yes'"
    )
    assert _fails(tmp_path, "treasure", card + "      - static: {atk: 1, lot_plays: 1}\n") == (
        "F:9 'X': unknown static modifier 'lot_plays' — did you mean 'loot_plays'?"
    )


def test_selector_filter_and_binding_mistakes(tmp_path):
    card = '  - id: b2-x\n    name: "X"\n    kind: active\n    copies: 1\n    abilities:\n'
    tap = "      - tap:\n          targets: {targets}\n          do: {{recharge: I}}\n"
    assert _fails(tmp_path, "treasure", card + tap.format(targets="{I: {item: [non_eternl]}}")) == (
        "F:10 'X': unknown filter 'non_eternl' — did you mean 'non_eternal'?"
    )
    assert _fails(tmp_path, "treasure", card + tap.format(targets="{I: {iten: [other]}}")) == (
        "F:10 'X': unknown selector 'iten' — did you mean 'item'?"
    )
    assert _fails(tmp_path, "treasure", card + tap.format(targets="{i: item}")) == (
        "F:10 'X': 'targets' variable 'i' must start with a capital letter (P, I, R ...)"
    )
    assert _fails(tmp_path, "treasure", card + "      - tap: {target: {I: item}, do: {recharge: I}}\n") == (
        "F:9 'X': unknown tap key 'target' — did you mean 'targets'?"
    )
    assert _fails(tmp_path, "treasure", card + "      - tapp: {do: {loot: 1}}\n") == (
        "F:9 'X': unknown ability kind 'tapp' — did you mean 'tap'?"
    )
