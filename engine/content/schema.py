"""Content schemas: pydantic v2 models validated once at load time.

Runtime code never touches these models on the hot path; `engine.content.compile`
turns them into slotted dataclasses. Every model is frozen and forbids unknown keys
so a typo in a YAML file is an error naming the field, not a silent default.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

Provenance = Literal["published", "approximation", "original"]
Timing = Literal[
    "immediately",      # after reveal, before anything else (usually cancels)
    "during_combat",    # value changes
    "after_combat",     # after combat damage
    "scheme",           # a scheme card's effect
    "after_attack",     # the French rulebook's "après avoir attaqué", last step
]
SmallInt = Annotated[int, Field(ge=0, le=99)]
# Seeds: at most 30 digits, so every derived game seed (seed * 1_000_003 + i, see
# adventures.sim.runner) stays within the 40 digits a save or replay file may hold.
MAX_SEED = 10 ** 30 - 1
Seed = Annotated[int, Field(ge=-MAX_SEED, le=MAX_SEED)]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=600)]
Op = dict[str, Any]  # one effect operation, `{op_name: args}`; checked against the op registry


def _takes_numbers_not_bools(annotation) -> bool:
    """Whether a field's type takes numbers (int or float, maybe optional) and not bools."""
    import types
    import typing
    args = typing.get_args(annotation) if typing.get_origin(annotation) in (typing.Union, types.UnionType) \
        else (annotation,)
    args = {typing.get_args(a)[0] if typing.get_origin(a) is typing.Annotated else a for a in args}
    return bool(args & {int, float}) and bool not in args


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def _no_yes_for_a_number(cls, value, info):
        # pydantic reads `health: true` as 1 and `seed: no` as 0: a silent substitute
        if isinstance(value, bool) and _takes_numbers_not_bools(cls.model_fields[info.field_name].annotation):
            raise ValueError(f"expected a number, got {str(value).lower()}")
        return value


class EffectBlock(Strict):
    """One labelled effect on a card: when it happens, our own words, and the ops."""

    timing: Timing
    text: Text
    ops: list[Op] = Field(default_factory=list, max_length=40)
    # Enemy cards with split boxes: the effect only resolves for the value in use.
    when: Literal["attack", "defense", "any"] = "any"
    # Winter Soldier's Brainwashed effects cannot be cancelled.
    uncancellable: bool = False


class CardDef(Strict):
    name: Name
    type: Literal["attack", "defense", "versatile", "scheme"]
    value: SmallInt | None = None
    # None: no BOOST is printed, so the card cannot be spent to boost (unlike a BOOST of 0).
    boost: SmallInt | None = 0
    # The BOOST is not a printed number but rolled on the Die of Ultimate Destruction when the
    # card is spent (Krang's IQ of 968, tests/facts/heroes/krang.yaml); needs `boost: null`.
    boost_roll: bool = False
    fighter: Name = "any"           # "any", the hero's name, or a sidekick's name
    copies: Annotated[int, Field(ge=1, le=30)] = 1
    effects: list[EffectBlock] = Field(default_factory=list, max_length=8)
    tags: list[Name] = Field(default_factory=list)   # e.g. "mission", "voyage", "item"
    requirement: list[Op] = Field(default_factory=list)  # conditions to play (Black Widow's missions)
    provenance: Provenance = "approximation"

    @model_validator(mode="after")
    def _value_matches_type(self) -> CardDef:
        if self.type == "scheme" and self.value is not None:
            raise ValueError("a scheme card has no combat value")
        if self.type != "scheme" and self.value is None:
            raise ValueError(f"a {self.type} card needs a value")
        if self.boost_roll and self.boost is not None:
            raise ValueError("boost_roll: a rolled BOOST prints no number, so boost must be null")
        return self


class EnemyCardDef(Strict):
    """Enemy action cards are all versatile with separate attack and defense values."""

    name: Name
    attack: SmallInt
    defense: SmallInt
    boost: SmallInt = 0
    copies: Annotated[int, Field(ge=1, le=30)] = 1
    effects: list[EffectBlock] = Field(default_factory=list, max_length=8)
    deception: bool = False         # reshuffles the discard into the deck when discarded
    fury: bool = False              # Slash's Fury cards: skipped when played
    provenance: Provenance = "approximation"


