"""Self-play training of the ``learned`` level's value network (Monte-Carlo, on the CPU).

DouZero's and DanZero's method (Deep Monte-Carlo) at a size two shared CPU cores train in
hours: actors play deals and a small MLP learns ``Q(observation, action)`` by mean squared
error from Monte-Carlo targets (no bootstrapping).  Three kinds of target (``Config.target``):

* ``"rollout"`` (the default): at a share ``label_rate`` of the decisions, up to
  ``label_actions`` of the seat's distinct plays (always the heuristic's own) are each
  played out to the end of the deal by the heuristic at every seat, on the true cards
  (the kit's fast rollout, deterministic); each play's target is its deal value for the
  seat's team *minus the heuristic's move's* (and minus ``prefer`` for every other play),
  so the network learns how much better than the heuristic's move each play is (0: the
  heuristic's move), and its greedy play is a learned one-step improvement over the
  heuristic.  The hidden cards are the same in all the play-outs of one decision, so the
  deal's luck cancels out of the comparison.  But one play-out a play is mostly chance
  (one different move early in a deal changes the whole deterministic play-out), and it
  is played on the true cards, which the seat does not see: measured (``docs/bots.md``,
  issue 29), the network memorised these targets and did not generalise.
* ``"worlds"``: as ``"rollout"``, but each play is played out in ``worlds`` worlds drawn
  from the seat's own view, as the ``hard`` search draws them (the kit's search class,
  :meth:`~pakka.bots.search.PimcBot.world`: the game's ``determinize``), never on the
  true cards; a play's target is the mean over the worlds of its value minus the
  heuristic's move's in the same world (every play of a decision is played out in the
  same worlds: common random numbers), minus ``prefer``.  The target is then the paired advantage
  the ``hard`` search estimates (from 4 worlds by default, where it draws 8), so the
  network learns to amortise ``hard``, and it depends only on what the seat sees (:func:`label_targets`).  A labelled decision
  costs ``worlds`` times the play-outs of a ``"rollout"`` one, so :meth:`Config.for_target`
  gives this target ``label_rate`` 0.035 and ``label_actions`` 4, which keeps the CPU a
  deal about that of ``"rollout"``'s 0.1 and 8 (measured on 80 deals of training, 2
  December 2026: 317 ms a deal, 248 of them labelling, against 308 and 235; a labelled
  decision 51 ms with 4 worlds of at most 4 plays, 3.3 on average, against 23 ms for one
  play-out of at most 8, 5.0 on average).  Fewer plays a decision as well as fewer
  decisions, so that the samples come from as many positions as the budget allows: the
  network failed to generalise across positions.  The cost: about 9 samples a deal
  against 38, the other plays of a decision sampled more thinly.
* ``"deal"`` (DouZero's own target, and the runs before 2 December 2026): every decision
  of every seat is a sample whose target is its deal's outcome.  Measured here
  (``docs/bots.md``, issue 29): after 15,000 deals the network had memorised its buffer
  (a training loss of 0.002 against a held-out error larger than the targets' variance)
  and its greedy play was hardly better than uniform random play against ``normal``;
  the outcome of a deal depends on the cards far more than on one move, so this target
  needs the millions of deals DanZero played.

Every game with an env codec trains the same way (``Config.game``, ``Config.players``):
the codec gives the observation and each action's feature row, the game's bot kit the
heuristic, the play-outs, the worlds and the ``value`` (divided by the kit's
``value_scale``, or by one measured from the heuristic's deals, :func:`value_scale`), and
the evaluation seats the network's side (Guandan: a partnership; the trick games: one
seat) at each place in turn (:func:`sides`).

The actors play with the current network (greedy, with ``epsilon`` random moves); each
seat of a deal is with probability ``teacher`` the game's heuristic (``normal``) instead,
making a random move ``teacher_epsilon`` of the time.  Inputs:
:func:`pakka.bots.learned.action_inputs` and the codec's observation vector; the weights
are exported as the ``.npz`` that :mod:`pakka.bots.learned` plays with NumPy alone.

Needs PyTorch (``pip install 'pakka[train]'``; the suite and the players do not).  Every
``checkpoint_minutes`` the run writes ``checkpoint.pt`` (network, optimiser, counters,
replay buffer excluded), ``weights.npz`` (and a float16 copy kept as
``snapshots/weights-NNN.npz``, for curves measured afterwards, such as
``benchmarks/learned_curve.py``'s against the Guandan rule bots), and one row of the
learning curve (``curve.csv``: deals, samples, updates, CPU hours, the network's gain a
deal in the kit's value and its share of deals above 0 against ``normal`` on fixed
evaluation seeds, from every side: :func:`evaluate`) with its plot ``curve.svg``.  A run
given the same folder resumes from its checkpoint (with the checkpoint's own
configuration; one written before ``target`` existed trains on ``"deal"`` targets).
"""

