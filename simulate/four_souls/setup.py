"""Setup (FS-2): decks, bank, shop and monster slots, bonus souls, characters and starting items,
start-of-game triggers, first player, 3 loot and 3¢ each; the setup-level FS-20 variants (variants.py)."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Players, Streams, stream
from cardlab.simulate.core.shuffling import shuffle

from . import (
    asking,
    challenge,
    coop,
    decks,
    interpreter,
    resources,
    rooms,
    rule_variants,
    soul_trading,
    statics,
    trade,
    two_player,
    variants,
    zones,
)
from . import vocabulary as V
from .state import FSLog, Game, Phys, Player
from .views import View


def setup_rng(seed: int, choice: str) -> Any:
    """The generator of one setup choice (a deck, the characters, the first player …), derived from the
    game seed and the choice's name only: no setup choice depends on how many draws another one made."""
    return stream(seed, "setup", choice)


def make_game(cfg: Any, streams: Streams, log: FSLog, io: Players, n: int) -> Game:
    """An empty table of ``n`` seats: the game state, one lazy view per seat (what a player may know),
    the chosen rule variants hooked in and the chosen FS-20 variants' own state (None when off)."""
    g = Game(cfg, streams, log, io, n, [Player(i) for i in range(n)])
    g.views = [View(g, s) for s in range(n)]
    rule_variants.install(g)
    if cfg.has("two-player"):
        g.two_player = two_player.TwoPlayer()  # FS-20.11
    if cfg.has("soul-trading"):
        g.soul_trading = (
            soul_trading.SoulTrading()
        )  # FS-20.5: its deck is built once the characters are dealt
    if cfg.has("extended-trade"):
        g.trade = trade.Trade()  # FS-20.4
    if cfg.has("rooms"):
        g.rooms = rooms.Rooms()  # FS-16: the room deck is built and the first room revealed in new_game
    return g


