"""What a Gosu X player holds of a card (DESIGN: Decisions; issue 17 item 5): options and contexts name cards
by uid, the public handle, and the view (``views.View``) answers with a ``CardView`` — a read-only snapshot of
what the player may know of the card — never the engine's live ``Card``. Left as Python (not compiled), like
Four Souls' ``refs``."""

from __future__ import annotations

from typing import NamedTuple

from .carddefs import CardDef


class CardView(NamedTuple):
    """One visible card as a player sees it at one decision (a NamedTuple: strategies read thousands a game
    and a tuple is the cheapest immutable record). ``defn`` is its printed card (``cards.CardDef``: level,
    keywords, encoded effects), shared by every copy and never changed by play; the rest is its public state
    now. What depends on the rest of the game (its battle value, clans under Xian, vulnerability) the view
    computes: ``view.card_value(card)``, ``view.card_clans(card)``, ``view.vulnerable(card)``."""

    uid: int  # the handle options carry
    name: str
    defn: CardDef  # typed, so the compiled players read its fields natively
    owner: int
    zone: str  # hand | army | discard | removed
    row: int  # 0..2 in an army (soldier, hero, Immortal row), else -1
    face_up: bool  # False: captured (GX-12.12): its face stays known, it counts for nothing
    tokens: int  # activation tokens on it (GX-7.3)
    vet: int  # of them, turned to their veteran side (GX-7.9)