from __future__ import annotations

import csv
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from pakka import plugins
from pakka.bots.base import Bot, PolicyBot
from pakka.bots.kit import BotKit
from pakka.bots.learned import LearnedBot, Network, action_inputs, codec_for
from pakka.bots.search import PimcBot
from pakka.engine import Action, State
from pakka.i18n import t

__all__ = [
    "Config",
    "Trainer",
    "evaluate",
    "export",
    "finish_deal",
    "label_targets",
    "mean_ci",
    "svg_curve",
    "value_scale",
]

TARGETS = ("rollout", "worlds", "deal")
"""The kinds of training target (``Config.target``; see the module)."""

CURVE_FIELDS = (
    "checkpoint",
    "deals",
    "samples",
    "updates",
    "cpu_hours",
    "eval_deals",
    "gain",
    "gain_ci",
    "win_rate",
)


@dataclass
class Config:
    """What a run trains; stored in the checkpoint (a resumed run keeps the stored one)."""

    game: str = "guandan"
    players: int | None = None
    """Seats at the table (``None``: the game's default); the network fits only this size."""
    hidden: tuple[int, ...] = (256, 256)
    lr: float = 1e-3
    weight_decay: float = 0.0
    """Decoupled weight decay (AdamW) a step; 0: plain Adam, as every run before 4
    December 2026."""
    batch: int = 512
    buffer: int = 100_000
    replay: float = 8.0
    """Each new sample is drawn about this many times before it leaves the buffer."""
    target: str = "rollout"
    """``"rollout"``: each labelled play's deal value minus the heuristic's move's, both
    played out by the heuristic; ``"worlds"``: the same, averaged over worlds drawn from
    the seat's view; ``"deal"``: the deal's outcome (see the module)."""
    label_rate: float = 0.1
    """``"rollout"``, ``"worlds"``: the share of decisions (of every seat) whose plays are
    played out (``"worlds"``: 0.035 from :meth:`for_target`)."""
    label_actions: int = 8
    """``"rollout"``, ``"worlds"``: at most this many distinct plays a labelled decision (the
    heuristic's move and others drawn at random; ``"worlds"``: 4 from :meth:`for_target`)."""
    worlds: int = 4
    """``"worlds"``: the worlds drawn from the seat's view for each labelled decision."""
    prefer: float = 0.05
    """``"rollout"``, ``"worlds"``: subtracted from the target of every play but the
    heuristic's move (in ``value / reward_scale``): a play must gain this much more than the
    heuristic's move to be preferred, so plays that do as well on the sampled cards (most of
    them: one move rarely changes the finishing order) are not chosen at random."""
    hint: bool = True
    """``"rollout"``, ``"worlds"``: the network also takes, as an action input, whether the
    play is the heuristic's own move (so it only has to learn when to leave it, not to
    imitate it)."""
    epsilon: float = 0.05
    teacher: float = 0.5
    """Chance that a seat plays a deal as the teacher: the heuristic (``normal``), with
    ``teacher_epsilon`` random moves; the other seats play the network."""
    teacher_epsilon: float = 0.15
    reward_scale: float | None = None
    """The kit's ``value`` is divided by this and clipped to [-1, 1] (Guandan: 3, a double
    win).  ``None``: measured when a run starts (:func:`value_scale`) and stored."""
    seed: int = 0
    eval_seeds: int = 40
    eval_first: int = 90_000
    """Evaluation deals: deal 1 of these seeds from every side (:func:`sides`), never used
    for training."""
    checkpoint_minutes: float = 10.0
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def for_target(cls, target: str, **kwargs: Any) -> Config:
        """A configuration for ``target`` with that target's defaults (``"worlds"``:
        ``label_rate`` 0.035 and ``label_actions`` 4, so a deal costs about the CPU it costs
        with ``"rollout"``; ``"deal"``: no ``hint``; see the module), ``kwargs`` overriding
        them."""
        defaults: dict[str, Any] = {"target": target}
        if target == "worlds":
            defaults |= {"label_rate": 0.035, "label_actions": 4}
        elif target == "deal":
            defaults |= {"hint": False}
        return cls(**(defaults | kwargs))


