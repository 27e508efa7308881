"""`python -m adventures.sim.compare`: old commit against new on the same seeds (issue 18:
the speed-up is measured side by side, with the same results per seed)."""
from __future__ import annotations

from adventures.sim.compare import own_copy


def test_with_different_games_each_tree_plays_its_own_copy_of_the_scenario(tmp_path):
    """An old commit may not read today's scenario files: with --different-games each tree
    plays the file at the same path inside itself, or the given file when it has none."""
    new, old = tmp_path / "new", tmp_path / "old"
    for tree in (new, old):
        (tree / "scenarios").mkdir(parents=True)
        (tree / "scenarios" / "shredder-4p.yaml").write_text(f"name: {tree.name}\n")
    (new / "scenarios" / "only-new.yaml").write_text("name: only new\n")
    outside = tmp_path / "mine.yaml"
    outside.write_text("name: mine\n")

    assert own_copy(str(old), str(new), str(new / "scenarios" / "shredder-4p.yaml")) == \
        str(old / "scenarios" / "shredder-4p.yaml")
    assert own_copy(str(old), str(new), str(new / "scenarios" / "only-new.yaml")) == \
        str((new / "scenarios" / "only-new.yaml").resolve())
    assert own_copy(str(old), str(new), str(outside)) == str(outside.resolve())
