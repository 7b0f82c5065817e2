"""How one server is configured: :class:`Settings` (``pakka serve`` fills it from its flags)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pakka.server.limits import Limits
from pakka.server.pubsub import PubSubBackend
from pakka.server.storage import sqlite_url


def default_db_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("pakka", appauthor=False)) / "pakka.sqlite3"


@dataclass
class Settings:
    db_url: str | None = None
    """SQLAlchemy URL; ``None`` = SQLite in the user's data directory."""
    bot_delay: float | None = None
    """Seconds between bot moves for every table (``None``: each table's own setting)."""
    docs_dir: Path | None = None
    """A directory whose ``rules/`` replaces the packaged rules texts (see :mod:`pakka.rulebook`)."""
    pubsub: PubSubBackend | None = None
    pubsub_url: str | None = None
    """``redis://host:port/db`` to share table updates between processes (default: memory)."""
    tune_gc: bool = False
    """Freeze the objects alive after startup out of the garbage collector's sight and
    collect less often (:func:`pakka.server.app.tune_gc`); ``pakka serve`` sets it, embedders
    and tests need not."""

    allowed_origins: tuple[str, ...] = ()
    """Origins besides the server's own whose pages may open WebSockets here."""
    api_docs: bool = False
    """Serve the interactive API docs at ``/docs`` (they load scripts from a CDN)."""
    audit_log: Path | None = None
    """A file for the audit log (JSON lines); ``None``: the ``pakka.audit`` logger."""
    limits: Limits = field(default_factory=Limits)
    """Every limit on what clients may make the server do (:class:`Limits`)."""

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        path = default_db_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return sqlite_url(path)