def _torch() -> Any:
    try:
        import torch
    except ImportError as e:  # pragma: no cover - depends on the install
        raise SystemExit(
            "training needs PyTorch: pip install 'pakka[train]' (the CPU build)"
        ) from e
    return torch


def build_model(in_size: int, hidden: tuple[int, ...]) -> Any:
    """The torch MLP whose layers :func:`export` writes (ReLU between layers)."""
    torch = _torch()
    layers: list[Any] = []
    size = in_size
    for h in hidden:
        layers += [torch.nn.Linear(size, h), torch.nn.ReLU()]
        size = h
    layers.append(torch.nn.Linear(size, 1))
    return torch.nn.Sequential(*layers)


def to_network(model: Any, obs_size: int, act_size: int, meta: dict[str, Any]) -> Network:
    """The NumPy :class:`Network` of a torch model (same arithmetic, float32)."""
    arrays: dict[str, Any] = {}
    linears = [m for m in model if hasattr(m, "weight")]
    for i, lin in enumerate(linears):
        arrays[f"w{i}"] = lin.weight.detach().cpu().numpy().T.copy()
        arrays[f"b{i}"] = lin.bias.detach().cpu().numpy().copy()
    return Network(arrays, {**meta, "obs_size": obs_size, "act_size": act_size})


def export(net: Network, path: str | Path, half: bool = False) -> None:
    """Write ``net`` as the ``.npz`` :func:`pakka.bots.learned.load` reads (``half``:
    float16 weights, half the size)."""
    import numpy as np

    kind = np.float16 if half else np.float32
    arrays: dict[str, Any] = {f"w{i}": w.astype(kind) for i, w in enumerate(net.weights)}
    arrays |= {f"b{i}": b.astype(np.float32) for i, b in enumerate(net.biases)}
    meta = json.dumps({**net.meta, "obs_size": net.obs_size, "act_size": net.act_size})
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, meta=np.array(meta), **arrays)


def sides(game_name: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The seats one bot plays together in an evaluation: the game's partnerships
    (Guandan: 0 and 2, then 1 and 3), else each seat alone."""
    teams = plugins.get(game_name).info.teams
    return teams if teams else tuple((s,) for s in range(players))


def evaluate(
    game_name: str,
    make_bot: Callable[[int], Bot],
    opponent: Callable[[int], Bot],
    seeds: range,
    players: int | None = None,
    per_seed: list[float] | None = None,
) -> dict[str, float]:
    """Deal 1 of every seed, once for each of :func:`sides` (Guandan: ``make_bot``'s pair at
    seats 0/2, then at 1/3; a game without partnerships: ``make_bot`` at each seat in turn,
    ``opponent`` at every other): the mean value a deal for ``make_bot``'s side (the kit's
    ``value``; Guandan: levels) with a 95 % interval over seeds (sides averaged) and the
    share of deals where that value is above 0.  ``per_seed`` (a list) receives each seed's
    mean, for a comparison of two bots seed by seed."""
    game = plugins.get(game_name)
    kit = _kit(game_name)
    seats = players or game.info.default_players
    means: list[float] = []
    wins = deals = 0
    for seed in seeds:
        both = []
        for side in sides(game_name, seats):
            st = game.new_match(players=players, seed=seed)
            bots = [
                make_bot(seed * 10 + s) if s in side else opponent(seed * 10 + s)
                for s in range(seats)
            ]
            finish_deal(st, _seated(bots))
            v = kit.value(st, side[0])
            both.append(v)
            wins += v > 0
            deals += 1
        means.append(sum(both) / len(both))
    if per_seed is not None:
        per_seed.extend(means)
    gain, gain_ci = mean_ci(means)
    return {
        "eval_deals": deals,
        "gain": gain,
        "gain_ci": gain_ci,
        "win_rate": wins / deals if deals else 0.0,
    }


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (normal
    approximation; 0 for fewer than two values, so a one-seed curve still draws).

    >>> [round(x, 3) for x in mean_ci([1.0, 3.0])]  # sd 1.414, n 2: 1.96 x 1.414 / 1.414
    [2.0, 1.96]
    """
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def _seated(bots: Sequence[Bot]) -> Callable[[int, Any, Any], Action]:
    """``choose`` for :func:`finish_deal`: each seat's own bot acts."""
    return lambda seat, view, legal: bots[seat].act(view, legal)


