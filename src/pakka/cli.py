"""The ``pakka`` command: ``games``, ``play``, ``replay``, ``review`` (and ``serve`` etc. as they land).

``pakka play`` opens the full-screen terminal client (:mod:`pakka.tui`) at seat 0 against
bots, or at a server's table with ``--connect``.  ``--plain`` (and any run whose input or
output is not a terminal) uses the line client below instead: random bots take the other
seats, it shows the hand, the table and the legal moves, reads moves in card notation (or by
number) and explains every rejected input.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

import pakka.games
from pakka.bots import LEVELS
from pakka.engine import Action, Event, Game, State
from pakka.errors import AmbiguousAction, IllegalAction, PakkaError
from pakka.i18n import t
from pakka.options import option_specs
from pakka.present import Context, Presentation, default_names, presenter, seat_name
from pakka.present.text import cards_text, summary_lines, table_lines
from pakka.server.cli import db as server_db
from pakka.server.cli import serve

app = typer.Typer(
    help="pakka: Anarchy, Pentagrammi, Norlanninnakki and Guandan.",
    no_args_is_help=True,
    add_completion=False,
)

MAX_LISTED = 30


def _fail(message: str) -> typer.Exit:
    typer.secho(message, err=True, fg=typer.colors.RED)
    return typer.Exit(2)


def _game(name: str) -> Game[Any, Any]:
    try:
        return pakka.games.get(name)
    except PakkaError as exc:
        raise _fail(str(exc)) from None


def _options(game: Game[Any, Any], pairs: list[str]) -> Any:
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise _fail(f"--option takes key=value, not {pair!r}")
        parsed[key.strip()] = value.strip()
    try:
        return game.options_from_strings(parsed)
    except PakkaError as exc:
        raise _fail(str(exc)) from None


@app.command()
def games() -> None:
    """List the games with their player counts and options."""
    for name in pakka.games.names():
        game = pakka.games.get(name)
        info = game.info
        typer.secho(f"{name}", bold=True, nl=False)
        typer.echo(f"  {info.title}, {info.min_players}-{info.max_players} players")
        if info.description:
            typer.echo(f"    {info.description}")
        for spec in option_specs(game.Options):
            default = "none" if spec.default is None else str(spec.default).lower()
            typer.echo(f"    --option {spec.name}={default}  ({spec.allowed()})")
            typer.echo(f"        {spec.help}")


@app.command()
def play(
    game: Annotated[
        str | None, typer.Argument(help="the game to play (`pakka games` lists them)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the deal (replayable)")] = None,
    option: Annotated[list[str] | None, typer.Option(help="variant option key=value")] = None,
    lang: Annotated[str, typer.Option(help="en or fi")] = "en",
    save: Annotated[
        Path | None, typer.Option(help="write the match record here at the end")
    ] = None,
    seat_bots: Annotated[
        str | None,
        typer.Option(help="bot level for each other seat, e.g. hard,normal,easy (default normal)"),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="the line client (also used when not on a terminal)")
    ] = False,
    connect: Annotated[
        str | None, typer.Option(help="join a table on a pakka server: its invite or table URL")
    ] = None,
    name: Annotated[str | None, typer.Option(help="your name at a server's table")] = None,
    token: Annotated[
        str | None, typer.Option(help="your seat token at a server's table (to return)")
    ] = None,
) -> None:
    """Play in the terminal at seat 0 against bots (full screen), or at a server's table."""
    if lang not in ("en", "fi"):
        raise _fail(f"--lang must be en or fi, not {lang!r}")
    if connect is not None:
        try:
            from pakka.tui.remote import run_remote
        except ImportError as exc:
            raise _fail(f"{exc}: install pakka[tui]") from None
        try:
            run_remote(connect, lang=lang, name=name, token=token)
        except PakkaError as exc:
            raise _fail(str(exc)) from None
        return
    if game is None:
        raise _fail("name the game to play (see `pakka games`), or give --connect URL")
    g = _game(game)
    opts = _options(g, option or [])
    levels = [s.strip() for s in (seat_bots or "").split(",") if s.strip()]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        raise _fail(f"unknown bot level {bad[0]!r}; levels are: {', '.join(LEVELS)}")
    try:
        state = g.new_match(players=players, options=opts, seed=seed)
    except PakkaError as exc:
        raise _fail(str(exc)) from None
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        client = LineClient(state, lang, sys.stdin, sys.stdout)
        finished = client.run()
    else:
        try:
            from pakka.tui import run_local
        except ImportError as exc:
            raise _fail(f"{exc}: install pakka[tui], or play with --plain") from None
        finished, state = run_local(state, levels, lang)
    if save is not None:
        save.write_text(json.dumps(state.to_json(), indent=1))
        typer.echo(t("saved", lang, path=save))
    if not finished:
        raise typer.Exit(1)


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="a match record written by --save or the server")],
    seat: Annotated[
        int | None, typer.Option(help="whose view to show (default: spectator)")
    ] = None,
    lang: Annotated[str, typer.Option(help="language: en or fi")] = "en",
) -> None:
    """Replay a saved match and print each step from one seat's view."""
    try:
        data = json.loads(record.read_text())
        g = _game(data["game"])
        target = g.from_json(data)
    except (OSError, ValueError, KeyError, PakkaError) as exc:
        raise _fail(f"cannot replay {record}: {exc}") from None
    state = g.new_match(target.players, target.options, target.seed, target.stacked_deck)
    assert target.log is not None
    shows = presenter(g)
    names = default_names(lang)
    for step, (s, action) in enumerate(target.log, 1):
        events = state.apply(s, action)
        for sentence in shows.present(state.view(seat), events, names, lang, g.info).sentences:
            typer.echo(f"{step:4}  {sentence}")
    final = shows.present(state.view(seat), (), names, lang, g.info)
    if final.match_summary is not None:
        for line in summary_lines(final.match_summary):
            typer.echo(line)