class TriggerDef(Strict):
    """A hero ability trigger expressed in the effect language."""

    on: Literal[
        "start_of_turn", "end_of_turn", "after_combat", "during_combat", "on_boost",
        "on_attack", "on_defend", "after_attack", "game_start",
    ]
    text: Text = ""
    ops: list[Op] = Field(default_factory=list, max_length=40)


class AbilityDef(Strict):
    name: Name
    text: Text
    triggers: list[TriggerDef] = Field(default_factory=list)
    plugin: Name | None = None      # a Python ability class for rules the ops cannot express


class SidekickDef(Strict):
    name: Name
    health: Annotated[int, Field(ge=1, le=30)] = 1
    count: Annotated[int, Field(ge=1, le=6)] = 1
    attack: Literal["melee", "ranged"] = "melee"
    small: bool = False


class HeroDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    health: Annotated[int, Field(ge=1, le=40)]
    move: Annotated[int, Field(ge=0, le=9)]
    attack: Literal["melee", "ranged"]
    small: bool = False
    sidekick: SidekickDef | None = None
    ability: AbilityDef
    deck: list[CardDef] = Field(min_length=1, max_length=40)
    starting_hand_extra: list[Name] = Field(default_factory=list)
    # Core rules: 5 cards to start, 7 at the end of a turn; a hero card may say otherwise.
    hand_size: Annotated[int, Field(ge=0, le=15)] = 5
    hand_limit: Annotated[int, Field(ge=1, le=15)] = 7
    # Every effect of this hero (cards and ability) ignores "cancel" (Winter Soldier).
    uncancellable: bool = False
    # May be chosen as a hero of the co-op mode. False for the add-on's competitive Shredder
    # and Krang hero decks, the co-op villains' own namesakes (adventures/rules/setup.py).
    coop: bool = True
    set: Name = "TMNT"
    provenance: Provenance = "approximation"

    @model_validator(mode="after")
    def _check_deck(self) -> HeroDef:
        allowed = {"any", self.name} | ({self.sidekick.name} if self.sidekick else set())
        for i, card in enumerate(self.deck):
            if card.fighter not in allowed:
                raise ValueError(
                    f"deck.{i}.fighter: '{card.fighter}' is not 'any', '{self.name}'"
                    + (f" or '{self.sidekick.name}'" if self.sidekick else "")
                )
        names = {c.name for c in self.deck}
        for extra in self.starting_hand_extra:
            if extra not in names:
                raise ValueError(f"starting_hand_extra: unknown card '{extra}'")
        return self


class InitiativeCardDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    move: Annotated[int, Field(ge=0, le=9)] | None = None
    right_now: Text = ""
    right_now_ops: list[Op] = Field(default_factory=list)
    end_of_round: Text = ""
    end_of_round_ops: list[Op] = Field(default_factory=list)
    provenance: Provenance = "approximation"


class ThreatTrackDef(Strict):
    # The value printed below each space (the threat level there), first space first.
    levels: list[Annotated[int, Field(ge=0, le=9)]] = Field(min_length=2, max_length=30)
    # Krang's track has no numbers (p.17): the UI then prints none.
    numbered: bool = True


class EnemyDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    role: Literal["villain", "minion"]
    health: list[Annotated[int, Field(ge=1, le=99)]] = Field(min_length=1, max_length=4)
    attack: Literal["melee", "ranged"] = "melee"
    deck: list[EnemyCardDef] = Field(min_length=1, max_length=20)
    initiative: list[InitiativeCardDef] = Field(min_length=1, max_length=4)
    board: Name | None = None                    # villains: which board side they use
    threat_track: ThreatTrackDef | None = None   # villains only
    supply: dict[Name, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=dict)
    rules: Name | None = None                    # the Python module with the special rules
    special_text: Text = ""
    provenance: Provenance = "approximation"

    @model_validator(mode="after")
    def _check(self) -> EnemyDef:
        if self.role == "villain" and self.threat_track is None:
            raise ValueError("a villain needs a threat_track")
        if not any(card.deception for card in self.deck):
            raise ValueError("deck: an enemy deck needs a Deception card")
        return self

    def health_for(self, players: int) -> int:
        return self.health[min(players, len(self.health)) - 1]


