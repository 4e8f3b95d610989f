"""The stack items' field lists (``items.py``): a search's copy copies ``FIELDS`` and builds each item from
``INIT`` (issue 20), so a field in ``__slots__`` but not in ``FIELDS`` would be left out of every copy. Each
class's ``FIELDS`` is now the base's and its own slots' one constant; this keeps that so, and ``INIT`` in
step with ``__init__``. Pure build only: a compiled class keeps no ``__slots__`` to read."""

from __future__ import annotations

import inspect

import pytest

from cardlab.simulate.four_souls import items

CLASSES = [items.LootItem, items.AbilityItem, items.RollItem, items.DamageItem, items.DeathItem]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_an_items_fields_are_its_slots_and_its_init_names_its_arguments(cls):
    slots = [name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ())]
    assert list(cls.FIELDS) == slots
    assert list(cls.INIT) == list(inspect.signature(cls.__init__).parameters)[1 : 1 + len(cls.INIT)]
    assert set(cls.INIT) <= set(cls.FIELDS)
