"""The speech services the window can talk to, one class each (game.ui.speech.service runs
them on a thread of their own; nothing here is called from the frame loop).

- :class:`SpeechdClient`: speech-dispatcher (Linux: the service Orca, the GNOME and KDE
  screen reader, speaks through) by its own Python client ``speechd`` (Debian and Ubuntu's
  ``python3-speechd``, Fedora's ``speech-dispatcher-python``; not on PyPI). In a virtual
  environment, which does not see the system's packages, it is loaded from the system's
  Python folders (it is pure Python over a socket).
- :class:`SpdSayClient`: speech-dispatcher through its command ``spd-say`` (package
  ``speech-dispatcher``), when the Python client is not there.
- :class:`SayClient`: macOS's own command ``say`` (every Mac has it), a voice of the
  game's language chosen from ``say -v ?``.
- :class:`Pyttsx3Client`: pyttsx3 (PyPI), which drives SAPI5 on Windows,
  NSSpeechSynthesizer on macOS and espeak elsewhere (through ``aplay``).

Each class raises :class:`ClientError` when built where its library or command is missing
(saying what is missing); ``open()`` connects (it may fail or hang: the caller waits a
bounded time), ``speak(text, language)`` speaks ``text`` in ``language`` (a code of
game.i18n.LANGUAGES), ``cancel()`` drops what the service still has queued, ``stop()``
(from another thread) cuts the utterance under way, ``close()`` lets go.
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from game.i18n import N_, _

SYSTEM_FOLDERS = ("/usr/lib/python3/dist-packages", "/usr/lib64/python3/site-packages",
                  f"/usr/lib/python3.{sys.version_info.minor}/site-packages",
                  f"/usr/lib64/python3.{sys.version_info.minor}/site-packages",
                  "/usr/local/lib/python3/dist-packages")  # where distributions put speechd
SECONDS_PER_CHARACTER = 0.15  # spd-say -w: an utterance taking longer than this a character (plus
UTTERANCE_GRACE = 5.0  # these seconds) is cut: a service that never says "done" stalls nothing
CLIENT_NAME = "minesweeper"  # how speech-dispatcher names the game (one word: SSIP's CLIENT_NAME)


class ClientError(Exception):
    """The client cannot be used here: its library or command is missing (the message says which)."""


def load_speechd(folders=SYSTEM_FOLDERS):
    """speech-dispatcher's Python module ``speechd``: the one Python finds, else the system's
    from ``folders`` (a virtual environment does not see them). Raises ClientError when none."""
    try:
        return importlib.import_module("speechd")
    except ImportError:
        pass
    for folder in folders:
        init = Path(folder) / "speechd" / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location("speechd", init, submodule_search_locations=[str(init.parent)])
        module = importlib.util.module_from_spec(spec)
        sys.modules["speechd"] = module
        try:
            spec.loader.exec_module(module)
        except Exception as err:  # a module of another Python's making: say so, try no further
            del sys.modules["speechd"]
            raise ClientError(_("the Python module speechd in {folder} does not load ({reason})").format(
                folder=folder, reason=err)) from err
        return module
    raise ClientError(_("the Python module speechd (python3-speechd) is not installed"))


class SpeechdClient:
    """speech-dispatcher through ``speechd.SSIPClient``: ``speak`` hands the text to the
    service's queue and returns; ``cancel`` is SSIP's CANCEL (this client's messages)."""

    def __init__(self, module=None) -> None:
        self.module = module or load_speechd()
        self.ssip = None
        self.language = None
        self.lock = threading.Lock()  # one SSIP command at a time (speechd's client has no lock)

    def open(self) -> None:
        self.ssip = self.module.SSIPClient(CLIENT_NAME)

    def speak(self, text: str, language: str) -> None:
        with self.lock:
            if language != self.language:
                self.ssip.set_language(language)
                self.language = language
            self.ssip.speak(text)

    def cancel(self) -> None:
        with self.lock:
            self.ssip.cancel()

    def stop(self) -> None:
        """(Nothing: ``speak`` never waits for the text to be spoken; ``cancel`` stops it.)"""

    def close(self) -> None:
        if self.ssip is not None:
            self.ssip.close()


class CommandClient:
    """A speech command run once a text (``arguments(text, language)``, a list), which ends
    when the text is spoken: the texts do not pile up in the service, and a text under way is
    cut by ending its process; one that runs past SECONDS_PER_CHARACTER a character and
    UTTERANCE_GRACE seconds is cut too (a service that never says "done" stalls nothing)."""

    missing = ""  # the message when the command is not installed ({command})

    def __init__(self, command: str) -> None:
        self.path = shutil.which(command)
        if self.path is None:
            raise ClientError(_(self.missing).format(command=command))
        self.process: subprocess.Popen | None = None

    def open(self) -> None:
        """(Nothing to open: each text starts its own process.)"""

    def arguments(self, text: str, language: str) -> list[str]:
        raise NotImplementedError

    def speak(self, text: str, language: str) -> None:
        self.process = subprocess.Popen(self.arguments(text, language),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self.process.wait(UTTERANCE_GRACE + SECONDS_PER_CHARACTER * len(text))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def cancel(self) -> None:
        """(Nothing: the texts still to say are the game's queue, not the service's.)"""

    def stop(self) -> None:
        """Cut the text under way: end its process."""
        process = self.process
        if process is not None and process.poll() is None:
            process.kill()

    def close(self) -> None:
        self.stop()


class SpdSayClient(CommandClient):
    """speech-dispatcher through its command ``spd-say`` (``command``), run with ``-w``
    (it ends when the text is spoken); ``stop`` also cancels what the service speaks."""

    missing = N_("the command {command} (speech-dispatcher) is not installed")

    def __init__(self, command: str = "spd-say") -> None:
        super().__init__(command)

    def arguments(self, text: str, language: str) -> list[str]:
        return [self.path, "-w", "-l", language, "--", text]

    def stop(self) -> None:
        super().stop()
        try:
            subprocess.run([self.path, "-C"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass


class SayClient(CommandClient):
    """macOS's ``say`` (``command``), with a voice of the game's language when ``say -v ?``
    lists one (:func:`say_voice`), else the system's voice."""

    missing = N_("the command {command} is not installed")

    def __init__(self, command: str = "say") -> None:
        super().__init__(command)
        self.voices: dict[str, str | None] = {}  # language -> voice name, looked up once

    def arguments(self, text: str, language: str) -> list[str]:
        if language not in self.voices:
            try:
                listed = subprocess.run([self.path, "-v", "?"], capture_output=True, text=True, timeout=5).stdout
            except (OSError, subprocess.TimeoutExpired):
                listed = ""
            self.voices[language] = say_voice(listed, language)
        voice = self.voices[language]
        return [self.path, *(["-v", voice] if voice else []), "--", text]


def say_voice(listed: str, language: str) -> str | None:
    """The first voice of ``say -v ?``'s lines ("Monica   es_ES   # Hola, me llamo Monica")
    that speaks ``language`` (a code such as ``es``), or None."""
    for line in listed.splitlines():
        head = line.split("#", 1)[0].split()
        if len(head) >= 2 and head[-1].replace("-", "_").split("_")[0].lower() == language:
            return " ".join(head[:-1])
    return None


class Pyttsx3Client:
    """pyttsx3's engine (``pyttsx3.init()``, made on the speaking thread, as its drivers want),
    its voice chosen for the language: ``speak`` waits until the text is spoken
    (``runAndWait``); ``stop`` is the engine's."""

    def __init__(self) -> None:
        try:
            import pyttsx3  # (imported by name: the standalone app's builder then takes it in)
            self.pyttsx3 = pyttsx3
        except ImportError as err:
            raise ClientError(_("the Python package pyttsx3 is not installed")) from err
        self.engine = None
        self.language = None

    def open(self) -> None:
        if sys.platform == "win32":  # SAPI5 is COM: this thread must join it first
            try:
                importlib.import_module("comtypes").CoInitialize()
            except Exception:  # (pyttsx3 says why, if it cannot start)
                pass
        self.engine = self.pyttsx3.init()

    def speak(self, text: str, language: str) -> None:
        if language != self.language:
            self.language = language
            voice = voice_for(self.engine.getProperty("voices") or [], language)
            if voice is not None:
                self.engine.setProperty("voice", voice)
        self.engine.say(text)
        self.engine.runAndWait()

    def cancel(self) -> None:
        """(Nothing: the texts still to say are the game's queue.)"""

    def stop(self) -> None:
        if self.engine is not None:
            self.engine.stop()

    def close(self) -> None:
        self.stop()


def voice_for(voices, language: str) -> str | None:
    """The id of the first of pyttsx3's ``voices`` that speaks ``language`` (a code such as
    ``es``: by its languages, else by its id or name), or None."""
    for voice in voices:
        spoken = [code.decode(errors="ignore") if isinstance(code, bytes) else str(code)
                  for code in getattr(voice, "languages", None) or []]
        if any(code.lstrip("\x05").lower().replace("_", "-").split("-")[0] == language for code in spoken):
            return voice.id
    for voice in voices:
        words = f"{getattr(voice, 'id', '')} {getattr(voice, 'name', '')}".lower()
        if f"/{language}" in words or f"_{language}" in words or f"-{language}" in words or \
                {"es": "spanish", "en": "english"}.get(language, "?") in words:
            return voice.id
    return None


CLIENTS = {"speechd": SpeechdClient, "spd-say": SpdSayClient, "say": SayClient, "pyttsx3": Pyttsx3Client}
