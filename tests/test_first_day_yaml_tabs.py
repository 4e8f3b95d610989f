"""A card file indented with a tab said only "found character that cannot start any token": the line
names the tab, the usual cause when a file is edited by hand."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli


def test_a_tab_in_a_card_file_is_named(tmp_path):
    path = tmp_path / "clan.yaml"
    path.write_text("clan: Foo\ncards:\n\t- name: x\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["cards", "check", str(path)])
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: {path}:3: YAML syntax error: found character that cannot start any token "
        "(a tab: YAML indents with spaces)\n"
    )  # old code: the same line without the parenthesis
