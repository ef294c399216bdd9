"""Visual rule demonstrations as data: each demo is a list of steps computed from the engine.

No Panda3D here: ``blueprints3d.client.apps.demo_player`` draws the steps, the tests check them.
"""

from __future__ import annotations

from collections.abc import Callable

from blueprints3d.presentation.demos import awards, bonus, example, placement, scoring, two_players
from blueprints3d.presentation.scene import Demo

# Name -> builder, in the order the menu lists them.
DEMOS: dict[str, Callable[[], Demo]] = {
    "placement": placement.build,
    "scoring": scoring.build,
    "bonus": bonus.build,
    "example": example.build,
    "awards": awards.build_awards,
    "prizes": awards.build_prizes,
    "ties": awards.build_ties,
    "two-players": two_players.build,
}


class UnknownDemo(LookupError):
    pass


def get_demo(name: str) -> Demo:
    try:
        return DEMOS[name]()
    except KeyError:
        raise UnknownDemo(
            f"no demonstration called {name!r} (there are: {', '.join(DEMOS)})"
        ) from None


def all_demos() -> list[Demo]:
    return [build() for build in DEMOS.values()]
