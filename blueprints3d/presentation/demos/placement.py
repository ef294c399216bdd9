"""Placement (p. 3): empty spaces, hatched spaces, equal-or-higher on top, refused drops.

Every verdict is ``placement_error``'s: the demo tries a drop and shows what the engine says.
"""

from __future__ import annotations

from dataclasses import replace

from blueprints3d.presentation.words import die_name
from blueprints3d.presentation.demos.common import (
    G,
    R,
    S,
    W,
    refusal_words,
    space_name,
    space_names,
)
from blueprints3d.presentation.demos.tasks import TASK, Task, placement_answer, top_of
from blueprints3d.presentation.scene import BuildingView, Demo, Ghost, Mark, Step, Tone
from blueprints3d.i18n import _, n_
from blueprints3d.presentation.words import colour_word

from blueprints3d.engine.blueprints import Blueprint, card_by_id, placement_error, placement_message
from blueprints3d.engine.materials import Material

CARD = "B03"  # Courtyard: a hatched space in the middle row


class _Drops:
    """The demo's card and the dice put on it so far: each drop tried as the engine judges it."""

    def __init__(self, bp: Blueprint) -> None:
        self.bp = bp
        self.stacks: list[list[tuple[int, int]]] = [[] for _ in range(bp.num_cells)]

    def top(self, cell: int) -> int | None:
        return self.stacks[cell][-1][1] if self.stacks[cell] else None

    def verdicts(self, value: int) -> dict[int, str | None]:
        return {
            c: placement_error(self.bp, self.top(c), value, c) for c in range(self.bp.num_cells)
        }

    def view(
        self, ghost: Ghost | None, value: int | None, extra: dict[int, Mark] | None = None
    ) -> BuildingView:
        marks: dict[int, Mark] = {}
        if value is not None:
            for c, err in self.verdicts(value).items():
                marks[c] = Mark("", Tone.GOOD if err is None else Tone.BAD)
        marks.update(extra or {})
        return BuildingView(
            _("{id} {name}", id=self.bp.id, name=self.bp.name_message),
            self.bp,
            tuple(tuple(s) for s in self.stacks),
            cell_marks=marks,
            ghost=ghost,
        )

    def try_drop(self, material: Material, value: int, cell: int, lead: str) -> Step:
        err = placement_error(self.bp, self.top(cell), value, cell)
        ok = [c for c, e in self.verdicts(value).items() if e is None]
        if err is None:
            if self.top(cell) is not None:
                caption = _(
                    "{lead} Allowed: the {colour} {value} goes on {space}, on top of the {below}.",
                    lead=lead,
                    colour=colour_word(material),
                    value=value,
                    space=space_name(self.bp, cell),
                    below=self.top(cell),
                )
            else:
                caption = _(
                    "{lead} Allowed: the {colour} {value} goes on {space}, an empty space.",
                    lead=lead,
                    colour=colour_word(material),
                    value=value,
                    space=space_name(self.bp, cell),
                )
        else:
            caption = _(
                "{lead} Refused ({refusal}). The building is unchanged; "
                "the {value} may go on {spaces}.",
                lead=lead,
                refusal=refusal_words(
                    self.bp, placement_message(self.bp, self.top(cell), value, cell) or err
                ),
                value=value,
                spaces=space_names(self.bp, ok),
            )
        ghost = Ghost(
            material,
            value,
            cell,
            Tone.GOOD if err is None else Tone.BAD,
            _("OK") if err is None else _("No"),
        )
        return Step(
            caption,
            (self.view(ghost, value),),
            facts={"cell": cell, "value": value, "error": err, "allowed": ok},
        )

    def put(self, material: Material, value: int, cell: int) -> None:
        assert placement_error(self.bp, self.top(cell), value, cell) is None
        self.stacks[cell].append((int(material), value))


def build() -> Demo:
    card = _Drops(card_by_id(CARD))
    steps: list[Step] = [_empty_card_step(card)]
    # 2. First die on an empty numbered space.
    steps.append(
        card.try_drop(W, 3, 3, _("Drop an orange 3 on {space}.", space=space_name(card.bp, 3)))
    )
    card.put(W, 3, 3)
    # 3. A higher value on top.
    steps.append(card.try_drop(R, 5, 3, _("Now a green 5 on top of the orange 3: a higher value.")))
    card.put(R, 5, 3)
    # 4. An equal value on top.
    steps.append(card.try_drop(S, 5, 3, _("A black 5 on the green 5: an equal value.")))
    # 5. A lower value on top: refused.
    steps.append(card.try_drop(G, 2, 3, _("A clear 2 on the green 5: a lower value.")))
    # 6. Onto the hatched space: refused.
    steps.append(card.try_drop(G, 2, _hatched(card.bp)[0], _("The clear 2 on the hatched space.")))
    # 7. The 2 placed where it fits; stacks have no height limit and placement is final.
    card.put(G, 2, 0)
    card.put(S, 5, 3)
    steps.append(_final_step(card))
    # 8. Try it yourself: a green 4 (and a black 1) to put where it may go.
    steps.append(_try_step(card.view(None, None)))
    # 9. A die that fits nowhere: every space refuses it.
    steps.append(_nowhere_step())
    return Demo(
        "placement",
        _("Placing dice"),
        _("empty spaces, hatched spaces, equal or higher on top, a refused drop and why"),
        tuple(steps),
    )


