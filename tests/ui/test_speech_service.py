"""game.ui.speech.service: the backend chosen at start (the platform's clients in turn, one
clear message when none opens), its queue and thread (say returns at once, an interrupt drops
the stale words and cuts the utterance under way), and the language each text is said in."""

import sys
import threading

import pytest

from game import i18n
from game.ui.speech import NullSpeech
from game.ui.speech.clients import ClientError, SayClient, say_voice, voice_for
from game.ui.speech.service import QueuedSpeech, open_speech, platform_clients


class Missing:
    def __init__(self) -> None:
        raise ClientError("the command spd-say (speech-dispatcher) is not installed")


class Hangs:
    """Opens never (until the test ends)."""

    gate = threading.Event()

    def open(self) -> None:
        self.gate.wait(30)

    def close(self) -> None:
        pass

    def stop(self) -> None:
        pass


class Works:
    """Takes every text; ``speak`` waits on ``gate`` when one is given."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.gate = gate
        self.said: list[tuple[str, str]] = []
        self.inside = threading.Event()
        self.cancels = self.stops = 0
        self.done = threading.Event()

    def open(self) -> None:
        pass

    def speak(self, text: str, language: str) -> None:
        self.said.append((text, language))
        self.inside.set()
        if self.gate is not None:
            self.gate.wait(30)
        if text == "last":
            self.done.set()

    def cancel(self) -> None:
        self.cancels += 1

    def stop(self) -> None:
        self.stops += 1
        if self.gate is not None:
            self.gate.set()  # (as spd-say's process killed: the text under way ends)

    def close(self) -> None:
        pass


def test_auto_tries_the_platforms_clients_in_turn_and_takes_the_first_that_opens():
    assert platform_clients("linux") == ("speechd", "spd-say", "pyttsx3")
    assert platform_clients("darwin") == ("say", "pyttsx3") and platform_clients("win32") == ("pyttsx3",)
    backend, message = open_speech("auto", "linux", {"speechd": Missing, "spd-say": Hangs, "pyttsx3": Works},
                                   wait=0.2)
    try:
        assert message is None and isinstance(backend, QueuedSpeech) and backend.name == "pyttsx3"
    finally:
        Hangs.gate.set()
        backend.close()


def test_no_client_opening_gives_one_message_naming_each_tried_and_what_to_install():
    Hangs.gate.clear()
    try:
        backend, message = open_speech("auto", "linux", {"speechd": Missing, "spd-say": Hangs}, wait=0.05)
    finally:
        Hangs.gate.set()
    assert isinstance(backend, NullSpeech) and not backend.enabled
    assert message.startswith("No speech: tried speechd: the command spd-say")
    assert "spd-say: no answer within 0.05 s" in message and "pyttsx3: unknown" in message
    assert "Install speech-dispatcher espeak-ng python3-speechd (apt)" in message
    assert "pyttsx3 (pip)" in open_speech("pyttsx3", "win32", {"pyttsx3": Missing})[1]
    off, said = open_speech("off")
    assert isinstance(off, NullSpeech) and said is None


def test_say_returns_at_once_while_the_service_hangs_and_an_interrupt_drops_the_stale_words():
    gate = threading.Event()
    client = Works(gate)
    speech = QueuedSpeech(client, "test")
    try:
        speech.say("first")
        assert client.inside.wait(10)  # the service is inside "first" and hangs there
        for word in ("a", "b", "c"):
            speech.say(word)  # each returns at once: the worker is stuck
        assert speech.queue.qsize() == 3 and client.said == [("first", "en")]
        speech.say("last", interrupt=True)  # a, b, c are stale: dropped; "first" is cut
        assert client.done.wait(10)
        assert [text for text, _lang in client.said] == ["first", "last"]
        assert client.cancels == 1 and client.stops == 1
    finally:
        gate.set()
        speech.close()


def test_each_text_is_said_in_the_language_in_use_when_it_was_said():
    client = Works()
    speech = QueuedSpeech(client, "test")
    try:
        speech.say("one")
        i18n.set_language("es")
        speech.say("last")
        assert client.done.wait(10)
        assert client.said == [("one", "en"), ("last", "es")]
    finally:
        speech.close()


def test_a_client_failing_while_speaking_ends_speech_quietly():
    class Breaks(Works):
        def speak(self, text, language):
            raise OSError("the service went away")
    speech = QueuedSpeech(Breaks(), "test")
    speech.say("one")
    speech.worker.join(10)
    assert not speech.worker.is_alive() and speech.error == "the service went away"
    speech.say("two")  # nothing: no error either
    assert speech.queue.qsize() == 0


class Voice:
    def __init__(self, id, name, languages):
        self.id, self.name, self.languages = id, name, languages


def test_pyttsx3s_voice_is_the_one_speaking_the_games_language():
    voices = [Voice("en-voice", "English (America)", [b"\x05en-us"]), Voice("es-voice", "Spanish", ["es_ES"]),
              Voice("HKEY\\TTS_MS_ES-ES_HELENA_11.0", "Microsoft Helena Desktop - Spanish (Spain)", [])]
    assert voice_for(voices, "en") == "en-voice"
    assert voice_for(voices, "es") == "es-voice"
    assert voice_for(voices[2:], "es") == "HKEY\\TTS_MS_ES-ES_HELENA_11.0"
    assert voice_for(voices[:1], "es") is None


SAY_VOICES = """Alex                en_US    # Most people recognize me by my voice.
Jorge               es_ES    # Hola, me llamo Jorge y soy una voz española.
Juan (Enhanced)     es_MX    # Hola, me llamo Juan.
"""


def test_macs_say_takes_a_voice_of_the_games_language():
    assert say_voice(SAY_VOICES, "es") == "Jorge" and say_voice(SAY_VOICES, "en") == "Alex"
    assert say_voice(SAY_VOICES.splitlines()[2], "es") == "Juan (Enhanced)" and say_voice("", "es") is None


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands for the say command")
def test_a_speech_command_is_run_once_a_text_in_its_voice_and_stop_ends_the_text_under_way(tmp_path, monkeypatch):
    from game.ui.speech import clients
    monkeypatch.setattr(clients, "UTTERANCE_GRACE", 120.0)  # only the interrupt may end the long text
    said = tmp_path / "said"
    command = tmp_path / "say"
    command.write_text(f"""#!/bin/sh
if [ "$1" = "-v" ] && [ "$2" = "?" ]; then printf '%s' '{SAY_VOICES}'; exit 0; fi
echo "$@" >> {said}
case "$*" in *long*) sleep 30; echo "the long text was not cut" >> {said};; esac
""")
    command.chmod(0o755)
    speech = QueuedSpeech(SayClient(str(command)), "say")
    try:
        speech.say("long words")
        for _ in range(600):  # until the command speaks it
            if said.exists():
                break
            speech.worker.join(0.05)
        i18n.set_language("es")
        speech.say("hola", interrupt=True)  # the long text's process is ended: no 30 s wait
        speech.say("last")
        for _ in range(600):  # until the worker has run all three (or 30 s: the long text ran out)
            if speech.spoken == 3 and speech.queue.empty() and not speech._speaking:
                break
            speech.worker.join(0.05)
        assert said.read_text().splitlines() == ["-v Alex -- long words", "-v Jorge -- hola", "-v Jorge -- last"]
    finally:
        speech.close()
