"""Storage: the migrations build exactly the schema the code uses."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from pakka.server.storage import Storage, metadata


def test_the_migrations_build_the_schema_the_code_uses(db_url: str) -> None:
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            diffs = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diffs == []
    finally:
        store.close()
