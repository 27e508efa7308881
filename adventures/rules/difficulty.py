"""Difficulty levels: what a level changes in one game, and only values we designed.

A level (adventures/content/difficulty.yaml) turns two knobs:

- `enemy_cards`, the dial: N steps of +1 (N < 0: -1) to the values of the enemies' designed
  cards (`provenance: approximation`), one value per step, the steps dealt to the enemy
  decks in turn (the villain's, then each minion's: `deck_steps`); within a deck a card's
  attack, then its defense, then the next card's, in file order, starting again at the top
  after the last card (solo, 40 steps = every card of the villain's and the minion's 10-card
  decks +1 attack and +1 defense). A published card, and Slash's Fury cards (never played),
  are skipped.
  Values never go below 0. Heroes, health and supplies are never touched.
- `extra_henchmen`: the rulebook's own knob, more henchmen in the starting initiative deck
  "when you want a tougher challenge" (Adventures p.18), in games with allies & henchmen.

Which dial a level uses for a villain and a team is measured, not guessed: the win-rate
model `adventures calibrate` fits (`model:`, adventures/rules/odds.py) gives every team the
dial whose predicted rate is nearest the level's target; for a villain or player count the
model lacks, the per-team `measured:` rows (`measured_row` picks one), else the level's guess. `pinned` fixes a game's settings when it is
set up, so a save or replay replays the same game whatever the table says later.
"""
from __future__ import annotations

from adventures.rules.odds import dial_for
from engine.content.schema import LevelSettingsDef

_DELTAS: dict[tuple[int, int], tuple] = {}


def _provenance(card, owner) -> str:
    """A card's own provenance when its file says one, else its owner's."""
    if "provenance" in card.model_fields_set:
        return card.provenance
    return owner.provenance


