"""Reinforcement-learning speed (issue 31): decisions a second of lowball's vector environment
(``lowball.rl.VectorEnv``, hands stepped in C) beside the per-decision engines a learning
researcher would otherwise use, all in one run on one core, random legal decisions throughout.

Run: pytest bench/bench_rl.py -o python_files='bench_*.py' --benchmark-json=out.json
     && python bench/report.py out.json

- lowball ``VectorEnv``, 4,096 hands stepped together, the random legal action of each hand
  chosen by numpy (``VectorEnv.random_legal_actions``: one ``rng.random()`` double per hand
  times its ``legal_action_count``, floored, picks its entry of ``legal_action_indices``, the
  legal indexes the C step writes packed beside the mask; about 5 ns a hand where the largest
  of random keys over the 35-wide mask took 70): six-handed fixed-limit 2-7 triple draw,
  heads-up no-limit 2-7 single draw and six-handed badugi, without observations and with them.
  ``copy=False`` (the environment's own buffers, as a training loop reads them); the copying
  default costs the copies on top.
- lowball ``HandState`` (the reference engine, one Python call per decision), six-handed 2-7
  triple draw, and the same decisions through ``lowball.rl.CHand`` (HandState's actions on the
  C core: the most HandState could gain by stepping on it); PettingZoo ``lowball_v0`` (this
  project's AEC environment) on the same game.
- OpenSpiel's ``universal_poker`` (heads-up limit hold'em) and rlcard's limit hold'em, where
  they install (``pip install open_spiel rlcard``), and PettingZoo's ``texas_holdem_v4`` (on
  rlcard): each is skipped, saying so, where it is missing.
- whole hands played in C (``lowball.rl`` binding ``Engine.play``), a policy in C: a random
  legal action, or drawing by the default ``odds.Strategy`` and calling every bet.

Each benchmark's ``extra_info`` says its decisions (``units``) per call; the report prints
decisions a second and ratios, and the issue's targets (10 M decisions a second without
observations, 5 M with them, 500,000 six-handed hands a second in C).
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest
from mode import scaled

from lowball.engine import DRAWING, HandState
from lowball.odds import Strategy
from lowball.rl import CHand, VectorEnv
from lowball.rl._chand import engine_of, hand_key
from lowball.variants import VARIANTS

NUM_ENVS = 4096
STEPS = 30
GROUP = "rl: decisions a second, random legal decisions, one core"
CASES = [
    ("F2L3D", 6, "six-handed fixed-limit 2-7 triple draw"),
    ("N2L1D", 2, "heads-up no-limit 2-7 single draw"),
    ("FB", 6, "six-handed badugi"),
]


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0


def _vector_run(env: VectorEnv, rng: np.random.Generator) -> int:
    for _ in range(STEPS):
        env.step(env.random_legal_actions(rng))
    return STEPS * env.num_envs


@pytest.mark.parametrize("observe", [False, True], ids=["no observations", "observations"])
@pytest.mark.parametrize(("code", "players", "title"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.benchmark(group=GROUP)
def test_vector_env(benchmark, code: str, players: int, title: str, observe: bool) -> None:  # type: ignore[no-untyped-def]
    env = VectorEnv(code, NUM_ENVS, players=players, seed=1, observe=observe, copy=False)
    env.reset()
    benchmark.extra_info.update(units=STEPS * NUM_ENVS, unit_name="decisions", load=_load())
    benchmark.extra_info["target"] = {"kind": "rate", "at_least": 5_000_000 if observe else 10_000_000}
    benchmark.extra_info["memory per hand in flight (bytes)"] = (
        env.state_bytes + 2 * env.num_actions + 1 + 4 * (env.obs_size + players)  # mask, indexes, count
    )
    done = benchmark(_vector_run, env, np.random.default_rng(0))
    assert done == STEPS * NUM_ENVS
    assert env.episodes.sum() > NUM_ENVS  # whole hands were played and dealt again


HAND_DECISIONS = 3000


def _handstate_run(seed: int) -> int:
    rng = random.Random(seed)
    v = VARIANTS["F2L3D"]
    made = 0
    while made < HAND_DECISIONS:
        s = HandState(v, [200] * 6, seed=rng.getrandbits(32))
        while s.actor is not None:
            la = s.legal_actions()
            if la.phase == DRAWING:
                hand = s.hand(la.position)
                s.discard(rng.sample(hand, rng.randint(0, la.max_discards)))
            else:
                options = [
                    o for o, ok in (("f", la.fold), ("c", la.check or la.call), ("r", la.bet or la.raise_)) if ok
                ]
                o = rng.choice(options)
                if o == "f":
                    s.fold()
                elif o == "c":
                    s.check_or_call()
                else:
                    s.bet_or_raise(la.min_to)
            made += 1
    return made


@pytest.mark.benchmark(group=GROUP)
def test_handstate(benchmark) -> None:  # type: ignore[no-untyped-def]
    made = benchmark(_handstate_run, 1)
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load())


def _chand_run(seed: int) -> int:
    """The same decisions through CHand: HandState's actions, one Python call each, on the C core
    (what HandState itself could gain by stepping on it)."""
    rng = random.Random(seed)
    v = VARIANTS["F2L3D"]
    made = 0
    slot = 0
    while made < HAND_DECISIONS:
        s = CHand(v, [200] * 6, seed=seed, slot=slot)
        slot += 1
        while s.actor is not None:
            la = s.legal_actions()
            if la.phase == DRAWING:
                k = rng.randint(0, la.max_discards)
                s.discard(sum(1 << i for i in rng.sample(range(5), k)))
            else:
                options = [
                    o for o, ok in (("f", la.fold), ("c", la.check or la.call), ("r", la.bet or la.raise_)) if ok
                ]
                o = rng.choice(options)
                if o == "f":
                    s.fold()
                elif o == "c":
                    s.check_or_call()
                else:
                    s.bet_or_raise(la.min_to)
            made += 1
    return made


@pytest.mark.benchmark(group=GROUP)
def test_chand(benchmark) -> None:  # type: ignore[no-untyped-def]
    made = benchmark(_chand_run, 1)
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load(), peer="test_handstate")


def _aec_run(env: object, decisions: int, rng: np.random.Generator) -> int:
    made = 0
    while made < decisions:
        env.reset()  # type: ignore[attr-defined]
        for _agent in env.agent_iter():  # type: ignore[attr-defined]
            obs, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
            if terminated or truncated:
                env.step(None)  # type: ignore[attr-defined]
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
            made += 1
    return made


@pytest.mark.benchmark(group=GROUP)
def test_pettingzoo_lowball(benchmark) -> None:  # type: ignore[no-untyped-def]
    pz = pytest.importorskip("lowball.rl.pettingzoo", reason="the [rl] extra (PettingZoo) is not installed")
    env = pz.env("F2L3D", players=6, seed=1)
    made = benchmark(_aec_run, env, 2000, np.random.default_rng(0))
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load())


@pytest.mark.benchmark(group=GROUP)
def test_pettingzoo_texas_holdem(benchmark) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard", reason="rlcard (for PettingZoo's texas_holdem_v4) does not install here")
    pytest.importorskip("pygame", reason="pygame (which PettingZoo's classic games import) is not installed")
    import warnings

    with warnings.catch_warnings():  # PettingZoo's classic games warn at import of a creation API
        warnings.simplefilter("ignore", DeprecationWarning)
        classic = pytest.importorskip("pettingzoo.classic", reason="PettingZoo is not installed")
        env = classic.texas_holdem_v4.env()
    made = benchmark.pedantic(_aec_run, args=(env, 1000, np.random.default_rng(0)), rounds=3, iterations=1)
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load())


def _open_spiel_run(game: object, decisions: int, rng: random.Random) -> int:
    made = 0
    while made < decisions:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return made


@pytest.mark.benchmark(group=GROUP)
def test_open_spiel_universal_poker(benchmark) -> None:  # type: ignore[no-untyped-def]
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pip install open_spiel) does not install here")
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "limit",
            "numPlayers": 2,
            "numRounds": 4,
            "blind": "10 5",
            "raiseSize": "10 10 20 20",
            "firstPlayer": "2 1 1 1",
            "maxRaises": "3 4 4 4",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": "1200 1200",
        },
    )
    made = benchmark(_open_spiel_run, game, 3000, random.Random(0))
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load())


def _rlcard_run(env: object, decisions: int, rng: random.Random) -> int:
    made = 0
    while made < decisions:
        state, _ = env.reset()  # type: ignore[attr-defined]
        while not env.is_over():  # type: ignore[attr-defined]
            state, _ = env.step(rng.choice(list(state["legal_actions"])))  # type: ignore[attr-defined]
            made += 1
    return made


@pytest.mark.benchmark(group=GROUP)
def test_rlcard_limit_holdem(benchmark) -> None:  # type: ignore[no-untyped-def]
    rlcard = pytest.importorskip("rlcard", reason="rlcard (pip install rlcard) does not install here")
    env = rlcard.make("limit-holdem", config={"seed": 0})
    made = benchmark(_rlcard_run, env, 3000, random.Random(0))
    benchmark.extra_info.update(units=made, unit_name="decisions", load=_load())


C_HANDS = scaled(200_000, 50_000)  # 50,000 in CI's short run (bench/mode.py)
C_GROUP = "rl: whole six-handed fixed-limit 2-7 triple-draw hands played in C, one core"


@pytest.mark.parametrize("policy", ["random legal", "odds.Strategy draws, calls"])
@pytest.mark.benchmark(group=C_GROUP)
def test_whole_hands_in_c(benchmark, policy: str) -> None:  # type: ignore[no-untyped-def]
    engine = engine_of(VARIANTS["F2L3D"], (0.5, 1.0))
    key = hand_key(1)
    strategies = None if policy == "random legal" else [Strategy()._spec] * 6
    code = 0 if strategies is None else 1
    pay, decisions = benchmark(engine.play, 6, [200] * 6, key, 0, 0, C_HANDS, code, strategies)
    benchmark.extra_info.update(hands=C_HANDS, load=_load(), decisions=decisions)
    benchmark.extra_info["target"] = {"kind": "rate", "at_least": 500_000}
    assert abs(sum(pay)) < 1e-6 and decisions > C_HANDS * 6
