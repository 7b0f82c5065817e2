"""Load a Guandan AI competition rule bot (``rl-frame/wintest/aiK`` of AltmanD/guandan_mcc).

The bots' code is never copied into pakka: :func:`export_tree` exports their folder from a
git copy of the repository at run time (``git archive HEAD rl-frame/wintest``) into a
scratch folder named after the copy's commit, and :class:`RuleBot` imports the bot's own
websocket client module with a stub ``ws4py`` whose ``send`` records the reply.  Every seat
gets its own module namespace (each of the bot's local modules is imported afresh for that
seat), and every call into the bot runs with that namespace in ``sys.modules``, the bot's
folder first on ``sys.path``, the working directory in a scratch folder (their log files)
and stdout/stderr thrown away.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
import types
from collections.abc import Iterator
from typing import Any

SUBTREE = "rl-frame/wintest"

CLIENTS = {
    "ai1": "client0.py",
    "ai2": "client0.py",
    "ai3": "对抗AI1.py",  # its client (the folder has no client*.py)
    "ai4": "client1.py",  # client.py calls State() without the name its State needs
    "ai5": "client1.py",
    "ai6": "client1.py",
    "ai7": "client1.py",  # cannot load: imports tsolve from a test.py missing from the repository
    "ai8": "client3.py",
    "ai9": "client_v5_1.py",
}
"""The client module each bot's folder runs in the competition (its ``ExampleClient``)."""

TRACE: dict[tuple[Any, ...], int] | None = None
"""When a dict, every exception raised inside a bot's code (even one it catches itself) is
counted in it by (bot, stage, file, line, exception type, message); a diagnostic (slow:
``sys.settrace``)."""

_config: dict[str, str] = {}


