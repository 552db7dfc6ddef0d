"""Every benchmark in one run on one machine (the figures the README quotes)."""

from __future__ import annotations

import platform

import _common  # noqa: F401
import playout_speed
import rules_vs_random
import search_vs_rules
import simulate_speed
import solver_speed

if __name__ == "__main__":
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or platform.system()}")
    playout_speed.main([])
    simulate_speed.main([])
    rules_vs_random.main([])
    solver_speed.main([])
    search_vs_rules.main([])
