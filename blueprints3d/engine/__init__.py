"""The rules of Blueprints, headless: state, actions, scoring, awards, views and rule numbers.

Pure Python; never imports Panda3D. Everything that shows or plays the game asks this package
what is legal. The whole API in a few lines::

    from blueprints3d.engine import GameState, actions
    s = GameState.new(3, seed=7, start_player=0, names=["Ann", "Bo", "Cy"])
    s.current_player                 # whose decision it is (None once the game is over)
    legal = s.legal_actions()        # small ints: actions.place(die, cell), set_aside, discard
    s.apply(legal[0])                # in place; IllegalAction names the rule and changes nothing
    t = s.after(legal[1])            # the pure form: a new state, s unchanged
    s.view(1)                        # what player 1 may see: a frozen PlayerView (.to_dict(): JSON)
    s.round_results[-1].awards       # once a round is scored: scores, Awards, Prizes, reasons
    s.result()                       # at the end: victory points and winners

    GameState.restore(...)           # a state from its parts (determinize.state_from_view uses it)

Every rule number and its wording (rounds, takes, pool sizes, Awards, Prizes, scoring tables, the
rules summary) is in ``rules``. Save and build files live in ``blueprints3d.files``.
"""

from blueprints3d.engine import actions, rules
from blueprints3d.engine.awards import AWARDS_BY_PLAYERS, Award, Placement
from blueprints3d.engine.blueprints import Blueprint, card_by_id, standard_deck
from blueprints3d.engine.errors import BlueprintsError, CardDataError, IllegalAction
from blueprints3d.engine.materials import MATERIAL_OF, NUM_DICE, Material
from blueprints3d.engine.results import GameResult, RoundResult
from blueprints3d.engine.scoring import Prize, Score, explain_building, score_building
from blueprints3d.engine.state import GameState
from blueprints3d.engine.turns import Phase
from blueprints3d.engine.views import DieView, PlayerView

__all__ = [
    "actions",
    "rules",
    "AWARDS_BY_PLAYERS",
    "Award",
    "Placement",
    "Blueprint",
    "card_by_id",
    "standard_deck",
    "BlueprintsError",
    "CardDataError",
    "IllegalAction",
    "MATERIAL_OF",
    "NUM_DICE",
    "Material",
    "Prize",
    "Score",
    "explain_building",
    "score_building",
    "GameResult",
    "GameState",
    "Phase",
    "RoundResult",
    "DieView",
    "PlayerView",
]
