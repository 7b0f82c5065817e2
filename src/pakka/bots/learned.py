"""The ``learned`` level: a value network trained by self-play, played with NumPy alone.

The network (trained by :mod:`pakka.bots.train` with PyTorch, Deep Monte-Carlo as DouZero
and DanZero do it) scores a *(state, action)* pair: its input is the seat's observation
vector from the game's env codec (``codec.observe(view)``), the action's feature row
(``codec.action_features()``) and the cards the action spends (54 card kinds); its output
scores playing that action, in the Guandan kit's ``value`` / 3 (+1: a double win of the
seat's team, -1: one of the other team).  What the score is depends on the training
target (``meta["target"]``): ``"rollout"``, how much more the action gains than the
heuristic's move when both are played out by the heuristic (0: the heuristic's move);
``"worlds"``, the same averaged over worlds drawn from the seat's view; ``"deal"``, the
expected end-of-deal value.  Weights whose ``meta["hint"]`` is set also
take, as one more action input, whether the action is the heuristic's (``normal``'s) own
move in this position: the bot then asks the heuristic first (pure Python, no PyTorch
either), and the network decides when to leave its move.  The bot plays the legal action
with the highest score.

Nothing here imports PyTorch: the weights are a ``.npz`` of float32 (or float16) arrays
``w0 b0 w1 b1 ...`` (``w`` shaped ``(in, out)``), a ReLU after every layer but the last,
and a JSON ``meta`` entry (the game, the codec's version, the input sizes, how the weights
were trained).  The first layer is split into its observation part and its action part, so
one decision costs one observation product and one small product per candidate.

A game's shipped weights are ``src/pakka/games/<game>/learned.npz`` (with its model card,
``learned.md``), and ``learned-<players>.npz`` for other table sizes; :func:`weights_path`
finds the ones for a table.  Weights trained at one size (``meta["players"]``) play only
there: the level plays the heuristic at a size its game ships no weights for.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pakka import plugins
from pakka.bots.base import Bot, View
from pakka.cards import BLACK_JOKER, JOKER_SUIT, SUITS
from pakka.engine import Action
from pakka.errors import PakkaError

__all__ = ["LearnedBot", "Network", "action_inputs", "load", "shipped_weights", "weights_path"]

CARD_KINDS = 54


def shipped_weights(game_name: str) -> list[Path]:
    """Every weights file game ``game_name`` ships: ``games/<game>/learned.npz`` first, then
    ``learned-<players>.npz`` (weights for other table sizes), by name."""
    game = plugins.get(game_name)
    module = type(game).__module__.rsplit(".", 1)[0]
    try:
        folder = Path(str(resources.files(module)))
    except (ModuleNotFoundError, TypeError):
        return []
    if not folder.is_dir():
        return []
    sized = sorted(folder.glob("learned-*.npz"))
    main = folder / "learned.npz"
    return ([main] if main.is_file() else []) + sized


def weights_path(game_name: str, players: int | None = None) -> Path | None:
    """The weights game ``game_name`` ships for a table of ``players`` (weights trained at
    that size, or whose ``meta`` names no size); ``None``: any it ships."""
    for path in shipped_weights(game_name):
        if players is None or _loaded(path).meta.get("players") in (None, players):
            return path
    return None


class Network:
    """An MLP read from a ``.npz``: ``forward(obs, acts)`` scores each action row."""

    def __init__(self, arrays: dict[str, Any], meta: dict[str, Any]) -> None:
        import numpy as np

        self.meta = meta
        layers = len([k for k in arrays if k.startswith("w")])
        self.weights = [np.asarray(arrays[f"w{i}"], np.float32) for i in range(layers)]
        self.biases = [np.asarray(arrays[f"b{i}"], np.float32) for i in range(layers)]
        self.obs_size = int(meta["obs_size"])
        self.act_size = int(meta["act_size"])
        w0 = self.weights[0]
        if w0.shape[0] != self.obs_size + self.act_size:
            raise PakkaError(
                f"weights expect {w0.shape[0]} inputs, meta says {self.obs_size}+{self.act_size}"
            )
        self._w_obs = w0[: self.obs_size]
        self._w_act = w0[self.obs_size :]

    def forward(self, obs: Any, acts: Any) -> Any:
        """Scores of ``acts`` (``(k, act_size)``) in the state ``obs`` (``(obs_size,)``)."""
        import numpy as np

        h = obs @ self._w_obs + self.biases[0]
        h = np.maximum(acts @ self._w_act + h, 0.0)
        last = len(self.weights) - 1
        for i in range(1, last + 1):
            h = h @ self.weights[i] + self.biases[i]
            if i < last:
                h = np.maximum(h, 0.0)
        return h[:, 0]


def load(path: str | Path) -> Network:
    """A :class:`Network` from a ``.npz`` written by :func:`pakka.bots.train.export`."""
    import numpy as np

    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files if k != "meta"}
        meta = json.loads(str(data["meta"]))
    return Network(arrays, meta)


@cache
def _loaded(path: Path) -> Network:
    """A shipped file, read once."""
    return load(path)


@cache
def _shipped(game_name: str, players: int | None = None) -> Network | None:
    path = weights_path(game_name, players)
    return None if path is None else _loaded(path)


@cache
def _codec(game_name: str, players: int, options: Any) -> Any:
    found: Any = plugins.companion("codec", plugins.get(game_name).name)
    if found is None:
        raise PakkaError(f"{game_name} has no env codec, so no learned level")
    return found(players, options)


def codec_for(view: View, game_name: str) -> Any:
    """The env codec of ``game_name`` for the table of ``view`` (cached per table kind)."""
    return _codec(game_name, len(view.players), view.options)


def action_inputs(
    codec: Any, view: View, legal: Sequence[Action], hint: Action | None = None
) -> tuple[list[Action], Any]:
    """The actions the network chooses among (one per codec index: interchangeable cards
    merged) and their input rows ``(k, act_size)``: the index's features and the 54 card
    kinds the action spends; with a ``hint`` (the heuristic's move), one more column, 1 on
    the row of the hint's index."""
    import numpy as np

    seqs = codec.legal_sequences(view, legal)
    feats = _features(codec)
    hinted = None if hint is None else tuple(codec.encode(view, hint))
    actions: list[Action] = []
    width = feats.shape[1] + CARD_KINDS + (hint is not None)
    rows = np.zeros((len(seqs), width), np.float32)
    for j, (seq, action) in enumerate(seqs.items()):
        actions.append(action)
        rows[j, : feats.shape[1]] = feats[seq[0]]
        for c in _cards(action):
            rows[j, feats.shape[1] + _kind(c)] += 1.0
        if seq == hinted:
            rows[j, -1] = 1.0
    return actions, rows


_FEATS: dict[int, Any] = {}


def _features(codec: Any) -> Any:
    key = id(type(codec))
    if key not in _FEATS:
        _FEATS[key] = codec.action_features()
    return _FEATS[key]


def _cards(action: Action) -> Sequence[Any]:
    """The cards ``action`` spends: its ``cards`` (a pass, a discard, a combination; every
    game's multi-card action has them) or its ``card`` (a play)."""
    cards = getattr(action, "cards", None)
    if cards is not None:
        return tuple(cards)
    card = getattr(action, "card", None)
    return () if card is None else (card,)


def _kind(card: Any) -> int:
    """Card kind 0..53 (rank-major ``S2 H2 D2 C2 S3 ... BJ RJ``), as the Guandan codec."""
    if card.suit == JOKER_SUIT:
        return 52 if card.rank == BLACK_JOKER else 53
    return int(card.rank - 2) * 4 + SUITS.index(card.suit)


class LearnedBot(Bot):
    """Plays the legal action the network scores highest (ties: the first; with the
    heuristic's move as an input, ties and anything within ``margin`` of it: that move).

    Given a ``network``, it plays those weights at every table (a table of another size
    than they were trained for is an error).  Without one, it plays the weights the game
    ships for the table's size (:func:`weights_path`), and the heuristic (``normal``) at
    a table size it ships none for."""

    level = "learned"

    def __init__(
        self, game_name: str, seed: int | None = None, network: Network | None = None
    ) -> None:
        super().__init__(game_name, seed)
        self.fixed = network is not None
        shipped = network or _shipped(plugins.get(game_name).name)
        if shipped is None:
            raise PakkaError(
                f"{game_name} ships no learned weights (games/{game_name}/learned.npz)"
            )
        self.network: Network = shipped
        self.margin = float(self.network.meta.get("margin", 0.0))
        """With ``meta["hint"]``: leave the heuristic's move only for a play scored more
        than this above it (``meta["margin"]``, chosen on evaluation deals after training)."""
        self._hinted: int | None = None

    def _fit(self, view: View) -> bool:
        """Shipped weights: take the ones for this table's size; ``False`` if there are none."""
        if self.fixed:
            return True
        net = _shipped(self.game_name, len(view.players))
        if net is None:
            return False
        if net is not self.network:
            self.network = net
            self.margin = float(net.meta.get("margin", 0.0))
        return True

    def scores(self, view: View, legal: Sequence[Action]) -> tuple[list[Action], Any]:
        """The distinct legal actions and the network's score of each (weights trained with
        the heuristic's move as an input, ``meta["hint"]``, get it here too)."""
        self._fit(view)
        codec = codec_for(view, self.game_name)
        hint = None
        self._hinted = None
        if self.network.meta.get("hint"):
            from pakka.bots import policy_for

            hint = policy_for(self.game_name).choose(view, legal, self.rng)
        actions, rows = action_inputs(codec, view, legal, hint)
        if hint is not None and len(actions) and rows[:, -1].any():
            self._hinted = int(rows[:, -1].argmax())
        obs = codec.observe(view)
        trained, seats = self.network.meta.get("players"), len(view.players)
        if (
            (trained is not None and trained != seats)
            or obs.shape[0] != self.network.obs_size
            or rows.shape[1] != self.network.act_size
        ):
            size = "another table" if trained is None else f"{trained} seats"
            raise PakkaError(
                f"these {self.game_name} weights were trained for {size} and fit no table "
                f"of {seats}: train a network at this size "
                f"(pakka train {self.game_name} --players {seats})"
            )
        return actions, self.network.forward(obs, rows)

    def decide(self, view: View, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if not self._fit(view):  # no weights shipped for this table size: the heuristic
            from pakka.bots import policy_for

            return policy_for(self.game_name).choose(view, legal_actions, self.rng)
        actions, q = self.scores(view, legal_actions)
        if not actions:
            return legal_actions[0]
        best = int(q.argmax())
        h = self._hinted
        if h is not None and q[best] - q[h] <= self.margin:
            best = h
        return actions[best]