class TrapDef(Strict):
    name: Name
    results: dict[Literal[1, 2, 3, 4, 5], EffectBlock]
    provenance: Provenance = "approximation"

    @field_validator("results")
    @classmethod
    def _all_faces(cls, v: dict) -> dict:
        missing = {1, 2, 3, 4, 5} - set(v)
        if missing:
            raise ValueError(f"missing die results {sorted(missing)}")
        return v


class TrapDeckDef(Strict):
    traps: list[TrapDef] = Field(min_length=1, max_length=20)


class AllyDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    kind: Literal["ally", "henchman"]
    start_space: Annotated[int, Field(ge=1, le=5)] | None = None   # allies: recruiting space
    right_now: Text = ""
    right_now_ops: list[Op] = Field(default_factory=list)
    end_of_round: Text = ""
    end_of_round_ops: list[Op] = Field(default_factory=list)
    provenance: Provenance = "approximation"

    @model_validator(mode="after")
    def _ally_has_space(self) -> AllyDef:
        if self.kind == "ally" and self.start_space is None:
            raise ValueError("an ally needs start_space (the numbered space that recruits it)")
        return self


class AllyDeckDef(Strict):
    cards: list[AllyDef] = Field(min_length=1, max_length=40)
    friends_in_odd_places: InitiativeCardDef


# ---------------------------------------------------------------- boards
class ZoneDef(Strict):
    color: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    pattern: Literal["solid", "stripes", "dots", "cross", "waves", "checks", "rings"] = "solid"


class SpaceDef(Strict):
    id: Annotated[int, Field(ge=1, le=200)]
    pos: tuple[Annotated[float, Field(ge=0, le=1)], Annotated[float, Field(ge=0, le=1)]]
    zones: list[Name] = Field(min_length=1, max_length=4)
    start: Annotated[int, Field(ge=1, le=5)] | None = None
    borough: Name | None = None
    screen: Annotated[int, Field(ge=1, le=4)] | None = None   # Technodrome: Dimension X screen


class FootCircleDef(Strict):
    between: tuple[int, int]
    borough: Name


class MachineDef(Strict):
    id: Annotated[int, Field(ge=1, le=9)]
    pos: tuple[Annotated[float, Field(ge=0, le=1)], Annotated[float, Field(ge=0, le=1)]]
    wired_to: list[int] = Field(min_length=1)


class BoroughDef(Strict):
    name: Name
    start: Annotated[int, Field(ge=1, le=5)]   # the numbered starting space inside it


class BoardDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    zones: dict[Name, ZoneDef] = Field(min_length=1)
    spaces: list[SpaceDef] = Field(min_length=2, max_length=200)
    paths: list[tuple[int, int]] = Field(min_length=1)
    foot_circles: list[FootCircleDef] = Field(default_factory=list)
    boroughs: list[BoroughDef] = Field(default_factory=list)
    machines: list[MachineDef] = Field(default_factory=list)
    provenance: Provenance = "approximation"

    @model_validator(mode="after")
    def _references(self) -> BoardDef:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("spaces: duplicate space id")
        known = set(ids)
        for i, s in enumerate(self.spaces):
            for z in s.zones:
                if z not in self.zones:
                    raise ValueError(f"spaces.{i}.zones: unknown zone '{z}'")
            if s.borough is not None and self.boroughs and s.borough not in {b.name for b in self.boroughs}:
                raise ValueError(f"spaces.{i}.borough: unknown borough '{s.borough}'")
        edges = set()
        for i, (a, b) in enumerate(self.paths):
            if a not in known or b not in known:
                raise ValueError(f"paths.{i}: unknown space {a if a not in known else b}")
            if a == b:
                raise ValueError(f"paths.{i}: a path cannot loop to its own space")
            edges.add(frozenset((a, b)))
        for i, fc in enumerate(self.foot_circles):
            if frozenset(fc.between) not in edges:
                raise ValueError(f"foot_circles.{i}.between: {list(fc.between)} is not a path")
            if fc.borough not in {b.name for b in self.boroughs}:
                raise ValueError(f"foot_circles.{i}.borough: unknown borough '{fc.borough}'")
        for i, m in enumerate(self.machines):
            for s in m.wired_to:
                if s not in known:
                    raise ValueError(f"machines.{i}.wired_to: unknown space {s}")
        starts = [s.start for s in self.spaces if s.start is not None]
        if len(set(starts)) != len(starts):
            raise ValueError("spaces: a starting number is used twice")
        circle_paths = [frozenset(fc.between) for fc in self.foot_circles]
        if len(set(circle_paths)) != len(circle_paths):
            raise ValueError("foot_circles: two Foot circles on the same path")
        self._check_boroughs()
        machine_ids = [m.id for m in self.machines]
        if len(set(machine_ids)) != len(machine_ids):
            raise ValueError("machines: duplicate machine id")
        screens = [s.screen is not None for s in self.spaces]
        if any(screens) and not all(screens):
            raise ValueError("spaces: either every space has a screen or none does")
        return self

    def _check_boroughs(self) -> None:
        """Boroughs (Adventures p.14): unique names and starting numbers, each containing
        its own starting space, every space in one, circles touching their borough."""
        if not self.boroughs:
            return
        names = [b.name for b in self.boroughs]
        numbers = [b.start for b in self.boroughs]
        if len(set(names)) != len(names) or len(set(numbers)) != len(numbers):
            raise ValueError("boroughs: names and starting numbers must be unique")
        by_id = {s.id: s for s in self.spaces}
        for i, s in enumerate(self.spaces):
            if s.borough is None:
                raise ValueError(f"spaces.{i}.borough: every space needs a borough on a board with boroughs")
        start_space = {s.start: s for s in self.spaces if s.start is not None}
        for i, b in enumerate(self.boroughs):
            space = start_space.get(b.start)
            if space is None or space.borough != b.name:
                raise ValueError(f"boroughs.{i}.start: starting space {b.start} is not in {b.name}")
        for i, fc in enumerate(self.foot_circles):
            ends = {by_id[fc.between[0]].borough, by_id[fc.between[1]].borough}
            if fc.borough not in ends:
                raise ValueError(f"foot_circles.{i}.borough: {fc.borough} is not at either end of its path")


