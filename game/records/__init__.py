"""Records: every finished game in SQLite, best times, statistics and the saved settings.

No pygame here. The window and the console use :func:`open_records` and
:meth:`Records.record` (or :func:`record_finished_game`); ``--stats`` and
``--export-stats`` go through :func:`game.records.report.run_stats`.
"""

from game.records.db import ReadOnlyError, RecordsError, RecordStore
from game.records.paths import DataDirError
from game.records.record import LEVELS, STANDARD_LEVELS, GameRecord, default_player_name
from game.records.recording import Records, open_records, record_finished_game
from game.records.settings import Settings

__all__ = [
    "DataDirError", "GameRecord", "LEVELS", "ReadOnlyError", "Records", "RecordsError",
    "RecordStore", "STANDARD_LEVELS", "Settings", "default_player_name", "open_records",
    "record_finished_game",
]
