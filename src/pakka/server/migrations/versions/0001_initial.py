"""Initial schema: tables, seats, matches and their action logs.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pakka_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("match", sa.Integer, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ix_pakka_tables_status", "pakka_tables", ["status", "public"])
    op.create_table(
        "pakka_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("pakka_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(8), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "pakka_matches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("pakka_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_table(
        "pakka_actions",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id", "match"], ["pakka_matches.table_id", "pakka_matches.number"]
        ),
    )


def downgrade() -> None:
    op.drop_table("pakka_actions")
    op.drop_table("pakka_matches")
    op.drop_table("pakka_seats")
    op.drop_index("ix_pakka_tables_status", "pakka_tables")
    op.drop_table("pakka_tables")
