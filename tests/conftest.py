"""Shared pytest fixtures.

Panda3D allows one ShowBase per process, so every rendering test shares the single offscreen
one opened here (Mesa's software OpenGL through p3headlessgl; no window, no GPU needed).
Add further fixtures below; keep this one session-scoped.
"""

from __future__ import annotations

import pytest

from support.table_rig import TableShelf


@pytest.fixture(scope="session")
def offscreen_base():
    """One offscreen ShowBase for the whole test session (256 x 256 unless a test resizes)."""
    from blueprints3d.client.render.capture import open_offscreen_base

    base = open_offscreen_base(256, 256)
    yield base
    # No destroy(): tearing down the GSG at exit is slow and buys nothing for a test run.


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory, monkeypatch):
    """Every test gets its own empty data folder (autosave, settings, saves, locks), so no test
    reads or writes the user's real one, and tests never see each other's files. A test that
    sets BLUEPRINTS3D_HOME itself overrides this."""
    monkeypatch.setenv("BLUEPRINTS3D_HOME", str(tmp_path_factory.mktemp("home")))
    # The commands speak the language the environment names (blueprints3d/i18n): the tests expect
    # English whatever the machine's locale; tests/test_i18n.py sets its own.
    monkeypatch.setenv("LANGUAGE", "en")
    # Nothing a test starts sends multicast out of this machine's interfaces: room discovery is
    # off unless a test turns it on inside network namespaces of its own (tests/net).
    monkeypatch.setenv("BLUEPRINTS3D_DISCOVERY", "off")
    yield
    # A test that spoke another language leaves English behind it: the catalogue, and the fonts
    # the windows' texts default to (client/scene/script_text.use_language).
    import sys

    import blueprints3d.i18n as i18n

    script_text = sys.modules.get("blueprints3d.client.scene.script_text")
    if script_text is not None:
        script_text.use_language("en")
    else:
        i18n.set_language("en")


# The table: ``tables`` opens tables for one test, ``module_tables`` for a whole test module (a
# table is slow to open; tests that start their own games on it share one). Both are
# ``TableShelf.open`` (tests/support/table_rig.py) and close what they opened afterwards:
#
#     @pytest.fixture(scope="module")
#     def table(module_tables):
#         return module_tables(640, 360, seats=SOLO, seed=1)


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