def finish_deal(state: State[Any, Any], choose: Callable[[int, Any, Any], Action]) -> None:
    """Play ``state``'s current deal to its end (or the match's), every seat's action
    from ``choose(seat, view, legal_actions)``."""
    start = state.deal_number()
    while state.deal_number() == start and not state.is_over():
        for s in sorted(state.to_act()):
            state.apply_unchecked(s, choose(s, state.view(s), state.legal_actions(s)))


def _kit(game_name: str) -> BotKit:
    from pakka.bots import kit_for

    return kit_for(game_name)


def value_scale(
    game_name: str, players: int | None = None, deals: int = 24, first: int = 80_000
) -> float:
    """A scale for the kit's ``value`` in a game pakka need not know: the 90th percentile of
    ``|value|`` over every seat at the end of deal 1 of ``deals`` seeds of ``normal``
    self-play, rounded to two significant figures, at least a millionth (measured on 4
    December 2026: Anarchy 22, Pentagrammi 5.8, Norlanninnakki 2.7, Guandan 3.2, whose kit
    sets 3.0, a double win, instead).  Targets divided by it mostly lie in [-1, 1], where
    the network's initial outputs and learning rate fit."""
    game = plugins.get(game_name)
    kit = _kit(game_name)
    rng = random.Random(first)
    values: list[float] = []
    for seed in range(first, first + deals):
        st = game.new_match(players=players, seed=seed)
        finish_deal(st, lambda s, view, legal: kit.policy.choose(view, legal, rng))
        values += [abs(kit.value(st, s)) for s in range(len(st.view(None).players))]
    values.sort()
    high = values[min(len(values) - 1, int(0.9 * len(values)))]
    return max(1e-6, float(f"{high:.2g}"))


