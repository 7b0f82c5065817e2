"""``pakka serve``: run the browser server (FastAPI on uvicorn).

This module imports nothing of the server extra at import time, so ``pakka`` works
without it; ``serve`` says how to install it when it is missing.
"""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///path or postgresql://user:pw@host/db "
            "(default: SQLite in your data directory)."
        ),
    ] = None,
    bot_delay: Annotated[
        float | None,
        typer.Option(help="Seconds between bot moves at every table (default: per table)."),
    ] = None,
    pubsub: Annotated[
        str | None,
        typer.Option(
            help="Pub/sub for table updates: redis://host:6379/0 when several processes "
            "share one database (default: in this process)."
        ),
    ] = None,
    ws_compression: Annotated[
        bool,
        typer.Option(
            help="Compress WebSocket frames (permessage-deflate). Off by default: the frames "
            "are a few KB and compressing each one for each client cost the server more "
            "CPU than anything else per action (docs/performance.md)."
        ),
    ] = False,
) -> None:
    """Serve the lobby, the WebSocket play protocol and the browser client."""
    try:
        import uvicorn

        from pakka.server.app import Settings, create_app, default_db_path
        from pakka.server.protocol import MAX_MESSAGE_BYTES
    except ModuleNotFoundError as exc:
        typer.secho(
            f"the server needs the [server] extra ({exc.name} is missing): "
            "pip install 'pakka[server]'",
            err=True,
            fg=typer.colors.RED,
        )
        raise typer.Exit(2) from None
    settings = Settings(db_url=db, bot_delay=bot_delay, pubsub_url=pubsub, tune_gc=True)
    if db is None:
        typer.echo(f"database: {default_db_path()}")
    else:
        typer.echo(f"database: {db.split('@')[-1] if '@' in db else db}")
    typer.echo(f"pakka at http://{host}:{port}/  (API docs: http://{host}:{port}/docs)")
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=4 * MAX_MESSAGE_BYTES,
        ws_per_message_deflate=ws_compression,
        log_level="info",
    )
