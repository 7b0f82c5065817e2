"""``pakka serve`` (the browser server: FastAPI on uvicorn) and ``pakka db backup``.

This module imports nothing of the server extra at import time, so ``pakka`` works
without it; the commands say how to install it when it is missing.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    import uvicorn

PG_DUMP_HELP = """\
{url} is a PostgreSQL database: back it up with PostgreSQL's own tool, which takes a
consistent snapshot while the server runs:

    pg_dump --format=custom --file=pakka.dump '{url}'

and restore it into an empty database with:

    pg_restore --no-owner --dbname='postgresql://user:password@host/newdb' pakka.dump
"""


def _missing_extra(exc: ModuleNotFoundError) -> typer.Exit:
    typer.secho(
        f"the server needs the [server] extra ({exc.name} is missing): pip install 'pakka[server]'",
        err=True,
        fg=typer.colors.RED,
    )
    return typer.Exit(2)


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
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="Change a limit: NAME=VALUE, repeatable (docs/reliability.md lists them; "
            "PAKKA_LIMIT_<NAME> in the environment works too)."
        ),
    ] = None,
    audit_log: Annotated[
        str | None,
        typer.Option(
            help="The audit log file (JSON lines: joins, leaves, reconnects, refusals); "
            "default: audit.jsonl in your data directory; '-' for the pakka.audit logger."
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another origin whose pages may open WebSockets here (besides this "
            "server's own), e.g. https://cards.example.org; repeatable."
        ),
    ] = None,
    api_docs: Annotated[
        bool,
        typer.Option(
            help="Serve the interactive API docs at /docs (off by default: they load "
            "scripts from a CDN). /openapi.json is always served."
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Proxies trusted to say the client's address (X-Forwarded-For), which "
            "the per-address limits count: addresses or networks, comma-separated "
            "(e.g. 127.0.0.1 for nginx on this machine). Default: none, so a client "
            "cannot choose its own address; behind a proxy name it, and have the proxy "
            "set the header itself (docs/scaling.md)."
        ),
    ] = None,
) -> None:
    """Serve the lobby, the WebSocket play protocol and the browser client."""
    try:
        from pakka.server.app import Settings, create_app, default_db_path
        from pakka.server.limits import Limits
        from pakka.server.transport import raise_descriptor_limit, uvicorn_config
    except ModuleNotFoundError as exc:
        raise _missing_extra(exc) from None
    try:
        pairs = dict(_pair(text) for text in limit or [])
        limits = Limits().from_environment().with_values(pairs)
    except ValueError as exc:
        typer.secho(str(exc), err=True, fg=typer.colors.RED)
        raise typer.Exit(2) from None
    limits = raise_descriptor_limit(limits)
    if audit_log is None:
        audit: Path | None = default_db_path().parent / "audit.jsonl"
    else:
        audit = None if audit_log == "-" else Path(audit_log)
    settings = Settings(
        db_url=db,
        bot_delay=bot_delay,
        pubsub_url=pubsub,
        tune_gc=True,
        limits=limits,
        audit_log=audit,
        allowed_origins=tuple(allowed_origin or ()),
        api_docs=api_docs,
    )
    if db is None:
        typer.echo(f"database: {default_db_path()}")
    else:
        typer.echo(f"database: {db.split('@')[-1] if '@' in db else db}")
    if audit is not None:
        typer.echo(f"audit log: {audit}")
    docs = f"  (API docs: http://{host}:{port}/docs)" if api_docs else ""
    typer.echo(f"pakka at http://{host}:{port}/{docs}")
    if forwarded_allow_ips is not None:
        typer.echo(f"client addresses from X-Forwarded-For of: {forwarded_allow_ips}")
    app = create_app(settings)
    config = uvicorn_config(
        app,
        limits,
        host=host,
        port=port,
        forwarded_allow_ips=forwarded_allow_ips,
        ws_compression=ws_compression,
    )
    _draining_server(config, app, limits.shutdown_seconds).run()


def _pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"--limit takes NAME=VALUE, not {text!r}")
    return name, value


def _draining_server(config: uvicorn.Config, app: Any, deadline: float) -> uvicorn.Server:
    """A uvicorn server that drains the app (``Services.drain``) when told to stop
    (SIGTERM, SIGINT), before it closes the connections: for at most ``deadline`` seconds,
    and then uvicorn waits for the requests under way as long again at most
    (``timeout_graceful_shutdown``) before it cancels them."""
    import asyncio
    import logging

    import uvicorn

    class DrainingServer(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            services = getattr(app.state, "services", None)
            if services is not None:
                try:
                    await asyncio.wait_for(services.drain(), deadline)
                except TimeoutError:
                    logging.getLogger("pakka.server").error(
                        "draining took more than %g s; stopping anyway", deadline
                    )
            await super().shutdown(sockets=sockets)

    return DrainingServer(config)


db = typer.Typer(help="The server's database.", no_args_is_help=True)


@db.command()
def backup(
    path: Annotated[Path, typer.Argument(help="Where to write the copy (a SQLite file).")],
    url: Annotated[
        str | None,
        typer.Option("--db", help="The database (default: SQLite in your data directory)."),
    ] = None,
    force: Annotated[bool, typer.Option(help="Replace PATH if it exists.")] = False,
) -> None:
    """Copy the database while the server runs (SQLite's online backup: a consistent
    snapshot, every committed action in it). For PostgreSQL it prints how to use pg_dump."""
    try:
        from pakka.server.settings import default_db_path
        from pakka.server.storage import normalise_url
    except ModuleNotFoundError as exc:
        raise _missing_extra(exc) from None
    target = normalise_url(url) if url else f"sqlite:///{default_db_path()}"
    if target.startswith("postgresql"):
        typer.echo(PG_DUMP_HELP.format(url=url or target), err=True)
        raise typer.Exit(2)
    if not target.startswith("sqlite:///"):
        typer.secho(f"cannot back up {target}: not a SQLite file", err=True, fg="red")
        raise typer.Exit(2)
    source = Path(target.removeprefix("sqlite:///"))
    if not source.is_file():
        typer.secho(f"there is no database at {source}", err=True, fg=typer.colors.RED)
        raise typer.Exit(2)
    if path.exists() and not force:
        typer.secho(f"{path} exists; give --force to replace it", err=True, fg="red")
        raise typer.Exit(2)
    partial = path.with_name(path.name + ".partial")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, path)
    typer.echo(f"backed up {source} to {path}")
