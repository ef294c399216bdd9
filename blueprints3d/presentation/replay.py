"""A saved game as a list of steps, move by move, for the replay player.

The game is replayed through the engine from its seed and move log. Without ``open_``, each
step shows only what had been revealed at that moment: buildings and blueprints stay behind
their screens until their round is scored (a spectator sees the dice each player took, as at
the table); ``seat`` also shows that player's own building, as they saw it. With ``open_``
everything is shown all along.
"""

from __future__ import annotations

from collections.abc import Sequence

from blueprints3d.presentation.scene import BuildingView, Die, Mark, Step, Tone
from blueprints3d.engine import actions as A
from blueprints3d.engine.awards import Award
from blueprints3d.engine.materials import MATERIAL_OF
from blueprints3d.engine.results import RoundResult
from blueprints3d.engine.rules import NUM_ROUNDS, TAKES_PER_ROUND
from blueprints3d.engine.scoring import Prize
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n import N_, _, and_list, join_list, n_, sentence, sentences, translate
from blueprints3d.presentation.reveal import award_sentence, prize_sentence
from blueprints3d.presentation.words import colour_word, material_word, title_word

ROLE = {Phase.TAKE: N_("{name} to take a die"), Phase.DISCARD: N_("{name} to discard a die")}


def _die(s: GameState, d: int) -> Die:
    return (MATERIAL_OF[d], s.values[d])


def _header(s: GameState) -> str:
    player = s.current_player
    if player is None:
        return _("Game over")
    n = s.num_players
    return _(
        "Round {round} of {rounds} - turn {turn} of {turns} - {who}",
        round=s.round,
        rounds=NUM_ROUNDS,
        turn=s.turns_done // n + 1,
        turns=TAKES_PER_ROUND,
        who=_(ROLE[s.phase], name=s.names[player]),
    )


def state_step(
    s: GameState,
    caption: str,
    open_: bool,
    seat: int | None,
    last: int | None = None,
    new_pool: Sequence[int] = (),
) -> Step:
    """The table now: ``last`` is the action just played (its die is marked), ``new_pool`` the
    dice just drawn into the pool."""
    visible = [open_ or p == seat or s.is_over for p in range(s.num_players)]
    moved = A.decode(last) if last is not None else None
    placed = moved.cell if moved is not None else None  # the cell of a placement, else None
    views = []
    for p in range(s.num_players):
        mark_last = (
            moved is not None and moved.kind is not A.Kind.DISCARD and moved.die in s.taken[p]
        )
        name = _("{name} (to play)", name=s.names[p]) if p == s.current_player else s.names[p]
        set_aside = tuple(_die(s, d) for d in s.set_aside[p])
        if visible[p]:
            marks: dict[tuple[int, int], Mark] = {}
            if mark_last and placed is not None:
                marks[(placed, len(s.stacks[p][placed]) - 1)] = Mark("", Tone.FOCUS)
            views.append(
                BuildingView(
                    name,
                    s.blueprints[p],
                    tuple(tuple(b) for b in s.building(p)),
                    die_marks=marks,
                    aside=set_aside,
                    aside_label=_("set aside") if set_aside else "",
                )
            )
        else:
            # Behind the screen: only the dice taken, in the open, in the order taken.
            taken = tuple(_die(s, d) for d in s.taken[p])
            # Setting a die aside happens in the open: it is marked among the taken dice.
            out = {
                k: Mark(_("out"), Tone.BAD, glow=False)
                for k, d in enumerate(s.taken[p])
                if d in s.set_aside[p]
            }
            views.append(
                BuildingView(
                    name,
                    None,
                    aside=taken,
                    aside_label=_("taken") if taken else "",
                    aside_marks=out,
                    footer=_(
                        "{taken} of {takes} dice taken", taken=len(taken), takes=TAKES_PER_ROUND
                    ),
                )
            )
    pool_marks = {i: Mark(_("new"), Tone.GOOD) for i, d in enumerate(s.pool) if d in new_pool}
    return Step(
        caption,
        tuple(views),
        pool=tuple(_die(s, d) for d in s.pool),
        pool_marks=pool_marks,
        in_demand=s.in_demand_materials(),
        discarded=tuple(_die(s, d) for d in s.discarded),
        header=_header(s),
        facts={"visible": visible, "round": s.round, "turns_done": s.turns_done},
    )


