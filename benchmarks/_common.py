"""Shared bits of the benchmark scripts: the package on the path, argument parsing, timing."""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cardgames as cg  # noqa: E402


def games(selected: list[str] | None) -> list[str]:
    return [cg.get_game(g).name for g in selected] if selected else sorted(cg.GAMES)


def parser(doc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    p.add_argument("games", nargs="*", help="games to measure (default: all in cg.GAMES)")
    return p


def clock() -> float:
    return time.perf_counter()
