"""``random.Random.shuffle`` written out for the compiled build (issue 20).

Every engine shuffles its decks with a game stream (``seeds.Streams``), and the standard library's
``shuffle`` is interpreted Python: one method call and one ``getrandbits`` call per card. A Gosu X game
shuffles about four decks of some forty cards (21 µs each on this machine, 3-4 % of a compiled game), a
Four Souls game over the whole collection decks of hundreds of cards (about 0.2 ms each). :func:`shuffle`
is the same algorithm (CPython's ``Random.shuffle`` with ``_randbelow_with_getrandbits``: from the last
position down, a position below it drawn by rejection from ``getrandbits`` of the bit length), so it draws
the same numbers and leaves the same order; compiled with mypyc, the loop runs natively.
``tests/test_runner_determinism.py`` checks it against ``random.Random.shuffle``; the identity check
(``python -m cardlab.compiled``) plays the compiled build against the pure one.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order from the same draws. A generator of another class (a test's
    scripted dice) shuffles with its own method."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    i = len(x) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
        i -= 1
