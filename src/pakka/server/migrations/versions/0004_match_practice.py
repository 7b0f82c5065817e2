"""Whether a match in play was practised (issue 30): the mark survives a restart.

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("pakka_matches") as batch:
        batch.add_column(
            sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("pakka_matches") as batch:
        batch.drop_column("practice")
