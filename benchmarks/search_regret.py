"""How well a search plan chooses: its regret against a many-sample reference, offline.

    python benchmarks/search_regret.py [--players 4] [--games 8] [--samples 400] [--jobs 2]

A tournament needs hundreds of games to tell two plans apart by a few percent; this measures the
decisions themselves. Positions are taken from games of ``hard`` bots (every fifth decision).
For each, every one of the greedy policy's 16 favourite moves is played out on the same
``--samples`` sampled states (the search's own playouts, common random numbers), once with
softened and once with greedy playouts: the two references, each a model of how the round goes
on. Each plan then decides every position ``--seeds`` times, and its regret is the reference
value of the best move less that of its choice, in chances of winning the game (the expert's
value). Printed per plan: the mean regret under each reference with its standard error (over
positions), by round, and the CPU time a decision took. A plan that is better by both
references chooses better whichever model is nearer the truth; the references' own noise sets
a floor under the regrets. Four players, the defaults take about 20 minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blueprints3d.ai import make_bot, strategy  # noqa: E402
from blueprints3d.ai.heuristic import DEFAULT, action_values  # noqa: E402
from blueprints3d.ai.search import CHANCES, Budget, Tally, analyse  # noqa: E402

# The reference plays out every candidate on each sample, which is one step of the search
# itself: its helpers, so that the reference is the search's model exactly.
from blueprints3d.ai.search import _greedy_cell, _one_sample  # noqa: E402
from blueprints3d.engine import actions as A  # noqa: E402
from blueprints3d.engine.determinize import state_from_view  # noqa: E402
from blueprints3d.engine.materials import MATERIAL_OF  # noqa: E402
from blueprints3d.engine.state import GameState  # noqa: E402

REFERENCE_CANDIDATES = 16
TEMPERATURES = (strategy.TEMPERATURE, 0.0)  # the references: softened, greedy playouts


def positions(players: int, games: int, seed: int) -> list[tuple[GameState, int]]:
    """Every fifth decision of ``games`` games of hard bots (the state, the player to move)."""
    out = []
    for g in range(games):
        state = GameState.new(players, seed + g)
        bots = [make_bot("hard", 7 * g + i) for i in range(players)]
        k = 0
        while not state.is_over:
            p = state.current_player
            if k % 5 == g % 5 and len(state.legal_actions()) > 1:
                out.append((state.clone(), p))
            state.apply(bots[p].choose(state, p))
            k += 1
    return out


def _kind(state: GameState, a: int) -> tuple[int, int, int]:
    """What a move does (equal dice to the same cell are one move), as the search merges them."""
    d, slot = A.split(a)
    return MATERIAL_OF[d], state.values[d], slot


def _reference(job: tuple[GameState, int, int, float, int]) -> dict[tuple[int, int, int], float]:
    """Each of the greedy policy's favourite moves (by what it does) and its mean value, in the
    greedy policy's order (its first key is greedy's own choice)."""
    state, player, samples, temperature, seed = job
    view = state.view(player)
    base = state_from_view(view, random.Random(seed))
    legal = base.legal_actions()
    rated = action_values(base, legal, DEFAULT)
    seen: dict[tuple[int, int, int], int] = {}
    for a in sorted(legal, key=lambda a: (-rated[a], a)):
        seen.setdefault(_kind(base, a), a)
    cands = list(seen.values())[:REFERENCE_CANDIDATES]
    tallies = {a: Tally() for a in cands}
    rng, chooser = random.Random(seed), _greedy_cell(DEFAULT)
    for _ in range(samples):
        _one_sample(
            view,
            player,
            rng,
            chooser,
            cands,
            tallies,
            None,
            DEFAULT,
            False,
            None,
            2.0,
            temperature,
            CHANCES,
        )
    return {_kind(state, a): tallies[a].mean() for a in cands}


def _decide(job) -> list[tuple[list[float], float]]:
    state, player, refs, (moves, candidates, temperature, own), seeds = job
    out = []
    for s in seeds:
        t0 = time.process_time()
        found = analyse(
            state.view(player),
            player,
            random.Random(1000 + s),
            Budget(moves, candidates, 3, None),
            DEFAULT,
            temperature=temperature,
            value=CHANCES,
            own_temperature=own,
        )
        cpu = time.process_time() - t0
        k = _kind(state, found.best)
        out.append(([max(ref.values()) - ref[k] for ref in refs], cpu))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--samples", type=int, default=400, help="samples a reference candidate")
    ap.add_argument("--seeds", type=int, default=3, help="decisions a plan makes per position")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--plans",
        default=None,
        help="name=moves,candidates,temperature[,own temperature];... "
        "(default: the expert's plans and hard's budget)",
    )
    args = ap.parse_args()
    if args.plans:
        plans = {}
        for spec in args.plans.split(";"):
            name, _, vals = spec.partition("=")
            m, c, t, *own = vals.split(",")
            plans[name] = (int(m), int(c), float(t), float(own[0]) if own else None)
    else:
        e, c, h = strategy.EXPERT, strategy.EXPERT.crowd, Budget()
        plans = {
            "expert-two": (e.budget.moves, e.budget.candidates, e.temperature, e.own_temperature),
            "expert-crowd": (c.budget.moves, c.budget.candidates, c.temperature, c.own_temperature),
            "hard-budget": (h.moves, h.candidates, 0.0, None),
        }
    t0 = time.time()
    pos = positions(args.players, args.games, args.seed)
    print(
        f"{len(pos)} positions from {args.games} {args.players}-player games of hard bots "
        f"({time.time() - t0:.0f} s)",
        flush=True,
    )
    with Pool(args.jobs) as pool:
        refs = []
        for t in TEMPERATURES:
            t0 = time.time()
            refs.append(
                pool.map(
                    _reference,
                    [(s, p, args.samples, t, 77 + i) for i, (s, p) in enumerate(pos)],
                    chunksize=1,
                )
            )
            print(
                f"reference with temperature {t}: {args.samples} samples a candidate "
                f"({time.time() - t0:.0f} s)",
                flush=True,
            )
        per_pos = list(zip(*refs, strict=True))
        print(
            f"{'plan':<14}{'moves':>6}{'cands':>6}{'temp':>6}"
            + "".join(f"{f'regret (ref T={t})':>22}" for t in TEMPERATURES)
            + f"{'cpu ms':>8}   by round"
        )
        for name, plan in plans.items():
            res = pool.map(
                _decide,
                [
                    (s, p, r, plan, range(args.seeds))
                    for (s, p), r in zip(pos, per_pos, strict=True)
                ],
                chunksize=1,
            )
            cpu = 1000 * statistics.mean(c for rs in res for _, c in rs)
            cols, rounds = [], []
            for j in range(len(TEMPERATURES)):
                mean_of = [statistics.mean(r[j] for r, _ in rs) for rs in res]
                se = statistics.stdev(mean_of) / len(mean_of) ** 0.5
                cols.append(f"{statistics.mean(mean_of):>13.4f} ± {se:.4f}")
                rounds.append(
                    "/".join(
                        f"{statistics.mean(m for m, (s, _) in zip(mean_of, pos, strict=True) if len(s.round_results) == r):.4f}"
                        for r in range(3)
                    )
                )
            print(
                f"{name:<14}{plan[0]:>6}{plan[1]:>6}{plan[2]:>6}"
                + "".join(f"{c:>22}" for c in cols)
                + f"{cpu:>8.0f}   "
                + "  ".join(rounds),
                flush=True,
            )
        g = [[max(ref.values()) - ref[next(iter(ref))] for ref in r] for r in per_pos]
        print(
            f"{'greedy':<14}{'':>18}"
            + "".join(f"{statistics.mean(x):>13.4f}{'':>9}" for x in zip(*g, strict=True))
        )


if __name__ == "__main__":
    main()
