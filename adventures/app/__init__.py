"""The pygame desktop app: the only package that imports pygame (see docs/ARCHITECTURE.md)."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on the command line
