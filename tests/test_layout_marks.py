"""The "≈" mark explained once (issue 40): it said "our design" beside every enemy name and
on every enemy card's face. Now it stands on the enemies' heading in the status column
(its tooltip names the enemies of our design and says what the mark means) and in the
board's corner; an enemy card's face wears none, its detail view says it in words. A card
from the owner's own content still wears "yours" on its face."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import provenance  # noqa: E402
from adventures.app import theme as T  # noqa: E402
from adventures.app.combat_view import CombatSnapshot  # noqa: E402
from adventures.app.scenarios import find_scenario  # noqa: E402
from adventures.app.screenshot import shoot  # noqa: E402


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    return shoot(find_scenario("shredder-4p"), 1, 6, (1280, 720))


def marks_drawn(app) -> list[pygame.Rect]:
    """The badges drawn in a frame of the game screen (theme.trace_mark)."""
    T.reset_cuts(trace=app.screen)
    try:
        app.game_scene.draw(app.screen, 0)
        return [r for text, r in T.TRACE or [] if text == T.MARK and r is not None]
    finally:
        T.reset_cuts()


def test_an_enemy_card_of_our_design_wears_no_mark_on_its_face_in_the_combat_panel(table):
    scene = table.game_scene
    game = scene.game
    hero = next(s for s in game.sides if not s.is_enemy)
    villain = game.adv.villain
    card = (villain.deck or villain.discard or villain.hand)[0]
    assert provenance.of_card(game, card).kind == provenance.APPROX       # our design...
    snap = CombatSnapshot(hero.fighters[0], villain.fighters[0], (hero.hand or hero.deck)[0], card)
    snap.att, snap.dfn, snap.damage = 4, 2, 2
    scene.combat.snapshot = snap
    badges = marks_drawn(table)
    assert scene.combat.rect.width > 0 and any(c is card for _r, c in scene.combat.card_rects)
    assert not [b for b in badges if scene.combat.rect.colliderect(b)], "a badge on a card in the combat panel"
    assert scene._card_mark(card) is None                                 # ...no mark on its face
    assert scene._card_note(card).startswith("≈ Our design")              # its detail says so in words


def test_the_mark_is_on_the_enemies_heading_and_the_board_corner_only(table):
    scene = table.game_scene
    badges = marks_drawn(table)
    column, board = scene.layout.side, scene.layout.board
    assert len([b for b in badges if column.contains(b)]) == 1
    assert len([b for b in badges if board.contains(b)]) == 1
    assert len(badges) == 2, badges


def test_a_card_of_the_owners_content_still_says_yours_on_its_face(table, monkeypatch):
    scene = table.game_scene
    villain = scene.game.adv.villain
    card = (villain.deck or villain.discard)[0]
    yours = provenance.Mark(provenance.YOURS, ("yours",))
    monkeypatch.setattr(provenance, "of_card", lambda game, c: yours)
    assert scene._card_mark(card) is yours
