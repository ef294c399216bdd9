"""The table fixtures: ``tables`` opens tables for one test, ``module_tables`` for a whole test
module (a table is slow to open; tests that start their own games on it share one). Both are
``TableShelf.open`` (tests/support/table_rig.py) and close what they opened afterwards:

    @pytest.fixture(scope="module")
    def table(module_tables):
        return module_tables(640, 360, seats=SOLO, seed=1)
"""

from __future__ import annotations

import pytest

from support.table_rig import TableShelf


@pytest.fixture
def tables(offscreen_base):
    shelf = TableShelf(offscreen_base)
    yield shelf.open
    shelf.close()


@pytest.fixture(scope="module")
def module_tables(offscreen_base):
    shelf = TableShelf(offscreen_base)
    yield shelf.open
    shelf.close()
