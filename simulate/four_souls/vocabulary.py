"""The closed Four Souls effect vocabulary, as data (DESIGN: Cards are data).

Every word kind a card file uses — verbs, combinators, triggers, statics, replacements, hooks, selectors,
filters, keyed filters, keywords — is one
kernel :class:`~cardlab.simulate.core.vocabulary.Vocabulary` of :class:`Word` rows (name, parameter
schema, rule IDs, documentation summary; verbs and hooks also their value model and strategy roles),
documented row by row in ``decklists/four_souls/VOCABULARY.md`` (``tests/test_vocabulary.py`` checks both
ways). The card loader validates every card file against them. The engine module that carries a word out
binds its handler into the same entry (``V.TRIGGERS.implement({...})`` at the end of that module): the
interpreter dispatches verbs and combinators, ``triggers.py`` matches events on its trigger matchers, and
for a static or replacement the handler is the function that reads or applies it. A word with no handler
is "not implemented": a card using it is left out of decks (``rules.compile_card``), never silently run.
To add a word: one row here, one row in VOCABULARY.md, one ``implement`` entry where it is carried out.

Shapes (the §1.1 YAML form; ``decklists/four_souls/VOCABULARY.md`` has one example per entry):

* an **ability** is a mapping with exactly one kind key from :data:`ABILITY_KINDS`;
* an **effect** is ``{verb: {param: value, ...}}`` (or ``{verb: value}`` for the first parameter), a
  combinator mapping (``{seq: [...]}``, ``{tgt: {X: selector}, do: effect}`` ...), or a bare word naming a
  verb/combinator that needs no parameters (``nothing``, ``end_turn``);
* a **selector** is a word (``you``, ``active``, ``roll``) or ``{selector: [filters...], count: N}``;
* a **value / condition** is an int or a short expression string (``"hand_size(you) >= 8"``) whose words
  must come from :data:`WORDS` or be bound variables (capitalised names such as ``P``, ``X``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.simulate.core.vocabulary import Vocabulary, Word


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


@dataclass(frozen=True, slots=True)
class Aim:
    """A verb's value model, for players reading a card they have never seen: whom the verb affects
    (``who``: the parameter naming that player or object, or ``you``), what it gives or takes
    (``what``), how much one unit is worth in loot-card points (``per``: a loot card 1, 1¢ 0.3, a
    treasure 3, a soul 8 …; negative = a loss to the affected one), which parameter holds the amount
    (``amount``, a number or an expression; 1 when absent), and when it can matter (``when``: ``any``;
    ``roll`` a roll on the stack, ``stack`` something on the stack, ``damage`` pending damage,
    ``own_turn`` only in its user's turn). Engines never read it; strategies do (strategies/*/reading)."""

    what: str
    per: float
    who: str = "you"
    amount: str = "n"
    when: str = "any"


# Points: loot card 1, 1¢ 0.3, treasure 3, soul 8, 1 HP of damage 1.5 (to a player; a kill 4), an item its
# worth (``item``: read from the item itself). Roles (what strategies/four_souls/reading sorts by): ``gain``
# only gives its user something, ``help`` helps its target (aim it at yourself), ``harm`` harms it (aim it
# at others), ``roll`` changes a roll on the stack, ``threat`` what an opponent one soul from winning may win
# with besides harm; ``neutral`` none of these (declared, never a default).
def _v(name, params, required, group, rules, summary, aim, roles, used=True) -> Word:
    return Word(
        name, summary, tuple(params.split()), tuple(required.split()), params.split()[0] if params else "",
        rules, group, aim, frozenset(roles.split()), used,
    )  # fmt: skip


# §2 of the design: 39 verbs (flip_roll and deactivate have no Base V2 user). The roll table (§2
# `roll_table`) is written `roll:` in YAML (§1.1) and lives in COMBINATORS because it holds effects.
# fmt: off
_VERB_LIST = [  # name, params, required, group, rules, summary, value model, roles
    # Resources
    _v("gain_cents", "n who", "n", "resources", "FS-6.11 FS-15.1", "move n cents from the bank to who", Aim("cents", 0.3, who="who"), "gain help"),
    _v("lose_cents", "n who", "n", "resources", "FS-6.5", "move n (or all) cents of who to the bank", Aim("cents", -0.3, who="who"), "harm"),
    _v("pay", "cents hp", "", "resources", "FS-6.6 FS-4.4", "a payment (cents or HP); fails if unaffordable", Aim("cost", -1.0), "neutral"),  # a payment: its parts are valued as costs (cents 0.3, hp 1.5)
    _v("loot", "n who from", "n", "resources", "FS-6.19 FS-1.7", "who draws n loot", Aim("loot", 1.0, who="who"), "gain"),
    _v("discard_loot", "n who random", "n", "resources", "FS-6.4", "who discards n loot (their choice)", Aim("loot", -1.0, who="who"), "harm"),
    _v("gain_treasure", "n who counter", "n", "resources", "FS-1.3 FS-6.11", "top n treasure enter play under who", Aim("treasure", 3.0, who="who"), "gain threat"),
    # Transfers
    _v("steal", "what from to", "what", "transfers", "FS-6.12", "take what from a player/shop (taker picks)", Aim("take", 1.0, who="from", amount="what"), "harm"),  # the taker gains what the victim loses
    _v("give", "what from to", "what to", "transfers", "FS-6.12", "giver hands what to another player", Aim("take", -1.0, who="to", amount="what"), "neutral"),  # the giver loses what the receiver gains
    _v("swap", "a b", "a b", "transfers", "FS-6.12 FS-Q.41", "two simultaneous gives", Aim("swap", 0.0, who="b", amount="b"), "harm"),  # worth the difference of the two things
    # Information
    _v("look_hand", "who viewer", "who", "information", "FS-3.7", "viewer sees who's hand", Aim("info", 0.2, who="who"), "neutral"),
    _v("peek", "deck n then reveal random filter", "deck n then", "information", "FS-3.4", "look at the top n of a deck", Aim("info", 0.4, who="deck"), "gain"),
    _v("search", "deck filter then shuffle bind count", "deck filter then", "information", "FS-3.4", "search a deck", Aim("treasure", 2.0, who="deck"), "neutral"),
    # Zones
    _v("move", "cards to pos refill cover who bind", "cards to", "zones", "FS-3.2 FS-3.8 FS-12.1", "zone change", Aim("move", 0.5, who="cards"), "neutral"),  # a zone change: valued by what leaves (a monster, itself)
    _v("expand_slots", "kind n", "kind n", "zones", "FS-6.7 FS-3.12", "add n shop/monster/room slots", Aim("info", 0.5, who="kind"), "neutral"),
    # Damage & life
    _v("deal_damage", "n to source divided", "n to", "damage", "FS-6.20 FS-6.21 FS-5.9", "damage on the stack (several targets: one damage each, in FS-5.9's order; `divided`: split as it resolves)", Aim("damage", -1.5, who="to"), "harm"),
    _v("heal", "n who", "n who", "damage", "FS-6.14", "remove marked damage", Aim("hp", 1.0, who="who"), "gain help"),
    _v("shield", "who amount next_instance until on_prevent", "who amount", "damage", "FS-5.4 FS-6.16 FS-Q.19", "one-shot prevention of who's next damage this turn", Aim("hp", 1.5, who="who", amount="amount", when="damage"), "help"),
    _v("prevent", "what n", "what", "damage", "FS-6.16", "remove pending damage/death (or n of it)", Aim("hp", 1.5, who="what", when="damage"), "neutral"),
    _v("kill", "target", "target", "damage", "FS-6.3 FS-13", "the player or monster dies", Aim("kill", -4.0, who="target"), "harm"),
    _v("destroy", "target", "target", "damage", "FS-6.3 FS-4.12", "item/soul/curse to its discard", Aim("item", -1.0, who="target"), "harm"),
    _v("pass_characters", "direction", "direction", "transfers", "FS-6.12 FS-0.4", "every player gives their character and one eternal item of their pick one seat left (right), all at once", Aim("swap", 0.0), "neutral", used=False),
    _v("pass_hands", "direction", "direction", "loot", "FS-6.12 FS-0.4", "every hand passes one seat left (right), all at once", Aim("loot", 0.0), "neutral", used=False),
    _v("strip_abilities", "target who until", "", "objects", "FS-5.2", "an item (or a stack item's item) has no abilities but eternal until its controller's next turn end; who + until next_turn: a player's character and items, till their next turn starts", Aim("cancel", 1.0, who="target"), "harm", used=False),
    _v("set_atk", "target n", "target n", "damage", "FS-5.2", "a monster's damage becomes n, with no stated end", Aim("buff", -1.0, who="target"), "harm", used=False),
    _v("buff", "target atk hp ev roll until", "target", "damage", "FS-5.2 FS-8.10", "stat change until eot", Aim("buff", 1.0, who="target"), "help"),
    # Stack & turn
    _v("cancel", "target", "target", "stack", "FS-6.9 FS-10.11", "remove a stack item (or all) unresolved", Aim("cancel", 2.0, who="target", when="stack"), "harm"),
    _v("end_turn", "", "", "stack", "FS-8.9 FS-Q.38", "go to the end phase once the stack is empty", Aim("turn", -1.0), "neutral"),
    _v("extra_turn", "who", "who", "stack", "FS-8.12", "who takes another turn after this one", Aim("turn", 8.0, who="who", when="own_turn"), "neutral"),
    _v("team_up", "who this_attack", "who", "stack", "FS-10.7", "who (not the active player) joins the active player's next attack this turn: an attack roll after each of theirs, and the rewards too if the monster dies", Aim("loot", 2.0, who="who"), "help", used=False),
    _v("skip_turn", "who next", "who", "stack", "FS-5.4 FS-8.12", "who's next turn is skipped", Aim("turn", -8.0, who="who"), "neutral"),
    _v("extra_loot_play", "n until", "n", "stack", "FS-8.4 FS-Q.34", "+n loot plays this turn", Aim("loot_play", 1.0), "gain help"),
    _v("extra_attack", "mode who target timing additional if_able total_this_turn evasion", "mode", "stack", "FS-10.16 FS-8.6", "grant (may) or impose (must) an attack", Aim("attack", 2.0, who="who", when="own_turn"), "help threat"),
    # Dice
    _v("reroll", "roll dice keep", "roll", "dice", "FS-6.17 FS-9.3 FS-9.6", "roll the same die again (dice: n, one kept)", Aim("roll", 1.0, who="roll", when="roll"), "roll"),
    _v("modify_roll", "roll delta", "roll delta", "dice", "FS-9.1 FS-9.2", "change a roll on the stack", Aim("roll", 1.0, who="roll", amount="delta", when="roll"), "roll"),
    _v("set_roll", "roll value", "roll value", "dice", "FS-9.2 FS-9.9", "set a roll to a value", Aim("roll", 2.0, who="roll", when="roll"), "roll"),
    _v("flip_roll", "roll", "roll", "dice", "FS-6.10", "result becomes 7 - result", Aim("roll", 1.0, who="roll", when="roll"), "roll", used=False),
    # Objects
    _v("recharge", "target", "target", "objects", "FS-6.2", "turn upright", Aim("recharge", 1.0, who="target"), "gain help"),
    _v("flip", "target", "target", "objects", "FS-6.10", "turn to the other side (a card with a back side)", Aim("counter", 0.0, who="target"), "neutral", used=False),  # the sides' worth is not weighed
    _v("deactivate", "target", "target", "objects", "FS-6.2 FS-13.9", "turn sideways", Aim("recharge", -1.0, who="target"), "neutral", used=False),
    _v("skip_recharge", "target", "target", "objects", "FS-8.1", "a deactivated item stays so through its controller's next recharge step", Aim("recharge", -1.0, who="target"), "harm", used=False),
    _v("reroll_item", "target", "target", "objects", "FS-6.18", "destroy; if so its controller gains 1 treasure", Aim("reroll", -1.0, who="target"), "harm"),  # the item's worth lost, a treasure's gained
    _v("become_copy", "object source until", "object source", "objects", "FS-5.10", "copy an object", Aim("copy", 1.0, who="source"), "neutral"),
    _v("leaves_to_hand", "object", "", "objects", "FS-5.4 FS-3.2", "while it stays in play, this object leaving play puts its card into the active player's hand instead", Aim("loot", 1.0), "neutral", used=False),  # the card comes back to the active player's hand
    _v("gain_abilities", "source abilities object until", "", "objects", "FS-5.2 FS-5.10", "this object also has the source's (or the listed) abilities till eot or its controller's next turn", Aim("copy", 1.0, who="source"), "gain", used=False),
    _v("gain_rewards", "who of half", "", "resources", "FS-13.4", "who gets a dead monster's printed rewards once more (half: half of each fixed amount)", Aim("loot", 2.0, who="who"), "gain", used=False),
    _v("copy_loot", "target from who", "", "objects", "FS-5.11", "a copy of a loot on the stack, new targets, no cost", Aim("loot", 1.0), "gain", used=False),
    _v("force_activate", "item", "item", "objects", "FS-6.1 FS-4.4", "you pick a tap or paid ability on a rival's item; its controller activates it if they can, paying its cost and picking its targets", Aim("copy", 0.5), "neutral", used=False),
    _v("put_under", "card", "card", "zones", "FS-3.2", "a card lying in its discard goes under this item (out of play; to the discards when the item leaves play)", Aim("move", 0.0), "neutral", used=False),
    _v("from_under", "to bind", "", "zones", "FS-3.2 FS-3.4", "the controller puts a card from under this item on top of its deck (to: monster_slot: into a slot)", Aim("move", 0.0), "neutral", used=False),
    _v("name_faces", "", "", "dice", "FS-9.2 FS-6.20", "each player in turn order names a face no one named yet; till end of turn a roll showing a player's face deals them 1 damage", Aim("info", 0.0), "neutral", used=False),
    _v("loot_top_playable", "", "", "objects", "FS-8.4 FS-3.4", "till end of turn the loot deck's top card is shown and you may play it as if it were in your hand (a loot play used)", Aim("loot", 1.0), "gain", used=False),
    _v("play_given", "from", "from", "objects", "FS-6.12 FS-8.4", "from (another player) hands you one loot card of their pick, shown to all; you play it at once if it can be played, using no loot play", Aim("loot", 1.0), "gain", used=False),
    _v("copy_from_hand", "who", "who", "objects", "FS-3.7 FS-5.12 FS-8.4", "who shows you their hand; pick a loot in it (neither trinket nor ambush): its copy is yours to play once this turn, using no loot play", Aim("loot", 1.0), "gain", used=False),
    _v("loot_under", "who", "who", "objects", "FS-5.12 FS-8.4", "a random loot card of who's hand goes under this; you may play it this turn, using no loot play (unplayed: out of the game)", Aim("loot", -1.0, who="who"), "harm", used=False),  # a rival's card taken
    _v("change_number", "", "", "objects", "FS-5.2", "one encoded number of an object in play or of a stacked loot moves a step up or down (1..6) until the turn ends", Aim("info", 0.3), "neutral", used=False),
    _v("make_eternal", "who", "who", "objects", "FS-4.12", "each item who controls is eternal till end of turn", Aim("info", 0.3, who="who"), "help", used=False),
    _v("possess", "who", "who", "objects", "FS-4.6 FS-6.2", "each item of who is recharged and offered to you to activate, as if yours, for the rest of the turn", Aim("copy", 1.0, who="who"), "gain", used=False),
    _v("become_item", "who", "", "objects", "FS-3.2 FS-6.11", "this card becomes an item under who (its `as_item` side, if any)", Aim("treasure", 3.0, who="who"), "gain", used=False),
    _v("become_soul", "card lose_abilities from who", "card", "objects", "FS-14.5", "the card becomes your soul", Aim("soul", 8.0), "neutral"),
    # Keywords (FS-4.16): the Curse keyword's two triggered abilities, compiled from the keyword
    _v("become_curse", "", "", "objects", "FS-4.16 FS-1.18", "this event becomes a curse; the AP picks who gains it", Aim("info", 0.0), "neutral", used=False),  # the game's (a curse event's keyword): nobody uses it by choice
    _v("discard_curse", "", "", "objects", "FS-4.16 FS-Q.11", "this curse goes to the discard (its bearer died)", Aim("info", 0.0), "neutral", used=False),
    _v("win", "who", "", "stack", "FS-14.3 FS-14.2", "who wins once this ability has resolved", Aim("soul", 40.0, who="who"), "neutral", used=False),  # the game: worth more than any soul
    _v("forbid_eot", "who actions", "", "turn", "FS-7.3", "till end of turn, those players may not play loot / activate items or abilities", Aim("info", 0.5), "neutral", used=False),  # the rivals' answers barred for a turn
    _v("players_attackable", "evasion who", "evasion", "turn", "FS-10.6", "till end of turn, players (who: players, or you) can be attacked with this evasion", Aim("attack", 0.5), "neutral", used=False),  # another attack target for the active player
    # Objects
    _v("add_counters", "n object kind who lose_abilities", "n", "objects", "FS-5.14 FS-5.15", "add (level, named) counters to an object, or to a player (who)", Aim("counter", 0.6, who="object"), "gain"),
    _v("remove_counters", "n object kind who", "n", "objects", "FS-5.14", "remove counters (any kind unless named; usually a cost)", Aim("counter", -0.6, who="object"), "neutral"),
    _v("step_counters", "target", "target", "objects", "FS-5.14", "one more counter of a kind already on the target, or one fewer of a kind on it (the controller's pick)", Aim("counter", 0.3, who="target"), "neutral", used=False),
    _v("new_character", "", "", "objects", "FS-2.7 FS-6.12", "you pick a character outside the game: it and its starting item replace your character and starting item", Aim("info", 0.5), "neutral", used=False),
    _v("put_from_outside", "name", "name", "zones", "FS-4.17 FS-3.12", "a card of that name from outside the game enters a monster slot no attack targets", Aim("move", 0.0), "neutral", used=False),
    _v("auction", "item", "item", "resources", "FS-6.12", "the other players bid cents for a shop item; the high bidder pays you and steals it", Aim("cents", 2.0), "gain", used=False),
    _v("move_to_slot", "target", "target", "zones", "FS-3.8 FS-3.12", "a monster in a slot moves to another monster slot, covering its top; the same object stays in play", Aim("move", 0.0), "neutral", used=False),
    _v("clear_slot", "", "", "zones", "FS-3.8 FS-3.12", "every card in a monster slot other than this card's goes to its discard", Aim("move", 0.0), "neutral", used=False),
    _v("reveal_cards", "deck n until filter take then rest bind", "deck", "information", "FS-3.4", "reveal cards from a deck's top and deal with those a filter keeps; the rest under the deck or discarded", Aim("info", 0.5, who="deck"), "neutral", used=False),
    _v("next_roll_d8", "who", "who", "dice", "FS-9.2", "who's next die roll is a d8 whose 7 and 8 count as 6", Aim("turn", 0.5, who="who", when="own_turn"), "help", used=False),
    _v("no_attacks", "who", "who", "turn", "FS-8.6", "who cannot attack on their next turn", Aim("attack", -2.0, who="who"), "harm", used=False),
    _v("roll_again", "", "", "dice", "FS-9.2 FS-4.18", "in a roll table's row: the same roller rolls the same table again, a new roll read by the same rows", Aim("info", 0.3), "neutral", used=False),  # another row of the same table: about its average
    _v("again", "while", "", "stack", "FS-6.9 FS-1.17", "first in an ability's effect: the same ability goes on the stack again below this round; it ends the effect once while fails or a round changed nothing", Aim("info", 0.0), "neutral", used=False),
    _v("become_room", "target", "target", "zones", "FS-16.2 FS-3.12", "a non-eternal item leaves its player and becomes a room in a new room slot (rooms in the game only)", Aim("item", -1.0, who="target"), "harm", used=False),
    _v("mark", "who", "who", "objects", "FS-5.2", "this object remembers who (a player) until this turn is over; the selector `marked` names them", Aim("info", 0.0, who="who"), "neutral", used=False),
    _v("add_bonus_soul", "name", "name", "zones", "FS-14.7 FS-2.6", "a bonus soul of that name from outside the game becomes an active bonus soul", Aim("move", 0.0), "neutral", used=False),
    _v("put_minion", "card", "card", "zones", "FS-18.5", "a set-aside minion card of that name enters a new minion slot", Aim("move", -0.5), "neutral", used=False),
    _v("cancel_attack", "who target", "", "stack", "FS-10.11 FS-10.15", "the attack in progress ends (who: you = only your own; target: monster = only an attack on a monster, self = only one on this)", Aim("cancel", 2.0, who="who", when="stack"), "neutral", used=False),  # an answer: your own attack before a lethal miss (FS-10.15), or a rival's
    _v("advance_timer", "n", "n", "turn", "FS-18.6", "a challenge's timer moves n steps toward the loss (n < 0: away)", Aim("turn", -2.0), "neutral", used=False),
]
# fmt: on
VERBS = Vocabulary("four-souls", "verb", _VERB_LIST)


# FS-5.14: the named counters cards use (besides generic and level counters, FS-5.15).
NAMED_COUNTERS = (
    "doodle",
    "eraser",
    "sketch",
    "gut",
    "egg",
    "bounty",
    "spider",
    "gold",
    "poo",
    "hp",
    "atk",
    "eternal",
)
# FS-18.1: the difficulty symbols a challenge card's faces carry (the run's --difficulty picks the face);
# "competitive" is the three-skull symbol: a challenge's side for a normal 3+ player game (FS-20.12).
DIFFICULTIES = ("normal", "hard", "ultra-hard", "competitive")

# Allowed words for some verb parameters (checked by the loader).
PARAM_CHOICES: dict[tuple[str, str], frozenset[str]] = {
    ("peek", "then"): frozenset(
        {
            "back",
            "any_order",
            "may_any_order",
            "may_bottom",
            "one_top_rest_bottom",
            "back_or_discard",
            "take_one",
            "take_two",
            "take_all",
            "take_one_give_rest",
            "may_take_one",
            "copy_one",
            "discard_any_order",
            "may_slot_one",
        }
    ),
    ("search", "then"): frozenset({"gain", "move_to_monster_slot", "hand"}),
    ("reveal_cards", "filter"): frozenset({"event", "curse", "boss", "any"}),
    ("reveal_cards", "take"): frozenset({"all", "one", "may_one"}),
    ("reveal_cards", "then"): frozenset({"monster_slot", "give_curse", "gain_curse", "play_free"}),
    ("reveal_cards", "rest"): frozenset({"bottom_random", "bottom_any", "bottom", "discard"}),
    ("extra_attack", "mode"): frozenset({"may", "must"}),
    ("extra_attack", "timing"): frozenset({"this_turn", "now"}),
    ("reroll", "keep"): frozenset({"choose", "highest", "lowest", "other_player", "you"}),
    ("expand_slots", "kind"): frozenset({"shop", "monster", "room"}),
    ("become_copy", "until"): frozenset({"eot", "forever", "next_turn"}),
    ("gain_abilities", "until"): frozenset({"eot", "next_turn"}),
    ("add_counters", "kind"): frozenset({"generic", "level", *NAMED_COUNTERS}),
    ("gain_treasure", "counter"): frozenset({"generic", *NAMED_COUNTERS}),
    ("remove_counters", "kind"): frozenset({"generic", "level", *NAMED_COUNTERS}),
    ("buff", "until"): frozenset({"eot", "next_attack_roll"}),
    ("pass_hands", "direction"): frozenset({"left", "right"}),
    ("pass_characters", "direction"): frozenset({"left", "right"}),
    ("forbid_eot", "who"): frozenset({"other_players", "non_active_players"}),
    ("shield", "until"): frozenset({"eot"}),
    ("from_under", "to"): frozenset({"monster_slot"}),
    ("extra_loot_play", "until"): frozenset({"eot"}),
}


# Parameter kinds checked by the loader (any verb): flags must be true/false; amounts a number or an
# expression such as "event.amount" / "max(0, cents(P) - cents(you))" / all / any_number.
FLAG_PARAMS = frozenset(
    {
        "next_instance",
        "reveal",
        "shuffle",
        "divided",
        "random",
        "cover",
        "lose_abilities",
        "additional",
        "if_able",
        "next",
        "once",
    }
)
AMOUNT_PARAMS = frozenset({"n", "total_this_turn", "pos"})


def Combinator(
    name: str,
    value: str,
    siblings: tuple[str, ...],
    required: tuple[str, ...],
    rules: str,
    summary: str,
    used: bool = True,
) -> Word:
    """Structure, not a verb: ``name`` is its key; ``params`` the other keys allowed beside it; ``value`` the
    shape of its own value (effects | effect | table | bindings | cond | trigger | word | none); ``used``:
    a Base V2 card uses it."""
    return Word(name, summary, siblings, required, value, rules, used=used)


COMBINATORS = Vocabulary(
    "four-souls",
    "combinator",
    [
        Combinator("seq", "effects", (), (), "FS-5.8", "independent steps ('then')"),
        Combinator("and", "effects", (), (), "FS-5.8", "each step only if the previous took effect"),
        Combinator("may", "effect", ("by",), (), "card text", "optional, decided on resolution"),
        Combinator("modes", "effects", ("by", "once"), (), "FS-4.2", "'choose one', picked on stacking"),
        Combinator(
            "roll",
            "table",
            ("by", "dice", "keep", "together"),
            (),
            "FS-4.18 FS-9 FS-9.2 FS-9.6",
            "Roll-: a die roll read by a table (together: N dice, each a roll, read at once)",
        ),
        Combinator("each", "bindings", ("do",), ("do",), "FS-5.9", "repeat for every member"),
        Combinator("tgt", "bindings", ("do", "by"), ("do",), "FS-4.2 FS-6.8", "targets chosen on stacking"),
        Combinator("choose", "bindings", ("do", "by"), ("do",), "FS-4.3", "a choice made on resolution"),
        Combinator("if", "cond", ("then", "else"), ("then",), "FS-6.8", "condition checked on resolution"),
        Combinator("let", "bindings", (), (), "FS-5.16", "record a value for later steps"),
        Combinator("next", "trigger", ("do", "replace", "until"), (), "FS-4.9 FS-5.4", "delayed one-shot"),
        Combinator("until", "word", ("replace",), ("replace",), "FS-5.2 FS-5.4", "replacement until eot"),
        Combinator(
            "vote",
            "bindings",
            ("voters", "count", "ties", "do"),
            ("do",),
            "FS-5.17",
            "the players vote; the effect falls on the option(s) with the most votes",
            used=False,  # expansion cards only (Emergency Meeting!, Trial by Trolley! ...)
        ),
        Combinator(
            "roll_off",
            "bindings",
            ("rolls", "highest", "lowest"),
            ("rolls",),
            "FS-9 FS-9.2 FS-5.9",
            "each member rolls and sums; the highest and the lowest sums get an effect",
            used=False,  # expansion cards only (QWOP!, Warp Zone)
        ),
        Combinator(
            "times",
            "cond",
            ("do",),
            ("do",),
            "FS-4.18 FS-5.14",
            "the effect carried out as many times as the value says, read once as it resolves",
            used=False,  # expansion cards only (Widow of Summer: a roll per spider counter)
        ),
        Combinator("hook", "word", (), (), "DESIGN", "call the card's named Python hook"),
        Combinator("nothing", "none", (), (), "FS-4.18", "no effect (a roll row that does nothing)"),
    ],
)  # the interpreter binds the handlers

# Ability kinds (§1.2) and the keys each ability mapping may hold.
ABILITY_KINDS: dict[str, tuple[str, ...]] = {
    "play": ("cost", "targets", "by", "do"),  # inside the kind mapping; cost: discard_loot only (Fiend Fire)
    "tap": ("cost", "targets", "by", "do", "if"),  # a cost besides deactivating (Jar of Flies: counters)
    "paid": ("cost", "targets", "by", "do", "if"),  # if: offered only while it holds (Widow: a counter)
    "reward": ("do",),  # a printed reward that is an effect (FS-13.4 step 3), carried out by its receiver
    "on": ("do", "targets", "by", "optional"),  # siblings of the `on:` trigger mapping
    "static": (),  # `static: {if: cond, <modifier>: value, ...}`
    "replace": (
        "event",
        "if",
        "modify",
        "prevent",
        "instead",
        "enters_deactivated",
        "roll",
        "then",
        "first_each_turn",
    ),
    "soul_when": (),  # `soul_when: condition`
}
ABILITY_REQUIRED: dict[str, tuple[str, ...]] = {
    "play": ("do",),
    "tap": ("do",),
    "paid": ("cost", "do"),
    "reward": ("do",),
    "on": ("do",),
    "replace": ("event",),
}
REPLACE_OUTCOMES = ("modify", "prevent", "instead", "enters_deactivated", "roll")
MODIFY_KEYS = ("add", "multiply", "reduce_to", "repeat")


def Trigger(name: str, options: tuple[str, ...], rules: str, summary: str, used: bool = True) -> Word:
    """An ``on:`` event: ``options`` are the keys allowed beside the trigger key (the word's ``params``)."""
    return Word(name, summary, options, rules=rules, used=used)


_TRIGGER_OPTS = ("if", "first_each_turn", "every_other_each_turn", "first_each_round")
TRIGGERS = Vocabulary(
    "four-souls",
    "trigger",
    [
        Trigger("turn_start", _TRIGGER_OPTS, "FS-8.2", "start of the controller's turn"),
        Trigger("turn_end", _TRIGGER_OPTS, "FS-8.10", "end-phase step 1 of the controller's turn"),
        Trigger("game_start", _TRIGGER_OPTS, "FS-2.8", "setup, no priority"),
        Trigger(
            "rolled",
            (*_TRIGGER_OPTS, "attack", "by", "twice_in_a_row", "nth_each_turn"),
            "FS-4.11 FS-9.2",
            "a roll came up N; twice_in_a_row: the roller's previous (attack) roll this turn came up the same",
        ),
        Trigger(
            "would_roll",
            (*_TRIGGER_OPTS, "attack", "by", "until", "once_per_roll"),
            "FS-9.2",
            "a roll of N is about to resolve",
        ),
        Trigger(
            "damaged", (*_TRIGGER_OPTS, "combat", "attack_roll", "by"), "FS-6.20", "damage was marked on who"
        ),
        Trigger("damage_pending", _TRIGGER_OPTS, "FS-6.20 FS-6.16", "damage aimed at who is on the stack"),
        Trigger("dealt_damage", (*_TRIGGER_OPTS, "combat", "to"), "FS-6.20", "source dealt damage"),
        Trigger("dies", (*_TRIGGER_OPTS, "in_discard"), "FS-13.4 FS-13.8", "a death resolved"),
        Trigger("would_die", _TRIGGER_OPTS, "FS-13.1", "a death of who is on the stack"),
        Trigger("after_penalty", _TRIGGER_OPTS, "FS-13.9", "after the death-penalty step"),
        Trigger("after_rewards", _TRIGGER_OPTS, "FS-13.4", "monster death step 4"),
        Trigger(
            "flipped",
            _TRIGGER_OPTS,
            "FS-6.10",
            "this object was flipped and now shows the side with this ability",
            used=False,
        ),
        Trigger("attack_declared", _TRIGGER_OPTS, "FS-10.2", "an attack is declared (before its target)"),
        Trigger(
            "controlled",
            _TRIGGER_OPTS,
            "FS-6.12",
            "this item came under a player's control by becoming an item or changing hands",
            used=False,
        ),
        Trigger(
            "purchase_declared",
            _TRIGGER_OPTS,
            "FS-11.2",
            "a purchase is declared (before the item is chosen)",
            used=False,
        ),
        Trigger("attacked", (*_TRIGGER_OPTS, "by"), "FS-10.3", "this was chosen as an attack target"),
        Trigger("activated_item", _TRIGGER_OPTS, "FS-6.1", "an item ability was activated"),
        Trigger("enters_play", _TRIGGER_OPTS, "FS-1.17", "monster-deck event entered play"),
        # used by `next:` (delayed one-shots) only
        Trigger(
            "play_loot",
            (*_TRIGGER_OPTS, "non_trinket", "non_ambush", "until", "aims_you"),
            "FS-4.5 FS-8.4",
            "a player played a loot card",
            used=False,
        ),
        Trigger("would_loot", ("until",), "FS-5.4", "a player is about to loot"),
        # no Base V2 card: the expansions' (issue 19), then the reserved ones (§3)
        Trigger(
            "killed",
            (*_TRIGGER_OPTS, "victim"),
            "FS-13.4 FS-13.8",
            "who killed a monster (victim: monster, the default; player; any)",
            used=False,  # expansion cards only (Requiem …), none in Base V2
        ),
        Trigger(
            "gained_soul",
            _TRIGGER_OPTS,
            "FS-14.5 FS-6.11",
            "who gained a soul (not given, stolen or swapped)",
            used=False,  # expansion cards only (Requiem …), none in Base V2
        ),
        Trigger(
            "destroyed",
            _TRIGGER_OPTS,
            "FS-6.3 FS-4.9",
            "this item was destroyed (it looks back from its discard)",
            used=False,  # expansion cards only (Requiem …), none in Base V2
        ),
        Trigger(
            "missed",
            _TRIGGER_OPTS,
            "FS-10.9",
            "who (you, any_player) missed an attack roll; `attacker`: a miss against this object",
            used=False,  # expansion cards only (Tape Worm, Henry …)
        ),
        Trigger(
            "purchased",
            _TRIGGER_OPTS,
            "FS-11.4",
            "who (you, other_player, any_player) purchased an item; event.shop: from the shop (not the deck); event.amount: the price paid",
            used=False,  # expansion cards only (Aubrey, Keeper's Box)
        ),
        Trigger(
            "gained",
            _TRIGGER_OPTS,
            "FS-1.3 FS-11.4 FS-6.11",
            "`self`: this item came under a player from a deck (gained, +1 treasure) or by a purchase;"
            " `any_player` / `you`: a player gained a treasure so (Soul of Pride)",
            used=False,  # expansion cards only (Keeper's Sack, Keeper's Penny, Rock Bottom)
        ),
        Trigger(
            "looted",
            _TRIGGER_OPTS,
            "FS-6.19",
            "who (you, any_player) looted (drew loot, the loot step too; not the setup's deal, FS-2.9);"
            " event.target is the player",
            used=False,  # expansion cards only (Laser Eye)
        ),
        Trigger(
            "discarded_loot",
            _TRIGGER_OPTS,
            "FS-6.4 FS-Q.30",
            "reserved: who (you, other_player, any_player) discarded a loot card from their hand (the"
            " end-phase hand-size discard too: it waits for the next priority, FS-8.11); event.target is the"
            " player, event.card the card",
            used=False,  # no card in the data has it; FS-Q.30's own example
        ),
        Trigger(
            "soul_entered",
            _TRIGGER_OPTS,
            "FS-6.11 FS-6.12",
            "a soul came under who's control (you, other_player, any_player): gained, given, stolen or swapped;"
            " event.target is the player",
            used=False,  # expansion cards only (Found Soul, A Friend, Karma)
        ),
        Trigger(
            "activated_character",
            _TRIGGER_OPTS,
            "FS-6.1",
            "who (you, any_player) activated their character's ability",
            used=False,  # expansion cards only (Focus)
        ),
        Trigger(
            "gained_rewards",
            _TRIGGER_OPTS,
            "FS-13.4",
            "who (you, other_player, any_player) gained a dead monster's rewards in its death step 3;"
            " event.target is the player, event.victim the monster",
            used=False,  # expansion cards only (Lollypop)
        ),
        Trigger(
            "gained_cents",
            _TRIGGER_OPTS,
            "FS-6.11",
            "who (you, other_player, any_player) gained cents from the bank; event.target is the player,"
            " event.amount how many",
            used=False,  # expansion cards only (Magnet, Blast Miner TNT!)
        ),
        Trigger("item_enters_play", _TRIGGER_OPTS, "FS-1.5", "reserved: an item enters play", used=False),
        Trigger(
            "gave_cents",
            _TRIGGER_OPTS,
            "FS-6.12",
            "who (you, other_player, any_player) gave cents to another player in one go; event.target is the"
            " receiver, event.amount how many",
            used=False,  # expansion cards only (Social Goals!)
        ),
        Trigger(
            "goal_met",
            (*_TRIGGER_OPTS, "nth"),
            "FS-16.2",
            "self: one more of this object's goals (static goal) was met; nth: N only when it is the N-th",
            used=False,  # expansion cards only (Social Goals!)
        ),
    ],
)  # triggers.py binds the matchers, the modules that fire the others bind theirs
# The `next:` form also accepts the rolled trigger (Crystal Ball).
NEXT_TRIGGERS = frozenset(
    {"play_loot", "would_loot", "would_roll", "rolled", "turn_end", "would_die", "dies"}
)


def Static(name: str, params: tuple[str, ...], rules: str, summary: str, used: bool = True) -> Word:
    """A static modifier: ``params`` are its mapping keys, the first the scalar shorthand."""
    return Word(name, summary, params, rules=rules, used=used)


# Whose HP / damage an hp or atk static changes: its holder's (none given; `self` on a monster) or, table-wide,
# every monster, every other monster or every player (statics.wide_bonus).
STAT_WHO: dict[str, frozenset[str]] = {
    "hp": frozenset({"monsters", "other_monsters", "players"}),
    "atk": frozenset({"self", "monsters", "other_monsters", "players"}),
}

STATICS = Vocabulary(
    "four-souls",
    "static",
    [
        Static(
            "hp", ("n", "who"), "FS-6.20", "max HP +n; who: monsters / other_monsters / players: table-wide"
        ),
        Static(
            "atk",
            ("n", "who", "first_attack_roll", "per_counter"),
            "FS-1.24 FS-10.9",
            "damage stat +n; who: monsters / other_monsters / players: table-wide (per_counter: n per such counter)",
        ),
        Static("attack_roll", ("n", "first_each_turn"), "FS-9.4 FS-Q.14", "+n to attack rolls"),
        Static(
            "evasion",
            ("n", "who", "counter"),
            "FS-10.8 FS-Q.39",
            "monster evasion +n (clamped 1..6); counter: only monsters with such counters",
        ),
        Static("loot_plays", ("n",), "FS-8.4", "loot plays per turn +n"),
        Static("attacks", ("n",), "FS-8.6", "attacks per turn +n (or unlimited)"),
        Static("purchases", ("n",), "FS-8.6", "purchases per turn +n"),
        Static(
            "self_recharge_only",
            ("value",),
            "FS-6.2 FS-8.1",
            "only this object's own abilities recharge it",
            used=False,
        ),
        Static(
            "buys_discard_top",
            ("value",),
            "FS-11.1 FS-11.3",
            "you may purchase the treasure discard's top as a shop item, at a shop item's price",
            used=False,  # Recycling Sticker (Summer)
        ),
        Static(
            "keeps_hand_and_cents",
            ("value",),
            "FS-6.4 FS-6.5",
            "no ability makes you discard loot or lose cents",
            used=False,
        ),
        Static(
            "paid_discount",
            ("n",),
            "FS-4.4",
            "the cents in the costs of your items' abilities -n",
            used=False,
        ),
        Static("price", ("n", "what", "to"), "FS-11.3", "purchase price +n (to: N, at most N)"),
        Static("loot_step", ("n",), "FS-8.3", "cards drawn in your loot step +n"),
        Static(
            "miss_on",
            ("value",),
            "FS-10.9",
            "its controller's attack rolls showing this face miss",
            used=False,
        ),
        Static(
            "also_hit_on",
            ("value",),
            "FS-10.9",
            "on a monster: a missed attack roll showing this face still deals the attacker's combat damage to it",
            used=False,
        ),
        Static(
            "must_beat_last",
            ("value",),
            "FS-10.9",
            "on a monster: an attack roll against it not above the last one against it this turn misses",
            used=False,
        ),
        Static(
            "misses_named",
            ("value",),
            "FS-10.9",
            "on a monster: before each attack roll against it the players left and right of the active player "
            "each name a face; the roll misses if it shows one",
            used=False,
        ),
        Static(
            "hands_revealed",
            ("value",),
            "FS-3.7",
            "the hands of every player but its controller are open to all players",
            used=False,
        ),
        Static(
            "hit_on",
            ("value",),
            "FS-10.9",
            "on a monster: attack rolls showing this face against it hit whatever its evasion",
            used=False,
        ),
        Static("cant_be_attacked", ("value",), "FS-1.14 FS-10.5", "not a legal attack target"),
        Static(
            "untargetable",
            ("value",),
            "FS-4.2",
            "while its condition holds, players other than its controller cannot choose its controller or "
            "anything they control as a target of a loot card or an ability",
            used=False,
        ),
        Static(
            "random_penalty_item",
            ("value",),
            "FS-13.9 FS-14.5",
            "on a monster card, read while it is a soul a player controls: that player's death-penalty item "
            "is picked at random",
            used=False,
        ),
        Static(
            "penalty_to_shop",
            ("value",),
            "FS-13.9 FS-5.4",
            "on a monster in play: an item a player's death penalty would destroy goes into a shop slot that "
            "player picks instead, covering the item there",
            used=False,
        ),
        Static(
            "picks_attack_target",
            ("value",),
            "FS-10.3",
            "when a rival's attack is declared against a monster, its controller may pick which monster in a "
            "slot that attack is on",
            used=False,
        ),
        Static(
            "works_as_soul",
            ("value",),
            "FS-14.5",
            "this card's other abilities work while it is a soul a player controls (its statics and triggers; "
            "'you' is that player)",
            used=False,
        ),
        Static(
            "keeps_damage",
            ("value",),
            "FS-8.10",
            "on a monster: the end phase's full heal passes it by, so its damage stays from turn to turn",
            used=False,
        ),
        Static(
            "attack_ends_on_roll",
            ("n",),
            "FS-10.11 FS-9.4",
            "on a monster: when its attacker makes their n-th attack roll of the turn against it, the attack is "
            "cancelled once that roll's combat damage has resolved",
            used=False,
        ),
        Static(
            "abilities_of_marked",
            ("value",),
            "FS-5.10 FS-5.14",
            "this item also has the abilities of every other item in play holding a counter of this name",
            used=False,
        ),
        Static(
            "two_dice_left_picks",
            ("value",),
            "FS-9.6",
            "each die a player would roll is two dice; the player to the roller's left keeps one of them",
            used=False,
        ),
        Static(
            "attackable",
            ("value",),
            "FS-10.6 FS-13.2 FS-16.6",
            "this item or room can be attacked, with its own HP/evasion/damage and reward",
            used=False,
        ),
        Static(
            "players_attackable",
            ("evasion", "who", "counter"),
            "FS-10.6",
            "players (who: players, or you) can be attacked with this evasion",
            used=False,
        ),
        Static("forbid", ("who", "actions"), "FS-7.3", "players may not play loot / activate items"),
        Static("may_peek", ("deck",), "FS-3.4", "the controller may look at a deck top"),
        Static(
            "starts_with_counters",
            ("n", "kind"),
            "FS-5.14 FS-5.15",
            "enters play with n counters (kind: level)",
        ),
        Static("goes_first", ("value",), "FS-2.10 FS-0.1", "this player takes the first turn"),
        Static(
            "recharge_items",
            ("n",),
            "FS-8.1",
            "you recharge at most n items in your recharge step (your choice; the character still recharges)",
            used=False,  # expansion cards only (Curse of Fatigue, Heavy is the Head)
        ),
        Static(
            "no_character_recharge",
            ("value",),
            "FS-8.1",
            "your character does not recharge in your recharge step",
            used=False,  # expansion cards only (Mama Haunt)
        ),
        Static(
            "hand_limit",
            ("n",),
            "FS-8.10 FS-3.7",
            "your max hand size is n: you discard down to it as your turn ends",
            used=False,  # expansion cards only (Curse of Tiny Hands)
        ),
        Static(
            "souls_to_win",
            ("n",),
            "FS-14.1",
            "on a soul: while a player controls it, every player needs at least n souls to win",
            used=False,  # expansion cards only (It Lives! of Alt Art)
        ),
        Static(
            "coin_rolls",
            ("counter", "heads_in_a_row", "tails_timer", "tails_counter"),
            "FS-18.1 FS-9.2",
            "a challenge's rule: a player with a `counter` counter flips a coin for each roll (tails 1 and the"
            " timer moves `tails_timer` toward the loss, or a `tails_counter` counter goes on the flipper;"
            " heads 6; `heads_in_a_row` heads remove one counter)",
            used=False,
        ),
        Static(
            "penalty_keeps",
            ("cents", "loot", "item"),
            "FS-13.9",
            "the controller's death penalty leaves these alone (cents: no 1¢ lost; loot: no discard; item: none"
            " destroyed)",
            used=False,
        ),
        Static(
            "extra_votes",
            ("n",),
            "FS-5.17",
            "in each vote, its controller may cast n more votes",
            used=False,  # expansion cards only (Crewmate)
        ),
        Static("hand_size_max", ("n",), "FS-3.7", "reserved: max hand size +n", used=False),
        Static("roll", ("n",), "FS-9.4", "reserved: +n to all your rolls", used=False),
        # Requiem's rooms (FS-16.2; issue 19)
        Static(
            "cant_gain_souls",
            ("value",),
            "FS-14.5 FS-6.11",
            "no player can gain a soul (given/stolen still move); `you`: only its holder",
            used=False,
        ),
        Static(
            "passes_on",
            ("value",),
            "FS-5.4 FS-4.16",
            "a curse that would go to the discard goes to another player its bearer picks instead",
            used=False,
        ),
        Static(
            "penalty_gives_item",
            ("value",),
            "FS-13.9 FS-10.6",
            "a player attacked this turn who dies hands the active player what their penalty would have destroyed",
            used=False,
        ),
        Static(
            "penalty_to_active",
            ("value",),
            "FS-13.9",
            "its holder, dying on another's turn, hands the active player what their penalty would have destroyed",
            used=False,
        ),
        Static(
            "shared_cents",
            ("value",),
            "FS-5.4 FS-5.6",
            "a player would gain cents: every player gains the same amount instead",
            used=False,
        ),
        Static(
            "turn_limits",
            ("abilities", "loot"),
            "FS-6.1 FS-8.4",
            "each player activates at most `abilities` abilities and plays at most `loot` loot cards a turn",
            used=False,
        ),
        Static(
            "goal",
            ("on", "times"),
            "FS-16.2",
            "a goal this object notes: each event matching `on` counts 1 at once (no stack); met at `times`",
            used=False,
        ),
        Static(
            "items_have",
            ("keywords", "abilities"),
            "FS-5.2 FS-4.12",
            "while in play every item in play (players' and the shop's) has only these abilities and keywords",
            used=False,
        ),
        Static(
            "characters_named",
            ("value",),
            "FS-5.2",
            "while in play every character's name is this one (an effect naming a character reads it)",
            used=False,
        ),
        Static(
            "stays_in_play",
            ("value",),
            "FS-16.3",
            "while its condition holds this room cannot be discarded in the room step (nor dropped as stale)",
            used=False,
        ),
        Static(
            "attack_tax",
            ("cents",),
            "FS-10.2",
            "to declare an attack, pay each other player this many cents",
            used=False,
        ),
        Static(
            "no_shop_refill",
            ("value",),
            "FS-12.1",
            "while its condition holds, empty shop slots are not refilled",
            used=False,
        ),
        Static(
            "must_purchase",
            ("value",),
            "FS-11.2 FS-16.2",
            "its controller (a room's: the active player) must purchase a shop item this turn if able",
            used=False,
        ),
        Static(
            "stays_till_shop_empty",
            ("value",),
            "FS-16.3",
            "this room cannot be discarded while a shop slot holds an item",
            used=False,
        ),
        Static(
            "taps_cost",
            ("cents",),
            "FS-4.4 FS-4.7",
            "every tap ability of an item or character is a paid ability costing this many cents instead",
            used=False,
        ),
        Static(
            "soul_to_other",
            ("value",),
            "FS-14.5",
            "on a monster: the soul the active player would gain at its death goes to another player they choose",
            used=False,
        ),
        Static(
            "rewards_to_killer",
            ("value",),
            "FS-1.15 FS-13.4",
            "on a monster: the player who kills it gains its whole reward, soul included, instead of the active player",
            used=False,
        ),
        Static(
            "killer_rewards",
            ("value",),
            "FS-1.15 FS-13.4",
            "a non-active player who kills a monster gains its rewards too, after the active player",
            used=False,
        ),
    ],
)  # the function reading each binds it (statics.py, turn.py, views.py …)


def Replacement(name: str, options: tuple[str, ...], rules: str, summary: str) -> Word:
    """A replaceable event (``replace: {event: {NAME: who}}``); ``options``: keys allowed beside it."""
    return Word(name, summary, options, rules=rules)


REPLACEMENTS = Vocabulary(
    "four-souls",
    "replacement",
    [
        Replacement("would_gain_cents", (), "FS-5.4 FS-5.7", "who would gain cents from the bank"),
        Replacement("damage_to", (), "FS-5.4 FS-6.21", "damage would be dealt to who"),
        Replacement("combat_damage_to", (), "FS-5.4 FS-10.9", "combat damage to self (if: attack_roll ...)"),
        Replacement(
            "combat_damage_from", (), "FS-5.4 FS-6.21", "combat damage from self (if: attack_roll ...)"
        ),
        Replacement(
            "damage_from",
            (),
            "FS-5.4 FS-6.21",
            "non-combat damage its controller deals (you): their loot and their objects' abilities",
        ),
        Replacement("destroyed", (), "FS-14.5", "this would be destroyed"),
        Replacement("enters_play", (), "FS-5.5 FS-11.8", "this enters play"),
        Replacement("rewards", (), "FS-5.4 FS-1.31", "this monster's rewards are gained"),
        Replacement("would_loot", (), "FS-5.4 FS-5.7", "who would loot"),
        Replacement(
            "would_gain_treasure",
            (),
            "FS-5.4 FS-1.3",
            "who would gain treasures (+n treasure, not a purchase)",
        ),
        Replacement("death_penalty", (), "FS-13.9 FS-5.4", "who would pay the death penalty (hook)"),
    ],
)  # the function applying each binds it (replacements.py, damage.py …)


def Keyword(name: str, rules: str, summary: str) -> Word:
    """A card keyword (``keywords: [...]``, §1.3): no parameters."""
    return Word(name, summary, rules=rules)


KEYWORDS = Vocabulary(
    "four-souls",
    "keyword",
    [
        Keyword("eternal", "FS-4.12", "cannot be destroyed or discarded while in play"),
        Keyword("starting_item", "FS-1.6 FS-5.10", "a starting item; not copiable"),
        Keyword("trinket", "FS-4.13", "on resolution the loot becomes an item of its player"),
        Keyword("guppy", "FS-4.15", "marker counted by Soul of Guppy"),
        Keyword(
            "curse", "FS-4.16", "the active player gives it to a player; discarded when that player dies"
        ),
        Keyword(
            "ambush",
            "FS-4.14 FS-Q.22",
            "on resolution the loot becomes a monster in a slot its player chooses; the active player must "
            "attack it once more (loot with hp/evasion/attack)",
        ),
        Keyword(
            "composite",
            "FS-18.5",
            "a minion built as it enters play from three revealed non-event monsters (stats, abilities, rewards)",
        ),
        Keyword(
            "indomitable",
            "FS-4.17",
            "a monster put onto a monster takes a new slot instead (an empty slot it takes); it cannot be covered",
        ),
    ],
)


def Selector(name: str, summary: str, rules: str = "") -> Word:
    """The head word of a selector (§1.11): ``{name: [filters], count: N}`` or the bare word."""
    return Word(name, summary, ("count",), rules=rules)


SELECTORS = Vocabulary(
    "four-souls",
    "selector",
    [
        Selector("you", "the controller (a curse's: the player who has it)"),
        Selector("active", "the active player"),
        Selector("player", "any player, you included", "FS-Q.36"),
        Selector("other_player", "a player other than you"),
        Selector(
            "living_player", "a player neither dead this turn nor dying (death on the stack)", "FS-13.1"
        ),
        Selector("non_active_player", "a player other than the active one"),
        Selector("other_players", "the players other than you"),
        Selector("any_player", "any player"),
        Selector("random", "one member at random (`random(player)`)"),
        Selector("left_of", "the player to the left (`left_of(active)`)"),
        Selector("right_of", "the player to the right (`right_of(active)`)"),
        Selector(
            "controller_of",
            "the player who put a bound loot or ability on the stack (`controller_of(S)`)",
            "FS-7.4",
        ),
        Selector(
            "possessed", "the player whose items you may activate this turn (`possess`), if any", "FS-4.6"
        ),
        Selector("marked", "the player this object chose this turn (`mark`), if any", "FS-5.2"),
        Selector("roller", "the player whose roll the trigger saw"),
        Selector("attacker", "the attacking player"),
        Selector("killer", "the player or monster that killed"),
        Selector("activator", "the player who activated the ability"),
        Selector("self", "this card"),
        Selector("self_card", "the same physical card after a zone change", "FS-3.2"),
        Selector("your_character", "your character card"),
        Selector(
            "active_character",
            "the active player's character card (an effect it holds for a while, Credit Card)",
        ),
        Selector("item", "an item in play"),
        Selector("monster", "a monster in a slot"),
        Selector("monsters", "the monsters in the slots"),
        Selector("other_monsters", "the monsters other than this one"),
        Selector("any_monster", "any monster"),
        Selector("another_monster", "a monster other than this one"),
        Selector("player_or_monster", "a player (dead ones too) or a monster", "FS-Q.21"),
        Selector("soul", "a soul card a player has"),
        Selector("curse", "a curse a player has", "FS-4.16"),
        Selector("item_or_soul", "an item or a soul card"),
        Selector("shop_item", "an item in the shop"),
        Selector("roll", "a die roll on the stack", "FS-9"),
        Selector("stack_item", "an item on the stack"),
        Selector("card_in", "a card in a named zone"),
        Selector("top", "a deck's top card (`top(D)`)"),
        Selector("hand_card", "a card in a hand"),
        Selector("deck", "each deck (treasure, loot, monster)"),
        Selector("discard", "a discard pile"),
        Selector("monster_slot", "a monster slot", "FS-3.12"),
        Selector("room", "a room in play (the top of a room slot; none without --variant rooms)", "FS-16.1"),
        Selector("monster_or_room", "a monster in a slot or a room in play", "FS-16.1"),
        Selector("more_souls", "a player holding more souls than you", "FS-14.1"),
        Selector(
            "card_in_play",
            "a card in play: a character, an item (a player's or the shop's), a monster in a slot, a room",
            "FS-5.14",
        ),
    ],
)


def Filter(name: str, summary: str, rules: str = "", value: str = "") -> Word:
    """A filter narrowing a selector: a word (``[other]``), or a key (``{controlled_by: P}``) whose value is
    ``value`` (one of :data:`FILTER_KEYS`)."""
    return Word(name, summary, (name,) if value else (), value=value, rules=rules)


FILTERS = Vocabulary(
    "four-souls",
    "filter",
    [
        Filter("other", "not this object"),
        Filter("not_self", "not this card"),
        Filter("non_eternal", "not eternal", "FS-4.12"),
        Filter("has_counters", "it has counters of any kind on it", "FS-5.14"),
        Filter("eternal", "an eternal item (a printed Eternal treasure is eternal too)", "FS-4.12"),
        Filter("passive", "a passive item"),
        Filter("has_tap", "an item with a tap ability"),
        Filter("deactivated", "a deactivated (spent) object", "FS-6.2"),
        Filter("tap", "a tap ability"),
        Filter("paid", "a paid ability"),
        Filter("you_control", "you control it"),
        Filter("other_controls", "another player controls it"),
        Filter("player_controls", "a player controls it (not the shop)"),
        Filter("not_active", "not the active player"),
        Filter("not_attacked", "not attacked this turn"),
        Filter(
            "being_attacked",
            "the target of the attack in progress (a player: their character is that target, FS-10.6: Pink Eye)",
            "FS-10.3",
        ),
        Filter("non_attack", "a roll that is not an attack roll"),
        Filter("attack", "an attack roll", "FS-9.4"),
        Filter("non_event", "not an event monster"),
        Filter("minion", "a monster in a minion slot", "FS-18.5"),
        Filter("guppy", "a Guppy card", "FS-4.15"),
        Filter("curse", "a card with the Curse keyword (also a `search` filter)", "FS-4.16"),
        Filter("triggered", "a stack item: a monster's or an item's triggered ability"),
        Filter("loot", "a loot being played, not an ability"),
        Filter("copiable_loot", "a loot being played that is neither a trinket nor an ambush", "FS-5.11"),
        Filter("not_copied", "a loot being played that no effect has copied yet (this turn)", "FS-5.11"),
        Filter("item_ability", "a stack item that is an item's ability"),
        Filter("item_ability_or_loot", "a stack item that is an item's ability or a loot"),
        Filter(
            "item_effect_or_loot",
            "a stack item that is an item's activated or triggered ability, or a loot",
            "FS-4.9",
        ),
        Filter(
            "aims_at_yours",
            "a loot or ability on the stack aimed at you or at an object of yours",
            "FS-4.2",
        ),
        Filter(
            "aims_at_your_item_or_roll",
            "a loot or ability on the stack that targets an item or a roll you control",
            "FS-4.2",
        ),
        Filter("most_cents", "one of the players holding the most cents (ties count)"),
        Filter("most_souls", "one of the players holding the most souls (ties count)"),
        Filter("in_play", "in play"),
    ],
)

# Keyed filters: ``{key: value}`` in a selector's filter list.
FILTER_KEYS = Vocabulary(
    "four-souls",
    "filter key",
    [
        Filter("controlled_by", "a player controls it", value="player"),
        Filter("not_controlled_by", "that player does not control it", value="player"),
        Filter("except", "anyone or anything but it (`{except: event.target}`)", value="selector"),
        Filter("zone", "it is in that zone (`{zone: monster_discard}`)", value="zone"),
        Filter("name", "its name (on a player: their character's); a list: any of these names", value="name"),
        Filter("name_has", "its name holds that word (or its plural), in any case", value="name"),
        Filter("with_counter", "it has counters of that name", "FS-5.14", value="counter"),
        Filter("without_counter", "it has no counters of that name", "FS-5.14", value="counter"),
        Filter("rolled_at", "a player whose attack roll this turn aimed at it", "FS-10.7", value="selector"),
    ],
)
SELECTOR_OPTIONS: frozenset[str] = frozenset({"count"})

# Words allowed inside value and condition expressions and as plain word values.
VALUE_WORDS: frozenset[str] = _words(
    """result event amount target victim roll damage death prevented all any any_number full unlimited up_to
    reduce_to hand_size cents counters hp level count max min your_turn attack_roll killing_attack_roll
    choose_number in and or not eot forever may must now this_turn treasure loot monster room
    loot_deck loot_discard loot_deck_top loot_deck_bottom monster_deck monster_deck_top monster_deck_bottom
    monster_discard treasure_deck treasure_deck_top treasure_deck_bottom treasure_discard its_discard
    its_deck_top any_deck any_discard activate_item activate_ability play_loot shop generic true false none
    winner level_counters items minions minion_slot souls minion hand
    living_players killed_by_another_player alive loot_step turn_of controller most fewest dead_players
    monster_slots attack_rolls named src_seat boss attacks_declared shop_buys loots_played source is_this cost_named
    kills removed its_slot max_hp attacked atk other_monster_slot curses resolutions new_slots killed_by_this
    charged is_soul under rolls_at attacking hit_player discarded_count covered could_purchase
    attacks_or_holds goals_met same_dice"""
)
WORDS: frozenset[str] = (
    frozenset(SELECTORS)
    | frozenset(FILTERS)
    | VALUE_WORDS
    | frozenset(w for (_v, _p), words in PARAM_CHOICES.items() for w in words)
)

# Keys allowed in small value mappings: `what: {cents: 3}`, `amount: {up_to: 2}`, `delta: {up_to: -2}`.
VALUE_KEYS: frozenset[str] = frozenset(
    {"cents", "loot", "random", "hp", "up_to", "reduce_to", "hand", "soul", "n"}
)

# Card facts.
DECKS: dict[str, tuple[str, ...]] = {
    "character": ("character",),
    "eternal": ("eternal",),
    "treasure": ("passive", "active", "paid", "oneuse", "soul"),
    "loot": (
        "1cent",
        "2cent",
        "3cent",
        "4cent",
        "nickel_dime",
        "battery",
        "bomb",
        "butter_bean",
        "shard_heart",
        "pill_rune",
        "trinket",
        "soul",
        "other",
    ),
    "monster": (
        "basic",
        "cursed",
        "holy_charmed",
        "normal_boss",
        "epic_boss",
        "good_event",
        "bad_event",
        "curse",
    ),
    "bonus_soul": ("bonus_soul",),
    "room": ("room",),
    "outside": ("outside",),  # Requiem's The Harbingers: starts outside the game, in no deck
    "challenge": ("challenge", "minion"),  # FS-18: oversized challenge cards; minion cards (Blank Canvas)
}
MONSTER_KINDS_WITH_STATS = ("basic", "cursed", "holy_charmed", "normal_boss", "epic_boss")
REWARD_KEYS = ("cents", "loot", "treasure")

# Hooks the engine registers by name (§6.1). A card naming another hook is an error. Each hook's aim is its
# value model (as a verb's): what a player gains by using the hook's card, in the same points.
HOOKS = Vocabulary.hooks(
    "four-souls",
    (
        (
            "blank_card_copy",
            "Blank Card: copy the next loot card played this turn (FS-5.12)",
            Aim("loot_copy", 1.0, when="own_turn"),  # worth the best loot card it copies
        ),
        (
            "chaos_pass_hands",
            "Chaos: every hand moves one seat left at once",
            Aim("hands", 0.5),  # worth the hand size difference with the right neighbour
        ),
        (
            "eden_pick_start",
            "Eden: pick a starting item from 3 treasure at setup (FS-2.8, FS-Q.29)",
            Aim("item", 1.0),
        ),
        ("placebo_copy_ability", "Placebo: copy another item's tap ability (FS-5.13)", Aim("copy", 1.0)),
        (
            "vote_destroy_item",
            "Remote Detonator: vote on an item to destroy (FS-5.17)",
            Aim("vote", 1.0),  # the leader's best item may go (the table votes)
        ),
        (
            "shadow_penalty",
            "Shadow: rewrite another player's death penalty (FS-13.9)",
            Aim("penalty", 1.0),
        ),
    ),
)


# Card sets (a card file's `set:` header; collection.py chooses among them for --sets): set key → its name as printed (card list order: base game, boxes, then promos). Facts, not texts.
PUBLISHED: dict[str, str] = {
    "base_v2": "Base Game V2",
    "gold_box_v2": "Gold Box V2",
    "four_souls_plus_v2": "Four Souls+ V2",
    "requiem": "Requiem",
    "warp_zone": "Requiem Warp Zone",
    "alt_art": "Alt Art",
    "unboxing": "The Unboxing of Isaac",
    "summer": "The Summer of Isaac",
    "anniversary": "Anniversary",
    "star_promos": "Star Promos",
    "tapeworm": "Tapeworm promo",
    "target": "Target promo",
    "gish": "Gish promo",
    "g_fuel": "G Fuel promo",
    "retro": "Retro promo",
    "bumbo": "The Legend of Bum-bo promo",
    "youtooz": "Youtooz promo",
    "nendoroid": "Nendoroid promo",
    "mewgenics": "Mewgenics promo",
    "dick_knots": "Dick Knots promo",
    "doodler": "Day of the Doodler challenge",
    "unverified": "unverified (one source only: It's Complicated)",
}
SETS = (*PUBLISHED, "test_only")  # test_only: made-up cards of tests/four_souls/cards_testonly