def round_step(rr: RoundResult, names: Sequence[str]) -> Step:
    """A scored round: every building revealed with its score and what it won."""
    won: dict[int, list[str]] = {}
    for award, pl in rr.awards.items():
        won.setdefault(pl.player, []).append(title_word(award))
    for prize, pl in rr.prizes.items():
        won.setdefault(pl.player, []).append(title_word(prize))

    def footer(p: int) -> str:
        points = n_("{n} point", "{n} points", rr.scores[p].total)
        return (
            _("{points} - {cards}", points=points, cards=join_list(won[p])) if p in won else points
        )

    views = tuple(
        BuildingView(
            names[p],
            rr.blueprints[p],
            rr.buildings[p],
            aside=rr.set_aside[p],
            aside_label=_("set aside") if rr.set_aside[p] else "",
            footer=footer(p),
        )
        for p in range(len(names))
    )
    said = [sentence(_("Round {round} is scored and the buildings are revealed", round=rr.round))]
    said += [
        sentence(award_sentence(a, pl, names, rr.scores[pl.player].total))
        for a, pl in rr.awards.items()
    ]
    said += [sentence(prize_sentence(z, pl, names)) for z, pl in rr.prizes.items()]
    caption = sentences(said)
    return Step(
        caption,
        views,
        in_demand=rr.in_demand,
        header=_("Round {round} scored", round=rr.round),
        facts={"visible": [True] * len(names), "round": rr.round, "scored": True},
    )


def _round_start(s: GameState) -> str:
    starts = s.current_player
    assert starts is not None  # a round that begins is not the end of the game
    first, second = s.in_demand_materials()
    return _(
        "Round {round} begins. In demand: {first_colour} ({first}) first, {second_colour} "
        "({second}) second. Each player gets a secret blueprint; {pool} dice are rolled "
        "into the pool. {name} starts.",
        round=s.round,
        first_colour=colour_word(first),
        first=material_word(first),
        second_colour=colour_word(second),
        second=material_word(second),
        pool=len(s.pool),
        name=s.names[starts],
    )


def _game_over(s: GameState) -> str:
    res = s.result()
    assert res is not None  # called once the game is over
    said = [sentence(_("Game over"))]
    for p in res.standings():
        # Every card won, as often as it was won (a Prize won in two rounds is two cards).
        got = [title_word(a) for a in Award for _k in range(res.awards[p].count(a))]
        got += [title_word(z) for z in Prize for _k in range(res.prizes[p].count(z))]
        if got:
            standing = _(
                "{name} has {vp} VP ({cards})", name=s.names[p], vp=res.victory_points[p],
                cards=join_list(got),
            )  # fmt: skip
        else:
            standing = _("{name} has {vp} VP (no cards)", name=s.names[p], vp=res.victory_points[p])
        said.append(sentence(standing))
    who = and_list([s.names[p] for p in res.winners])
    if res.shared:
        said.append(sentence(_("{names} share the victory", names=who)))
    else:
        said.append(sentence(_("{name} wins", name=who)))
    return sentences(said)


def replay_steps(
    players: int,
    seed: int,
    start_player: int,
    names: Sequence[str],
    log: Sequence[int],
    open_: bool = False,
    seat: int | None = None,
) -> list[Step]:
    """Every step of the game in ``log``, replayed through the engine."""
    s = GameState.new(players, seed, start_player, list(names))
    steps = [state_step(s, _round_start(s), open_, seat)]
    for action in log:
        # Where a die goes is behind the player's screen: named only when that building is shown.
        said = translate(s.action_message(action, reveal=open_ or s.current_player == seat))
        scored = len(s.round_results)
        pool_before = set(s.pool)
        s.apply(action)
        if len(s.round_results) > scored:
            steps.append(round_step(s.round_results[-1], s.names))
            steps[-1] = Step(
                sentences([sentence(said), steps[-1].caption]),
                steps[-1].buildings,
                in_demand=steps[-1].in_demand,
                header=steps[-1].header,
                facts=steps[-1].facts,
            )
            if not s.is_over:
                steps.append(state_step(s, _round_start(s), open_, seat))
            continue
        new = [d for d in s.pool if d not in pool_before]
        steps.append(
            state_step(s, _("{action}.", action=said), open_, seat, last=action, new_pool=new)
        )
    if s.is_over:
        steps.append(state_step(s, _game_over(s), True, None))
    return steps


def game_steps(state: GameState, open_: bool = False, seat: int | None = None) -> list[Step]:
    """The steps of ``state``'s game so far (a loaded save: finished or not)."""
    return replay_steps(
        state.num_players, state.seed, state.start_player, state.names, state.log, open_, seat
    )