@app.command()
def review(
    record: Annotated[Path, typer.Argument(help="a match record written by --save or the server")],
    seat: Annotated[int, typer.Option(help="whose decisions to review (0 is the first seat)")] = 0,
    lang: Annotated[str, typer.Option(help="language: en or fi")] = "en",
    deal: Annotated[int | None, typer.Option(help="only this deal (1 is the first)")] = None,
    worlds: Annotated[
        int | None, typer.Option(help="sampled worlds per decision (default: the game's)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the review as JSON")] = False,
    tui: Annotated[bool, typer.Option("--tui", help="open the full-screen review")] = False,
) -> None:
    """Review one seat's decisions with the search bot: marks, better moves and why."""
    from pakka.review.cli import run_review

    try:
        data = json.loads(record.read_text())
        _game(data["game"])
    except (OSError, ValueError, KeyError) as exc:
        raise _fail(f"cannot read {record}: {exc}") from None
    if tui:
        from pakka.tui.review import ReviewApp

        if not 0 <= seat < int(data.get("players", 0)):
            raise _fail(f"cannot review {record}: seat {seat} is not at this table")
        ReviewApp(data, seat, lang, deal).run()
        return
    try:
        run_review(data, seat, lang, deal, worlds, as_json, typer.echo)
    except (ValueError, PakkaError) as exc:
        raise _fail(f"cannot review {record}: {exc}") from None


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="the game to play")],
    seats: Annotated[str, typer.Option(help="bot level per seat, e.g. hard,normal,normal,normal")],
    matches: Annotated[
        int, typer.Option(help="duplicate matches (each in every distinct seat rotation)")
    ] = 10,
    seed: Annotated[int, typer.Option(help="first deal seed")] = 0,
    jobs: Annotated[int | None, typer.Option(help="worker processes (default: every core)")] = None,
    option: Annotated[list[str] | None, typer.Option(help="variant option key=value")] = None,
    out: Annotated[Path | None, typer.Option(help="write the full results as JSON here")] = None,
    ray: Annotated[
        str | None, typer.Option(help="play on a Ray cluster: its address, or 'auto'")
    ] = None,
) -> None:
    """Measure bots against each other with seeded duplicate matches."""
    from pakka.bots.arena import run_arena

    g = _game(game)
    opts = _options(g, option or [])
    levels = [s.strip() for s in seats.split(",") if s.strip()]
    try:
        result = run_arena(
            g.name, levels, matches, seed, jobs, dataclasses.asdict(opts), ray_address=ray
        )
    except (PakkaError, ValueError) as exc:
        raise _fail(str(exc)) from None
    typer.echo(result.table())
    if out is not None:
        out.write_text(json.dumps(result.to_json(), indent=1))
        typer.echo(f"results written to {out}")