# ---------------------------------------------------------------- difficulty
MAX_ENEMY_CARD_STEPS = 200      # +-2 on both values of every card of five 10-card decks: beyond any band


class LevelSettingsDef(Strict):
    """What a difficulty level changes in one game: only values we designed and the
    rulebook's own knob (adventures/rules/difficulty.py)."""

    enemy_cards: Annotated[int, Field(ge=-MAX_ENEMY_CARD_STEPS, le=MAX_ENEMY_CARD_STEPS)] = 0
    # Adventures p.18 (allies & henchmen): "When you want a tougher challenge, you can add even
    # more henchmen to the starting deck"; only in games with allies & henchmen.
    extra_henchmen: Annotated[int, Field(ge=0, le=6)] = 0


Rate = Annotated[float, Field(ge=0, le=1)]


class LevelDef(Strict):
    key: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    name: Name
    text: Text = ""
    # The strong bot's win rate the level is calibrated into, and the rate the search aims at.
    band: tuple[Rate, Rate]
    target: Rate
    extra_henchmen: Annotated[int, Field(ge=0, le=6)] = 0
    # The dial for a villain the calibration has not measured (our guess, not a measurement).
    unmeasured_enemy_cards: Annotated[int, Field(ge=-MAX_ENEMY_CARD_STEPS, le=MAX_ENEMY_CARD_STEPS)] = 0

    @model_validator(mode="after")
    def _target_in_band(self) -> LevelDef:
        low, high = self.band
        if low > high:
            raise ValueError(f"band: {low} is above {high}")
        if not low <= self.target <= high:
            raise ValueError(f"target: {self.target} is outside the band {low}-{high}")
        return self


class MeasuredDef(Strict):
    """One row of the calibration table: a team at a level, as `adventures calibrate` measured it."""

    villain: Name
    players: Annotated[int, Field(ge=1, le=4)]
    heroes: list[Name] = Field(min_length=1, max_length=4)
    allies: bool = False
    level: Name
    settings: LevelSettingsDef
    games: Annotated[int, Field(ge=1)]
    wins: Annotated[int, Field(ge=0)]
    win_rate: Rate
    ci95: tuple[Rate, Rate]
    in_band: bool
    # Steps the dial moved after its first fresh-seed measurement fell outside the band
    # (each step measured again on those seeds; adventures/sim/cli_calibrate.py).
    nudged: Annotated[int, Field(ge=0, le=9)] = 0
    bot: Name
    seed: Seed
    scenario: Name = ""
    date: Name
    command: Annotated[str, Field(max_length=600)]

    @model_validator(mode="after")
    def _consistent(self) -> MeasuredDef:
        if self.wins > self.games:
            raise ValueError(f"wins: {self.wins} wins in {self.games} games")
        if len(self.heroes) != self.players:
            raise ValueError(f"heroes: {len(self.heroes)} heroes for {self.players} players")
        return self


