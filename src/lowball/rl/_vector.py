"""The vector environment: N hands of one variant stepped together in C."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from lowball import _hand
from lowball.deck import check_seed
from lowball.errors import IllegalActionError, LowballError, shown, whole_number
from lowball.rl._chand import CHand, engine_of, hand_key
from lowball.rl._rules import DEFAULT_FRACTIONS, MAX_CHIPS, UnsupportedVariantError, check_fractions
from lowball.variants import VARIANTS, FixedLimit, Variant, VariantError

__all__ = ["EnvInputError", "Step", "VectorEnv", "variant_of"]


class EnvInputError(LowballError, ValueError):
    """A call to an environment with input of the wrong shape, dtype or value (the message names
    the environment and the input); the environment is exactly as before."""


class Step(NamedTuple):
    """What :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` return, PGX's field names.

    Attributes
    ----------
    observation : numpy.ndarray of float32, shape (num_envs, obs_size)
        Each hand as its player to act sees it (see :class:`VectorEnv`). A zero-width array
        when the environment was made with ``observe=False``.
    legal_action_mask : numpy.ndarray of bool, shape (num_envs, num_actions)
        The legal action indexes of each hand's player to act.
    current_player : numpy.ndarray of int8, shape (num_envs,)
        Each hand's position to act (0 .. players - 1).
    rewards : numpy.ndarray of float32, shape (num_envs, players)
        Per position, the chips won or lost in the hand that ended at this step, in big blinds
        (``scale`` chips); 0 where no hand ended.
    terminated : numpy.ndarray of bool, shape (num_envs,)
        Which hands ended at this step (and were dealt again at once: the other fields are of
        the new hand).
    """

    observation: npt.NDArray[np.float32]
    legal_action_mask: npt.NDArray[np.bool_]
    current_player: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]


def _read_only(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    v = a.view()
    v.flags.writeable = False
    return v


def variant_of(variant: Variant | str) -> Variant:
    """``variant`` itself, or the ready-made variant of that code (``"F2L3D"``, ``"FB"``, ...).

    Raises
    ------
    UnsupportedVariantError
        For a code that names no ready-made variant, or anything else that is not a Variant.
    """
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str) and variant in VARIANTS:
        return VARIANTS[variant]
    raise UnsupportedVariantError(
        f"variant = {shown(variant)}: expected a lowball Variant or the code of a ready-made one "
        f"({', '.join(VARIANTS)})"
    )


def stacks_of(variant: Variant, players: object, stacks: object) -> tuple[int, ...]:
    """The starting stacks of ``players`` players (chips, one per position) that
    :class:`VectorEnv` and the PettingZoo environment take as ``stacks``: None for 100 big
    blinds each, one number for all, or one per position.

    Raises
    ------
    VariantError
        For a count of players the variant does not seat, a stack that is not whole chips >= 1,
        or a list of the wrong length.
    UnsupportedVariantError
        For stacks that together reach the C engine's limit (2**60 chips).
    """
    n = whole_number(players, "players", 2, variant.max_players, error=VariantError)
    unit = variant.forced.big_blind or _bet_unit(variant)
    if stacks is None:
        stacks = 100 * unit
    if isinstance(stacks, (list, tuple, np.ndarray)):
        values = [whole_number(s, f"stacks[{i}]", 1, error=VariantError) for i, s in enumerate(stacks)]
        if len(values) != n:
            raise VariantError(f"stacks = {shown(stacks)}: expected {n} stacks, one per position")
    else:
        values = [whole_number(stacks, "stacks", 1, error=VariantError)] * n
    if sum(values) >= MAX_CHIPS:
        raise UnsupportedVariantError(
            f"{variant.name}: stacks of {sum(values)} chips together: the C engine counts below 2**60"
        )
    return tuple(values)


def _bet_unit(variant: Variant) -> int:
    b = variant.betting
    return b.small_bet if isinstance(b, FixedLimit) else b.min_bet


class VectorEnv:
    """``num_envs`` hands of one variant stepped together by the C engine (``csrc/hand.c``), for
    reinforcement learning: one call steps every hand, the GIL released.

    Every hand has ``players`` players with the same starting ``stacks`` at every deal; each hand
    is one episode. :meth:`reset` deals every hand; :meth:`step` takes one action per hand, for
    its player to act, and a hand that ends is dealt again at once (its rewards and
    ``terminated`` tell that it ended; the observation, mask and player are then the new
    hand's: Gymnasium's same-step autoreset).

    Parameters
    ----------
    variant : Variant or str
        The rules, or the code of a ready-made variant (``"F2L3D"``, ``"N2L1D"``, ``"FB"``, ...).
        Any variant: see :func:`lowball.rl.unsupported`.
    num_envs : int
        Hands stepped together, 1 or more.
    players : int, default 2
        Players per hand, 2 .. ``variant.max_players``.
    stacks : int or sequence of int, optional
        Chips each position starts every hand with (one number for all, or one per position).
        Default: 100 big blinds (100 small bets in a game without blinds).
    seed : int, optional
        The run's seed (None: operating-system entropy). Hand ``e`` of environment ``i`` is
        dealt from its own generator (:func:`lowball.rl.hand_generator` of the seed, ``i`` and
        ``e``), so the same seed deals the same hands to environment ``i`` whatever
        ``num_envs`` is. :meth:`reset` may give a new seed.
    fractions : sequence of float, default (0.5, 1.0)
        The bet sizes of pot and no limit, as fractions of the pot (see Actions).
    observe : bool, default True
        Whether to build observations (False: a zero-width ``observation``, for speed).
    copy : bool, default True
        Whether :meth:`reset` and :meth:`step` return new arrays (as Gymnasium's vector
        environments do by default). False returns the environment's own buffers, overwritten
        by the next call: no copy, for speed; copy what you keep.

    Actions
    -------
    One integer per hand, an index of ``num_actions``: 0 fold; 1 check or call; then the bet
    or raise sizes, ``num_sizes`` of them: in fixed limit the one the limit allows (index 2);
    in pot and no limit each of ``fractions`` (a fraction ``f`` bets or raises to the wager to
    match plus ``f`` times the pot after the call, within the legal range), then the largest
    wager allowed (all in; in pot limit the pot); then ``2 ** hand_size`` discards, index
    ``first_discard + m`` throwing the cards of bit mask ``m`` over the hand's slots (slot ``i``
    is the ``i``-th card block of the observation; 0 stands pat): 32 actions for five cards, 16 for badugi.
    ``legal_action_mask`` marks the legal ones (several sizes may give the same wager).

    Observations
    ------------
    float32, ``obs_size = 27 + 17 * hand_size + 21 * players`` per hand (six-handed 2-7: 238),
    from the seat of the player to act: only its own cards and public information
    (``tests/rl/test_rl.py`` rebuilds every observation from :meth:`HandState.view
    <lowball.engine.HandState.view>`). In order: the phase (betting, drawing: 2), the betting
    round (1-4, one-hot: 4), the draws begun (0-3, one-hot: 4), the player's position (0-9,
    one-hot: 10), the pot; when it is to bet: the chips to call, the least and the most it may
    wager to, and a 1 (else 0s); the wager to match in this round (0 in a draw); the bets and
    raises of this round / 5; its cards, one block of 17 per slot (the rank 2..A one-hot in 13,
    the suit c d h s in 4); then one block of 21 per player, from its own seat clockwise (itself
    first): stack, bet this round, antes posted, folded, all in, button, the last bettor or
    raiser of this round; per draw 1-3: drew there (0/1), the cards drawn / hand size; per
    betting round 1-4: the wager, the bets and raises made / 5. Chips are in big blinds (the
    ``scale``: the big blind, or the smallest bet in a game without blinds).

    Raises
    ------
    UnsupportedVariantError
        For something that is not a variant or a ready-made variant's code (named), or stacks
        the C engine cannot count.
    VariantError
        For a bad number of players, stacks or fractions.
    EnvInputError
        For a bad ``num_envs``.
    InvalidSeedError
        For a seed that is not None or a whole number >= 0.
    """

    def __init__(
        self,
        variant: Variant | str,
        num_envs: int,
        *,
        players: int = 2,
        stacks: int | Sequence[int] | None = None,
        seed: int | None = None,
        fractions: Sequence[float] = DEFAULT_FRACTIONS,
        observe: bool = True,
        copy: bool = True,
    ) -> None:
        check_seed(seed, generators=False)  # InvalidSeedError now, not at reset()
        self.variant = variant_of(variant)
        self.num_envs = whole_number(num_envs, "num_envs", 1, 2**24, error=EnvInputError)
        self.players = whole_number(players, "players", 2, self.variant.max_players, error=VariantError)
        self.stacks = stacks_of(self.variant, self.players, stacks)
        self.fractions = tuple(check_fractions(fractions))
        self.scale = float(self.variant.forced.big_blind or _bet_unit(self.variant))
        self._engine = engine_of(self.variant, self.fractions)
        self.num_actions: int = self._engine.n_actions
        self.num_sizes: int = self._engine.n_sizes
        self.first_discard: int = self._engine.first_discard
        self.obs_size: int = self._engine.obs_size(self.players) if observe else 0
        self._observe = bool(observe)
        self._copy = bool(copy)
        self._seed = seed
        self._batch: Any = None
        self._views: Step | None = None
        self._legal_views: tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]] = (
            np.zeros(0, np.uint8),
            np.zeros((0, 0), np.int8),
        )
        self._key = (0, 0, 0, 0)
        self._name = f"VectorEnv({self.variant.name}, {self.num_envs} hands of {self.players})"

    def __repr__(self) -> str:
        return f"<{self._name}>"

    def reset(self, seed: int | None = None) -> Step:
        """Deal every hand anew (episode 0 of each environment), from ``seed`` if given, else the
        environment's seed.

        Returns
        -------
        Step
            Every hand's observation, legal action mask and player to act; rewards 0 and no
            hand terminated.

        Raises
        ------
        InvalidSeedError
            For a seed that is not None or a whole number >= 0.
        """
        seed = self._seed if seed is None else seed
        key = hand_key(seed)  # InvalidSeedError, with the environment as it was
        self._seed, self._key = seed, key
        batch = _hand.Batch(
            self._engine, self.players, self.num_envs, list(self.stacks), key, self.scale, 0, self._observe
        )
        batch.reset()
        self._batch = batch
        # the environment's own buffers, read-only for the caller (copy=False returns these)
        self._views = Step(
            *(
                _read_only(a)
                for a in (batch.obs, batch.mask.view(bool), batch.actor, batch.rewards, batch.done.view(bool))
            )
        )
        self._legal_views = (_read_only(batch.legal_count), _read_only(batch.legal_index))
        return self._outputs()

    def _outputs(self) -> Step:
        views = self._views
        assert views is not None  # made by reset()
        if self._copy:
            return Step._make(a.copy() for a in views)
        return views

    def _need_reset(self) -> Any:
        if self._batch is None:
            raise EnvInputError(f"{self._name}: call reset() before step()")
        return self._batch

    def step(self, actions: npt.ArrayLike) -> Step:
        """Take ``actions[i]`` in hand ``i`` for its player to act (see Actions), every hand at
        once; a hand that ends is dealt again at once.

        Parameters
        ----------
        actions : array of int, shape (num_envs,)
            Any integer dtype (not bool); a list of ints is accepted.

        Returns
        -------
        Step
            After the actions: each hand's observation, mask and player to act (a new hand's
            where one ended), the rewards of the hands that ended (in big blinds, per position)
            and which ended.

        Raises
        ------
        EnvInputError
            For actions of another shape or dtype, or before :meth:`reset`.
        IllegalActionError
            For an action not legal in its hand, naming the first such hand, the action and
            what is legal there.

        Notes
        -----
        On either error every hand is exactly as before.
        """
        batch = self._need_reset()
        try:
            a = np.asarray(actions)
        except Exception as e:  # noqa: BLE001 - whatever numpy cannot read is named here
            raise EnvInputError(f"{self._name}: actions {shown(actions)} are not an array ({shown(e)})") from None
        dtype = a.dtype
        if dtype.kind not in "iu":  # bool is kind "b": not an index either
            raise EnvInputError(f"{self._name}: actions of dtype {dtype}: expected integers")
        if a.shape != (self.num_envs,):
            raise EnvInputError(f"{self._name}: actions of shape {a.shape}: expected ({self.num_envs},)")
        if dtype != np.int64:
            if dtype.kind == "u" and dtype.itemsize == 8 and a.size and a.max() > 2**63 - 1:
                # an unsigned 64-bit value past int64 (no other integer dtype holds one)
                raise IllegalActionError(f"{self._name}: action {shown(int(a.max()))} is not an action index")
            a = a.astype(np.int64)
        elif not a.flags.c_contiguous:
            a = np.ascontiguousarray(a)
        bad = batch.check(a)
        if bad >= 0:
            raise IllegalActionError(f"{self._name}, hand {bad}: {self._describe_illegal(bad, int(a[bad]))}")
        batch.step(a)
        return self._outputs()

    @property
    def legal_action_count(self) -> npt.NDArray[np.uint8]:
        """How many actions are legal in each hand now: the count of each row of
        ``legal_action_mask``, shape (num_envs,), uint8. A copy, or with ``copy=False`` the
        environment's own read-only buffer, overwritten by the next call.

        Raises
        ------
        EnvInputError
            Before :meth:`reset`.
        """
        self._need_reset()
        count = self._legal_views[0]
        return count.copy() if self._copy else count

    @property
    def legal_action_indices(self) -> npt.NDArray[np.int8]:
        """The legal action indexes of each hand, packed: row ``i`` holds the
        ``legal_action_count[i]`` indexes that ``legal_action_mask[i]`` marks, in increasing
        order, then -1 to the end; shape (num_envs, num_actions), int8 (every index is below
        128). The C step writes it with the mask: a learner that samples or gathers over the
        legal actions reads it instead of searching the mask. A copy, or with ``copy=False`` the
        environment's own read-only buffer, overwritten by the next call.

        Raises
        ------
        EnvInputError
            Before :meth:`reset`.
        """
        self._need_reset()
        indices = self._legal_views[1]
        return indices.copy() if self._copy else indices

    def random_legal_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal action of every hand, chosen by numpy: for hand ``i``,
        ``legal_action_indices[i, k]`` with ``k = floor(u * legal_action_count[i])`` for one
        ``u = rng.random()`` per hand. Each of the legal actions has probability 1 / count (up
        to the 2**-53 grain of ``rng.random``'s doubles). A random policy, or exploration, for
        :meth:`step`.

        Parameters
        ----------
        rng : numpy.random.Generator
            The source of the random numbers (one double per hand).

        Returns
        -------
        numpy.ndarray of int64, shape (num_envs,)

        Raises
        ------
        EnvInputError
            For ``rng`` that is not a numpy Generator, or before :meth:`reset`.
        """
        batch = self._need_reset()
        if not isinstance(rng, np.random.Generator):
            raise EnvInputError(f"{self._name}: rng = {shown(rng)}: expected a numpy.random.Generator")
        # floor(u * count) in double: 0 <= k < count (u < 1 and the product rounds below count)
        return batch.pick(rng.random(self.num_envs))  # type: ignore[no-any-return]

    def _describe_illegal(self, i: int, a: int) -> str:
        legal = self._batch.legal(i)
        mask = self._batch.mask[i]
        allowed = [self.action_name(int(k)) for k in np.flatnonzero(mask)]
        if not 0 <= a < self.num_actions:
            what = f"action {a} is not an action index 0..{self.num_actions - 1}"
        else:
            what = f"action {a} ({self.action_name(a)}) is not legal"
        who = f"position {legal[0]} (p{legal[0] + 1}) is to {'draw' if legal[1] == 'drawing' else 'bet'}"
        shown_allowed = ", ".join(allowed[:6]) + (f", ... ({len(allowed)} in all)" if len(allowed) > 6 else "")
        return f"{what}: {who}; legal: {shown_allowed}"

    def action_name(self, action: int) -> str:
        """A short text for action index ``action``: ``"fold"``, ``"check or call"``, ``"bet or
        raise the limit"``, ``"bet or raise 0.5 pot"``, ``"bet or raise the most allowed"``,
        ``"stand pat"``, ``"discard 10010"`` (the card slots thrown, slot 0 first).

        Raises
        ------
        EnvInputError
            For an index outside 0 .. num_actions - 1.
        """
        a = whole_number(action, "action", 0, self.num_actions - 1, error=EnvInputError)
        if a == 0:
            return "fold"
        if a == 1:
            return "check or call"
        if a < self.first_discard:
            k = a - 2
            if isinstance(self.variant.betting, FixedLimit):
                size = "the limit"
            elif k < len(self.fractions):
                size = f"{self.fractions[k]:g} pot"
            else:
                size = "the most allowed"
            return f"bet or raise {size}"
        m = a - self.first_discard
        return (
            "stand pat"
            if m == 0
            else "discard " + "".join("1" if m >> s & 1 else "0" for s in range(self.variant.hand_size))
        )

    # -- inspection -------------------------------------------------------------------------------

    @property
    def state(self) -> npt.NDArray[np.uint8]:
        """The C state of every hand, one row of bytes per hand (``state_bytes`` each): a copy
        compares a batch before and after a call.

        Raises
        ------
        EnvInputError
            Before :meth:`reset`.
        """
        return self._need_reset().state.copy()  # type: ignore[no-any-return]

    @property
    def episodes(self) -> npt.NDArray[np.uint64]:
        """How many hands each environment has finished since :meth:`reset` (the episode of the
        hand in play)."""
        return self._need_reset().episodes.copy()  # type: ignore[no-any-return]

    state_bytes: int = _hand.HAND_BYTES
    """Bytes of C state per hand in flight (the observation, mask, packed legal indexes and reward
    rows come on top)."""

    def hand(self, env: int) -> CHand:
        """A :class:`CHand` copy of hand ``env`` as it is now (its events from now on only): to
        look at it with the reference's tools (:meth:`CHand.to_hand_state`).

        Raises
        ------
        EnvInputError
            For an index outside 0 .. num_envs - 1, or before :meth:`reset`.
        """
        batch = self._need_reset()
        i = whole_number(env, "env", 0, self.num_envs - 1, error=EnvInputError)
        out = CHand.__new__(CHand)
        out._engine = self._engine
        out._variant = self.variant
        out._hand = _hand.Hand(self._engine)
        out._hand.copy_from(batch, i)
        out._raw = []
        out._key = self._key
        out._slot = i
        out._episode = int(batch.episodes[i])
        out._start_rng = _hand.stream(out._key, i, out._episode)
        out._order = None
        return out
