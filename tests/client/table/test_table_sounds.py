"""The table's sounds for what happens in the game (table_sounds.TableSounds), the volume and mute
settings and --mute reaching the bank, and a real table start: one line without a sound device,
none with --mute."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from blueprints3d.cli import build_parser
from blueprints3d.client.render import audio
from blueprints3d.client.render.audio import PLACE_SPEED, SoundBank
from blueprints3d.client.table.view import table_sounds as TS
from blueprints3d.client.table.model.options import options_from_args
from blueprints3d.client.table.model.flow import GameFlow, Mode, SeatConfig
from blueprints3d.engine import actions as A
from blueprints3d.files.settings import Settings

ROOT = Path(__file__).resolve().parents[3]


class Recording(SoundBank):
    """A silent bank that notes every play as (name, speed, delay)."""

    def __init__(self):
        super().__init__(None)
        self.calls: list[tuple[str, float | None, float]] = []

    def play(self, name, speed=None, rate=1.0, delay=0.0):
        self.calls.append((name, speed, delay))
        return super().play(name, speed, rate)

    def take(self):
        calls, self.calls = self.calls, []
        return calls


def game(seats, seed=5, confirm=True):
    flow = GameFlow(seats, seed, bot_delay=0, threaded_bots=False, confirm_moves=confirm)
    bank = Recording()
    sounds = TS.TableSounds(bank)
    flow.listeners.append(lambda e: sounds.on_event(flow, e))
    sounds.start(flow)
    return flow, bank


def pick(flow, prefer_stack: bool):
    """A legal action of the person to move: onto a die when ``prefer_stack`` and one fits."""
    s = flow.state
    actions = s.legal_actions()
    stacks = s.stacks[s.current_player]
    places = [a for a in actions if A.decode(a).kind is A.Kind.PLACE]
    on_die = [a for a in places if stacks[A.decode(a).cell]]
    return (on_die or places or actions)[0] if prefer_stack else (places or actions)[0]


def test_the_start_draws_the_pool_and_cues_the_person():
    flow, bank = game([SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")])
    assert flow.mode is Mode.TURN
    assert bank.take() == [("bag_draw", None, 0.0), ("turn", None, 0.0)]


def test_a_whole_game_sounds_each_placement_by_what_is_under_it():
    flow, bank = game([SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")])
    heard = {"die_card": 0, "die_die": 0, "turn": 0}
    turns = 0
    while flow.mode is not Mode.GAME_OVER:
        if flow.mode is Mode.ROUND_END:
            flow.continue_after_round()
            # The next round (if any): its pool comes out of the bag.
            assert (("bag_draw", None, TS.DRAW_DELAY) in bank.calls) == (
                flow.mode is not Mode.GAME_OVER
            )
        elif flow.mode is Mode.BOT:
            flow.run_bots()
        else:
            assert flow.mode is Mode.TURN and flow.current == 0
            turns += 1
            action = pick(flow, prefer_stack=turns % 2 == 0)
            k = A.decode(action)
            if k.kind is A.Kind.PLACE:
                below = len(flow.state.stacks[0][k.cell])
                before = len(bank.calls)
                flow.place(k.die, k.cell)
                # The drop sounds at once, by what it lands on; nothing is drawn yet (not confirmed).
                assert bank.calls[before:] == [
                    ("die_die" if below else "die_card", PLACE_SPEED, 0.0)
                ]
                heard["die_die" if below else "die_card"] += 1
                bank.calls.pop()
            else:
                flow.set_aside(k.die)
            in_round = flow.state.round
            flow.confirm()
            if k.kind is A.Kind.SET_ASIDE:
                assert bank.calls[0][0] == "die_felt"
            if flow.mode is not Mode.ROUND_END and flow.state.round == in_round and flow.state.bag:
                assert ("bag_draw", None, TS.DRAW_DELAY) in bank.calls  # the pool refilled
        calls = bank.take()
        for name, speed, delay in calls:
            if name in ("die_card", "die_die"):
                # A computer's placement sounds by what it went on only when it ended the round
                # (every building is on show then); the confirm never sounds the die again.
                assert flow.mode in (Mode.ROUND_END, Mode.GAME_OVER) and delay == TS.GLIDE
            if name == "die_felt" and delay == TS.GLIDE:
                assert speed == TS.HIDDEN_SPEED  # a computer's die behind its screen: a soft thud
        for name in heard:
            heard[name] += sum(c[0] == name for c in calls)
        # The Award and Prize cues wait for the reveal's steps (test_reveal checks them there).
        assert not any(c[0] in ("award", "prize") for c in calls)
    assert heard["die_card"] > 0 and heard["die_die"] > 0
    assert heard["turn"] == turns  # each of Ann's turns cued once


def test_without_confirm_a_persons_drop_sounds_once():
    flow, bank = game(
        [SeatConfig("Ann"), SeatConfig("Bob", "easy"), SeatConfig("Cy", "easy")], confirm=False
    )
    bank.take()
    k = A.decode(pick(flow, False))
    flow.place(k.die, k.cell)
    calls = bank.take()
    assert calls[0] == ("die_card", PLACE_SPEED, 0.0)
    assert sum(c[0] in ("die_card", "die_die") for c in calls) == 1


def test_hot_seat_cues_once_at_the_curtain_not_again_when_it_lifts():
    flow, bank = game([SeatConfig("Ann"), SeatConfig("Bob")], confirm=False)
    assert flow.mode is Mode.CURTAIN  # a hot-seat game opens behind the curtain, cued
    assert bank.take() == [("bag_draw", None, 0.0), ("turn", None, 0.0)]
    flow.pass_curtain()
    assert flow.mode is Mode.TURN and not [c for c in bank.take() if c[0] == "turn"]
    # Two players: a placement, then a discard, both Ann's one turn: no second cue between them.
    k = A.decode(pick(flow, False))
    flow.place(k.die, k.cell)
    assert flow.discarding()
    assert not [c for c in bank.take() if c[0] == "turn"]
    flow.discard(flow.state.pool[0])
    assert flow.mode is Mode.CURTAIN
    assert [c for c in bank.take() if c[0] == "turn"] == [("turn", None, 0.0)]
    flow.pass_curtain()
    assert flow.mode is Mode.TURN and not [c for c in bank.take() if c[0] == "turn"]


# ---- the app: settings, --mute -------------------------------------------------------------------


@pytest.fixture()
def table(tables, tmp_path):
    def make(**options):
        return tables(
            320,
            200,
            seats=[SeatConfig("Ann"), SeatConfig("Bob", "easy")],
            seed=3,
            bot_delay=None,
            settings_path=tmp_path / "settings.json",
            **options,
        ).app

    return make


def test_the_settings_volume_and_mute_reach_the_bank(table):
    app = table(settings=Settings(volume=30))
    bank = app.sounds.bank
    assert bank.volume == pytest.approx(0.3) and not bank.muted
    assert [n for n, *_ in bank.log][:2] == ["bag_draw", "turn"]  # the game started
    app.change_settings(app.settings.changed(volume=100, mute=True))
    assert bank.volume == 1.0 and bank.muted
    app.change_settings(app.settings.changed(mute=False))
    assert not bank.muted


def test_mute_on_the_command_line_holds_for_the_run(table):
    app = table(settings=Settings(), mute=True)
    assert app.sounds.bank.muted and not app.sounds.bank.log
    app.change_settings(app.settings.changed(volume=50))
    assert app.sounds.bank.muted  # --mute is this run's; the settings' mute is the lasting one


def test_mute_is_a_table_option():
    args = build_parser().parse_args(["play", "--mute", "--no-autosave"])
    assert options_from_args(args).mute
    assert not options_from_args(build_parser().parse_args(["play", "--no-autosave"])).mute


def _start_table(*extra, env_extra=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env_extra or {}))
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "blueprints3d",
            "--seats",
            "Ann,@easy",
            "--seed",
            "1",
            "--quit-after",
            "1",
            "--offscreen",
            "--no-autosave",
            *extra,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


NOISE = ("ALSA lib", "AL lib", ":audio", "OpenAL")


def test_a_table_without_a_sound_device_says_so_in_one_line():
    # OpenAL Soft with no backend to open: what a machine without a sound device gets.
    run = _start_table(env_extra={"ALSOFT_DRIVERS": "none-such"})
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    assert lines.count(audio.no_device_line()) == 1, run.stderr
    assert not [line for line in lines if any(n in line for n in NOISE)], run.stderr
    muted = _start_table("--mute", env_extra={"ALSOFT_DRIVERS": "none-such"})
    assert muted.returncode == 0 and audio.NO_DEVICE not in muted.stderr, muted.stderr
