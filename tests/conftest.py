import atexit
import os
import shutil
import sys
import tempfile

# Headless pygame for any test that touches the app; tests import the shared fixtures module.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(__file__))
# Never read or write the developer's real data folder (saves, user content): every test
# session gets an empty one, so the catalog is the shipped content unless a test says so.
os.environ["TMNT_ADVENTURES_HOME"] = tempfile.mkdtemp(prefix="tmnt-test-home-")
atexit.register(shutil.rmtree, os.environ["TMNT_ADVENTURES_HOME"], ignore_errors=True)
os.environ.pop("TMNT_ADVENTURES_CONTENT", None)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _content_folder_stays_per_test():
    """`--content DIR` points the process (and its workers) at a folder through an
    environment variable; a test that runs a command with it must not leave it set for the
    next test (it made results depend on test order)."""
    before = os.environ.get("TMNT_ADVENTURES_CONTENT")
    yield
    if before is None:
        os.environ.pop("TMNT_ADVENTURES_CONTENT", None)
    else:
        os.environ["TMNT_ADVENTURES_CONTENT"] = before
