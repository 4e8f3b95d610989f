"""Every example output in README.md and docs/report.md is what the current code prints (issue 18, item
10): the check fails until `python -m cardlab.examples` regenerates a changed excerpt."""

from __future__ import annotations

import re

import pytest

from cardlab import examples


def test_every_example_block_is_known_and_present():
    names = []
    for rel in examples.FILES:
        names += re.findall(r"<!-- example: ([\w-]+) -->\n", (examples.ROOT / rel).read_text())
    assert sorted(names) == sorted(examples.EXAMPLES)


def test_a_changed_excerpt_is_caught(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text("x\n<!-- example: fake -->\nold\n<!-- /example -->\n")
    monkeypatch.setattr(examples, "ROOT", tmp_path)
    monkeypatch.setattr(examples, "FILES", ("page.md",))
    monkeypatch.setattr(examples, "EXAMPLES", {"fake": lambda tmp: "new\n"})
    assert examples.regenerate(check=True) == ["page.md: fake"]
    assert "old" in page.read_text()  # --check writes nothing
    assert examples.regenerate() == ["page.md: fake"]
    assert page.read_text() == "x\n<!-- example: fake -->\nnew\n<!-- /example -->\n"
    assert examples.regenerate(check=True) == []


@pytest.mark.parametrize("name", sorted(examples.EXAMPLES))
def test_docs_examples_are_current(name):
    stale = examples.regenerate(check=True, names={name})
    assert not stale, f"stale examples {stale}: run `python -m cardlab.examples`"


def test_regenerating_one_example_leaves_the_others(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- example: a -->\nold\n<!-- /example -->\n<!-- example: b -->\nold\n<!-- /example -->\n"
    )
    monkeypatch.setattr(examples, "ROOT", tmp_path)
    monkeypatch.setattr(examples, "FILES", ("page.md",))
    monkeypatch.setattr(examples, "EXAMPLES", {"a": lambda tmp: "new\n", "b": lambda tmp: "new\n"})
    assert examples.regenerate(names={"a"}) == ["page.md: a"]
    assert (
        page.read_text()
        == "<!-- example: a -->\nnew\n<!-- /example -->\n<!-- example: b -->\nold\n<!-- /example -->\n"
    )
