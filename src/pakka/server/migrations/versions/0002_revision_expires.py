"""A table's revision (moved by every lobby change) and when its seats' tokens expire.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pakka_tables") as batch:
        batch.add_column(
            sa.Column("revision", sa.Integer, nullable=False, server_default=sa.text("0"))
        )
        batch.add_column(sa.Column("expires", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pakka_tables") as batch:
        batch.drop_column("expires")
        batch.drop_column("revision")
