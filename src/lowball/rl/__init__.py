"""Reinforcement learning on the C hand engine: many hands stepped per call.

:class:`VectorEnv` steps ``num_envs`` hands of one variant together in C (``csrc/hand.c``, the
GIL released): reset with a seed, then each :meth:`~VectorEnv.step` takes one action index per
hand and returns the observations, the legal action masks, the player to act, the rewards per
player and the hands that ended (dealt again at once). :class:`CHand` is one hand on the same
engine with :class:`~lowball.engine.HandState`'s actions, and exports itself to a ``HandState``
(:meth:`CHand.to_hand_state`, then :func:`lowball.phh.dumps`). :mod:`lowball.rl.pettingzoo` is a
PettingZoo AEC environment on the same engine (the ``[rl]`` extra installs PettingZoo and
Gymnasium; this module needs numpy only).

Which conventions, and why. The batch API follows PGX (``init``/``step`` returning a state with
``observation``, ``legal_action_mask``, ``current_player`` and ``rewards`` per player, and
``terminated``): poker is a turn-based game of several players, each decision is one player's,
and PGX is the batch API built for exactly that (Gymnasium's vector API has one reward per
environment and no player to act). From Gymnasium's vector environments it takes the seeding
(``reset(seed=...)``) and the same-step autoreset: a hand that ends is dealt again within the
same ``step``, whose ``rewards`` and ``terminated`` say so. Actions are one flat discrete space
with a mask, as PGX and PettingZoo's classic games have it.

The rules are defined once: the variants are :mod:`lowball.variants`' data, and
:class:`~lowball.engine.HandState` stays the reference and the engine of what the C engine does
not play: a hand of :class:`~lowball.engine.Posts` (a table's dead button, dead blinds, a kill)
and a ``manual_showdown`` hand. The C engine agrees with it decision by decision
(``tests/rl/test_hand_agreement.py``; ``bench/check_hand_engine.py`` checks a million hands of
each ready-made variant).
"""

from lowball.rl._chand import CHand, hand_generator, hand_key
from lowball.rl._rules import DEFAULT_FRACTIONS, MAX_CHIPS, UnsupportedVariantError, rules_of, unsupported
from lowball.rl._vector import EnvInputError, Step, VectorEnv, variant_of

__all__ = [
    "CHand",
    "DEFAULT_FRACTIONS",
    "EnvInputError",
    "MAX_CHIPS",
    "Step",
    "UnsupportedVariantError",
    "VectorEnv",
    "hand_generator",
    "hand_key",
    "rules_of",
    "unsupported",
    "variant_of",
]
