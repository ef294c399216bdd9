"""The two-player turn (p. 6): take and place a die, then discard a second one, then draw two.

Played on a real ``GameState``: every caption is the engine's description of what happened.
"""

from __future__ import annotations

from blueprints3d.presentation.demos.common import in_player_words, refusal_words
from blueprints3d.presentation.demos.tasks import TASK, Answer, Task, answer_step
from blueprints3d.presentation.scene import BuildingView, Demo, Die, Ghost, Mark, Step, Tone
from blueprints3d.engine import actions as A
from blueprints3d.engine.errors import IllegalAction
from blueprints3d.engine.materials import Material
from blueprints3d.engine.rules import POOL_SIZE
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.i18n import _, explain, n_, translate

SEED = 7
NAMES = ("Ada", "Ben")


def _pool(s: GameState) -> tuple[Die, ...]:
    return tuple((int(s.material(d)), s.values[d]) for d in s.pool)


def _building(s: GameState, player: int, ghost: Ghost | None = None) -> BuildingView:
    bp = s.blueprints[player]
    return BuildingView(
        _("{name}'s building", name=s.names[player]),
        bp,
        tuple(tuple(st) for st in s.building(player)),
        ghost=ghost,
    )


def build() -> Demo:
    s = GameState.new(2, SEED, start_player=0, names=list(NAMES))
    me = s.current_player
    assert me is not None  # a new game
    in_demand = s.in_demand_materials()
    steps = [
        _start_step(s, me, in_demand),
        _refused_discard_step(s, me, in_demand),
        _take_step(s, me, in_demand),
    ]
    steps += _discard_steps(s, me, in_demand)
    steps.append(_try_step(s, in_demand))
    return Demo(
        "two-players",
        _("The two-player turn"),
        _("take and place a die, discard a second, draw two replacements"),
        tuple(steps),
    )


def _start_step(s: GameState, me: int, in_demand: tuple[Material, Material]) -> Step:
    """The pool as the game starts, and whose turn it is."""
    return Step(
        n_(
            "Two players: the pool starts with {n} die, rolled and sorted by value "
            "(a two-player game always deals {deal}). It is {name}'s turn.",
            "Two players: the pool starts with {n} dice, rolled and sorted by value "
            "(a two-player game always deals {deal}). It is {name}'s turn.",
            len(s.pool),
            deal=POOL_SIZE[2],
            name=s.names[me],
        ),
        (_building(s, me),),
        pool=_pool(s),
        in_demand=in_demand,
        facts={"pool": len(s.pool), "player": me},
    )


def _refused_discard_step(s: GameState, me: int, in_demand: tuple[Material, Material]) -> Step:
    """A discard before taking is refused, and the state is left as it was."""
    try:
        s.apply(A.discard(s.pool[0]))
        refusal = refused = None
    except IllegalAction as e:
        refusal = str(e)
        refused = explain(e)
    return Step(
        _("Discarding first is not allowed: {refusal}.", refusal=refused),
        (_building(s, me),),
        pool=_pool(s),
        pool_marks={0: Mark(_("no discard yet"), Tone.BAD)},
        in_demand=in_demand,
        facts={"refusal": refusal},
    )


def _take_step(s: GameState, me: int, in_demand: tuple[Material, Material]) -> Step:
    """The take, shown, then made: the first legal placement the engine offers."""
    take = next(a for a in s.legal_actions() if A.cell_of(a) is not None)
    die, cell = A.die_of(take), A.cell_of(take)
    assert cell is not None  # a placement
    i = s.pool.index(die)
    said = in_player_words(s.blueprints[me], s.action_message(take, reveal=True))  # shown anyway
    step = Step(
        _("{action}.", action=said),
        (_building(s, me, Ghost(s.material(die), s.values[die], cell, Tone.GOOD)),),
        pool=_pool(s),
        pool_marks={i: Mark(_("take"), Tone.FOCUS)},
        in_demand=in_demand,
        facts={"action": said},
    )
    s.apply(take)
    return step


