"""Speech through the platform's speech service, on a thread of its own (issue 40).

:class:`QueuedSpeech` is the backend the window speaks through when speech is on: ``say``
puts the text on a queue and returns at once; a worker thread hands each text to a
*client* (game.ui.speech.clients: speech-dispatcher's ``speechd`` or ``spd-say`` on Linux,
pyttsx3 on Windows and macOS), which may take as long as the service takes, or hang: the
frame loop never waits on it. ``interrupt=True`` drops what is still queued and asks the
client to stop the current utterance (from a second thread, so a hung service cannot block
the caller there either). Each text is spoken in the game's language at the time it was
said (game.i18n.language: ``en`` or ``es``).

:func:`open_speech` chooses the backend at start (``--speech``, the Options' Speech line):
the first client of the platform's list that opens, or :class:`game.ui.speech.NullSpeech`
with one sentence saying which clients were tried and what to install.
"""

from __future__ import annotations

import queue
import sys
import threading
from typing import Callable

from game.i18n import _, language
from game.ui.speech import NullSpeech
from game.ui.speech.clients import CLIENTS, ClientError

OPEN_SECONDS = 3.0  # how long the start waits for a speech service to answer (not the frame loop)
INSTALL = {  # what to install for speech, per platform (sys.platform's start), for the message
    "linux": "speech-dispatcher espeak-ng python3-speechd (apt)",
    "win32": "pyttsx3 (pip)",
    "darwin": "pyttsx3 (pip)",
}
_STOP = object()  # the worker's last item
_CANCEL = object()  # an interrupt, in order: the client drops what the service still has queued


def platform_clients(platform: str | None = None) -> tuple[str, ...]:
    """The clients ``auto`` tries on ``platform`` (sys.platform when None), in order: on Linux
    speech-dispatcher's Python client, then its command ``spd-say``, then pyttsx3 (espeak);
    on macOS its command ``say``, then pyttsx3 (NSSpeechSynthesizer); elsewhere (Windows)
    pyttsx3 (SAPI5)."""
    platform = platform or sys.platform
    if platform.startswith("linux") or "bsd" in platform:
        return ("speechd", "spd-say", "pyttsx3")
    if platform == "darwin":
        return ("say", "pyttsx3")
    return ("pyttsx3",)


def install_hint(platform: str | None = None) -> str:
    """What to install for speech on ``platform`` (sys.platform when None), words for the message."""
    platform = platform or sys.platform
    for start, packages in INSTALL.items():
        if platform.startswith(start):
            return packages
    return INSTALL["linux"]


