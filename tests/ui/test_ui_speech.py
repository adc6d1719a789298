"""Issue 40, by ear: a keyboard-only game from the menu to its end, every announcement kept
by game.ui.speech.RecordingSpeech, in English and in Spanish; and the real backend's ``say``
never waits on the speech service (a fake service that blocks: the frame loop goes on)."""

import threading

import pygame
import pytest

from game.rules.engine import State
from game.ui.play.playing import Playing
from game.ui.play.result import GameOver, Victory
from game.ui.speech import RecordingSpeech
from game.ui.speech.service import QueuedSpeech
from tests.conftest import SilentSpeechClient
from tests.play_helpers import wait_postmortem

# Each language's words the test expects, written out here (not taken from the game's catalogue)
WORDS = {
    "en": {"cursor": "row 5, column 5, covered", "opened": "opened {n} cells", "won": "You win!", "lost": "Boom!",
           "flag": "flag placed, 9 mines left", "mine": "Mine! row {row}, column {col}",
           "status": "9 mines left, ", "row": "Row {row}: ", "column": "Column {col}: ", "around": "touching: ",
           "best": "New best time! #1 on Beginner", "name": "Type your name for the best times"},
    "es": {"cursor": "fila 5, columna 5, tapada", "opened": "{n} casillas abiertas", "won": "¡Has ganado!",
           "lost": "¡BUM!", "flag": "bandera puesta, quedan 9 minas", "mine": "¡Mina! fila {row}, columna {col}",
           "status": "quedan 9 minas, ", "row": "Fila {row}: ", "column": "Columna {col}: ",
           "around": "la tocan: ", "best": "¡Nuevo récord! n.º 1 en Principiante",
           "name": "Escribe tu nombre para los mejores tiempos"},
}
ARROW_OF = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (0, 1): pygame.K_RIGHT}


def start_by_keys(window, lang: str):
    """The menu, by keys only: Enter on its first button (Beginner); speech recorded."""
    w = window(["--lang", lang], deal=7)
    speech = w.loop.manager.services.speech = RecordingSpeech()
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    return w, speech


def go_to(w, cell) -> None:
    """Move the keyboard cursor to ``cell`` with the arrows."""
    while w.scene.cursor != cell:
        r, c = w.scene.cursor
        step = (0, (cell[1] > c) - (cell[1] < c)) if cell[1] != c else ((cell[0] > r) - (cell[0] < r), 0)
        w.key(ARROW_OF[step])


