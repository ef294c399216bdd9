"""The bag and the pool: drawing dice at random, rolling them, keeping the pool sorted.

Plain functions over the state's lists (die ids, and one value per die), because these run on
every move of every playout. All randomness comes from the one ``rng.random`` passed in, drawn
in a fixed order, so a seed and a list of actions always give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE
from blueprints3d.engine.rules import DIE_FACES


def draw(bag: list[int], rand: Callable[[], float]) -> int:
    """Draw one die from the bag at random (the bag is unordered; order comes from the rng)."""
    i = int(rand() * len(bag))
    d = bag[i]
    bag[i] = bag[-1]
    bag.pop()
    return d


def draw_to_pool(
    count: int, bag: list[int], pool: list[int], values: list[int], rand: Callable[[], float]
) -> None:
    """Draw, roll and add ``count`` dice to the pool, kept sorted by value (then die id).
    Decision: an empty bag gives no replacement."""
    for _ in range(count):
        if not bag:
            return
        i = int(rand() * len(bag))  # draw(), inlined: this runs on every move
        d = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        v = values[d] = int(rand() * DIE_FACES) + 1
        key = v * NUM_DICE + d
        j = len(pool)
        while j and values[pool[j - 1]] * NUM_DICE + pool[j - 1] > key:
            j -= 1
        pool.insert(j, d)


def draw_in_demand(bag: list[int], rand: Callable[[], float]) -> tuple[int, int]:
    """Two dice of different colours for the scoreboard; a match goes back, draw again."""
    first = draw(bag, rand)
    while True:
        second = draw(bag, rand)
        if MATERIAL_OF[second] != MATERIAL_OF[first]:
            return first, second
        bag.append(second)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Fisher-Yates on rng.random(), whose sequence Python guarantees across versions and
    platforms (random.shuffle's use of the generator is not guaranteed)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