Logit = Annotated[float, Field(ge=-50, le=50)]
LogitSe = Annotated[float, Field(ge=0, le=50)]
Dial = Annotated[int, Field(ge=-MAX_ENEMY_CARD_STEPS, le=MAX_ENEMY_CARD_STEPS)]


class ReferencePlayerDef(Strict):
    """The one player the levels are measured with: a bot and the exact parameter file it
    played with, so a stronger bot trained later changes no dial (issue 43)."""

    bot: Name
    params_sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


MAX_KNOTS = 256      # a curve may have a value at every dial step it was fitted over


class OddsSizeDef(Strict):
    """The reference player's win rate against one villain at one player count, as a logit:
    a curve in the dial (values at `knots`, straight between them and beyond the ends), plus
    allies and each henchman more (only with allies, Adventures p.18). A hero's effect is
    taken at the dial `centre` and changes by its `slope` per 10 steps from there, inside the
    dials the fit played (`fitted`: lowest and highest)."""

    players: Annotated[int, Field(ge=1, le=4)]
    knots: list[Dial] = Field(min_length=2, max_length=MAX_KNOTS)
    logits: list[Logit] = Field(min_length=2, max_length=MAX_KNOTS)
    logit_se: list[LogitSe] = Field(min_length=2, max_length=MAX_KNOTS)
    centre: Dial = 0
    fitted: list[Dial] = Field(default_factory=list, max_length=2)
    allies: Logit = 0.0
    allies_se: LogitSe = 0.0
    henchman: Logit = 0.0
    henchman_se: LogitSe = 0.0
    # The joint covariance of the villain's heroes' effects (in its `heroes` order), their
    # slopes, allies and henchman at this size: a team's interval with its parts' correlations
    # (empty: their errors taken as independent, a wider interval). The curve's own error
    # (`logit_se`) is added apart.
    cov: list[list[Annotated[float, Field(ge=-100, le=100)]]] = Field(default_factory=list, max_length=420)

    @model_validator(mode="after")
    def _curve(self) -> OddsSizeDef:
        if len(self.logits) != len(self.knots) or len(self.logit_se) != len(self.knots):
            raise ValueError(f"logits: {len(self.logits)} values and {len(self.logit_se)} errors for "
                             f"{len(self.knots)} knots")
        if any(b <= a for a, b in zip(self.knots, self.knots[1:])):
            raise ValueError("knots: the dial values must rise")
        if self.fitted and (len(self.fitted) != 2 or self.fitted[0] > self.fitted[1]):
            raise ValueError("fitted: the lowest and the highest dial played")
        return self


class OddsHeroDef(Strict):
    """What seating one hero adds to the team's logit against a villain, by player count 1-4
    (0 is the average hero), at the size's centre dial, and how that changes per 10 dial
    steps harder (`slope`)."""

    hero: Name
    effect: list[Logit] = Field(min_length=4, max_length=4)
    se: list[LogitSe] = Field(min_length=4, max_length=4)
    slope: list[Logit] = Field(default_factory=lambda: [0.0] * 4, min_length=4, max_length=4)
    slope_se: list[LogitSe] = Field(default_factory=lambda: [0.0] * 4, min_length=4, max_length=4)


class OddsVillainDef(Strict):
    villain: Name
    sizes: list[OddsSizeDef] = Field(min_length=1, max_length=4)
    heroes: list[OddsHeroDef] = Field(default_factory=list, max_length=200)

    @model_validator(mode="after")
    def _covariances(self) -> OddsVillainDef:
        for i, size in enumerate(self.sizes):
            want = 2 * len(self.heroes) + 2
            if size.cov and (len(size.cov) != want or any(len(row) != want for row in size.cov)):
                raise ValueError(f"sizes.{i}.cov: expected {want}x{want} (heroes' effects, their slopes, allies, "
                                 "henchman)")
        return self


