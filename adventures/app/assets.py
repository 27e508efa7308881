"""The one module that loads the app's assets from the top-level `assets/` folder.

  assets/fonts/   DejaVu Sans regular and bold, and DejaVu Sans Condensed for a card's rules
                  text (Debian package fonts-dejavu-core, free licence in LICENSE-DejaVu.txt);
                  the system fonts are the fallback
  assets/sounds/  reveal, hit, threat, objective: short effects synthesised by this module
  assets/icons/   the window icon, drawn by this module

`python -m adventures.app.assets` rewrites the sounds and the icon from the code below. A
missing file is made in memory instead, so the app never fails over an asset. Sound is
optional: with no audio device (or a mixer that will not start) the app plays silently.
"""
from __future__ import annotations

import array
import contextlib
import math
import os
import random
import sys
import wave
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2] / "assets"
RATE = 22050
SOUND_NAMES = ("reveal", "hit", "threat", "objective")


# ---------------------------------------------------------------- fonts and icon
def font_file(bold: bool = False, condensed: bool = False) -> Path | None:
    """The bundled face: regular, bold, or condensed (a card's rules text; regular weight,
    the regular face where it is missing); None where the file is missing."""
    name = "DejaVuSansCondensed.ttf" if condensed else "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = ROOT / "fonts" / name
    if condensed and not path.is_file():
        return font_file(bold)
    return path if path.is_file() else None


def draw_icon() -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.circle(icon, (94, 186, 92), (16, 16), 15)
    pygame.draw.rect(icon, (58, 134, 255), (3, 11, 26, 7), border_radius=3)
    pygame.draw.circle(icon, (255, 255, 255), (11, 14), 3)
    pygame.draw.circle(icon, (255, 255, 255), (21, 14), 3)
    return icon


def icon() -> pygame.Surface:
    path = ROOT / "icons" / "app.png"
    try:
        if path.is_file():
            return pygame.image.load(str(path))
    except (pygame.error, OSError):
        pass
    return draw_icon()


# ---------------------------------------------------------------- sound synthesis
def _tone(freqs, ms: int, volume: float = 0.5, decay: float = 6.0, noise: float = 0.0, slide: float = 0.0,
          seed: int = 1) -> list[float]:
    """Summed sines (optionally sliding in pitch, with a little noise) under an exponential fade."""
    n = int(RATE * ms / 1000)
    rnd = random.Random(seed)                 # a fixed seed: the same file every time
    out = []
    phase = [0.0] * len(freqs)
    for i in range(n):
        t = i / n
        env = min(1.0, i / (RATE * 0.004)) * math.exp(-decay * t)
        v = 0.0
        for k, f in enumerate(freqs):
            phase[k] += 2 * math.pi * f * (1 + slide * t) / RATE
            v += math.sin(phase[k])
        v /= max(1, len(freqs))
        if noise:
            v = (1 - noise) * v + noise * (rnd.random() * 2 - 1)
        out.append(volume * env * v)
    return out


def synth(name: str) -> list[float]:
    if name == "reveal":          # a card flip: a short bright swish
        return _tone([880, 1320], 140, 0.35, 9.0, noise=0.35, slide=0.4)
    if name == "hit":             # a thud
        return _tone([110, 165], 220, 0.6, 7.0, noise=0.25, slide=-0.5)
    if name == "threat":          # a low warning pulse, twice
        one = _tone([196, 233], 160, 0.45, 4.0)
        return one + [0.0] * int(RATE * 0.05) + one
    if name == "objective":       # a falling minor chord
        return _tone([440, 523, 659], 700, 0.45, 3.0, slide=-0.25)
    raise KeyError(name)


def pcm16(samples: list[float]) -> bytes:
    return array.array("h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples)).tobytes()


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm16(samples))


def audio_device_present() -> bool:
    """Whether opening the mixer can find a sound device. On Linux without a sound card
    nor a sound server, SDL's ALSA backend would print a screenful of errors from C while
    failing; asking first keeps the terminal clean (settings say "no audio device")."""
    if os.environ.get("SDL_AUDIODRIVER") or not sys.platform.startswith("linux"):
        return True                       # a driver was chosen (dummy in tests), or not ALSA's platform
    if any(Path("/dev/snd").glob("pcmC*")):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    servers = ("pulse/native", "pipewire-0")
    return bool(os.environ.get("PULSE_SERVER")) or bool(runtime) and any(
        (Path(runtime) / name).exists() for name in servers)


@contextlib.contextmanager
def quiet_stderr():
    """Silence what C libraries print on file descriptor 2 (ALSA's config complaints)
    while the mixer opens; its failure is reported once, in settings."""
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


class Sounds:
    """Plays the effects when a mixer is available and sound is on; silent otherwise."""

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        if not audio_device_present():
            return                        # no audio device: the game goes on in silence
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(RATE, -16, 1, 512)
            self.available = True
        except pygame.error:              # the device would not open: silence too
            return
        freq, _size, channels = pygame.mixer.get_init()
        for name in SOUND_NAMES:
            try:
                path = ROOT / "sounds" / f"{name}.wav"
                if path.is_file() and freq == RATE and channels == 1:
                    self.sounds[name] = pygame.mixer.Sound(str(path))
                else:
                    self.sounds[name] = self._from_samples(synth(name), freq, channels)
            except (pygame.error, OSError, ValueError):
                continue

    @staticmethod
    def _from_samples(samples: list[float], freq: int, channels: int) -> pygame.mixer.Sound:
        if freq != RATE:                  # a mixer at another rate: resample by nearest sample
            samples = [samples[int(i * RATE / freq)] for i in range(int(len(samples) * freq / RATE))]
        data = pcm16(samples)
        if channels == 2:
            mono = array.array("h", data)
            data = array.array("h", (v for s in mono for v in (s, s))).tobytes()
        return pygame.mixer.Sound(buffer=data)

    def play(self, name: str) -> bool:
        """Play one effect; returns whether it was played (False: muted or no sound)."""
        sound = self.sounds.get(name)
        if not self.enabled or sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True


def write_all() -> list[Path]:
    """Regenerate the synthesised files in assets/ (sounds and icon)."""
    written = []
    (ROOT / "sounds").mkdir(parents=True, exist_ok=True)
    (ROOT / "icons").mkdir(parents=True, exist_ok=True)
    for name in SOUND_NAMES:
        path = ROOT / "sounds" / f"{name}.wav"
        write_wav(path, synth(name))
        written.append(path)
    path = ROOT / "icons" / "app.png"
    pygame.image.save(draw_icon(), str(path))
    written.append(path)
    return written


if __name__ == "__main__":
    for p in write_all():
        print(f"wrote {p}")
