"""Mutated card files give a CardDataError (one line, file first) or load — never another exception."""

from __future__ import annotations

import atexit
import copy
import itertools
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.simulate.core.errors import CardDataError
from cardlab.simulate.four_souls import vocabulary as V
from cardlab.simulate.four_souls.cards import DEFAULT_DIR, load_pool
from cardlab.simulate.four_souls.collection import DEFAULT, select

POOL = select(load_pool(), DEFAULT)  # the default sets (Base Game V2)
IDS = sorted(POOL.by_id)
_DIR = Path(tempfile.mkdtemp(prefix="fs_cards_fuzz_"))
atexit.register(shutil.rmtree, _DIR, ignore_errors=True)
_COUNTER = itertools.count()

WORDS = sorted(
    {
        *V.VERBS,
        *V.COMBINATORS,
        *V.TRIGGERS,
        *V.STATICS,
        *V.ABILITY_KINDS,
        "do",
        "targets",
        "P",
        "X",
        "1-2",
        "on",
    }
)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.text(max_size=10),
    st.sampled_from(WORDS),
    st.lists(st.one_of(st.integers(-1, 7), st.sampled_from(WORDS)), max_size=3),
    st.dictionaries(
        st.sampled_from(WORDS), st.one_of(st.integers(-1, 7), st.sampled_from(WORDS)), max_size=2
    ),
)


def _raw(card) -> dict:
    raw = {"id": card.id, "name": card.name, "deck": card.deck, "kind": card.kind, "copies": card.copies}
    for field in ("hp", "evasion", "attack", "starting_item", "hook"):
        if getattr(card, field) is not None:
            raw[field] = getattr(card, field)
    if card.rewards:
        raw["rewards"] = dict(card.rewards)
    if card.soul:
        raw["soul"] = card.soul
    if card.keywords:
        raw["keywords"] = list(card.keywords)
    raw["abilities"] = copy.deepcopy(list(card.abilities))
    return raw


def _slots(node, out):
    """Every (container, key) pair inside the card mapping."""
    if isinstance(node, dict):
        for key in list(node):
            out.append((node, key))
            _slots(node[key], out)
    elif isinstance(node, list):
        for i in range(len(node)):
            out.append((node, i))
            _slots(node[i], out)
    return out


def _load(text: str):
    path = _DIR / f"c{next(_COUNTER)}.yaml"  # a fresh name: the pool cache keys on path, mtime and size
    path.write_text(text, encoding="utf-8")
    try:
        return load_pool([path])
    except CardDataError as err:
        assert str(err).startswith(str(path)), str(err)
        assert "\n" not in str(err)
        return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    card_id=st.sampled_from(IDS),
    picks=st.lists(
        st.tuples(st.integers(0, 10_000), st.sampled_from(["delete", "replace", "rename", "wrap"])),
        min_size=1,
        max_size=3,
    ),
    junk=st.lists(JUNK, min_size=3, max_size=3),
)
def test_mutated_card_mappings_only_raise_card_data_errors(card_id, picks, junk):
    raw = _raw(POOL.by_id[card_id])
    for (index, op), value in zip(picks, junk, strict=False):
        slots = _slots(raw, [])
        container, key = slots[index % len(slots)]
        if op == "delete":
            container.pop(key) if isinstance(container, dict) else container.pop(key)
        elif op == "replace":
            container[key] = value
        elif op == "wrap":
            container[key] = [container[key]]
        elif isinstance(container, dict):
            new_key = value if isinstance(value, str | int | bool) or value is None else str(value)
            container[new_key] = container.pop(key)
    doc = {"set": "base_v2", "cards": [raw]}
    _load(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["loot.yaml", "treasure.yaml", "monsters.yaml"]),
    line=st.integers(0, 10_000),
    op=st.sampled_from(["delete", "duplicate", "insert", "indent", "dedent"]),
    text=st.text(alphabet=" :-{}[]#'\"abc1\t", max_size=6),
)
def test_edited_card_files_only_raise_card_data_errors(name, line, op, text):
    lines = (DEFAULT_DIR / name).read_text(encoding="utf-8").splitlines()
    i = line % len(lines)
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "insert":
        lines[i] = lines[i][: len(lines[i]) // 2] + text + lines[i][len(lines[i]) // 2 :]
    elif op == "indent":
        lines[i] = "  " + lines[i]
    else:
        lines[i] = lines[i][2:]
    _load("\n".join(lines) + "\n")