def git_dir(repo: str) -> str:
    """The git directory of a repository copy (bare, or a work tree with ``.git``)."""
    out = subprocess.run(
        ["git", "-C", repo, "rev-parse", "--absolute-git-dir"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def configure(repo: str) -> str:
    """Use the git copy at ``repo``; returns its HEAD commit."""
    git = git_dir(repo)
    head = subprocess.run(
        ["git", f"--git-dir={git}", "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    _config["git"] = git
    _config["src"] = os.path.join(tempfile.gettempdir(), f"rulebots-src-{head[:12]}")
    return head


def export_tree() -> str:
    """Export ``rl-frame/wintest`` from the configured copy (once); returns that folder."""
    if "src" not in _config:
        raise SystemExit("no copy of AltmanD/guandan_mcc configured (--repo PATH)")
    src = _config["src"]
    root = os.path.join(src, SUBTREE)
    if os.path.isdir(os.path.join(root, "ai1")):
        return root
    os.makedirs(src, exist_ok=True)
    data = subprocess.run(
        ["git", f"--git-dir={_config['git']}", "archive", "HEAD", SUBTREE],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(src, filter="data")
    return root


class _StubClient:
    """Stands in for ``ws4py.client.threadedclient.WebSocketClient``: records what is sent."""

    def __init__(self, url: str | None = None, *args: Any, **kwargs: Any) -> None:
        self.sent: list[Any] = []

    def send(self, payload: Any, *args: Any, **kwargs: Any) -> None:
        if not hasattr(self, "sent"):
            self.sent = []
        self.sent.append(payload)

    def connect(self) -> None:  # never called
        pass

    def run_forever(self) -> None:  # never called
        pass

    def close(self, *args: Any, **kwargs: Any) -> None:  # never called
        pass


def _install_ws4py_stub() -> None:
    try:
        import ws4py.client.threadedclient  # type: ignore[import-not-found]  # noqa: F401

        return
    except ImportError:
        pass
    pkg = types.ModuleType("ws4py")
    client = types.ModuleType("ws4py.client")
    threaded = types.ModuleType("ws4py.client.threadedclient")
    threaded.WebSocketClient = _StubClient  # type: ignore[attr-defined]
    pkg.client = client  # type: ignore[attr-defined]
    client.threadedclient = threaded  # type: ignore[attr-defined]
    pkg.__path__ = []
    client.__path__ = []
    sys.modules["ws4py"] = pkg
    sys.modules["ws4py.client"] = client
    sys.modules["ws4py.client.threadedclient"] = threaded


_NULL = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
_SCRATCH: list[str] = []


def _scratch() -> str:
    if not _SCRATCH:
        _SCRATCH.append(tempfile.mkdtemp(prefix="rulebots-run-"))
        logging.disable(logging.CRITICAL)  # the bots log every message at INFO to files
    return _SCRATCH[0]


def _local_names(folder: str) -> set[str]:
    names = set()
    for entry in os.listdir(folder):
        if entry.endswith(".py"):
            names.add(entry[:-3])
        elif os.path.isdir(os.path.join(folder, entry)) and not entry.startswith("."):
            names.add(entry)
    return names


class RuleBot:
    """One seat's instance of a competition bot, fed the server's JSON messages."""

    _count = 0

    def __init__(self, name: str, root: str | None = None) -> None:
        root = root or export_tree()
        client_file = CLIENTS.get(name)
        if client_file is None:
            raise RuntimeError(f"{name}: no competition client to drive")
        self.name = name
        self.folder = os.path.join(root, name)
        self.names = _local_names(self.folder)
        self.modules: dict[str, types.ModuleType] = {}
        _install_ws4py_stub()
        RuleBot._count += 1
        self.tag = f"_rulebot_{name}_{RuleBot._count}"
        self.cwd = os.path.join(_scratch(), self.tag)
        os.makedirs(self.cwd, exist_ok=True)
        with self._namespace():
            if name == "ai5":
                # ai5's modules import 'utils.utils' but the folder has utils.py: alias the
                # folder's own utils.py as utils.utils (an import shim; no code copied)
                uspec = importlib.util.spec_from_file_location(
                    "utils", os.path.join(self.folder, "utils.py")
                )
                assert uspec is not None and uspec.loader is not None
                umod = importlib.util.module_from_spec(uspec)
                sys.modules["utils"] = umod
                uspec.loader.exec_module(umod)
                umod.__path__ = []
                umod.utils = umod  # type: ignore[attr-defined]
                sys.modules["utils.utils"] = umod
            spec = importlib.util.spec_from_file_location(
                self.tag, os.path.join(self.folder, client_file)
            )
            assert spec is not None and spec.loader is not None
            mod = importlib.util.module_from_spec(spec)
            sys.modules[self.tag] = mod
            spec.loader.exec_module(mod)
            self.client = mod.ExampleClient("ws://stub")
        if not hasattr(self.client, "sent"):
            self.client.sent = []

    @contextlib.contextmanager
    def _namespace(self) -> Iterator[None]:
        saved = {n: sys.modules.pop(n) for n in list(sys.modules) if n.split(".")[0] in self.names}
        sys.modules.update(self.modules)
        sys.path.insert(0, self.folder)
        old_cwd = os.getcwd()
        os.chdir(self.cwd)
        try:
            with contextlib.redirect_stdout(_NULL), contextlib.redirect_stderr(_NULL):
                yield
        finally:
            os.chdir(old_cwd)
            with contextlib.suppress(ValueError):
                sys.path.remove(self.folder)
            for n in list(sys.modules):
                if n.split(".")[0] in self.names:
                    self.modules[n] = sys.modules.pop(n)
            sys.modules.update(saved)

    def send(self, msg: dict[str, Any]) -> Any:
        """Deliver one server message; the ``actIndex`` the bot sent back (``None`` if none).

        Exceptions raised by the bot propagate to the caller.
        """
        text = json.dumps(msg)
        self.client.sent = []
        with self._namespace():
            if TRACE is None:
                self.client.received_message(text)
            else:
                self._traced(msg, text, TRACE)
        if not self.client.sent:
            return None
        reply = self.client.sent[-1]
        try:
            return json.loads(str(reply)).get("actIndex")
        except Exception:
            return reply

    def _traced(self, msg: dict[str, Any], text: str, trace: dict[tuple[Any, ...], int]) -> None:
        folder, seen = self.folder, set()

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "exception" and id(arg[1]) not in seen:
                seen.add(id(arg[1]))
                k = (
                    self.name,
                    msg.get("stage"),
                    os.path.basename(frame.f_code.co_filename),
                    frame.f_lineno,
                    arg[0].__name__,
                    str(arg[1])[:60],
                )
                trace[k] = trace.get(k, 0) + 1
            return local

        def glob_(frame: Any, event: str, arg: Any) -> Any:
            return local if frame.f_code.co_filename.startswith(folder) else None

        sys.settrace(glob_)
        try:
            self.client.received_message(text)
        finally:
            sys.settrace(None)