class HeldOutTeamDef(Strict):
    """A team the model never saw: its games are left out of the fit, then measured at every
    level against the prediction (`adventures calibrate --validate`)."""

    villain: Name
    heroes: list[Name] = Field(min_length=1, max_length=4)
    allies: bool = False


class ValidationRowDef(Strict):
    villain: Name
    heroes: list[Name] = Field(min_length=1, max_length=4)
    allies: bool = False
    level: Name
    dial: Dial
    predicted: Rate
    games: Annotated[int, Field(ge=1)]
    wins: Annotated[int, Field(ge=0)]
    in_band: bool
    model_sd: Annotated[float, Field(ge=0, le=5)] = 0.0     # logit: the model's own uncertainty here


class OddsModelDef(Strict):
    """The win-rate model the levels' dials come from (`adventures calibrate`, issue 42):
    logit(win rate) = villain's curve in the dial at the player count + each hero's effect
    + allies + henchmen, fitted by the reference player's paired-seed games."""

    reference: ReferencePlayerDef
    villains: list[OddsVillainDef] = Field(min_length=1, max_length=20)
    held_out: list[HeldOutTeamDef] = Field(default_factory=list, max_length=200)
    validation: list[ValidationRowDef] = Field(default_factory=list, max_length=2000)
    # logit: how far a team strays from the model beyond the model's own uncertainty (what two
    # heroes do together, which the model's sum of heroes cannot see), measured on the held-out
    # teams by `calibrate --validate`; every interval the model gives is widened by it
    team_sd: Annotated[float, Field(ge=0, le=2)] = 0.0
    games: Annotated[int, Field(ge=0)] = 0
    seed: Seed = 1
    date: Name
    command: Annotated[str, Field(max_length=600)]

    def villain(self, key: str) -> OddsVillainDef | None:
        return next((v for v in self.villains if v.villain == key), None)


class DifficultyDef(Strict):
    """The difficulty levels (hand-written), the win-rate model their dials come from and the
    per-team calibration table (`adventures calibrate`)."""

    levels: list[LevelDef] = Field(min_length=1, max_length=8)
    default: Name = "standard"
    model: OddsModelDef | None = None
    measured: list[MeasuredDef] = Field(default_factory=list, max_length=2000)

    @model_validator(mode="after")
    def _known_levels(self) -> DifficultyDef:
        keys = [lv.key for lv in self.levels]
        if len(set(keys)) != len(keys):
            raise ValueError("levels: a level key is used twice")
        if self.default not in keys:
            raise ValueError(f"default: unknown level '{self.default}' (known: {', '.join(keys)})")
        for i, row in enumerate(self.measured):
            if row.level not in keys:
                raise ValueError(f"measured.{i}.level: unknown level '{row.level}' (known: {', '.join(keys)})")
        return self

    def level(self, key: str) -> LevelDef | None:
        return next((lv for lv in self.levels if lv.key == key), None)


# ---------------------------------------------------------------- glossary
PAGE = re.compile(r"(Adventures|core rules) p\.[1-9][0-9]?(-[1-9][0-9]?)?")


def _page(value: str) -> str:
    """A rulebook page as the project cites it: the Adventures rulebook or the core rules."""
    if not PAGE.fullmatch(value):
        raise ValueError(f"'{value}' is not a page: write 'Adventures p.N' or 'core rules p.N'")
    return value


Page = Annotated[str, Field(max_length=30), AfterValidator(_page)]


class GlossaryEntryDef(Strict):
    """One keyword a player reads on a card or in a question, in our own plain words."""

    term: Name                       # as printed on the cards ("AFTER COMBAT", "Foot soldier")
    also: list[Name] = Field(default_factory=list, max_length=8)   # other forms ("defeated")
    text: Annotated[str, Field(min_length=1, max_length=400)]
    pages: list[Page] = Field(min_length=1, max_length=4)


class GlossaryDef(Strict):
    """The rules at hand: the keywords the app explains on hover (adventures/app/glossary_view.py)."""

    entries: list[GlossaryEntryDef] = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _each_word_once(self) -> GlossaryDef:
        seen: dict[str, str] = {}
        for entry in self.entries:
            for word in (entry.term, *entry.also):
                key = " ".join(word.casefold().split())
                if key in seen:
                    raise ValueError(f"entries: '{word}' is explained twice ({seen[key]} and {entry.term})")
                seen[key] = entry.term
        return self