def new_game(cfg: Any, seed: int, io: Players, log_events: bool = True, supply: Any = None) -> Game:
    # FS-17.8: solo/co-op remove "3+ players" cards whatever the number of characters
    s = supply if supply is not None else decks.supply(coop.supply_config(cfg))
    log = FSLog(log_events)
    n = cfg.n_players
    g = make_game(cfg, Streams(seed), log, io, n)
    g.bank = cfg.bank
    g.unlimited_bank = cfg.bank == 0
    pid = 0

    def phys(card: Any) -> Phys:
        nonlocal pid
        pid += 1
        p = Phys(pid, card, s.rules[card.id])
        g.all_phys.append(p)
        return p

    # FS-2.1 (FS-19 when a deck ratio is chosen: each game draws its decks by category). Every setup
    # choice has its own stream derived from the game seed (setup_rng), so changing one deck's contents
    # keeps the other decks, the characters and the first player: runs that differ only in a ratio or a
    # card stay paired (`cardlab compare`).
    zones = (g.loot, g.treasure, g.monster)
    if getattr(cfg, "ratio_counts", ()):
        for name, deck in zip(decks.DECKS, zones, strict=True):
            deck_rng = setup_rng(seed, name)
            deck.extend(phys(card) for card in decks.game_deck(cfg, s, name, deck_rng))
            shuffle(deck_rng, deck)
    else:
        for name, cards, deck in zip(decks.DECKS, decks.full_decks(cfg, s), zones, strict=True):
            deck.extend(cards)
            g.all_phys.extend(cards)
            pid += len(cards)
            shuffle(setup_rng(seed, name), deck)
    # FS-2.3 shop, FS-2.4 monster slots
    for _ in range(2):
        c = g.draw(g.treasure, g.treasure_disc)
        o = g.new_obj(c, "item", -1, slot=len(g.shop)) if c is not None else None
        g.shop.append([o] if o is not None else [])
    deal_monster_slots(g)
    if cfg.has("challenge"):  # FS-18.2: the final boss in its own slot
        challenge.setup(g, s, phys, setup_rng(seed, "challenge"))
    if cfg.has("rooms"):  # FS-2.5: the starting room
        rooms.build_deck(g, s, phys, setup_rng(seed, "room"))  # its own stream, as every deck
        rooms.setup(g)
    # FS-2.6 bonus souls
    if cfg.bonus_souls and s.bonus:
        picks = setup_rng(seed, "bonus souls").sample(s.bonus, min(3, len(s.bonus)))
        place_bonus(g, [phys(c) for c in picks])
    else:
        picks = []
    # outside the game (Guppy's Pieces, a room, makes one active: FS-14.7); no Phys until then
    picked = {id(c) for c in picks}  # by identity: a pool's cards have unique ids, so equal = the same card
    g.outside_bonus = [(c, s.rules[c.id]) for c in s.bonus if id(c) not in picked]
    casino = variants.casino_card(s) if cfg.has("casino") else None
    if cfg.has("two-player"):
        s = two_player.supply(s)  # FS-20.11(a): Eve, Lilith, Cain and Guppy leave the character pool
    # FS-2.7 characters (random unless --characters) and starting items (charged)
    char_rng = setup_rng(seed, "characters")
    if cfg.has("eden-only"):
        chars = variants.eden_only(s, char_rng, n)  # FS-20.3
    elif cfg.has("character-draft"):
        chars = variants.character_draft(g, s, asking.ask, char_rng)  # FS-20.7
    elif cfg.has("character-choice"):
        chars = variants.character_choice(g, s, asking.ask, char_rng)  # FS-20.7
    else:
        chars = decks.pick_characters(s, cfg.characters) if cfg.characters else []
        rest = [c for c in s.characters if c not in chars]
        shuffle(char_rng, rest)
        chars = chars + rest[: n - len(chars)]
    if len(chars) < n:
        from cardlab.simulate.core import UserError

        raise UserError(f"four-souls: only {len(s.characters)} implemented characters for {n} players")
    for p, card in zip(g.players, chars, strict=True):
        p.character = g.new_obj(phys(card), "character", p.seat, charged=False)
        p.char_soul = card.soul or 0  # FS-1.26 / FS-Q.40: a character's soul value (not an object)
        if card.starting_item:
            item = s.starting[card.starting_item]
            p.items.append(g.new_obj(phys(item), "item", p.seat, eternal=True, starting=True))
        if casino is not None:  # FS-20.6: an eternal Portable Slot Machine each (not from the deck)
            p.items.append(g.new_obj(phys(casino), "item", p.seat, eternal=True))
            log.emit("item_gained", p.seat, casino.name, None, None, "casino")
    g.outside_cards = [(c, s.rules[c.id]) for c in s.outside]  # in no deck until a card fetches one
    # by identity, not the card records' field-by-field equality (~1,000 compares a game over the whole
    # collection's characters): a pool's cards have unique ids, so an equal card is the same card
    dealt = {id(c) for c in chars}
    g.outside_chars = [  # FS-2.7: the characters not dealt stay outside the game (The Clicker)
        e for e in decks.character_entries(s) if id(e[0]) not in dealt
    ]
    if cfg.has("soul-trading"):
        soul_trading.build_deck(g, s, chars, phys)  # FS-20.5: the unused starting items, shuffled
    # FS-2.10 / FS-Q.5 first player (a goes_first character wins over the random pick, FS-0.1)
    first = setup_rng(seed, "first player").randrange(n)
    for p in g.players:
        assert p.character is not None  # dealt above (FS-2.7)
        if p.character.rules.goes_first:
            first = p.seat
            break
    g.first = g.active = first
    # FS-2.8 / FS-Q.29 start-of-game triggers in turn order, resolved at once (nobody has priority)
    for k in range(n):
        p = g.players[(first + k) % n]
        for ab in p.character.rules.triggers.get("game_start", ()):
            interpreter.run(statics.Ctx(g, p.seat, p.character, name=p.character.phys.card.name), ab.do)
    # FS-2.9 3 loot and 3¢ each
    for k in range(n):
        p = g.players[(first + k) % n]
        for _ in range(3):
            c = g.draw(g.loot, g.loot_disc)
            if c is not None:
                p.hand.append(c)
        p.cents += g.take_from_bank(3)
    for p in g.players:
        assert p.character is not None
        log.emit(
            "setup",
            p.seat,
            p.character.phys.card.name,
            p.items[0].phys.card.name if p.items else None,
            p.cents,
        )
    if cfg.has("mini-draft"):
        variants.mini_draft(g, asking.ask, resources.card_to_player)  # FS-20.1 / FS-20.2, after setup
    if cfg.coop:
        coop.start(g)  # FS-17.1: the D8 timer, placed at the end of setup
    g.cache.forbid_on = g.cache.forbid_on or decks.treasure_forbids(s)
    return g


def deal_monster_slots(g: Game) -> None:
    """FS-2.4: the two monster slots are dealt from the deck; an event revealed now goes to the bottom,
    unresolved. An Indomitable monster revealed now takes the empty slot (our reading of FS-4.17). A monster
    dealt into a slot enters play ([A]: the top card of a slot is in play, FS-3.3), so its "when this
    enters play" abilities trigger (Coil, Lil Hunter); nobody has priority in setup (FS-7.8), so they wait
    for the first priority of the first turn (FS-4.9, FS-Q.30), as the starting room's do (FS-2.5)."""
    for _ in range(2):
        slot: list = []
        for _tries in range(len(g.monster) + 1):
            c = g.draw(g.monster, g.monster_disc)
            if c is None:
                break
            if c.card.hp is None:
                g.monster.insert(0, c)
                continue
            slot.append(g.new_obj(c, "monster", -1, slot=len(g.mslots)))
            break
        g.mslots.append(slot)
        if slot:
            zones.entered_slot(g, slot[-1])


def place_bonus(g: Game, souls: list[Phys]) -> None:
    """FS-2.6 / FS-14.7: the active bonus souls, beside the play area. Their abilities work until they are
    gained: one with triggered abilities (Soul of Wrath) becomes the game's object, controlled by no
    player ("you" is the active player, as on a room), which carries its counters."""
    g.bonus = list(souls)
    for c in souls:
        if c.rules is not None and c.rules.triggers:
            g.bonus_objs[c.pid] = g.new_obj(c, "bonus", -1)


# Read once, as a game is set up (FS-2.8, FS-2.10; vocabulary.TRIGGERS / STATICS).
V.TRIGGERS.implement({"game_start": new_game})
V.STATICS.implement({"goes_first": new_game})
