"""Alembic environment: run by :meth:`pakka.server.storage.Storage.migrate`.

The caller passes an open connection in ``config.attributes["connection"]``; run by hand
(``alembic -c ...``) it connects to ``sqlalchemy.url`` itself.  Imported outside Alembic
(as the doctest collector does) it does nothing.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context
from alembic.config import Config

from pakka.server.storage import metadata


def run(config: Config) -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as conn:
            _migrate(conn)
        return
    _migrate(connection)


def _migrate(connection: sa.Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


_config = getattr(context, "config", None)
if _config is not None:
    run(_config)
