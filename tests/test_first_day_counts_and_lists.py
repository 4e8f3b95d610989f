"""Counts in the games' own lines agree with their nouns: a replay's "1 battle token, 1 battle won" and
"1 crystal", an event's "spends 1 token", not "battle token(s)" or "1 cards" whatever the count; a
message naming the choices shows a few and how many more, and what was typed as typed."""

from __future__ import annotations

from cardlab.simulate.core.narrative import Event
from cardlab.simulate.core.wording import Count
from cardlab.simulate.gosu_x.story import GosuXStory, words
from cardlab.simulate.hidden_reason.story import HiddenReasonStory


def test_a_count_in_a_phrase_template_names_its_noun():
    assert "spends {amount:token}; {amount}".format(amount=Count(1)) == "spends 1 token; 1"
    assert f"{Count(3):card}" == "3 cards"


def test_gosu_x_replay_status_reads_each_count_in_its_number():
    story = GosuXStory(2)
    story.at[0].superiority, story.at[0].battles, story.at[0].unlocks = 1, 1, 1
    story.at[1].superiority, story.at[1].battles = 2, 0
    assert story.status(0) == "no clans yet — 1 battle token, 1 battle won, 1 activation token unlocked"
    assert story.status(1) == "no clans yet — 2 battle tokens, 0 battles won, 0 activation tokens unlocked"


def test_gosu_x_event_phrases_read_each_count_in_its_number():
    def said(kind: str, amount: int) -> str:
        return words(Event(1, "action", 0, kind, None, None, amount, None, None))

    assert said("token_spent", 1) == "seat 0 spends 1 token to draw"
    assert said("token_spent", 2) == "seat 0 spends 2 tokens to draw"
    assert said("pass", 1) == "seat 0 passes; the opponent has 1 turn left"
    assert said("tribute", 2) == "seat 0 owes 2 sacrifices in the Tribute"


def test_hidden_reason_replay_status_reads_one_crystal():
    story = HiddenReasonStory(2)
    story.at[0].crystals = 1
    assert story.status(0).startswith("1 crystal, 0 damage dealt to the boss"), story.status(0)


def test_derive_horizon_names_the_player_counts_as_typed_not_as_a_tuple(tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import cli

    out = tmp_path / "h.json"
    for typed, shown in (("7", "got 7"), ("2,5", "got 2,5")):
        result = CliRunner().invoke(
            cli, ["derive", "four-souls-horizon", "--players", typed, "--out", str(out)]
        )
        assert result.exit_code == 2, result.output
        assert result.output.strip().endswith(f"--players must be among 2, 3, 4, {shown}"), result.output
        assert "(" not in result.output and not out.exists()


def test_an_unknown_character_names_a_close_one_and_a_few_of_the_collection(tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import cli

    # old code: all 67 characters of the collection in one line, and no hint at the typo
    args = ["simulate", "four-souls", "--sets", "all", "--characters", "Isac,Cain", "-n", "2", "-j", "1"]
    result = CliRunner().invoke(cli, [*args, "-q", "--out", str(tmp_path), "--name", "x"])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and "'Isac' — did you mean 'Isaac'? (available: Abe, Apollyon," in line, line
    assert line.endswith(" more))") and len(line) < 300, line