@app.command()
def bench(
    games: Annotated[
        list[str] | None, typer.Argument(help="games to measure (default: all)")
    ] = None,
    seconds: Annotated[float, typer.Option(help="seconds of random play per engine")] = 3.0,
) -> None:
    """Measure engine speed (and the peers RLCard/OpenSpiel when installed)."""
    from pakka.bench import report

    names = games or pakka.games.names()
    for name in names:
        _game(name)
    typer.echo(report(names, seconds))


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="the game to train a network for (it needs a codec)")],
    out: Annotated[
        Path | None,
        typer.Option(help="run folder: checkpoint, weights, curve (default: train-runs/GAME)"),
    ] = None,
    minutes: Annotated[float | None, typer.Option(help="stop after this much wall time")] = None,
    deals: Annotated[int | None, typer.Option(help="stop after this many more deals")] = None,
    checkpoint_minutes: Annotated[
        float, typer.Option(help="a checkpoint and a curve point this often")
    ] = 10.0,
    eval_seeds: Annotated[
        int, typer.Option(help="evaluation deals against normal: seeds (x each side: 2 in Guandan)")
    ] = 40,
    seed: Annotated[int, typer.Option(help="seed of a new run's self-play")] = 0,
    players: Annotated[
        int | None, typer.Option(help="a new run's table size (default: the game's)")
    ] = None,
    lr: Annotated[float, typer.Option(help="a new run's learning rate (Adam)")] = 1e-3,
    weight_decay: Annotated[
        float, typer.Option(help="a new run's weight decay (AdamW when above 0)")
    ] = 0.0,
    target: Annotated[
        str,
        typer.Option(
            help="a new run's training target: rollout (one play-out on the true cards), "
            "worlds (averaged over worlds drawn from the seat's view) or deal"
        ),
    ] = "rollout",
    worlds: Annotated[
        int | None, typer.Option(help="with --target worlds: worlds a labelled decision (4)")
    ] = None,
    ship: Annotated[
        Path | None, typer.Option(help="at the end, also write the weights here (float16 .npz)")
    ] = None,
) -> None:
    """Train the learned level by self-play (Deep Monte-Carlo on the CPU; needs PyTorch,
    the optional extra named train).  Resumes from the folder's checkpoint (with its own
    configuration: --target and --worlds choose a new run's); writes curve.csv and
    curve.svg (level gain a deal against normal, by CPU hours) and keeps each
    checkpoint's weights in snapshots/ (benchmarks/learned_curve.py measures them
    against the Guandan rule bots)."""
    try:
        from pakka.bots.train import TARGETS, Config, Trainer, export
    except ImportError as exc:  # pragma: no cover - numpy missing
        raise _fail(f"{exc}: install pakka[rl,train]") from None
    g = _game(game)
    if minutes is None and deals is None:
        raise _fail("give --minutes or --deals (or both): how long to train")
    if target not in TARGETS:
        raise _fail(f"--target must be one of {', '.join(TARGETS)}, not {target!r}")
    if worlds is not None and target != "worlds":
        raise _fail("--worlds needs --target worlds")
    if players is not None and players not in g.info.player_counts:
        raise _fail(
            f"--players: {g.name} is played by {g.info.min_players} to {g.info.max_players}, "
            f"not {players}"
        )
    if lr <= 0 or weight_decay < 0:
        raise _fail("--lr must be above 0 and --weight-decay 0 or more")
    folder = out or Path("train-runs") / g.name
    config = Config.for_target(
        target,
        game=g.name,
        players=players,
        lr=lr,
        weight_decay=weight_decay,
        seed=seed,
        eval_seeds=eval_seeds,
        checkpoint_minutes=checkpoint_minutes,
        **({} if worlds is None else {"worlds": worlds}),
    )
    try:
        trainer = Trainer(folder, config)
    except (PakkaError, SystemExit, ValueError) as exc:
        raise _fail(str(exc)) from None
    resumed = trainer.deals > 0
    typer.echo(
        f"{'resuming' if resumed else 'starting'} {folder}: {trainer.deals} deals, "
        f"{trainer.cpu_seconds / 3600:.2f} CPU hours so far, {trainer.config.target} targets"
    )

    unit = t(trainer.kit.review.unit, "en")

    def report(row: dict[str, Any]) -> None:
        typer.echo(
            f"\ncheckpoint {row['checkpoint']}: {row['deals']} deals, {row['cpu_hours']} CPU h, "
            f"against normal {row['gain']:+.2f} ± {row['gain_ci']:.2f} {unit} a deal, "
            f"ahead in {100 * row['win_rate']:.1f} % of deals"
        )

    total = deals if deals is not None else None
    with typer.progressbar(length=total or 0, label="self-play deals", show_pos=True) as bar:
        last = [0]

        def progress(done: int, row: dict[str, Any] | None) -> None:
            bar.update(done - last[0])
            last[0] = done
            if row is not None:
                report(row)

        trainer.run(minutes=minutes, deals=deals, progress=progress)
    if ship is not None:
        export(trainer.network(), ship, half=True)
        typer.echo(f"weights written to {ship}")
    typer.echo(f"curve: {folder / 'curve.csv'}, {folder / 'curve.svg'}")


