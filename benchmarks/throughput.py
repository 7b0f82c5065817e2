"""Random-play throughput, clone() and determinize() cost of every engine, and the peers.

    .venv/bin/python benchmarks/throughput.py [GAME ...] [--seconds S]

The peers (RLCard Dou Dizhu, OpenSpiel Hearts and Dou Dizhu) are measured when installed;
``benchmarks/peers.sh`` makes a separate environment with them and runs this script there.
"""

from __future__ import annotations

import argparse

import pakka.games
from pakka.bench import report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(report(args.games or pakka.games.names(), args.seconds))


if __name__ == "__main__":
    main()
