"""lowball.rl.pettingzoo (issue 31): the AEC environment of every ready-made variant (and a
game of antes, nine-handed) passes PettingZoo's own API test, plays whole hands whose rewards
are the chips won in big blinds, and a policy can be evaluated against lowball's bots."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="the [rl] extra (PettingZoo) is not installed")

import warnings  # noqa: E402

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's own classic games where their extras are installed,
    # and those warn at import that their creation API is deprecated: not this environment's
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test

from lowball import IllegalActionError  # noqa: E402
from lowball.rl import pettingzoo as lpz  # noqa: E402
from lowball.variants import VARIANTS, ForcedBets  # noqa: E402

ANTES = VARIANTS["F2L3D"].replace(forced=ForcedBets(small_blind=0, big_blind=0, ante=1), max_players=9)


# api_test warns about a dict observation (space) for any environment but those of its own list
# (PettingZoo's classic games, which use the same {"observation", "action_mask"} dict as this
# one); every other warning of it fails the test
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize(("variant", "players"), [(code, 3) for code in VARIANTS] + [(ANTES, 9)])
def test_api_test_passes(variant: object, players: int) -> None:
    api_test(lpz.env(variant, players=players, seed=1), num_cycles=200)


def test_whole_hands_give_the_chips_won_as_rewards() -> None:
    e = lpz.env("N2L1D", players=2, stacks=[100, 30], seed=3)
    rng = np.random.default_rng(0)
    rewards = []
    for _ in range(30):
        e.reset()
        got = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated:
                got[agent] = reward
                e.step(None)
                continue
            assert obs["action_mask"].dtype == np.int8 and obs["observation"].shape == (154,)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert got["player_0"] == -got["player_1"]
        assert got["player_1"] == e.hand.payoffs[1] / 2
        rewards.append(got["player_1"])
    assert min(rewards) >= -15 and any(rewards)  # 30 chips: 15 big blinds at most


def test_an_illegal_action_is_refused_and_the_hand_is_unchanged() -> None:
    e = lpz.env("F2L3D", players=2, seed=0)
    e.reset(seed=0)
    before = e.hand.fields()
    with pytest.raises(IllegalActionError, match="action 3 is not allowed now"):
        e.step(3)  # a discard in the first betting round
    assert e.hand.fields() == before


def test_bad_construction_is_named() -> None:
    from lowball.errors import InvalidSeedError
    from lowball.rl import EnvInputError, UnsupportedVariantError

    with pytest.raises(EnvInputError, match="render_mode = 'human': expected None or 'ansi'"):
        lpz.env("F2L3D", render_mode="human")
    with pytest.raises(InvalidSeedError, match="seed = -3"):
        lpz.env("F2L3D", seed=-3)
    with pytest.raises(UnsupportedVariantError, match="variant = 'holdem'"):
        lpz.env("holdem")
    text = lpz.env("F2L1D", render_mode="ansi", seed=1)
    text.reset()
    assert text.render().splitlines()[:3] == [
        "2-7 single draw, fixed limit: betting, stacks [198, 199]",  # 100 big blinds less the blinds
        "  blind p2 1",  # heads-up the button (p2) posts the small blind
        "  blind p1 2",
    ]


def test_a_policy_is_evaluated_against_the_bots() -> None:
    """A player that always checks or calls and never draws loses against the sensible bot
    (about 2.5 big blinds a hand); the same seed gives the same result."""

    def calling(obs: dict[str, np.ndarray]) -> int:
        mask = obs["action_mask"]
        return 1 if mask[1] else int(np.flatnonzero(mask)[0])  # check or call; stand pat in a draw

    first = lpz.play_against_bots(calling, "F2L3D", bots=["sensible"], hands=60, seed=2, players=2)
    again = lpz.play_against_bots(calling, "F2L3D", bots=["sensible"], hands=60, seed=2, players=2)
    assert first == again and first < -1
    random_vs = lpz.play_against_bots(
        lambda o: int(np.flatnonzero(o["action_mask"])[-1]),
        "FB",
        bots=["random", "calling"],
        hands=20,
        seed=1,
        players=3,
    )
    assert isinstance(random_vs, float)
    # the default bots are the commands' default, solid: the same as naming them, and they too
    # beat a player who only checks and calls
    solid = lpz.play_against_bots(calling, "F2L3D", hands=60, seed=2, players=2)
    assert solid == lpz.play_against_bots(calling, "F2L3D", bots=["solid"], hands=60, seed=2, players=2)
    assert solid < -1 and solid != first


def test_the_module_example_runs() -> None:
    result = doctest.testmod(lpz, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 3 and result.failed == 0


def test_import_lowball_needs_no_rl_package() -> None:
    import subprocess
    import sys

    code = "import sys, lowball, lowball.rl; print(sorted(m for m in ('gymnasium', 'pettingzoo') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
