"""Pictures of the table at fixed moments of fixed games, for comparing two versions of the code.

    python3 tools/table_pictures.py OUT_DIR [--size 1280x720] [--no-shaders] [--material-symbols] [--lang fa]
    python3 tools/table_pictures.py --compare DIR_A DIR_B

The first form writes one PNG per moment (the HUD and screens drawn over the table, as a player
sees them): a game's first turn after the throw, the help and the settings screens over it, a
turn after the person's first moves, the reveal at its first step and a few steps in, a round's summary after its
reveal, the final standings with the winner's buildings, the curtain of a pass-and-play game.
``--lang`` draws them in another language. The games are seeded and the computers play on the main thread, so the
same code draws the same pictures. The second form compares two such folders pixel by pixel and
prints, for each picture, how many pixels differ and by how much at most (exit 1 when any do).

A restructuring that should change nothing is checked by running the first form before and
after it (e.g. from a `git worktree` of the old commit) and the second on the two folders.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def moments(table):
    """Yield (name, None) at each moment to picture, driving the table between them."""
    from blueprints3d.client.table.model.flow import Mode
    from blueprints3d.engine import actions as A

    app = table.app
    flow = app.flow

    def to_person():
        for _ in range(200):
            if flow.mode is Mode.BOT:
                flow.run_bots()
            elif flow.mode is Mode.ROUND_END or flow.mode is Mode.TURN:
                return

    to_person()
    yield "first-turn"
    app.screens.show_help()
    yield "help"
    app.screens.close_help()
    app.screens.show_settings()
    yield "settings"
    app.screens.settings_screen.back()
    for _ in range(2):  # two of the person's moves: a placement where one is legal
        acts = [A.decode(a) for a in flow.state.legal_actions()]
        k = next((k for k in acts if k.kind is A.Kind.PLACE), acts[0])
        if k.kind is A.Kind.PLACE:
            flow.place(k.die, k.cell)
        elif k.kind is A.Kind.SET_ASIDE:
            flow.set_aside(k.die)
        else:
            flow.discard(k.die)
        if flow.pending is not None:
            flow.confirm()
        to_person()
    yield "after-moves"
    while flow.mode is not Mode.ROUND_END:
        acts = flow.state.legal_actions()
        if flow.mode is Mode.TURN:
            flow.act(acts[0])
            if flow.pending is not None:
                flow.confirm()
        to_person()
    yield "reveal-first-step"  # the reveal as it opens: nothing of the round given away yet
    for _ in range(3):  # the reveal, a few steps in: a building's points on it
        app.reveal.next_step()
    yield "reveal"
    app.reveal.skip_all()
    yield "round-summary"
    while flow.mode is not Mode.GAME_OVER:
        if flow.mode is Mode.ROUND_END:
            app.continue_round()
        elif flow.mode is Mode.TURN:
            flow.act(flow.state.legal_actions()[0])
            if flow.pending is not None:
                flow.confirm()
        else:
            to_person()
        if flow.mode is Mode.ROUND_END and app.reveal.active:
            app.reveal.skip_all()
    yield "standings"


def write_pictures(
    out: Path, size: tuple[int, int], use_shaders: bool, symbols: bool = False, lang: str = "en"
) -> list[Path]:
    from PIL import Image

    from blueprints3d.client.render import shaders
    from blueprints3d.client.render.capture import open_offscreen_base
    from blueprints3d.client.table.model.options import AppOptions, parse_seats
    from blueprints3d.client.table.offscreen import open_table

    from blueprints3d.client.scene.script_text import use_language

    base = open_offscreen_base(256, 256)
    # After the base opens (it opens with shaders off): else every picture was plain colours.
    shaders.configure(use_shaders, base)
    use_language(lang)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    games = [("solo", "Ann,@easy,@medium,@hard", 5, True), ("pass", "Ann,Bob", 3, False)]
    w, h = size
    for label, seats, seed, whole in games:
        options = AppOptions(
            size=size,
            use_shaders=use_shaders,
            seats=parse_seats(seats),
            seed=seed,
            bot_delay=0,
            threaded_bots=False,
            material_symbols=symbols,
        )
        table = open_table(base, w, h, options, overlay=True)
        # A few frames first: the first ones after the table opens may be drawn before every
        # shader and the shadow map are ready (the felt flat, no shadows on it).
        table.render(4)
        try:
            if whole:
                for name, _ in ((m, None) for m in moments(table)):
                    written.append(_save(table, out / f"{label}-{name}.png", Image))
            else:
                written.append(_save(table, out / f"{label}-curtain.png", Image))
        finally:
            table.close()
    return written


def _save(table, path: Path, Image) -> Path:
    Image.fromarray(table.screenshot()).save(path)
    print(path)
    return path


def compare(a: Path, b: Path) -> int:
    import numpy as np
    from PIL import Image

    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    if not names:
        print(f"no pictures in {a} or {b}")
        return 1
    differ = 0
    for name in names:
        if not (a / name).exists() or not (b / name).exists():
            print(f"{name}: only in {a if (a / name).exists() else b}")
            differ += 1
            continue
        x = np.asarray(Image.open(a / name).convert("RGB"), dtype=int)
        y = np.asarray(Image.open(b / name).convert("RGB"), dtype=int)
        if x.shape != y.shape:
            print(f"{name}: sizes differ, {x.shape[1]}x{x.shape[0]} and {y.shape[1]}x{y.shape[0]}")
            differ += 1
            continue
        d = np.abs(x - y).max(axis=2)
        n = int((d > 0).sum())
        print(f"{name}: {n} of {d.size} pixels differ, by at most {int(d.max())}")
        differ += n > 0
    print("the same pictures" if not differ else f"{differ} of {len(names)} pictures differ")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--no-shaders", action="store_true")
    ap.add_argument("--material-symbols", action="store_true", help="the colour-blind help on")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("DIR_A", "DIR_B"))
    ap.add_argument(
        "--lang",
        default="en",
        choices=["en", "de", "zh", "fa"],
        help="the language the table speaks",
    )
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        ap.error("give the folder to write the pictures to (or --compare DIR_A DIR_B)")
    w, h = (int(v) for v in args.size.split("x"))
    write_pictures(args.out, (w, h), not args.no_shaders, args.material_symbols, args.lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
