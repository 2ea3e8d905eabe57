"""A PettingZoo AEC environment for every lowball variant, on the C hand engine.

Needs the ``[rl]`` extra (``pip install 'lowball-poker[rl]'``: PettingZoo and Gymnasium).

>>> from lowball.rl.pettingzoo import env
>>> e = env("F2L3D", players=3, seed=7)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].shape
(['action_mask', 'observation'], (35,))

One episode is one hand, as in PettingZoo's classic card games. The agents are ``player_0`` ..
``player_{n-1}``, by position (``player_0`` first left of the button, the last on the button).
The action and observation are :class:`~lowball.rl.VectorEnv`'s (one ``Discrete`` space of
``num_actions``; the observation a dict of ``observation``, float32, and ``action_mask``,
int8, as the classic environments give it): an agent not to act sees its own cards and the
public information with an all-zero mask. Rewards come at the end of the hand: each agent's
chips won or lost, in big blinds. :func:`play_against_bots` evaluates a policy against
lowball's built-in bots (:mod:`lowball.bots`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

try:
    import gymnasium
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as e:  # pragma: no cover - the [rl] extra installs both
    raise ImportError("lowball.rl.pettingzoo needs PettingZoo and Gymnasium: pip install 'lowball-poker[rl]'") from e

from lowball.bots import make_bot
from lowball.cards import Card
from lowball.engine import Action
from lowball.errors import shown
from lowball.rl._chand import CHand, engine_of, hand_key
from lowball.rl._rules import DEFAULT_FRACTIONS, check_fractions
from lowball.rl._vector import EnvInputError, VectorEnv, stacks_of
from lowball.variants import FixedLimit, Variant

__all__ = ["LowballEnv", "env", "raw_env", "play_against_bots"]


class LowballEnv(AECEnv):  # type: ignore[misc]
    """PettingZoo AEC environment: hands of ``variant`` on the C engine (see the module).

    Parameters
    ----------
    variant : Variant or str
        The rules, or a ready-made variant's code.
    players : int, default 2
        Players per hand.
    stacks : int or sequence of int, optional
        Chips of each position at every deal (default 100 big blinds).
    seed : int, optional
        Seed of the hands (:meth:`reset` may give another); hand ``k`` after a reset is episode
        ``k`` of slot 0 (:func:`lowball.rl.hand_generator`).
    fractions : sequence of float, default (0.5, 1.0)
        The pot-fraction bet sizes of pot and no limit.
    render_mode : None or "ansi"
        ``"ansi"``: :meth:`render` returns the hand as text.

    Raises
    ------
    UnsupportedVariantError, VariantError, InvalidSeedError
        As :class:`~lowball.rl.VectorEnv`.
    EnvInputError
        For another ``render_mode``.
    """

    metadata = {"name": "lowball_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: Variant | str = "F2L3D",
        players: int = 2,
        stacks: int | Sequence[int] | None = None,
        seed: int | None = None,
        fractions: Sequence[float] = DEFAULT_FRACTIONS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        # checks the variant, players, stacks, fractions and seed
        probe = VectorEnv(variant, 1, players=players, stacks=stacks, seed=seed, fractions=fractions)
        if render_mode not in (None, "ansi"):
            raise EnvInputError(f"render_mode = {shown(render_mode)}: expected None or 'ansi'")
        self.variant = probe.variant
        self.players = probe.players
        self.stacks = stacks_of(self.variant, self.players, stacks)
        self.fractions = tuple(check_fractions(fractions))
        self.scale = probe.scale
        self._engine = engine_of(self.variant, self.fractions)
        self.num_actions = probe.num_actions
        self.first_discard = probe.first_discard
        self.obs_size = probe.obs_size
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.agents = list(self.possible_agents)
        self._seed = seed
        self._episode = 0
        self._hand: CHand | None = None
        obs = gymnasium.spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.num_actions,), np.int8)
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.num_actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def hand(self) -> CHand:
        """The hand in play (a :class:`~lowball.rl.CHand`)."""
        if self._hand is None:
            self.reset()
        return self._hand  # type: ignore[return-value]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: the next of the run, or the first of ``seed``'s run."""
        if seed is not None:
            self._seed = seed
            self._episode = 0
        if self._seed is None:
            self._seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        hand_key(self._seed)  # checks the seed
        self._hand = CHand(self.variant, self.stacks, seed=self._seed, episode=self._episode, fractions=self.fractions)
        self._episode += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._hand.actor]  # type: ignore[index]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: its own cards and public information, and its action mask
        (all zero unless it is to act)."""
        p = self.possible_agents.index(agent)
        hand = self.hand
        obs = hand._hand.observe(p, self.scale)
        mask = hand.action_mask().astype(np.int8) if hand.actor == p else np.zeros(self.num_actions, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an index of the action space; None for an agent
        whose hand is over, as PettingZoo's dead steps have it).

        Raises
        ------
        IllegalActionError
            For an action that is not legal now (the hand is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        self._cumulative_rewards[agent] = 0.0
        hand.act(int(action))  # type: ignore[arg-type]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if hand.is_complete:
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = hand.payoffs[p] / self.scale
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[hand.actor]  # type: ignore[index]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The hand so far as text (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        hand = self.hand
        lines = [f"{self.variant.name}: {hand.phase}, stacks {list(hand.stacks)}"]
        lines += [
            f"  {e.kind} {'' if e.position is None else f'p{e.position + 1}'} {e.amount or ''}" for e in hand.events
        ]
        return "\n".join(lines)

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> LowballEnv:
    """A :class:`LowballEnv` (PettingZoo's ``raw_env`` convention)."""
    return LowballEnv(**kwargs)


def env(variant: Variant | str = "F2L3D", **kwargs: Any) -> LowballEnv:
    """A :class:`LowballEnv` of ``variant`` (keyword arguments as :class:`LowballEnv`)."""
    return LowballEnv(variant, **kwargs)


def _index_of(action: Action, hand: CHand, fractions: Sequence[float], first_discard: int) -> int:
    """The action index nearest a bot's :class:`~lowball.engine.Action`: its kind, the bet size
    nearest its amount, its cards as a discard mask."""
    if action.kind == "fold":
        return 0
    if action.kind in ("check", "call"):
        return 1
    if action.kind == "discard":
        held = hand.hand(hand.actor)  # type: ignore[arg-type]
        thrown = {int(Card(c)) for c in action.cards}
        return first_discard + sum(1 << i for i, c in enumerate(held) if int(c) in thrown)
    mask = hand.action_mask()
    sizes = [k for k in range(2, first_discard) if mask[k]]  # ints
    if not sizes:
        return 1
    if isinstance(hand.variant.betting, FixedLimit) or len(sizes) == 1:
        return sizes[0]
    la = hand.legal_actions()
    f = hand.fields()
    pot = int(sum(f["committed"]))
    to_call = int(f["level"]) - int(f["bets"][la.position])

    def wager(k: int) -> int:
        if k - 2 >= len(fractions):
            return la.max_to
        return min(max(int(f["level"]) + int(fractions[k - 2] * (pot + to_call)), la.min_to), la.max_to)

    return min(sizes, key=lambda k: abs(wager(k) - action.amount))


def play_against_bots(
    policy: Callable[[dict[str, np.ndarray]], int],
    variant: Variant | str = "F2L3D",
    *,
    bots: Sequence[str] = ("solid",),
    hands: int = 100,
    seed: int = 0,
    **kwargs: Any,
) -> float:
    """Evaluate ``policy`` against lowball's built-in bots: ``hands`` hands of the PettingZoo
    environment, ``player_0`` played by ``policy`` (called with its observation dict, it
    returns an action index) and the other positions by ``bots`` (names of
    :data:`lowball.bots.BOTS`: ``"solid"``, the default as in the commands, ``"sensible"``,
    ``"random"``, ``"calling"``; one per other player, or one for all). The bots see the hand
    through :meth:`CHand.to_hand_state <lowball.rl.CHand.to_hand_state>`'s view and their
    actions are mapped to the nearest index.
    Returns ``player_0``'s mean reward per hand, in big blinds.

    Raises
    ------
    InvalidValueError
        For a bot name that is not one (from :func:`lowball.bots.make_bot`).
    """
    import random

    e = LowballEnv(variant, seed=seed, **kwargs)
    rng = random.Random(seed)
    names = list(bots) * (e.players - 1) if len(bots) == 1 else list(bots)
    players = [make_bot(name, e.variant, rng) for name in names]
    total = 0.0
    e.reset(seed=seed)
    for _ in range(hands):
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                if agent == "player_0":
                    total += reward
                e.step(None)
                continue
            p = e.possible_agents.index(agent)
            if p == 0:
                e.step(policy(obs))
                continue
            state = e.hand.to_hand_state()
            legal = state.legal_actions()
            act = players[p - 1].act(state.view(p), legal)
            e.step(_index_of(act, e.hand, e.fractions, e.first_discard))
        e.reset()
    return total / hands