class Trainer:
    """One training run in ``folder`` (resumed from its checkpoint if there is one)."""

    def __init__(self, folder: str | Path, config: Config | None = None) -> None:
        torch = _torch()
        import numpy as np

        torch.set_num_threads(1)
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        ckpt_path = self.folder / "checkpoint.pt"
        state: dict[str, Any] | None = None
        if ckpt_path.exists():
            state = torch.load(ckpt_path, weights_only=False)
            stored = dict(state["config"])
            stored["hidden"] = tuple(stored["hidden"])
            stored.setdefault("target", "deal")  # written before rollout targets existed
            stored.setdefault("hint", False)
            self.config = Config(**stored)  # one written before ``worlds``: the default
        else:
            self.config = config or Config()
        self.game = plugins.get(self.config.game)
        self.kit = _kit(self.config.game)
        cfg = self.config = self._settled(self.config)
        if cfg.target not in TARGETS:
            raise ValueError(f"unknown target {cfg.target!r}: {', '.join(TARGETS)}")
        if cfg.hint and cfg.target == "deal":
            raise ValueError("the heuristic's move as an input (hint) needs play-out targets")
        if cfg.target == "worlds" and cfg.worlds < 1:
            raise ValueError("worlds targets need at least one world")
        self.searcher = self.kit.search(
            self.game, self.kit.rollout_policy, self.kit.value, cfg.seed, self.kit.budget
        )
        probe = self.game.new_match(players=cfg.players, seed=0)
        view = probe.view(0)
        self.codec = codec_for(view, cfg.game)
        self.obs_size = int(self.codec.observe(view).shape[0])
        self.act_size = int(self.codec.action_features().shape[1]) + 54 + int(cfg.hint)
        self.model = build_model(self.obs_size + self.act_size, cfg.hidden)
        if cfg.weight_decay:
            self.optim = torch.optim.AdamW(
                self.model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay
            )
        else:
            self.optim = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.deals = self.samples = self.updates = 0
        self.cpu_seconds = 0.0
        self.curve: list[dict[str, Any]] = []
        self.parity: float | None = None
        """``normal``'s own gain on the evaluation deals (the curve's dashed line; the
        kit's value is not always zero-sum: Guandan's parity is +0.10)."""
        self.match_seed = cfg.seed * 1_000_003
        if state is not None:
            self.model.load_state_dict(state["model"])
            self.optim.load_state_dict(state["optim"])
            self.deals, self.samples, self.updates = state["counters"]
            self.cpu_seconds = float(state["cpu_seconds"])
            self.curve = list(state["curve"])
            self.match_seed = int(state["match_seed"])
            self.parity = state.get("parity")
        self.rng = random.Random(cfg.seed * 7919 + self.deals)
        self.np_rng = np.random.default_rng(cfg.seed * 7919 + self.deals)
        self.searcher.rng = self.rng  # its worlds (``"worlds"``) from the run's one stream
        n = cfg.buffer
        # observations are stored once per decision; a rollout-labelled decision has two
        # samples or more, so half as many observation slots as samples never run out
        n_obs = n if cfg.target == "deal" else max(1, n // 2)
        self.buf_obs = np.zeros((n_obs, self.obs_size), np.float32)
        self.buf_of = np.zeros(n, np.int64)
        """The observation slot of each sample."""
        self.buf_act = np.zeros((n, self.act_size), np.float32)
        self.buf_y = np.zeros(n, np.float32)
        self.buf_len = self.buf_pos = self.obs_pos = 0
        self.net = self.network()
        self.state: State[Any, Any] | None = None

    def _settled(self, cfg: Config) -> Config:
        """``cfg`` with the table size and the value scale it leaves open filled in (the
        game's default seats; the kit's ``value_scale``, else :func:`value_scale`), so a
        resumed run keeps them."""
        if cfg.players is None:
            cfg = replace(cfg, players=self.game.info.default_players)
        if cfg.reward_scale is None:
            scale = self.kit.value_scale or value_scale(cfg.game, cfg.players)
            cfg = replace(cfg, reward_scale=scale)
        return cfg

    @property
    def meta(self) -> dict[str, Any]:
        return {
            "game": self.config.game,
            "players": self.config.players,
            "reward_scale": self.config.reward_scale,
            "codec": getattr(self.codec, "version", ""),
            "hidden": list(self.config.hidden),
            "deals": self.deals,
            "samples": self.samples,
            "updates": self.updates,
            "cpu_hours": round(self.cpu_seconds / 3600, 3),
            "method": "Deep Monte-Carlo self-play (pakka.bots.train)",
            "target": self.config.target,
            "hint": self.config.hint,
            **({"worlds": self.config.worlds} if self.config.target == "worlds" else {}),
        }

    def network(self) -> Network:
        return to_network(self.model, self.obs_size, self.act_size, self.meta)

    # --- acting -----------------------------------------------------------------------------

    def _next_state(self) -> State[Any, Any]:
        """The next deal to play: the current match goes on (levels, tribute), a new match
        when it is over (or has gone on for 30 deals)."""
        st = self.state
        if st is None or st.is_over() or st.deal_number() > 30:
            self.match_seed += 1
            st = self.game.new_match(players=self.config.players, seed=self.match_seed)
            self.state = st
        return st

    def play_deal(self) -> int:
        """Play one deal, store its samples; the number stored."""
        import numpy as np

        cfg = self.config
        st = self._next_state()
        seats = len(st.view(None).players)
        teachers = [self.rng.random() < cfg.teacher for _ in range(seats)]
        traces: list[list[tuple[Any, Any]]] = [[] for _ in range(seats)]
        stored = 0
        start = st.deal_number()
        while st.deal_number() == start and not st.is_over():
            for s in sorted(st.to_act()):
                view = st.view(s)
                legal = st.legal_actions(s)
                if len(legal) == 1:
                    st.apply_unchecked(s, legal[0])
                    continue
                obs = self.codec.observe(view)
                if cfg.target != "deal" and self.rng.random() < cfg.label_rate:
                    stored += self.label(st, s, obs)
                if teachers[s] and self.rng.random() >= cfg.teacher_epsilon:
                    action = self.kit.policy.choose(view, legal, self.rng)
                    idx = self.codec.encode(view, action)[0]
                    row = _row(self.codec, idx, action, self.act_size)
                elif teachers[s]:
                    actions, rows = action_inputs(self.codec, view, legal)
                    j = self.rng.randrange(len(actions))
                    action, row = actions[j], rows[j]
                else:
                    hint = self.kit.policy.choose(view, legal, self.rng) if cfg.hint else None
                    actions, rows = action_inputs(self.codec, view, legal, hint)
                    if self.rng.random() < cfg.epsilon:
                        j = self.rng.randrange(len(actions))
                    else:
                        j = int(self.net.forward(obs, rows).argmax())
                    action, row = actions[j], rows[j]
                if cfg.target == "deal":
                    traces[s].append((obs, row))
                st.apply_unchecked(s, action)
        for s in range(seats):
            y = float(np.clip(self.kit.value(st, s) / _scale(cfg, self.kit), -1.0, 1.0))
            for obs, row in traces[s]:
                self._store(obs, row[None, :], np.array([y], np.float32))
                stored += 1
        self.deals += 1
        self.samples += stored
        return stored

    def label(self, state: State[Any, Any], seat: int, obs: Any) -> int:
        """Targets for ``seat``'s decision in ``state`` (left unchanged) into the buffer
        (:func:`label_targets`); the number of samples stored."""
        rows, targets = label_targets(
            state, seat, self.config, self.kit, self.searcher, self.codec, self.rng
        )
        if len(targets):
            self._store(obs, rows, targets)
        return len(targets)

    def _store(self, obs: Any, rows: Any, ys: Any) -> None:
        """One observation and its samples (``rows``, targets ``ys``) into the buffer."""
        cfg = self.config
        o = self.obs_pos
        self.buf_obs[o] = obs
        self.obs_pos = (o + 1) % len(self.buf_obs)
        for row, y in zip(rows, ys, strict=True):
            i = self.buf_pos
            self.buf_of[i], self.buf_act[i], self.buf_y[i] = o, row, y
            self.buf_pos = (i + 1) % cfg.buffer
            self.buf_len = min(self.buf_len + 1, cfg.buffer)

    # --- learning ---------------------------------------------------------------------------

    def learn(self, new_samples: int) -> float:
        """``replay`` x ``new_samples`` / ``batch`` updates on uniform batches; mean loss."""
        torch = _torch()
        import numpy as np

        cfg = self.config
        steps = max(1, round(cfg.replay * new_samples / cfg.batch))
        total = 0.0
        for _ in range(steps):
            idx = self.np_rng.integers(0, self.buf_len, min(cfg.batch, self.buf_len))
            obs = self.buf_obs[self.buf_of[idx]]
            x = torch.from_numpy(np.concatenate([obs, self.buf_act[idx]], axis=1))
            y = torch.from_numpy(self.buf_y[idx])
            pred = self.model(x)[:, 0]
            loss = torch.nn.functional.mse_loss(pred, y)
            self.optim.zero_grad()
            loss.backward()
            self.optim.step()
            total += float(loss.detach())
            self.updates += 1
        self.net = self.network()
        return total / steps

    # --- checkpoints ------------------------------------------------------------------------

    def checkpoint(self) -> dict[str, Any]:
        """Evaluate against ``normal``, append to the curve, write the checkpoint files."""
        torch = _torch()
        cfg = self.config
        net = self.network()
        seeds = range(cfg.eval_first, cfg.eval_first + cfg.eval_seeds)

        def opponent(seed: int) -> Bot:
            return PolicyBot(cfg.game, self.kit.policy, "normal", seed)

        result = evaluate(
            cfg.game, lambda seed: LearnedBot(cfg.game, seed, net), opponent, seeds, cfg.players
        )
        if self.parity is None:  # once a run: `normal` itself on the same deals
            self.parity = evaluate(cfg.game, opponent, opponent, seeds, cfg.players)["gain"]
        row = {
            "checkpoint": len(self.curve),
            "deals": self.deals,
            "samples": self.samples,
            "updates": self.updates,
            "cpu_hours": round(self.cpu_seconds / 3600, 4),
            **{k: round(float(v), 4) for k, v in result.items()},
        }
        self.curve.append(row)
        state = {
            "config": asdict(cfg),
            "model": self.model.state_dict(),
            "optim": self.optim.state_dict(),
            "counters": (self.deals, self.samples, self.updates),
            "cpu_seconds": self.cpu_seconds,
            "curve": self.curve,
            "match_seed": self.match_seed,
            "parity": self.parity,
        }
        tmp = self.folder / "checkpoint.pt.tmp"
        torch.save(state, tmp)
        tmp.replace(self.folder / "checkpoint.pt")
        export(net, self.folder / "weights.npz")
        # every checkpoint's weights, for curves measured afterwards (against other bots)
        export(net, self.folder / "snapshots" / f"weights-{row['checkpoint']:03d}.npz", half=True)
        write_curve(self.curve, self.folder / "curve.csv")
        (self.folder / "curve.svg").write_text(
            svg_curve(self.curve, reference=self.parity, unit=t(self.kit.review.unit, "en"))
        )
        return row

    def run(
        self,
        minutes: float | None = None,
        deals: int | None = None,
        progress: Callable[[int, dict[str, Any] | None], None] | None = None,
    ) -> None:
        """Train until ``minutes`` of wall time or ``deals`` more deals; a checkpoint every
        ``checkpoint_minutes`` and at the end.  ``progress(deals_done, checkpoint_row)``."""
        cfg = self.config
        t_end = None if minutes is None else time.monotonic() + 60 * minutes
        next_ckpt = time.monotonic() + 60 * cfg.checkpoint_minutes
        if not self.curve:
            first = self.checkpoint()
            if progress:
                progress(0, first)
        done = 0
        pending = 0
        while (t_end is None or time.monotonic() < t_end) and (deals is None or done < deals):
            c0 = time.process_time()
            pending += self.play_deal()
            done += 1
            if pending >= cfg.batch // 2:
                self.learn(pending)
                pending = 0
            self.cpu_seconds += time.process_time() - c0
            row: dict[str, Any] | None = None
            if time.monotonic() >= next_ckpt:
                row = self.checkpoint()
                next_ckpt = time.monotonic() + 60 * cfg.checkpoint_minutes
            if progress:
                progress(done, row)
        last = self.checkpoint()
        if progress:
            progress(done, last)


def label_targets(
    state: State[Any, Any],
    seat: int,
    config: Config,
    kit: BotKit,
    searcher: PimcBot,
    codec: Any,
    rng: random.Random,
) -> tuple[Any, Any]:
    """The labelled plays of ``seat``'s decision in ``state`` (left unchanged) and their
    targets: the input rows ``(k, act_size)`` and the targets ``(k,)`` (none when the seat
    has one distinct play).  Up to ``config.label_actions`` distinct plays, the heuristic's
    move first (target 0), the others drawn with ``rng``; each is played out to the end of
    the deal by the searcher's rollout (the heuristic at every seat) and scored by the
    kit's ``value`` / ``reward_scale``, clipped to [-1, 1]; a play's target is its value
    minus the heuristic's move's, minus ``prefer``.

    ``"rollout"``: one play-out each, on the true cards of ``state``.  ``"worlds"``: the
    mean over ``config.worlds`` worlds drawn from the seat's view by ``searcher.world``
    (as the ``hard`` search draws them, from ``searcher.rng``), the same worlds for every
    play; nothing but ``state.view(seat)`` and the seat's legal plays is read, so two states
    the seat cannot tell apart get the same targets from the same random streams.  Needs no
    PyTorch."""
    import numpy as np

    scale = _scale(config, kit)
    view = state.view(seat)
    legal = state.legal_actions(seat)
    move = kit.policy.choose(view, legal, rng)
    actions, rows = action_inputs(codec, view, legal, move if config.hint else None)
    if len(actions) < 2:
        return rows[:0], np.zeros(0, np.float32)
    mine = _row(codec, codec.encode(view, move)[0], move, rows.shape[1])
    if config.hint:
        mine[-1] = 1.0
    same = np.flatnonzero((rows == mine).all(axis=1))
    others = [j for j in range(len(actions)) if not len(same) or j != same[0]]
    rng.shuffle(others)
    picks = ([int(same[0])] if len(same) else []) + others
    picks = picks[: max(2, config.label_actions)]

    def scored(sim: State[Any, Any]) -> float:
        return float(np.clip(kit.value(sim, seat) / scale, -1.0, 1.0))

    if config.target == "worlds":
        budget = replace(searcher.budget, worlds=config.worlds, belief=0)
        outcomes = np.zeros((config.worlds, len(picks)), np.float32)
        for w in range(config.worlds):
            world = searcher.world(view, budget)
            stream = rng.getrandbits(64) if searcher.streams else 0
            for i, j in enumerate(picks):
                sim = world.clone()
                sim.apply_unchecked(seat, actions[j])
                searcher.rollout(sim, random.Random(stream))
                outcomes[w, i] = scored(sim)
        values = outcomes.mean(axis=0)
    else:
        values = np.zeros(len(picks), np.float32)
        for i, j in enumerate(picks):
            sim = state.clone()
            sim.apply_unchecked(seat, actions[j])
            searcher.rollout(sim, rng)
            values[i] = scored(sim)
    if len(same):
        targets = values - values[0] - config.prefer
        targets[0] = 0.0
    else:  # the heuristic's move is not among the distinct plays (never seen)
        targets = values - values.mean()
    return rows[picks], targets.astype(np.float32)


def _scale(config: Config, kit: BotKit) -> float:
    """The divisor of the kit's ``value`` in the targets: the run's, else the kit's."""
    scale = config.reward_scale or kit.value_scale
    if not scale:
        raise ValueError("reward_scale is not set and the kit gives no value_scale")
    return scale


def _row(codec: Any, idx: int, action: Any, act_size: int) -> Any:
    import numpy as np

    from pakka.bots.learned import _cards, _features, _kind

    feats = _features(codec)
    row = np.zeros(act_size, np.float32)
    row[: feats.shape[1]] = feats[idx]
    for c in _cards(action):
        row[feats.shape[1] + _kind(c)] += 1.0
    return row


def write_curve(curve: list[dict[str, Any]], path: Path) -> None:
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CURVE_FIELDS)
        w.writeheader()
        for row in curve:
            w.writerow({k: row.get(k, "") for k in CURVE_FIELDS})