def _discard_steps(s: GameState, me: int, in_demand: tuple[Material, Material]) -> list[Step]:
    """The second decision of a two-player turn: a die discarded, two drawn to replace it."""
    steps: list[Step] = []
    assert s.phase is Phase.DISCARD and s.current_player == me
    drop = s.pool[-1]  # the highest die, so the opponent cannot have it
    steps.append(
        Step(
            n_(
                "Still {name}'s turn: with two players a second die is now discarded "
                "({n} die left in the pool). {name} throws away the highest die so that {other} cannot take it.",
                "Still {name}'s turn: with two players a second die is now discarded "
                "({n} dice left in the pool). {name} throws away the highest die so that {other} cannot take it.",
                len(s.pool),
                name=s.names[me],
                other=s.names[1 - me],
            ),
            (_building(s, me),),
            pool=_pool(s),
            pool_marks={len(s.pool) - 1: Mark(_("discard"), Tone.BAD)},
            in_demand=in_demand,
            facts={"phase": s.phase.value, "pool": len(s.pool)},
        )
    )
    said = translate(s.action_message(A.discard(drop)))
    before = set(s.pool)
    s.apply(A.discard(drop))
    new = [k for k, d in enumerate(s.pool) if d not in before]
    nxt = s.current_player
    assert nxt is not None  # round 1 goes on
    steps.append(
        Step(
            n_(
                "{action}. Two replacements are drawn and rolled, so the pool is back to {n} die; "
                "the discarded die is out of the round. Now it is {name}'s turn.",
                "{action}. Two replacements are drawn and rolled, so the pool is back to {n} dice; "
                "the discarded die is out of the round. Now it is {name}'s turn.",
                len(s.pool),
                action=said,
                name=s.names[nxt],
            ),
            (_building(s, me),),
            pool=_pool(s),
            pool_marks={k: Mark(_("new, drawn"), Tone.GOOD) for k in new},
            discarded=tuple((int(s.material(d)), s.values[d]) for d in s.discarded),
            in_demand=in_demand,
            facts={
                "new": len(new),
                "pool": len(s.pool),
                "discarded": len(s.discarded),
                "next": nxt,
            },
        )
    )
    return steps


def _try_step(s: GameState, in_demand) -> Step:
    """The learner plays the next player's take: any die, any space; the engine's ``apply``
    (on a copy of the game) judges it and says what happened."""
    me = s.current_player
    assert me is not None  # the game goes on
    names = s.names
    prompt = _(
        "Try it yourself: you are {name}. Take any die from the pool and put it on a space "
        "of {name}'s card where it may go.",
        name=names[me],
    )
    view = _building(s, me)
    base = Step(prompt, (view,), pool=_pool(s), pool_label=_("Pool"), in_demand=in_demand)

    def judge(k: int, cell: int) -> Answer:
        game = s.clone()
        die = game.pool[k]
        shown = (int(game.material(die)), game.values[die])
        try:
            said = in_player_words(
                game.blueprints[me], game.action_message(A.place(die, cell), reveal=True)
            )
            game.apply(A.place(die, cell))
        except IllegalAction as e:
            caption = _(
                "Not there ({refusal}). The die is back in the pool; try another space.",
                refusal=refusal_words(game.blueprints[me], e.message or explain(e)),
            )
            return Answer(
                False,
                False,
                caption,
                answer_step(base, 0, view, k, caption, False, False, shown, cell),
            )
        caption = n_(
            "Yes: {action}. With two players {name} now discards one of the "
            "{n} die left, so that {other} cannot have it.",
            "Yes: {action}. With two players {name} now discards one of the "
            "{n} dice left, so that {other} cannot have it.",
            len(game.pool),
            action=said,
            name=names[me],
            other=names[1 - me],
        )
        after = _building(game, me)
        return Answer(
            True,
            True,
            caption,
            answer_step(
                base, 0, after, k, caption, True, True, shown, cell, {"phase": game.phase.value}
            ),
        )

    return Step(
        prompt,
        (view,),
        pool=base.pool,
        pool_label=base.pool_label,
        in_demand=in_demand,
        facts={TASK: Task(prompt, 0, judge)},
    )