class LineClient:
    """A person at seat 0 against random bots, over text streams (testable).

    Everything it prints comes from the presentation layer (``pakka.present``): the same
    prompts, badges, sentences and summaries as the full-screen and browser clients.
    """

    def __init__(
        self, state: State[Any, Any], lang: str, inp: TextIO, out: TextIO, seat: int = 0
    ) -> None:
        self.state = state
        self.lang = lang
        self.inp = inp
        self.out = out
        self.seat = seat
        self.bot_rng = random.Random(state.seed ^ 0x5EED)
        self.presenter = presenter(state.game)

    def names(self, seat: int) -> str:
        return seat_name(seat, self.lang, bot=True)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def present(self, events: Sequence[Event] = ()) -> Presentation:
        return self.presenter.present(
            self.state.view(self.seat), events, self.names, self.lang, self.state.game.info
        )

    def run(self) -> bool:
        """Play to the end; False if the person quit."""
        st = self.state
        while not st.is_over():
            to_act = st.to_act()
            for bot in sorted(to_act - {self.seat}):
                self.show_events(st.apply(bot, self.bot_rng.choice(st.legal_actions(bot))))
            if self.seat in st.to_act():
                action = self.ask()
                if action is None:
                    self.say(t("quit", self.lang))
                    return False
                self.show_events(st.apply(self.seat, action))
        shown = self.present()
        if shown.match_summary is not None:
            for line in summary_lines(shown.match_summary):
                self.say(line)
        self.say(shown.prompt)
        return True

    def show_events(self, events: list[Event]) -> None:
        shown = self.present(events)
        for sentence in shown.sentences:
            self.say("  · " + sentence)
        if shown.deal_summary is not None and not self.state.is_over():
            for line in summary_lines(shown.deal_summary):
                self.say(line)

    def show(self) -> list[Action]:
        shown = self.present()
        self.say("")
        for line in table_lines(shown):
            self.say(line)
        self.say(f"{t('hand', self.lang)}: {cards_text(shown.hand)}")
        self.say(shown.prompt)
        legal = self.state.legal_actions(self.seat)
        self.say(f"{t('legal_moves', self.lang)}:")
        self.list_moves(legal)
        return legal

    def label(self, action: Action) -> str:
        ctx = Context(self.lang, self.names, self.seat, self.state.game.info)
        return self.presenter.action_label(action, self.state.view(self.seat), ctx)

    def list_moves(self, legal: list[Action]) -> None:
        for i, action in enumerate(legal[:MAX_LISTED], 1):
            self.say(f"  {i:3}. {self.label(action)}")
        if len(legal) > MAX_LISTED:
            self.say("  " + t("more_moves", self.lang, count=len(legal) - MAX_LISTED))

    def read(self, prompt: str) -> str | None:
        self.out.write(prompt + "> ")
        self.out.flush()
        line = self.inp.readline()
        return None if line == "" else line.strip()

    def ask(self) -> Action | None:
        legal = self.show()
        while True:
            text = self.read(t("prompt_move", self.lang))
            if text is None or text.lower() in ("q", "quit", "exit"):
                return None
            if text in ("?", "h", "help"):
                self.say(t("help_line", self.lang))
                continue
            if text.lower() in ("l", "list"):
                self.list_moves(legal)
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            try:
                return self.state.game.parse_action(self.state, self.seat, text)
            except AmbiguousAction as exc:
                chosen = self.choose(exc.matches)
                if chosen is not None:
                    return chosen
            except IllegalAction as exc:
                self.say(t("illegal", self.lang, reason=exc.reason))
            except PakkaError as exc:
                self.say(t("bad_input", self.lang, reason=str(exc)))

    def choose(self, matches: list[Any]) -> Action | None:
        self.say(t("choose_which", self.lang))
        self.list_moves(matches)
        text = self.read("#")
        if text and text.isdigit() and 1 <= int(text) <= len(matches):
            chosen: Action = matches[int(text) - 1]
            return chosen
        return None


# `pakka serve` and `pakka db` live with the server (src/pakka/server/cli.py); the extra
# loads lazily.
app.command()(serve)
app.add_typer(server_db, name="db")


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
