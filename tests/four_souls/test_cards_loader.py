"""The card loader's YAML reader: same data and line numbers as the kernel loader, YAML 1.2 booleans."""

from __future__ import annotations

from cardlab.simulate.core import cardfiles
from cardlab.simulate.core.cardfiles import YamlList, YamlMap
from cardlab.simulate.four_souls.cards import DEFAULT_DIR, _read_yaml


def _same(a, b) -> None:
    assert a == b
    if isinstance(a, YamlMap):
        assert isinstance(b, YamlMap) and a.line == b.line and a.key_lines == b.key_lines
        for key in a:
            _same(a[key], b[key])
    elif isinstance(a, YamlList):
        assert isinstance(b, YamlList) and a.line == b.line and a.item_lines == b.item_lines
        for x, y in zip(a, b, strict=True):
            _same(x, y)


def test_lines_match_the_kernel_loader(tmp_path):
    # every real file, with the YAML 1.1 booleans (`on:`) renamed so both loaders agree on the data
    for path in sorted(DEFAULT_DIR.glob("*.yaml")):
        text = path.read_text(encoding="utf-8").replace("- on:", "- when:")
        copy = tmp_path / path.name
        copy.write_text(text, encoding="utf-8")
        _same(_read_yaml(copy, path.name), cardfiles.load_yaml(copy))


def test_only_true_and_false_are_booleans(tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text("on: yes\noff: no\nflag: true\nother: False\n", encoding="utf-8")
    assert _read_yaml(path, "b.yaml") == {"on": "yes", "off": "no", "flag": True, "other": False}
