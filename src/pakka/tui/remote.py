"""``pakka play --connect URL``: a seat at a pakka server's table, in the terminal client.

The same protocol as the browser (``docs/protocol.md``): the REST lobby to find the table
and take a seat, then one WebSocket ``/ws/tables/{id}`` (its first message carries the
seat token) that sends ``state``
frames (this seat's observation, legal actions and events) and takes ``action`` and
``hint`` messages.  The seat token is kept in ``$XDG_CONFIG_HOME/pakka/seats.json`` (mode
0600), so running the same command again returns to the same seat; a dropped connection is
retried with back-off, and a reconnect is just the server's fresh ``state``.

URLs understood: an invite ``http://host/join/CODE``, the browser's
``http://host/table.html?id=ID[#token=T]``, ``http://host/api/tables/ID`` and
``ws://host/ws/tables/ID?token=T``.
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI

import pakka.games
from pakka.engine import Action, Event
from pakka.errors import PakkaError
from pakka.i18n import t
from pakka.present import Presentation, presenter, seat_name
from pakka.tui.session import JSON, Session, View

TIMEOUT = 15.0
RETRY = (0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass
class Target:
    """Where a URL points: the server's base URL, the table and maybe a seat token."""

    base: str
    table: str | None
    code: str | None
    token: str | None


def parse_url(url: str) -> Target:
    """Read any of the table URLs a person may have been given.

    >>> parse_url("http://h:8000/join/ab12").code
    'ab12'
    >>> t = parse_url("ws://h/ws/tables/T1?token=xyz")
    >>> (t.base, t.table, t.token)
    ('http://h', 'T1', 'xyz')
    >>> parse_url("https://h/table.html?id=T2#token=s3&seat=1").token
    's3'
    """
    if "://" not in url:
        url = "http://" + url
    parts = urllib.parse.urlsplit(url)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https") or not parts.netloc:
        raise PakkaError(f"cannot read the table URL {url!r}: give http://host:port/join/CODE")
    base = f"{scheme}://{parts.netloc}"
    query = urllib.parse.parse_qs(parts.query)
    fragment = urllib.parse.parse_qs(parts.fragment)
    tokens = query.get("token") or fragment.get("token") or []
    token = tokens[0] if tokens else None
    segments = [s for s in parts.path.split("/") if s]
    ids = query.get("id") or []
    table = ids[0] if ids else None
    code = None
    if len(segments) >= 2 and segments[-2] == "join":
        code = segments[-1]
    elif len(segments) >= 2 and segments[-2] == "tables":
        table = segments[-1]
    elif len(segments) >= 2 and segments[-2] == "invites":
        code = segments[-1]
    if table is None and code is None:
        raise PakkaError(
            f"the URL {url!r} names no table: give an invite link (…/join/CODE) or a table "
            "link (…/table.html?id=ID)"
        )
    return Target(base, table, code, token)


def _seats_file() -> Path:
    root = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(root) / "pakka" / "seats.json"


def _load_seats() -> dict[str, Any]:
    try:
        data = json.loads(_seats_file().read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_seat(key: str, token: str, seat: int | None) -> None:
    data = _load_seats()
    data[key] = {"token": token, "seat": seat}
    path = _seats_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), "utf-8")
    with contextlib.suppress(OSError):
        path.chmod(0o600)


