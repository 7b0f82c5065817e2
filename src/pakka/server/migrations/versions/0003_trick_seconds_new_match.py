"""How long a finished trick stays on the table, and who asked for a new match.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pakka_tables") as batch:
        batch.add_column(
            sa.Column("trick_seconds", sa.Float, nullable=False, server_default=sa.text("1.5"))
        )
        batch.add_column(
            sa.Column("new_match", sa.JSON, nullable=False, server_default=sa.text("'[]'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("pakka_tables") as batch:
        batch.drop_column("new_match")
        batch.drop_column("trick_seconds")