# ---------------------------------------------------------------- scenarios
class SeatDef(Strict):
    hero: Name | Literal["random"] = "random"
    bot: Name = "heuristic"        # who plays the seat: a name the bot registry gave (seat_bots)

    @field_validator("bot")
    @classmethod
    def _registered_bot(cls, value: str) -> str:
        from engine.content import seat_bots  # the names only: the engine knows no bot
        return seat_bots.check(value)


class OverridesDef(Strict):
    villain_health: Annotated[int, Field(ge=1, le=999)] | None = None
    villain_move: Annotated[int, Field(ge=0, le=9)] | None = None
    minion_health: Annotated[int, Field(ge=1, le=99)] | None = None
    minion_move: Annotated[int, Field(ge=0, le=9)] | None = None
    threat_track_length: Annotated[int, Field(ge=2, le=30)] | None = None
    starting_threat: Annotated[int, Field(ge=0, le=29)] | None = None
    fallen_boroughs: Annotated[int, Field(ge=0, le=3)] | None = None
    dimension_x_markers: Annotated[int, Field(ge=1, le=4)] | None = None
    hero_health_bonus: Annotated[int, Field(ge=-20, le=20)] | None = None
    # The difficulty dial (adventures/rules/difficulty.py): N steps of +1 (or -1 when
    # negative) to the enemies' designed card values, one value per step.
    enemy_cards: Annotated[int, Field(ge=-MAX_ENEMY_CARD_STEPS, le=MAX_ENEMY_CARD_STEPS)] | None = None


class ScenarioDef(Strict):
    name: Name
    # A villain, shipped (shredder, krang) or from the owner's content folder, by key or name:
    # loading resolves it to its key with the one name normalisation heroes and minions get.
    villain: Name
    seats: list[SeatDef] = Field(min_length=1, max_length=4)
    minions: list[Name] | Literal["random"] = "random"
    allies: bool = False
    extra_henchmen: Annotated[int, Field(ge=0, le=6)] = 0
    overrides: OverridesDef = Field(default_factory=OverridesDef)
    max_rounds: Annotated[int, Field(ge=1, le=500)] = 60
    seed: Seed | None = None
    description: Text = ""
    # A difficulty level (adventures/content/difficulty.yaml), checked against the content.
    difficulty: Name = "standard"
    # What the level changed in this game, pinned when the game is set up (a save or replay
    # keeps it, so a loaded game is the same game after a re-calibration); None: from the table.
    difficulty_settings: LevelSettingsDef | None = None

    @model_validator(mode="after")
    def _minion_count(self) -> ScenarioDef:
        if isinstance(self.minions, list) and len(self.minions) > len(self.seats):
            raise ValueError("minions: at most one minion per player")
        return self

    @property
    def players(self) -> int:
        return len(self.seats)


# ---------------------------------------------------------------- competitive matches
class MatchSeatDef(Strict):
    hero: Name | Literal["random"] = "random"
    bot: Name = "heuristic"        # a name the bot registry gave a competitive agent (seat_bots)

    @field_validator("bot")
    @classmethod
    def _registered_bot(cls, value: str) -> str:
        from engine.content import seat_bots
        return seat_bots.check(value, competitive=True)


MATCH_SEATS = {"duel": (2, 2), "ffa": (3, 4), "team": (4, 4)}


class MatchDef(Strict):
    """A competitive game (core rules): a duel, a free-for-all of 3-4, or 2v2 teams.

    Seats are in turn order; the first seat is the rulebook's "younger player" who starts on
    space 1 and plays first (core rules p.6, setup 5-7). Team seats alternate A, B, A, B
    (team play, p.19)."""

    name: Name
    mode: Literal["duel", "ffa", "team"] = "duel"
    board: Name = "new_york_city"
    seats: list[MatchSeatDef] = Field(min_length=2, max_length=4)
    max_turns: Annotated[int, Field(ge=1, le=2000)] = 400
    seed: int | None = None
    description: Text = ""

    @model_validator(mode="after")
    def _seat_count(self) -> MatchDef:
        low, high = MATCH_SEATS[self.mode]
        if not low <= len(self.seats) <= high:
            want = str(low) if low == high else f"{low}-{high}"
            raise ValueError(f"seats: a {self.mode} needs {want} seats, got {len(self.seats)}")
        return self

    @property
    def players(self) -> int:
        return len(self.seats)