def svg_curve(
    curve: list[dict[str, Any]],
    width: int = 640,
    height: int = 360,
    against: str = "normal",
    reference: float = 0.0,
    reference_label: str = "parity",
    unit: str = "levels",
) -> str:
    """The learning curve as a small SVG (no plotting library): the gain a deal (in
    ``unit``: Guandan's levels, a trick game's points) against ``against`` (with its 95 %
    interval) by CPU hours, and a dashed line at ``reference`` (parity: ``against``'s own
    gain on the same deals; against another bot, say, ``normal``'s gain there).

    >>> svg_curve([{"cpu_hours": 0, "gain": -1, "gain_ci": 0.5}]).startswith("<svg")
    True
    """
    pad = 50
    xs = [float(r["cpu_hours"]) for r in curve] or [0.0]
    lo = min([float(r["gain"]) - float(r["gain_ci"]) for r in curve] + [reference - 0.5])
    hi = max([float(r["gain"]) + float(r["gain_ci"]) for r in curve] + [reference + 0.5])
    x_max = max(xs[-1], 1e-6)

    def px(x: float) -> float:
        return pad + (width - 2 * pad) * x / x_max

    def py(y: float) -> float:
        return height - pad - (height - 2 * pad) * (y - lo) / (hi - lo)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<line x1="{pad}" y1="{py(reference):.1f}" x2="{width - pad}" '
        f'y2="{py(reference):.1f}" '
        'stroke="#999" stroke-dasharray="4"/>',
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        'stroke="black"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
        f'<text x="{width / 2}" y="{height - 12}" text-anchor="middle">CPU hours '
        f"(0 - {x_max:.2f})</text>",
        f'<text x="12" y="{pad - 15}">{unit} a deal against {against} ({lo:.2f} .. {hi:.2f}); '
        f"dashed: {reference_label}</text>",
    ]
    pts = []
    for r in curve:
        x, y, e = float(r["cpu_hours"]), float(r["gain"]), float(r["gain_ci"])
        parts.append(
            f'<line x1="{px(x):.1f}" y1="{py(y - e):.1f}" x2="{px(x):.1f}" '
            f'y2="{py(y + e):.1f}" stroke="#8ab"/>'
        )
        pts.append(f"{px(x):.1f},{py(y):.1f}")
    parts.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="#036" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
