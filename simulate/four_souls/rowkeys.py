"""The keys of a die-roll table's rows (FS-4.18): ``any``, ``6``, ``1-2``, ``1 or 6``. One grammar, checked
when a card file loads, and one parser of the faces a key names, read by the engine (which row a roll
picks) and by the players (what a row is worth at 1 in 6 a face). Pure text, no game state, so the players
may import it."""

from __future__ import annotations

import re
from typing import Final

# the keys a card file may write (the loader refuses any other)
KEY_FORM: Final = re.compile(r"^(any|[1-6](-[1-6])?( or [1-6](-[1-6])?)*)$")

_ANY: Final = frozenset(range(1, 7))
# a key's faces, parsed once: the value depends on the key's text alone, never on card data or a game
_PARSED: Final[dict[object, frozenset[int]]] = {}


def row_faces(key: object) -> frozenset[int]:
    """The faces of a d6 (FS-9.1) a row's key names; a test-made table may key a row by a number or list
    faces with commas."""
    got = _PARSED.get(key)
    if got is None:
        got = _PARSED[key] = _parse(key)
    return got


def _parse(key: object) -> frozenset[int]:
    if isinstance(key, int):
        return frozenset((key,))
    text = str(key).strip()
    if text == "any":
        return _ANY
    faces: set[int] = set()
    for part in text.replace(" or ", ",").split(","):
        lo, _, hi = part.strip().partition("-")
        if lo:
            faces.update(range(int(lo), int(hi or lo) + 1))
    return frozenset(faces)