def _http(method: str, url: str, body: JSON | None = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
            return json.loads(resp.read().decode("utf-8"))
    except urllib.error.HTTPError as exc:
        try:
            detail = json.loads(exc.read().decode("utf-8")).get("detail", exc.reason)
        except (ValueError, AttributeError):
            detail = exc.reason
        raise PakkaError(f"{method} {url}: {exc.code} {detail}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise PakkaError(f"cannot reach the server at {url}: {exc}") from None


class RemoteSession(Session):
    """One seat at a server's table over the WebSocket protocol."""

    def __init__(
        self, url: str, lang: str = "en", name: str | None = None, token: str | None = None
    ) -> None:
        self.lang = lang
        self.target = parse_url(url)
        self.player_name = name or getpass.getuser() or "player"
        self.token = token or self.target.token
        self.seat: int | None = None
        self.table: JSON = {}
        """The table as the lobby describes it (seats, names, status, invite code)."""
        self.table_id = ""
        self.version = -1
        self.match = 0
        self._view: View | None = None
        self._shown: Presentation | None = None
        self._legal: list[Action] = []
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        self._waiting: asyncio.Future[str | None] | None = None
        self._hint: asyncio.Future[JSON] | None = None
        self._practice: asyncio.Future[JSON] | None = None
        self._closing = False
        self.status = t("tui_connecting", lang)
        self.resolve()

    # --- lobby (blocking; done before the screen opens) -------------------------------------

    def resolve(self) -> None:
        """Find the table and take (or retake) a seat; raises :class:`PakkaError`."""
        base = self.target.base
        if self.target.code is not None:
            view = _http("GET", f"{base}/api/invites/{urllib.parse.quote(self.target.code)}")
        else:
            view = _http("GET", f"{base}/api/tables/{urllib.parse.quote(str(self.target.table))}")
        self.table = view
        self.table_id = str(view["id"])
        self.game = pakka.games.get(str(view["game"]))
        key = f"{base}|{self.table_id}"
        if self.token is None:
            saved = _load_seats().get(key)
            if isinstance(saved, dict) and saved.get("token"):
                self.token = str(saved["token"])
                self.seat = saved.get("seat")
        if self.token is None and any(not s.get("taken") for s in view.get("seats", [])):
            joined = _http(
                "POST",
                f"{base}/api/tables/{self.table_id}/join",
                {"name": self.player_name},
            )
            self.token = joined.get("token")
            self.seat = joined.get("seat")
            self.table = joined.get("table", view)
        if self.token is not None:
            _save_seat(key, self.token, self.seat)

    # --- the Session protocol ------------------------------------------------------------

    @property
    def view(self) -> View | None:
        return self._view

    @property
    def presentation(self) -> Presentation | None:
        return self._shown

    @property
    def legal(self) -> list[Action]:
        return self._legal

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return t("you", self.lang)
        seats = self.table.get("seats") or []
        s = seats[seat] if 0 <= seat < len(seats) else {}
        return seat_name(seat, self.lang, bot=s.get("kind") == "bot", name=s.get("name"))

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def act(self, action: Action) -> str | None:
        if self._ws is None:
            return t("tui_offline", self.lang)
        loop = asyncio.get_running_loop()
        self._waiting = loop.create_future()
        message = {"type": "action", "action": action.to_json(), "version": self.version}
        try:
            await self._ws.send(json.dumps(message))
            return await asyncio.wait_for(self._waiting, TIMEOUT)
        except (ConnectionClosed, OSError):
            return t("tui_offline", self.lang)
        except TimeoutError:
            return t("tui_no_answer", self.lang)
        finally:
            self._waiting = None

    async def ready(self) -> None:
        """Tell the server the deal summary has been read (the break between deals)."""
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed, OSError):
                await self._ws.send(json.dumps({"type": "ready"}))

    async def hint(self) -> tuple[Action | None, str]:
        if self._ws is None:
            return None, t("tui_offline", self.lang)
        self._hint = asyncio.get_running_loop().create_future()
        try:
            await self._ws.send(json.dumps({"type": "hint"}))
            reply = await asyncio.wait_for(self._hint, TIMEOUT)
        except (ConnectionClosed, OSError):
            return None, t("tui_offline", self.lang)
        except TimeoutError:
            return None, t("tui_no_answer", self.lang)
        finally:
            self._hint = None
        action = None
        if isinstance(reply.get("action"), dict):
            try:
                action = self.game.action_from_json(reply["action"])
            except PakkaError:
                action = None
        return action, str(reply.get("text", ""))

    @property
    def can_undo(self) -> bool:
        """At a practice table (you, and bots in every other seat) the server takes back."""
        seats = self.table.get("seats") or []
        people = [s.get("seat") for s in seats if s.get("kind") != "bot"]
        return (
            self.seat is not None
            and people == [self.seat]
            and self.table.get("status") == "playing"
        )

    async def _ask_practice(self, message: JSON) -> JSON | None:
        if self._ws is None:
            return None
        self._practice = asyncio.get_running_loop().create_future()
        try:
            await self._ws.send(json.dumps({"type": "practice", **message}))
            return await asyncio.wait_for(self._practice, TIMEOUT)
        except (ConnectionClosed, OSError, TimeoutError):
            return None
        finally:
            self._practice = None

    async def undo(self) -> bool:
        """Take back your last move and the bots' replies (a practice table)."""
        reply = await self._ask_practice({"op": "takeback"})
        if reply is None or reply.get("op") != "takeback":
            return False
        self.version = -1  # the next state is an earlier one: show it
        return True

    async def redeal(self) -> bool:
        """Deal these cards again (a practice table): the server takes the deal back."""
        reply = await self._ask_practice({"op": "redeal"})
        if reply is None or reply.get("op") != "redeal":
            return False
        self.version = -1
        return True

    async def coach(self, action: Action) -> tuple[str, str]:
        reply = await self._ask_practice(
            {"op": "coach", "action": action.to_json(), "lang": self.lang}
        )
        if reply is None or reply.get("op") != "coach":
            return "", ""
        return str(reply.get("mark", "")), str(reply.get("text", ""))

    async def new_match(self) -> bool:
        """Ask the server for a rematch with the same seats (once the match is over)."""
        if self.token is None:
            return False
        url = f"{self.target.base}/api/tables/{self.table_id}/rematch"
        try:
            await asyncio.to_thread(_http, "POST", url, {}, self.token)
        except PakkaError as exc:
            self._say(str(exc))
            return False
        return True

    # --- the socket ------------------------------------------------------------------------

    def _ws_url(self) -> str:
        base = self.target.base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        return f"{base}/ws/tables/{urllib.parse.quote(self.table_id)}"

    async def _run(self) -> None:
        attempt = 0
        while not self._closing:
            try:
                async with connect(self._ws_url(), open_timeout=TIMEOUT) as ws:
                    # the seat token goes in the first message, never in the URL (logged)
                    auth = {"type": "auth", "token": self.token, "lang": self.lang}
                    await ws.send(json.dumps(auth))
                    self._ws = ws
                    attempt = 0
                    self._say(self._table_status())
                    async for raw in ws:
                        self._frame(json.loads(raw))
            except (OSError, ConnectionClosed, InvalidStatus, InvalidURI, TimeoutError) as exc:
                if self._closing:
                    return
                self._say(t("tui_reconnecting", self.lang, reason=str(exc) or type(exc).__name__))
            finally:
                self._ws = None
                self._fail_waiters(t("tui_offline", self.lang))
            if self._closing:
                return
            await asyncio.sleep(RETRY[min(attempt, len(RETRY) - 1)])
            attempt += 1

    def _fail_waiters(self, reason: str) -> None:
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result(reason)

    def _say(self, text: str) -> None:
        self.status = text
        self._notify(None)

    def _present(self, frame: JSON, legal: list[Action]) -> Presentation:
        """The presentation the server sent for this seat in our language, or the same
        values worked out here from the frame's view and events."""
        sent = frame.get("present")
        if isinstance(sent, dict) and sent.get("lang") == self.lang:
            return Presentation.from_json(sent)
        assert self._view is not None
        table = self.game.event_types
        events: list[Event] = []
        for data in frame.get("events") or []:
            cls = table.get(str(data.get("type"))) if isinstance(data, dict) else None
            if cls is not None:
                with contextlib.suppress(PakkaError, ValueError):
                    events.append(cls.from_json(data))
        return presenter(self.game.name).present(
            self._view, events, self.name, self.lang, self.game.info, legal
        )

    def _table_status(self) -> str:
        status = self.table.get("status")
        if status == "open":
            seats = self.table.get("seats") or []
            taken = sum(1 for s in seats if s.get("taken"))
            invite = f"{self.target.base}/join/{self.table.get('code', '')}"
            return t("tui_waiting_seats", self.lang, taken=taken, total=len(seats), invite=invite)
        if self.seat is None and self._view is not None:
            return t("tui_watching", self.lang)
        return ""

    def _frame(self, frame: JSON) -> None:
        kind = frame.get("type")
        if kind == "hello":
            self.seat = frame.get("seat")
        elif kind == "table":
            self.table = frame.get("table") or self.table
            self._say(self._table_status())
        elif kind == "state":
            version, match = int(frame.get("version", 0)), int(frame.get("match", 0))
            if (match, version) < (self.match, self.version):
                return  # an older state than the one shown (a rematch starts a new count)
            self.match, self.version = match, version
            legal = []
            for data in frame.get("legal_actions") or []:
                with contextlib.suppress(PakkaError):
                    legal.append(self.game.action_from_json(data))
            self._legal = legal
            self._view = self.game.view_from_json(frame["observation"])
            shown = self._present(frame, legal)
            self._shown = shown
            self.status = self._table_status()
            if self._waiting is not None and not self._waiting.done():
                self._waiting.set_result(None)
            self._notify(shown)
        elif kind == "error":
            message = str(frame.get("message", ""))
            if self._waiting is not None and not self._waiting.done():
                self._waiting.set_result(_reason(message))
            else:
                self._say(message)
        elif kind == "hint" and self._hint is not None and not self._hint.done():
            self._hint.set_result(frame)
        elif kind == "practice" and self._practice is not None and not self._practice.done():
            if frame.get("op") in ("takeback", "redeal"):
                self.version = -1
            self._practice.set_result(frame)


def _reason(message: str) -> str:
    """The rule's words from an engine message ("seat 0 cannot do 'x': REASON; legal: …")."""
    head = message.split("; legal:", 1)[0]
    return head.split("': ", 1)[1] if "': " in head else head


def run_remote(
    url: str, lang: str = "en", name: str | None = None, token: str | None = None
) -> None:
    """Join the table at ``url`` and play it full screen."""
    from pakka.tui.app import PakkaApp

    session = RemoteSession(url, lang, name, token)
    PakkaApp(session, lang).run()
