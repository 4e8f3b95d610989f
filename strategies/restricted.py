"""Restricted play (Jaffe et al. 2012): a heuristic that may not use some cards or abilities.

``restricted:base=sensible,ban=The D6`` plays exactly like ``sensible`` except that, at every decision, the
options that would use a banned card (play it, activate it, use a character's ability) are taken away
before the base policy sees them. Played on the same seeds as the unrestricted base, the paired win-rate
drop is what the banned card is worth to the way that policy plays (docs/robustness.md). Several names are
joined by ``+`` (``ban=The D6+The D20``). Passive and triggered effects still happen: only a choice to use
the card is taken away. If every option of a decision would use a banned card, the decision is answered
unrestricted (an engine always offers a way not to act, so this does not happen in the bundled games).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.wording import did_you_mean


class Restricted:
    """A heuristic that may not use the banned cards or abilities (base=, ban=NAME+NAME): what a card is worth."""

    name = "restricted"
    heuristics: ClassVar[dict[str, type]]
    uses: ClassVar[Callable[[Any, Any], str | None]]  # (decision, option) → the card/ability it uses
    names: ClassVar[Callable[[], set[str]]]  # the names a ban may name (the bundled card data)

    def __init__(self, seat: int, rng: random.Random, base: str = "sensible", ban: str = "") -> None:
        if base not in self.heuristics:
            known = ", ".join(sorted(self.heuristics))
            raise UserError(f"restricted: base '{base}' is not a heuristic of this game ({known})")
        banned = frozenset(part.strip() for part in str(ban).split("+") if part.strip())
        if str(ban).strip() and not banned:
            raise UserError(f"restricted: ban {ban!r} names no card")
        known_names = type(self).names()
        for name in sorted(banned):
            if name not in known_names:
                raise UserError(
                    f"restricted: ban '{name}' names no card or ability{did_you_mean(name, known_names)}"
                )
        self.banned = banned
        self.base = self.heuristics[base](seat, rng)
        self.removed = 0  # options taken away so far (a ban that never binds says so)
        base_declines = getattr(self.base, "declines", None)
        if base_declines is not None:  # declining unseen is passing: it never uses a banned card
            self.declines = base_declines

    def choose(self, decision: Any) -> Any:
        if not self.banned:
            return self.base.choose(decision)
        uses = type(self).uses
        allowed = [o for o in decision.options if uses(decision, o) not in self.banned]
        if not allowed or len(allowed) == len(decision.options):
            return self.base.choose(decision)
        self.removed += len(decision.options) - len(allowed)
        if len(allowed) == 1:
            return allowed[0]
        return self.base.choose(decision.but(type(decision.options)(allowed), decision.view))