class QueuedSpeech:
    """Speaks through ``client`` (a game.ui.speech.clients client: ``open()``, ``speak(text,
    language)``, ``cancel()``, ``stop()``, ``close()``) on a worker thread; ``say`` never blocks.

    An interrupt reaches the client twice: ``cancel()`` on the worker, in order, before the
    next text (the service drops what it still has queued: speech-dispatcher's CANCEL), and
    ``stop()`` on a second thread when the worker is still in an older text's ``speak`` (a
    speak that waits until the text is spoken: ``spd-say -w``, pyttsx3's runAndWait).

    ``name``: the client's name (``speechd``, ``spd-say``, ``pyttsx3``). ``opened``: set once
    the worker opened the client; ``error``: why it could not (a str), else None. A client
    that fails while speaking ends the worker quietly (the game goes on without speech)."""

    enabled = True

    def __init__(self, client, name: str, words: Callable[[], str] = language) -> None:
        self.client = client
        self.name = name
        self.words = words  # the language code each text is spoken in, read at say()
        self.queue: queue.Queue = queue.Queue()
        self.opened = threading.Event()
        self.error: str | None = None
        self.spoken = 0  # texts the client was given (for tests)
        self._stops: queue.Queue = queue.Queue()  # interrupts to pass on to a speak under way (their number)
        self._said = 0  # texts said so far (each queued text's number)
        self._speaking = 0  # the number of the text the client speaks now (0: none)
        self._closed = False
        self.worker = threading.Thread(target=self._run, name=f"speech-{name}", daemon=True)
        self.stopper = threading.Thread(target=self._stop_loop, name=f"speech-{name}-stop", daemon=True)
        self.worker.start()
        self.stopper.start()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Queue ``text`` (empty: ignored) and return at once; ``interrupt``: drop what is still
        queued first and stop the current utterance."""
        if self._closed or not text:
            return
        self._said += 1
        if interrupt:
            self.drop()
            self.queue.put(_CANCEL)
            self._stops.put(self._said)
        self.queue.put((self._said, text, self.words()))

    def drop(self) -> int:
        """Drop every text still queued; how many were dropped."""
        dropped = 0
        while True:
            try:
                item = self.queue.get_nowait()
            except queue.Empty:
                return dropped
            if item is _STOP:  # (never dropped: close() wants the worker to end)
                self.queue.put(_STOP)
                return dropped
            dropped += item is not _CANCEL

    def wait_open(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the client to open; True when it did (the start uses it)."""
        return self.opened.wait(seconds) and self.error is None

    def close(self) -> None:
        """Stop speaking and end the threads (never waits for a hung service)."""
        if self._closed:
            return
        self._closed = True
        self.drop()
        self.queue.put(_STOP)
        self._stops.put(None)

    def _run(self) -> None:
        try:
            self.client.open()
        except Exception as err:  # ClientError, an OSError of the socket, anything a library raises
            self.error = str(err) or type(err).__name__
            self.opened.set()
            return
        self.opened.set()
        while True:
            item = self.queue.get()
            if item is _STOP:
                break
            try:
                if item is _CANCEL:
                    self.client.cancel()
                    continue
                number, text, code = item
                self._speaking = number
                self.spoken += 1
                self.client.speak(text, code)
            except Exception as err:  # the service went away: the game goes on without speech
                self.error = str(err) or type(err).__name__
                self._closed = True
                break
            finally:
                self._speaking = 0
        self._guard(self.client.close)

    def _stop_loop(self) -> None:
        """Pass each interrupt on to a speak still under way for an older text (never to the
        text that interrupted); end at close."""
        while True:
            number = self._stops.get()
            speaking = self._speaking
            if number is None:
                if speaking:
                    self._guard(self.client.stop)
                return
            if 0 < speaking < number:
                self._guard(self.client.stop)

    @staticmethod
    def _guard(call) -> None:
        try:
            call()
        except Exception:  # stopping or closing a service that is gone: nothing to do
            pass


def open_speech(mode: str, platform: str | None = None, clients: dict | None = None,
                wait: float = OPEN_SECONDS):
    """The speech backend for ``mode`` and the message to show, or None when it opened.

    ``mode``: ``off`` (NullSpeech, no message), ``auto`` (the platform's clients in turn:
    :func:`platform_clients`) or one client's name (game.records.settings.SPEECH_MODES). ``clients``: name -> client
    class (game.ui.speech.clients.CLIENTS when None). Each client is given ``wait`` seconds
    to open; one that does not is closed and the next is tried. Returns (backend, message):
    a QueuedSpeech and None, or NullSpeech and one sentence naming the clients tried, why
    each failed, and what to install. Never raises.
    """
    if mode == "off":
        return NullSpeech(), None
    clients = CLIENTS if clients is None else clients
    names = platform_clients(platform) if mode == "auto" else (mode,)
    failures = []
    for name in names:
        make = clients.get(name)
        if make is None:
            failures.append(f"{name}: " + _("unknown"))
            continue
        try:
            client = make()
        except ClientError as err:  # not installed: the library or the command is missing
            failures.append(f"{name}: {err}")
            continue
        backend = QueuedSpeech(client, name)
        if backend.wait_open(wait):
            return backend, None
        failures.append(f"{name}: " + (backend.error or _("no answer within {seconds} s").format(seconds=wait)))
        backend.close()
    message = _("No speech: tried {tried}. Install {install}; the game goes on without speech.").format(
        tried="; ".join(failures), install=install_hint(platform))
    return NullSpeech(), message