def reveal_and_check(w, speech, words, cell) -> None:
    """Space on ``cell``: the words said name the number shown, or the cells an opening opened."""
    game = w.scene.game
    covered = sum(not game.is_revealed((r, c)) for r in range(game.rows) for c in range(game.cols))
    go_to(w, cell)
    before = len(speech.said)
    w.key(pygame.K_SPACE)
    game = (w.scene.base if hasattr(w.scene, "base") else w.scene).game
    opened = covered - sum(not game.is_revealed((r, c)) for r in range(game.rows) for c in range(game.cols))
    said = speech.said[before]
    assert before in speech.interrupts
    if opened == 1:
        key = game.appearance(cell)
        assert said == (key if key != "0" else {"en": "empty", "es": "vacía"}[w.lang])
    else:
        assert said == words["opened"].format(n=opened)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_keyboard_game_from_the_menu_to_a_win_is_said_move_by_move(window, lang):
    words = WORDS[lang]
    w, speech = start_by_keys(window, lang)
    w.lang = lang
    w.key(pygame.K_DOWN)  # the cursor shows at the centre, and is said
    assert speech.said[-1] == words["cursor"]
    w.key(pygame.K_SPACE)
    game = w.scene.game
    opened = sum(game.is_revealed((r, c)) for r in range(game.rows) for c in range(game.cols))
    assert game.state is State.PLAYING and speech.said[-1] == words["opened"].format(n=opened)
    mines = sorted(w.scene.match.layout())
    go_to(w, mines[0])
    w.key(pygame.K_f)
    assert speech.said[-1] == words["flag"]
    w.key(pygame.K_i)
    assert speech.said[-1].startswith(words["status"])
    w.key(pygame.K_k)
    assert speech.said[-1].startswith(words["row"].format(row=mines[0][0] + 1))
    w.key(pygame.K_j)
    assert speech.said[-1].startswith(words["column"].format(col=mines[0][1] + 1))
    safe = [(r, c) for r in range(game.rows) for c in range(game.cols)
            if (r, c) not in mines and not game.is_revealed((r, c))]
    numbers_seen = 0
    for cell in safe:
        if not isinstance(w.scene, Playing) or game.is_revealed(cell):
            continue
        reveal_and_check(w, speech, words, cell)
        numbers_seen += game.appearance(cell) != "0"
    assert isinstance(w.scene, Victory) and numbers_seen > 0
    (result,) = [text for text in speech.said if text.startswith(words["won"] + " ")]
    assert "3BV/s " in result and " s, 3BV " in result
    assert words["best"] in result and speech.said[-1].startswith(words["name"])  # a first win: a best time


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_keyboard_game_from_the_menu_to_a_loss_says_the_mine_and_the_result(window, lang):
    words = WORDS[lang]
    w, speech = start_by_keys(window, lang)
    w.lang = lang
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE)
    mine = sorted(w.scene.match.layout())[-1]
    covered_next = [(mine[0] + dr, mine[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if 0 <= mine[0] + dr < 9 and 0 <= mine[1] + dc < 9 and (dr or dc)]
    go_to(w, mine)
    w.key(pygame.K_l)  # the numbers touching the mine's cell
    touching = [w.scene.game.appearance(cell) for cell in covered_next]
    if any(key.isdigit() and key != "0" for key in touching):
        assert speech.said[-1].startswith(words["around"])
    w.key(pygame.K_SPACE)
    assert isinstance(w.scene, GameOver)
    assert words["mine"].format(row=mine[0] + 1, col=mine[1] + 1) in speech.said
    result = [text for text in speech.said if text.startswith(words["lost"] + " ")]
    assert len(result) == 1 and " s, 3BV " in result[0]
    wait_postmortem(w)
    w.step()
    assert speech.said[-1].startswith(w.scene.postmortem.line())  # the loss's post-mortem line, when it is in


class BlockingClient:
    """A speech service that hangs in every text until ``release`` is set (at most 30 s)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.inside = threading.Event()
        self.texts = []
        self.stopped = 0

    def open(self) -> None:
        pass

    def speak(self, text: str, language: str) -> None:
        self.texts.append((text, language))
        self.inside.set()
        self.release.wait(30)

    def cancel(self) -> None:
        pass

    def stop(self) -> None:
        self.stopped += 1

    def close(self) -> None:
        pass


def test_no_frame_waits_on_a_speech_service_that_hangs(window):
    w = window(deal=7)
    client = BlockingClient()
    speech = w.loop.manager.services.speech = QueuedSpeech(client, "blocking")
    try:
        w.key(pygame.K_RETURN)
        frames = w.loop.manager.services.clock.frames
        w.key(pygame.K_DOWN)  # said: the service takes the text and hangs in it
        assert client.inside.wait(10)
        for key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_i):  # each said, none waited for
            w.key(key)
        assert w.scene.game.state is State.PLAYING and w.scene.cursor == (4, 6)
        assert w.loop.manager.services.clock.frames > frames
        assert not client.release.is_set() and len(client.texts) == 1  # still inside the first text
        assert speech.queue.qsize() >= 1  # the interrupts dropped the stale words: the newest wait
    finally:
        client.release.set()
        speech.close()


def test_the_replay_viewer_says_each_move_reached_and_the_moment_on_i(window):
    from pathlib import Path

    from game.commands.cli import parse_args
    from game.commands.replay_commands import prepare_replay
    from game.ui.app import build
    from game.ui.clock import FakeClock
    from tests.driver import Driver

    args = parse_args(["--replay", str(Path(__file__).resolve().parents[1] / "corpus" / "replays"
                                       / "clone097_expert.mvf")])
    assert prepare_replay(args) is None
    loop, services = build(args, clock=FakeClock())
    speech = services.speech = RecordingSpeech()
    w = Driver(loop)
    w.step()
    for _ in range(2):  # a move forward: its number, its cell, what it did
        w.key(pygame.K_RIGHT)
        reached = w.scene.head.moves
        outcome = w.scene.timeline.outcomes[reached - 1]
        row, col = outcome.move.cell
        assert speech.said[-1].startswith(f"Move {reached}, row {row + 1}, column {col + 1}: ")
        assert speech.said[-1].endswith(" cells") or speech.said[-1][-1].isdigit() or "flag" in speech.said[-1]
    w.key(pygame.K_i)
    moves = len(w.scene.timeline.outcomes)
    assert speech.said[-1].endswith(f", move {reached} of {moves}, {w.scene.head.mines_left} mines left")
    w.key(pygame.K_END)
    assert f"move {moves} of {moves}" in speech.said[-1]
    assert all(i in speech.interrupts for i in range(len(speech.said)))  # each says the moment now


def test_the_editor_says_the_cell_under_the_cursor_the_verdict_and_the_analysis_on_i(window):
    from pathlib import Path

    from tests.ui.test_ui_editor import analysed

    worked = Path(__file__).resolve().parents[2] / "docs" / "examples" / "worked-10x10.mine"
    d = window(["--edit", str(worked)])
    editor = d.scene
    speech = d.loop.manager.services.speech = RecordingSpeech()
    analysed(d, editor)
    d.key(pygame.K_DOWN)  # the cursor at the middle: its cell and its probability
    assert speech.said[-1] == editor.cell_words(editor.cursor) and "mine probability" in speech.said[-1] \
        or "revealed" in speech.said[-1] or "flagged" in speech.said[-1]
    d.key(pygame.K_i)
    assert speech.said[-1].startswith("10x10, ") and "Consistent: 180,885 layouts fit" in speech.said[-1]
    assert "Best guess (3; 1)" in speech.said[-1]
    told = len(speech.said)
    d.key(pygame.K_3, unicode="3")  # an edit: the cell as it is now, then the new verdict when it comes
    edited = editor.position.version
    analysed(d, editor)
    assert editor.live.answered == edited and speech.said[told].endswith(": revealed 3")
    assert speech.said[-1] == ". ".join(editor.verdict_lines()) and speech.said[-1].startswith("Impossible: the 3 at")


class NotInstalled:
    def __init__(self) -> None:
        from game.ui.speech.clients import ClientError
        raise ClientError("not installed here")


def test_speech_asked_where_no_service_opens_says_so_once_and_the_game_goes_on(window, monkeypatch, capsys):
    from game.ui.shared.confirm import MessageBox
    from game.ui.speech import service
    monkeypatch.setattr(service, "CLIENTS", {name: NotInstalled for name in service.CLIENTS})
    w = window(["--speech", "--difficulty", "beginner"])
    box = w.scene
    assert isinstance(box, MessageBox) and not w.loop.manager.services.speech.enabled
    words = " ".join(box.message)
    tried = "; ".join(f"{name}: not installed here" for name in service.platform_clients())
    assert f"No speech: tried {tried}. Install " in words
    assert "game goes on without speech" in words
    assert capsys.readouterr().err.lower().count("no speech: tried") == 1
    w.key(pygame.K_RETURN)
    assert isinstance(w.scene, Playing)
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE)
    assert w.scene.game.state is State.PLAYING


def test_speech_is_chosen_by_the_command_line_for_the_run_and_by_options_for_good(window, isolated_data_dir):
    import json

    from game.ui.options.screen import Options
    w = window(["--speech", "spd-say"])
    services = w.loop.manager.services
    assert services.speech.enabled and services.speech.name == "spd-say" and services.speech_mode == "spd-say"
    saved = isolated_data_dir / "settings.json"
    assert not saved.exists() or not json.loads(saved.read_text())["speech"]  # the flag is for this run only
    services.speech.close()
    w = window(["--speech", "off"])
    services = w.loop.manager.services
    assert not services.speech.enabled
    w.key(pygame.K_DOWN)
    w.key(pygame.K_DOWN)
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    assert isinstance(options, Options)
    line = [label for label, _value in options.rows()].index("Speech (screen reader)")
    while options.focus != line:
        w.key(pygame.K_DOWN)
    w.key(pygame.K_RIGHT)  # opened on a thread of its own: the frames go on until it answers
    for _ in range(200):
        if not options.opening_speech:
            break
        w.step(1)
        services._speech_job and services._speech_job["thread"].join(0.05)
    assert services.speech.enabled and services.speech.name == "speechd" and options.message == ""
    assert json.loads((isolated_data_dir / "settings.json").read_text())["speech"] is True
    w.key(pygame.K_RIGHT)
    assert not services.speech.enabled
    assert json.loads((isolated_data_dir / "settings.json").read_text())["speech"] is False


def test_f1_lists_the_speech_keys_while_speech_is_on_in_a_game_and_in_the_editor(window):
    from game.ui.shared.help import Help
    w = window(["--difficulty", "beginner"])
    w.key(pygame.K_F1)
    assert not any(keys == "I / K / J / L" for keys, _does in w.scene.lines())  # speech off: not listed
    w.key(pygame.K_ESCAPE)
    w.loop.manager.services.speech = RecordingSpeech()
    w.key(pygame.K_F1)
    help_ = w.scene
    assert isinstance(help_, Help)
    assert ("I / K / J / L", "say mines, time / row / column / around") in help_.lines()
    shown = [line for column in help_.fit().columns for line in column]
    for _ in range(help_.hidden_rows()):  # (a window too short for the list scrolls it)
        w.key(pygame.K_DOWN)
        shown += [line for column in help_.fit().columns for line in column]
    assert ("I / K / J / L", "say mines, time / row / column / around") in shown  # one line, unbroken
    d = window(["--edit"])
    d.loop.manager.services.speech = RecordingSpeech()
    d.key(pygame.K_F1)
    assert ("I", "say the analysis") in d.scene.lines()


def test_f1_reads_the_help_out_and_an_undo_after_a_loss_is_said(window):
    w, speech = start_by_keys(window, "en")
    w.key(pygame.K_F1)
    said = speech.said[-1]
    assert said.startswith("Controls. Left click: reveal. Right click: flag.") and said.endswith("Any key or click closes")
    assert "I / K / J / L: say mines, time / row / column / around" in said
    w.key(pygame.K_ESCAPE)
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE)
    go_to(w, sorted(w.scene.match.layout())[0])
    w.key(pygame.K_SPACE)
    assert isinstance(w.scene, GameOver)
    w.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert isinstance(w.scene, Playing) and speech.said[-1] == "Move taken back"


def test_a_pause_is_said_and_so_is_the_way_back(window):
    w, speech = start_by_keys(window, "en")
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE)
    w.key(pygame.K_p)
    assert speech.said[-1] == "Paused. P or click to resume"
    w.key(pygame.K_p)
    assert isinstance(w.scene, Playing) and speech.said[-1] == "Resumed"


class SlowToOpen(SilentSpeechClient):
    """A speech service that answers only when ``gate`` is set (at most 30 s)."""

    gate = threading.Event()

    def open(self) -> None:
        self.gate.wait(30)


def test_the_options_speech_line_waits_for_no_service_and_speech_comes_on_when_it_answers(window, monkeypatch):
    from game.ui.speech import service
    monkeypatch.setattr(service, "CLIENTS", {name: SlowToOpen for name in service.CLIENTS})
    SlowToOpen.gate.clear()
    w = window([])
    services = w.loop.manager.services
    w.click(w.scene.list.buttons[4].rect.center)
    options = w.scene
    line = [label for label, _value in options.rows()].index("Speech (screen reader)")
    while options.focus != line:
        w.key(pygame.K_DOWN)
    frames = services.clock.frames
    try:
        w.key(pygame.K_RIGHT)  # the service does not answer yet: the frames go on, speech is still off
        w.key(pygame.K_UP)
        assert options.focus == line - 1 and services.clock.frames > frames
        assert options.opening_speech and not services.speech.enabled and services.settings.speech
        w.key(pygame.K_ESCAPE)  # left before the service answered: the window takes it when it does
    finally:
        SlowToOpen.gate.set()
    services._speech_job["thread"].join(10)
    w.step(2)
    assert services.speech.enabled and services.speech.name == "speechd"
    services.speech.close()


def test_h_says_the_hints_title_cell_and_explanation_when_it_comes(window):
    from game.ui.play.solver_view import HintPanel
    from tests.ui.test_ui_solver import answered
    w, speech = start_by_keys(window, "en")
    w.key(pygame.K_DOWN)
    w.key(pygame.K_SPACE)
    w.key(pygame.K_h)
    panel = answered(w)
    assert isinstance(panel, HintPanel)
    title, words = panel.hint.words()
    row, col = panel.hint.cell
    assert speech.said[-1] == f"{title}. row {row + 1}, column {col + 1}. {words}"
    assert speech.said.count(speech.said[-1]) == 1  # said once, when it came
