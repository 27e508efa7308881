"""Frame times while the expert bot thinks, reported not asserted (issue 18: no frame
longer than 100 ms). Run under a real X server for a fair figure:
`xvfb-run -a python -m pytest tests/bench_app_frames.py -m bench -s`."""
from __future__ import annotations

import statistics
import time

import pygame
import pytest

from adventures.app import suggest
from adventures.app.app import App
from adventures.app.controller import GameSetup
from adventures.app.end_scene import EndScene
from engine.content.schema import ScenarioDef

pytestmark = pytest.mark.bench


def test_frame_intervals_while_an_expert_seat_thinks(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path))
    if __import__("os").environ.get("DISPLAY"):
        monkeypatch.setenv("SDL_VIDEODRIVER", "x11")     # under xvfb-run: a real X server
        pygame.display.quit()
    sc = ScenarioDef.model_validate({"name": "bench", "villain": "shredder", "minions": "random", "max_rounds": 3,
                                     "seats": [{"hero": "Leonardo", "bot": "expert"},
                                               {"hero": "Raphael", "bot": "expert"}]})
    stamps: list[float] = []
    thinking: list[bool] = []

    def driver(app):
        stamps.append(time.perf_counter())
        thinking.append(suggest.SLICES[0])
        if isinstance(app.scene, EndScene) or len(stamps) > 3000:
            raise SystemExit

    app = App((1280, 800), fps=60, on_frame=driver, max_frames=5000, speed_ms=0)
    with pytest.raises(SystemExit):
        app.run(start=GameSetup(sc, seed=4))
    gaps = [(b - a) * 1000 for a, b, s0, s1 in zip(stamps, stamps[1:], thinking, thinking[1:]) if s1 > s0]
    assert gaps, "the expert never thought while frames were drawn"
    draws = [1000 * t for t in app.frame_times]
    print(f"\n{len(gaps)} frames while the expert searched ({pygame.display.get_driver()}): "
          f"median {statistics.median(gaps):.1f} ms, max {max(gaps):.1f} ms, "
          f"over 100 ms: {sum(g > 100 for g in gaps)}; drawing alone: median {statistics.median(draws):.1f} ms, "
          f"max {max(draws):.1f} ms")
