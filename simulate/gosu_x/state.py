"""Game state: card instances, players' zones, the army grid and the shared pieces, plus the queries
the rules ask all the time (clans, levels, keywords, vulnerability, tile effects)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from cardlab.simulate.core.cardfiles import rebuilt_by_fields
from cardlab.simulate.core.decisions import Decision, Players, check_plain
from cardlab.simulate.core.events import EventLog
from cardlab.simulate.core.seeds import Streams

from .cards import GLOBAL, CardDef
from .config import GXConfig

# ``Final``: a compiled module uses the literal, not a lookup in its module's dict at each read
ARMY: Final = "army"
HAND: Final = "hand"
DECK: Final = "deck"
DISCARD: Final = "discard"
REMOVED: Final = "removed"
_IDENTITY = frozenset({"multi_clan", "multi_clan_level3", "also_named", "any_row", "mirror"})
_ROW_FIRST = ((1, 2, 3), (2, 1, 3), (3, 1, 2))
TOKENS_TOTAL: Final = 8  # GX-1.1: 8 activation tokens, 4 per player (2 in hand, 2 locked: GX-2.3, GX-Q.1)
FIFTH_TOKEN: Final = TOKENS_TOTAL // 2 + 1  # GX-11.1b: the X of an unlock with none left locked — the win
HAND_LIMIT: Final = 7  # GX-4.5, unless a hand_limit effect is in force


class GameOver(Exception):
    """Raised from anywhere an instant win or draw happens (GX-11.1, GX-Q.19)."""

    def __init__(self, winners: tuple[int, ...], condition: str):
        self.winners, self.condition = winners, condition


class TurnCap(Exception):
    """The configured max_turns was reached (end_reason turn_cap)."""


@dataclass(slots=True, eq=False)
class Card:
    uid: int
    d: CardDef
    owner: int
    zone: str = DECK
    face_up: bool = True
    row: int = -1
    tokens: int = 0  # activation tokens on it (GX-7.3)
    vet: int = 0  # tokens turned to their veteran side (GX-7.9)

    def __init__(
        self,
        uid: int,
        d: CardDef,
        owner: int,
        zone: str = DECK,
        face_up: bool = True,
        row: int = -1,
        tokens: int = 0,
        vet: int = 0,
    ) -> None:
        """The dataclass's ``__init__`` written out: the generated one runs interpreted even in the compiled
        build (issue 20)."""
        self.uid = uid
        self.d = d
        self.owner = owner
        self.zone = zone
        self.face_up = face_up
        self.row = row
        self.tokens = tokens
        self.vet = vet

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy`` and ``pickle``: a compiled ``__init__`` needs its arguments."""
        return rebuilt_by_fields(self)

    def __repr__(self) -> str:
        return f"{self.d.name}#{self.uid}"


@dataclass(slots=True)
class Player:
    seat: int
    clans: tuple[str, ...] = ()
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)  # top of deck = end of list
    discard: list[Card] = field(default_factory=list)
    removed: list[Card] = field(default_factory=list)
    rows: list[list[Card]] = field(default_factory=lambda: [[], [], []])
    t_hand: int = 2
    t_spent: int = 0
    t_locked: int = 2
    superiority: int = 0
    flipped: set[str] = field(default_factory=set)  # own tiles Themis turned (GX-12.22)
    passed: bool = False
    bans: dict[str, int] = field(default_factory=dict)  # name group -> caster turn count it lasts through
    turns: int = 0
    unlocks: int = 0
    pcards: list[Card] = field(default_factory=list)  # army cards with a permanent effect (a fast index)

    def tokens_on_cards(self) -> int:
        return sum(c.tokens for row in self.rows for c in row)

    def army_size(self) -> int:
        r = self.rows
        return len(r[0]) + len(r[1]) + len(r[2])