def _hatched(bp: Blueprint) -> list[int]:
    return [c for c in range(bp.num_cells) if bp.is_hatched(c)]


def _empty_card_step(card: _Drops) -> Step:
    """1. An empty card: every space except the hatched one."""
    bp = card.bp
    v = card.verdicts(3)
    hatched = _hatched(bp)
    ok = [c for c, e in v.items() if e is None]
    return Step(
        _(
            "An empty card. A die may go on any empty space that is not hatched: {allowed} of the "
            "{spaces} spaces, lit green. The striped one, {space}, never takes a die.",
            allowed=len(ok),
            spaces=bp.num_cells,
            space=space_name(bp, hatched[0]),
        ),
        (card.view(None, 3),),
        facts={"value": 3, "allowed": ok, "error": v[hatched[0]], "cell": hatched[0]},
    )


def _final_step(card: _Drops) -> Step:
    """7. The building after the clear 2 and the black 5 are placed."""
    bp, stacks = card.bp, card.stacks
    return Step(
        _(
            "The clear 2 goes on an empty space, {space}, and the black 5 tops the stack of "
            "{height} on {tower}: stacks have no height limit. Placement is final; "
            "dice never move and never change value.",
            space=space_name(bp, 0),
            height=len(stacks[3]),
            tower=space_name(bp, 3),
        ),
        (card.view(None, None),),
        facts={"stacks": [list(s) for s in stacks]},
    )


def _nowhere_step() -> Step:
    """9. A die that fits nowhere: every open space of a full building refuses it."""
    tower = card_by_id("B14")  # Stepped Tower: three open spaces in one column
    full = [[(int(W), 6)] if not tower.is_hatched(c) else [] for c in range(tower.num_cells)]
    refusals = {
        c: placement_error(tower, full[c][-1][1] if full[c] else None, 3, c)
        for c in range(tower.num_cells)
    }
    open_cells = [c for c in range(tower.num_cells) if not tower.is_hatched(c)]
    refused = refusals[open_cells[0]]
    assert refused is not None  # every open space refuses the 3
    return Step(
        n_(
            "A clear 3 on a building whose open spaces all show a 6 fits nowhere ({refusal}; "
            "the same on the other {n} space). Such a die may be taken only when it fits "
            "nowhere; it leaves the round and still counts as one of the 6 takes.",
            "A clear 3 on a building whose open spaces all show a 6 fits nowhere ({refusal}; "
            "the same on the other {n} spaces). Such a die may be taken only when it fits "
            "nowhere; it leaves the round and still counts as one of the 6 takes.",
            len(open_cells) - 1,
            refusal=refusal_words(tower, placement_message(tower, 6, 3, open_cells[0]) or refused),
        ),
        (
            BuildingView(
                _("{id} {name}", id=tower.id, name=tower.name_message),
                tower,
                tuple(tuple(st) for st in full),
                cell_marks={c: Mark("", Tone.BAD) for c in range(tower.num_cells)},
            ),
        ),
        pool=((int(G), 3),),
        pool_label=_("Taken"),
        pool_marks={0: Mark(_("fits nowhere"), Tone.BAD, glow=False)},
        facts={"refusals": refusals, "allowed": [c for c, e in refusals.items() if e is None]},
    )


def _try_step(building: BuildingView) -> Step:
    """The learner puts a die on this building; the engine's placement_error judges the space."""
    bp = building.shown_blueprint
    pool = ((int(R), 4), (int(S), 1))
    prompt = _("Try it yourself: take a die from the pool and put it on a space where it may go.")
    base = Step(
        prompt,
        (building,),
        pool=pool,
        pool_label=_("Your dice"),
        facts={
            "allowed": {
                k: [
                    c
                    for c in range(bp.num_cells)
                    if placement_error(bp, top_of(building.stacks[c]), v, c) is None
                ]
                for k, (_, v) in enumerate(pool)
            }
        },
    )

    def judged(after: BuildingView, die, cell: int):
        below = after.stacks[cell][-2][1] if len(after.stacks[cell]) > 1 else None
        where = space_name(bp, cell)
        said = (
            _("on top of the {below}, an equal value", below=below)
            if below == die[1]
            else _("on top of the {below}, a lower value", below=below)
            if below is not None
            else _("an empty space")
        )
        return (
            True,
            _(
                "Yes: the {die} may go on {space}, {how}. It stays there for the rest of the game.",
                die=die_name(Material(die[0]), die[1]),
                space=where,
                how=said,
            ),
            {},
        )

    def judge(k: int, cell: int):
        return placement_answer(base, 0, k, cell, judged)

    return replace(base, facts={**base.facts, TASK: Task(prompt, 0, judge)})