def card_deltas(defn, steps: int) -> tuple[tuple[int, int], ...]:
    """The (attack, defense) change of each card of `defn`'s deck, copies expanded in file order (as
    build_enemy_side builds the deck before shuffling it), for a dial of `steps`."""
    hit = _DELTAS.get((id(defn), steps))
    if hit is not None and hit[0] is defn:
        return hit[1]
    cards = [card for card in defn.deck for _ in range(card.copies)]
    deltas = [[0, 0] for _ in cards]
    turnable = [i for i, card in enumerate(cards)
                if _provenance(card, defn) == "approximation" and not card.fury]
    if turnable:
        sign = 1 if steps > 0 else -1
        for k in range(abs(steps)):      # a card's attack, then its defense, then the next card
            deltas[turnable[(k // 2) % len(turnable)]][k % 2] += sign
    out = tuple((a, d) for a, d in deltas)
    if len(_DELTAS) > 1024:
        _DELTAS.clear()
    _DELTAS[id(defn), steps] = (defn, out)
    return out


def deck_steps(steps: int, deck: int, decks: int) -> int:
    """The dial's steps that fall to enemy deck number `deck` of `decks` (0: the villain's),
    dealt one at a time in turn, so that one step is one card value in the whole game."""
    return (1 if steps > 0 else -1) * len(range(deck, abs(steps), decks)) if steps else 0


def levels(catalog):
    """The difficulty content of `catalog` (None: content without levels plays standard)."""
    return getattr(catalog, "difficulty", None)


def named_level(scenario, catalog) -> str:
    """The level a scenario plays: the one it names, else its table's default (a user
    table need not have a `standard` level)."""
    if "difficulty" in scenario.model_fields_set:
        return scenario.difficulty
    table = levels(catalog)
    return table.default if table is not None else "standard"


def level_keys(catalog) -> list[str]:
    table = levels(catalog)
    return [lv.key for lv in table.levels] if table is not None else ["standard"]


def team_keys(catalog, heroes) -> list[str]:
    """Seats' heroes as the table writes them: hero keys, "random" for a hero dealt at setup."""
    out = []
    for h in heroes:
        found = catalog.hero(h) if h != "random" and hasattr(catalog, "hero") else None
        out.append(found.key if found is not None else str(h))
    return out


def measured_row(table, villain: str, heroes: list[str], allies: bool, level: str):
    """The calibration row a game of this villain, team (hero keys, "random" for a dealt
    hero) and level plays and shows: the team's own row; else, at the same player count,
    the random teams' row (calibrated over every hero: the fair guess for a team not
    measured), else the nearest team measured; None if the villain was never measured at
    that level. The game's dial and the new-game screen's figure both come from here."""
    rows = [r for r in table.measured if r.villain == villain and r.level == level]
    if not rows:
        return None
    players, team = len(heroes), sorted(heroes)

    def unlike(r) -> tuple:
        return (abs(r.players - players), r.allies != allies, sorted(r.heroes) != team,
                not all(h == "random" for h in r.heroes), len(set(r.heroes) ^ set(heroes)), r.players)
    return min(rows, key=unlike)


def own_row(table, villain: str, heroes: list[str], allies: bool, level: str):
    """This very team's row at this level (hero keys; a seat dealt at random has none): a
    team measured on its own seeds (the shipped scenarios' teams) plays the dial found for it,
    which beats any prediction, the model's included. Not with allies: a row does not say how
    many extra henchmen its scenario added (shredder-3p-allies adds one), so those teams play
    the model's dial, which counts them."""
    if table is None or allies or "random" in heroes:
        return None
    row = measured_row(table, villain, heroes, allies, level)
    return row if row is not None and is_own_row(row, heroes, allies) else None


def is_own_row(row, heroes: list[str], allies: bool) -> bool:
    """Whether `row` measured this very team (not a stand-in)."""
    return row.players == len(heroes) and row.allies == allies and sorted(row.heroes) == sorted(heroes)


def settings_for(catalog, villain: str, heroes: list[str], allies: bool, level: str) -> LevelSettingsDef:
    """What `level` changes for this villain and team: the dial measured for this very team
    (`own_row`), else the win-rate model's dial for it, else the dial of `measured_row`, else
    the level's own guess for an unmeasured villain."""
    table = levels(catalog)
    if table is None:
        return LevelSettingsDef()
    spec = table.level(level)
    if spec is None:
        raise ValueError(f"unknown difficulty '{level}' (known: {', '.join(level_keys(catalog))})")
    keys = team_keys(catalog, heroes)
    own = own_row(table, villain, keys, allies, level)
    dial = own.settings.enemy_cards if own is not None else dial_for(catalog, villain, keys, allies, spec)
    if dial is None:        # a villain or player count the win-rate model has not measured
        row = measured_row(table, villain, keys, allies, level)
        dial = row.settings.enemy_cards if row is not None else spec.unmeasured_enemy_cards
    return LevelSettingsDef(enemy_cards=dial, extra_henchmen=spec.extra_henchmen)


def pinned(scenario, catalog):
    """The scenario with its level's settings fixed (`difficulty_settings`), as the game
    records it: a scenario that already carries them (a save, a replay) keeps its own."""
    if getattr(scenario, "difficulty_settings", None) is not None:
        return scenario
    settings = settings_for(catalog, scenario.villain, [seat.hero for seat in scenario.seats], scenario.allies,
                            named_level(scenario, catalog))
    return scenario.model_copy(update={"difficulty_settings": settings})


def enemy_card_steps(scenario) -> int:
    """The dial this game plays with: an explicit `overrides.enemy_cards` (a sweep, `tune`,
    the calibration's search) wins over the level's."""
    explicit = scenario.overrides.enemy_cards
    if explicit is not None:
        return explicit
    settings = scenario.difficulty_settings
    return settings.enemy_cards if settings is not None else 0


def extra_henchmen(scenario) -> int:
    """Henchmen beyond the two of the setup (p.18-19): the scenario's, plus the level's."""
    settings = scenario.difficulty_settings
    return scenario.extra_henchmen + (settings.extra_henchmen if settings is not None else 0)