@dataclass(slots=True)
class State:
    cfg: GXConfig
    streams: Streams  # every random source its own stream of the game seed
    log: EventLog
    players_obj: Players
    p: list[Player]
    undrafted: tuple[str, ...] = ()
    tiles: dict[str, dict[str, Any]] = field(default_factory=dict)  # clan -> its tile's effects (card data)
    miracle: int = -1  # seat holding the miracle token, -1 = on the board
    bounty: Card | None = None  # the card carrying the bounty token
    round: int = 0
    turn_no: int = 0
    active: int = 0
    first_passer: int = -1
    extra_pending: bool = False
    in_extra: bool = False
    from_discard_ok: bool = False  # Nityananda's extra turn (GX-Q.13)
    pending_from_discard: bool = False
    remaining: int = 3  # turns left to the player who has not passed (GX-8.2)
    draft_first: int = 0
    cards: dict[int, Card] = field(default_factory=dict)
    _view_cls: Any = None
    available: tuple[str, ...] = ()
    checker: Any = None  # invariants.check under checked_play (cardlab soak), else None
    seed: int = 0  # the game seed: setup choices draw from their own streams of it (draft.setup_rng)
    keep_turns: bool = False  # copy each turn's start into ``turn_start`` (a search seat branches from it)
    # by seat: uids of cards it saw go into a hand or onto a deck's top or bottom, kept there by a search's
    # re-deal (branching.determinize; zones.show, forgotten when a deck is shuffled)
    known: list = field(default_factory=lambda: [set(), set()])
    turn_start: Any = None  # branching.TurnStart of the turn under way, when ``keep_turns``
    # ``tiles`` by effect: each key's (clan, value) pairs in tile order, built from ``_tiles_of`` (card data,
    # never changed in play; rebuilt when ``tiles`` is another dict). A tile effect is read some 800 times
    # a game, and a key is on at most a few of the eight tiles (issue 20)
    _tile_index: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)
    _tiles_of: Any = None

    # -- asking -------------------------------------------------------------------------------------------
    def ask(self, kind: str, seat: int, options: list | tuple, context: Any = None, shown: tuple = ()) -> Any:
        """Ask ``seat`` (single options are answered without building a decision: DESIGN, Decisions).
        ``shown``: uids of cards still counted in a deck that this decision shows to ``seat`` (revealed,
        GX-12.6, or searched): its view shows them."""
        if len(options) == 1:
            self.players_obj.single_option += (
                1  # the share of decisions with a real choice (analysis.quality)
            )
            return options[0]
        decision = Decision(kind, seat, options, self._view_cls(self, seat, shown), context)
        if self.checker is not None:  # checked play (soak): options are uids and plain values (refs.py)
            check_plain(decision)
        return self.players_obj.ask(decision)

    def emit(self, kind: str, seat: int = -1, card: str | None = None, target: str | int | None = None,
             amount: int | None = None, detail: str | None = None) -> None:  # fmt: skip
        self.log.emit(kind, seat, card, target, amount, detail)

    # -- tiles and passives ----------------------------------------------------------------------------------
    def tile_on(self, seat: int, clan: str) -> bool:
        """GX-2.7 undrafted tiles apply to both; GX-13.7 a flipped tile applies to its owner."""
        return clan in self.undrafted or clan in self.p[seat].flipped

    def tile_values(self, seat: int, key: str) -> list[Any]:
        """Values of ``key`` on the tiles in force for ``seat`` (GX-2.7, GX-13.7); a GLOBAL effect (hand
        limit) on a tile either player flipped applies to both (GX-13.1)."""
        if self._tiles_of is not self.tiles:
            self._index_tiles()
        out: list[Any] = []
        entries = self._tile_index.get(key)
        if entries is None:
            return out
        for clan, value in entries:
            if self.tile_on(seat, clan) or (key in GLOBAL and clan in self.p[1 - seat].flipped):
                out.append(value)
        return out

    def _index_tiles(self) -> None:
        index: dict[str, list[tuple[str, Any]]] = {}
        for clan, tile in self.tiles.items():
            for key, value in tile.items():
                index.setdefault(key, []).append((clan, value))
        self._tile_index = index
        self._tiles_of = self.tiles

    def passive_values(self, seat: int, key: str) -> list[Any]:
        """Values of ``key`` on the face-up cards of ``seat``'s army (GX-12.17)."""
        out = []
        for c in self.p[seat].pcards:
            if c.face_up:
                passive = self.passive_of(c) if "mirror" in c.d.passive else c.d.passive
                if key in passive:
                    out.append(passive[key])
        return out

    def passive_count(self, seat: int, key: str) -> int:
        """Face-up cards in ``seat``'s army with this permanent effect (GX-12.17)."""
        return len(self.passive_values(seat, key))

    def passive_of(self, card: Card) -> dict[str, Any]:
        """Permanent effects in force on a card: Aat takes its mirror's, except identity (name, clan, level)."""
        d = card.d
        if "mirror" not in d.passive:
            return d.passive
        src = self.source_def(card)
        if src is d:
            return d.passive
        return {k: v for k, v in src.passive.items() if k not in _IDENTITY}

    def effect_values(self, seat: int, key: str) -> list[Any]:
        """Every source of a permanent effect for ``seat``: cards and tiles (they stack, GX-15.5)."""
        return self.passive_values(seat, key) + self.tile_values(seat, key)

    def effect_total(self, seat: int, key: str) -> int:
        """The summed value of an effect for ``seat`` (a flag counts 1 per source, GX-15.5)."""
        return sum(int(v) for v in self.effect_values(seat, key))

    def hand_limit(self, seat: int) -> int:
        """GX-4.5 / GX-13.1: a hand_limit effect (card or tile) applies to every player; the lowest wins."""
        vals = [v for s in (0, 1) for v in self.effect_values(s, "hand_limit")]
        return min(vals) if vals else HAND_LIMIT

    # -- card characteristics -----------------------------------------------------------------------------
    def mirror(self, card: Card) -> Card | None:
        """GX-3.6: same row and position in the opponent's army."""
        if card.zone != ARMY:
            return None
        col = self.p[card.owner].rows[card.row].index(card)
        orow = self.p[1 - card.owner].rows[card.row]
        return orow[col] if col < len(orow) else None

    def source_def(self, card: Card) -> CardDef:
        """The definition whose effect, keywords and symbols apply: Aat borrows its mirror's (Tomorrow file)."""
        if "mirror" in card.d.passive and card.zone == ARMY:
            m = self.mirror(card)
            if m is not None and m.face_up and "mirror" not in m.d.passive:
                return m.d
        return card.d

    def triggers(self, card: Card) -> tuple:
        return self.source_def(card).on if "mirror" in card.d.passive else card.d.on

    def on_play(self, card: Card) -> tuple:
        return self.source_def(card).on_play if "mirror" in card.d.passive else card.d.on_play

    def slots(self, card: Card) -> int:
        return self.source_def(card).slots if "mirror" in card.d.passive else card.d.slots

    def printed_kw(self, card: Card, kw: str) -> bool:
        d = self.source_def(card) if "mirror" in card.d.passive else card.d
        return kw in d.keywords

    def has_kw(self, card: Card, kw: str) -> bool:
        """Keyword check for a face-up army card, including granted keywords (GX-12.15/12.25/6.9)."""
        if card.zone == ARMY and not card.face_up:
            return False
        if self.printed_kw(card, kw):
            return True
        if card.zone != ARMY:
            return False
        seat = card.owner
        if kw == "bounty":
            return self.bounty is card
        if kw == "echo":
            if self.levels(card)[0] == 3 and self.effect_total(seat, "echo_level3"):
                return True
            return any(n.face_up and "echo_adjacent" in self.passive_of(n) for n in self.adjacent(card))
        if kw == "castling":
            return card.d.replace_cost is not None and bool(self.effect_total(seat, "castling_with_cost"))
        if kw == "ward" and self.effect_total(seat, "ward_highest"):
            return self.ward_card(seat) is card
        return False

    def ward_card(self, seat: int) -> Card | None:
        """GX-13.4: the highest-level vulnerable card (each row has at most one vulnerable card). Phoenix
        (Immortal) is always every level (GX-12.28), so face up in a lower row it is level III too (captured,
        its effects do not work, GX-12.12: as for its clans); a tie goes to the higher row."""
        rows = self.p[seat].rows
        best: Card | None = None
        best_level = 0
        for r in (2, 1, 0):
            row = rows[r]
            if row and self.vulnerable(row[-1]):
                card = row[-1]
                level = 3 if card.face_up and "any_row" in card.d.passive else r + 1
                if level == 3:
                    return card
                if level > best_level:
                    best, best_level = card, level
        return best

    def levels(self, card: Card) -> tuple[int, ...]:
        """Levels a card counts as; the first is the one that sets its row and value. Phoenix (Immortal) is
        every level ("always", GX-12.28): its row's level first in an army (GX-14, value by row)."""
        if "any_row" in card.d.passive:
            if card.zone == ARMY:
                return _ROW_FIRST[card.row]
            return (1, 2, 3)
        return (card.d.level,)

    def clans(self, card: Card) -> tuple[str, ...]:
        """GX-12.12 captured cards have no clan; GX-12.28/13.5 multi-clan cards have all the owner's clans."""
        if card.zone == ARMY and not card.face_up:
            return ()
        d = card.d
        if "multi_clan" in d.passive or "multi_clan_level3" in d.passive:  # Xian itself: FAQ 3 Wishes
            return self.p[card.owner].clans or (d.clan,)
        if (d.level == 3 or "any_row" in d.passive) and self.effect_total(card.owner, "multi_clan_level3"):
            return self.p[card.owner].clans or (d.clan,)
        return (d.clan,)

    def names(self, card: Card) -> tuple[str, ...]:
        also = card.d.passive.get("also_named")
        if also and (card.zone != ARMY or card.face_up):
            return (card.d.group, *also)
        return (card.d.group,)

    # -- grid (GX-3) ----------------------------------------------------------------------------------------
    def col(self, card: Card) -> int:
        return self.p[card.owner].rows[card.row].index(card)

    def vulnerable(self, card: Card) -> bool:
        """GX-3.4: nothing directly above and nothing directly to the right."""
        rows = self.p[card.owner].rows
        row = rows[card.row]
        c = row.index(card)
        if c != len(row) - 1:
            return False
        return card.row == 2 or len(rows[card.row + 1]) <= c

    def adjacent(self, card: Card) -> list[Card]:
        """GX-3.5: cards sharing a side."""
        rows = self.p[card.owner].rows
        r, c = card.row, rows[card.row].index(card)
        out = []
        if c > 0:
            out.append(rows[r][c - 1])
        if c + 1 < len(rows[r]):
            out.append(rows[r][c + 1])
        if r > 0 and c < len(rows[r - 1]):
            out.append(rows[r - 1][c])
        if r < 2 and c < len(rows[r + 1]):
            out.append(rows[r + 1][c])
        return out

    def column(self, card: Card) -> list[Card]:
        rows = self.p[card.owner].rows
        c = rows[card.row].index(card)
        return [row[c] for row in rows if c < len(row)]

    def army(self, seat: int) -> list[Card]:
        r = self.p[seat].rows
        return r[0] + r[1] + r[2]

    def face_up_count(self, seat: int) -> int:
        return sum(1 for row in self.p[seat].rows for c in row if c.face_up)

    def x_value(self, seat: int) -> int:
        """GX-7.8: unlocked tokens (hand + spent + on cards)."""
        return TOKENS_TOTAL // 2 - self.p[seat].t_locked

    def banned(self, seat: int, card: Card) -> bool:
        """Arrows of Justice (GX-14, GX-Q.16): no play, replacement, castling or feat with the named name."""
        bans = self.p[seat].bans
        return bool(bans) and card.d.group in bans
