"""lowball.rl's vector environment (issue 31): hands stepped together in C agree with the
reference HandState on the same deck and decisions, every observation is rebuilt from what
``HandState.view(player)`` shows (so none holds a card its player may not see), the same seed
deals the same hands whatever the number of hands stepped together, and bad input is refused
by name with every hand as before."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from lowball import IllegalActionError
from lowball.deck import Deck, ReshuffleRule
from lowball.engine import BETTING, DRAWING, HandState, PlayerView
from lowball.errors import InvalidSeedError
from lowball.rl import (
    CHand,
    EnvInputError,
    UnsupportedVariantError,
    VectorEnv,
    hand_generator,
    unsupported,
)
from lowball.variants import VARIANTS, FixedLimit, ForcedBets, NoLimit, Variant, VariantError

F2L3D = VARIANTS["F2L3D"]


def expected_observation(view: PlayerView, variant: Variant, n: int, scale: float) -> np.ndarray:
    """The observation of ``view.position``, built from the view alone (the layout of
    ``VectorEnv``'s docstring; chips times 1 / scale, counts divided)."""
    inv = 1.0 / scale
    me = view.position
    assert me is not None
    size = variant.hand_size
    out = np.zeros(27 + 17 * size + 21 * n, dtype=np.float32)
    betting = view.phase == BETTING
    out[0] = betting
    out[1] = view.phase == DRAWING
    out[2 + view.betting_round - 1] = 1
    out[6 + view.draw_round] = 1
    out[10 + me] = 1
    out[20] = view.pot_total * inv
    if view.legal is not None and betting:
        out[21] = view.legal.call_amount * inv
        out[22] = view.legal.min_to * inv
        out[23] = view.legal.max_to * inv
        out[24] = 1
    # the betting so far, from the public events
    rounds = [[0] * n for _ in range(4)]  # wagers per round
    raises = [[0] * n for _ in range(4)]
    antes = [0] * n
    r = 0  # the round the events are in (blinds come before round 1's event)
    aggressor = None
    for e in view.events:
        if e.kind == "round":
            r = e.number - 1
            aggressor = None
        elif e.kind == "ante":
            antes[e.position] += e.amount
        elif e.kind == "blind":
            rounds[0][e.position] += e.amount
        elif e.kind in ("call", "bet", "raise"):
            rounds[r][e.position] = e.amount
            if e.kind != "call":
                raises[r][e.position] += 1
                aggressor = e.position
        elif e.kind == "return":
            rounds[r][e.position] -= e.amount
    level = max(view.bets) if betting else 0
    if betting and view.betting_round == 1:
        level = max(level, variant.forced.big_blind)
    out[25] = level * inv
    out[26] = sum(raises[view.betting_round - 1]) / 5
    base = 27
    for i, c in enumerate(view.hand):
        out[base + 17 * i + int(c) // 4] = 1
        out[base + 17 * i + 13 + int(c) % 4] = 1
    base += 17 * size
    live = view.phase != "complete"
    for k in range(n):
        p = (me + k) % n
        b = base + 21 * k
        out[b + 0] = view.stacks[p] * inv
        out[b + 1] = view.bets[p] * inv
        out[b + 2] = antes[p] * inv
        out[b + 3] = view.folded[p]
        out[b + 4] = view.all_in[p]
        out[b + 5] = p == view.button
        out[b + 6] = aggressor == p
        for d, drawn in enumerate(view.drawn):
            if drawn[p] >= 0:
                out[b + 7 + 2 * d] = 1
                out[b + 8 + 2 * d] = drawn[p] / size
        for i in range(view.betting_round):
            current = i + 1 == view.betting_round and live
            out[b + 13 + 2 * i] = (view.bets[p] if current else rounds[i][p]) * inv
            out[b + 14 + 2 * i] = raises[i][p] / 5
    return out


def reference(variant: Variant, stacks: tuple[int, ...], seed: int, slot: int, episode: int) -> HandState:
    bg = hand_generator(seed, slot, episode)
    return HandState(variant, list(stacks), deck=Deck(seed=bg, rule=variant.reshuffle, burn=variant.burn))


def take(ref: HandState, env: VectorEnv, action: int) -> None:
    """Take ``env``'s action index ``action`` in the reference."""
    la = ref.legal_actions()
    if la.phase == DRAWING:
        m = action - env.first_discard
        held = ref.hand(la.position)
        ref.discard([c for i, c in enumerate(held) if m >> i & 1])
    elif action == 0:
        ref.fold()
    elif action == 1:
        ref.check_or_call()
    else:
        k = action - 2
        if k < len(env.fractions) and env.num_sizes > 1:
            pot = sum(ref.committed)
            to = ref.level + int(env.fractions[k] * (pot + ref.level - ref.bets[la.position]))
            to = min(max(to, la.min_to), la.max_to)
        else:
            to = la.max_to
        ref.bet_or_raise(to)


VECTOR_CASES = [
    (F2L3D, 6, 40, (0.5, 1.0)),
    (VARIANTS["N2L1D"], 2, 30, (0.33, 0.75, 2.0)),
    (VARIANTS["P2L3D"], 4, 25, (0.5,)),
    (VARIANTS["FB"], 8, 20, (0.5, 1.0)),
    (VARIANTS["LB-FA5L3D"], 3, 6, (0.5, 1.0)),  # short: all-ins and side pots
    (
        F2L3D.replace(
            forced=ForcedBets(small_blind=0, big_blind=0, ante=1),
            reshuffle=ReshuffleRule.LIVE,
            burn=True,
            max_players=9,
        ),
        9,
        30,
        (0.5, 1.0),
    ),
    (
        VARIANTS["N2L3D"].replace(forced=ForcedBets(small_blind=1, big_blind=2, ante=1, big_blind_ante=True)),
        5,
        15,
        (1.0,),
    ),
]


@pytest.mark.parametrize(("variant", "players", "stack", "fractions"), VECTOR_CASES)
def test_vector_env_agrees_with_the_reference_and_shows_only_what_the_view_shows(
    variant: Variant, players: int, stack: int, fractions: tuple[float, ...]
) -> None:
    """8 hands stepped together with random legal actions for 300 steps: at every step each
    hand's player to act, legal mask and observation are those of its reference HandState
    (dealt from the same generator, the same decisions), the observation equal to the one
    rebuilt from ``view(player)``; a hand that ends gives the reference's payoffs as rewards and
    the next episode's hand. The observation is also the same whatever the other players hold:
    every other hand's cards are swapped for others in a copy and nothing changes."""
    num = 8
    seed = 11
    env = VectorEnv(variant, num, players=players, stacks=stack, seed=seed, fractions=fractions)
    step = env.reset()
    stacks = env.stacks
    refs = [reference(variant, stacks, seed, i, 0) for i in range(num)]
    episodes = [0] * num
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        for i, ref in enumerate(refs):
            la = ref.legal_actions()
            assert step.current_player[i] == la.position
            view = ref.view(la.position)
            expected = expected_observation(view, variant, players, env.scale)
            assert np.array_equal(step.observation[i], expected), (i, np.flatnonzero(step.observation[i] != expected))
            mask = step.legal_action_mask[i]
            assert mask[0] == (la.phase == BETTING and la.fold)
            assert mask[1] == (la.phase == BETTING and (la.check or la.call))
            assert mask[2 : env.first_discard].all() == (la.bet or la.raise_)
            for m in range(2**variant.hand_size):
                assert mask[env.first_discard + m] == (la.phase == DRAWING and bin(m).count("1") <= la.max_discards)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in step.legal_action_mask])
        step = env.step(actions)
        for i, ref in enumerate(refs):
            take(ref, env, int(actions[i]))
            assert step.terminated[i] == ref.is_complete
            if ref.is_complete:
                ended += 1
                assert list(step.rewards[i]) == [np.float32(x / env.scale) for x in ref.payoffs]
                episodes[i] += 1
                refs[i] = reference(variant, stacks, seed, i, episodes[i])
            else:
                assert not step.rewards[i].any()
    assert ended >= 8
    assert list(env.episodes) == episodes


def test_no_observation_changes_with_cards_its_player_cannot_see() -> None:
    """Over many decisions of six-handed hands, each player's observation is computed again
    after every card it cannot see (the other players' cards, the stub, the muck, this draw's
    discards, the burns) changes place: it is the same,
    and it holds exactly the player's own cards among its card slots."""
    env = VectorEnv(F2L3D, 16, players=6, stacks=30, seed=3)
    step = env.reset()
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(120):
        for i in range(env.num_envs):
            hand = env.hand(i)
            f = hand.fields()
            for p in range(6):
                obs = hand._hand.observe(p, env.scale)
                cards = obs[27 : 27 + 17 * 5].reshape(5, 17)
                own = [(int(c) // 4, int(c) % 4) for c in f["hands"][p]]
                assert [(int(np.argmax(c[:13])), int(np.argmax(c[13:]))) for c in cards[: len(own)]] == own
                assert not cards[len(own) :].any()
                checked += 1
            swapped = _swap_hidden(env, i, actor=int(step.current_player[i]))
            assert np.array_equal(swapped, step.observation[i])
        step = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in step.legal_action_mask]))
    assert checked == 120 * 16 * 6


def _swap_hidden(env: VectorEnv, i: int, actor: int) -> np.ndarray:
    """The observation of hand ``i``'s actor after every card it cannot see changes place: the
    other players' cards (a folded hand's bytes too), the stub, the muck, this draw's discards and the
    burns, in a copy of the C state (the same state bytes otherwise)."""
    import lowball._hand as h

    before = env._batch.state[i]
    row = before.copy()
    deck = h.DECK
    top = int(row[deck + h.DECK_TOP])
    gone = int(row[deck + h.DECK_N_MUCK]) + int(row[deck + h.DECK_N_DISCARDS])
    places = [deck + h.DECK_STUB + j for j in range(top, 52)]
    places += [deck + h.DECK_GONE + j for j in range(gone)]
    places += [deck + h.DECK_BURNS + j for j in range(int(row[deck + h.DECK_N_BURNS]))]
    for p in range(env.players):
        if p != actor:
            at = h.PLAYERS + p * h.PLAYER_BYTES + h.PLAYER_CARDS
            places += [at + j for j in range(env.variant.hand_size)]  # a folded hand's cards stay
    hidden = [int(row[k]) for k in places]
    random.Random(i).shuffle(hidden)
    for k, card in zip(places, hidden):
        row[k] = card
    assert (row != before).any()
    return h.observe_state(env._engine, row, actor, env.scale)  # type: ignore[no-any-return]


@pytest.mark.parametrize("num_envs", [1, 3, 7])
def test_the_same_seed_deals_the_same_hands_whatever_the_number_of_hands(num_envs: int) -> None:
    """The first ``num_envs`` environments of 8 play the hands that ``num_envs`` environments
    alone play, for the same actions: their state bytes are the same at every step, over
    several episodes each."""
    small = VectorEnv("N2L3D", num_envs, players=3, seed=42)
    big = VectorEnv("N2L3D", 8, players=3, seed=42)
    s, b = small.reset(), big.reset()
    rng = np.random.default_rng(1)
    for _ in range(200):
        assert np.array_equal(small.state, big.state[:num_envs])
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in s.legal_action_mask])
        rest = np.array([np.flatnonzero(m)[0] for m in b.legal_action_mask[num_envs:]], dtype=np.int64)
        s, b = small.step(acts), big.step(np.concatenate([acts, rest]))
    assert np.array_equal(small.episodes, big.episodes[:num_envs])
    assert small.episodes.min() >= 3


def test_reset_with_the_same_seed_deals_the_same_hands_again_and_another_seed_others() -> None:
    env = VectorEnv("FB", 4, players=4, seed=1)
    first = env.reset().observation.copy()
    assert np.array_equal(env.reset().observation, first)
    assert np.array_equal(env.reset(seed=1).observation, first)
    assert not np.array_equal(env.reset(seed=2).observation, first)
    with pytest.raises(InvalidSeedError, match="seed = -1"):
        env.reset(seed=-1)


def test_rewards_sum_to_zero_and_are_in_big_blinds() -> None:
    env = VectorEnv("N2L1D", 64, players=2, stacks=[150, 40], seed=9)
    step = env.reset()
    rng = np.random.default_rng(2)
    total = np.zeros(2)
    for _ in range(400):
        step = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in step.legal_action_mask]))
        assert np.allclose(step.rewards.sum(axis=1), 0)
        assert (step.rewards[~step.terminated] == 0).all()
        assert (step.rewards[:, 1] >= -20).all()  # 40 chips = 20 big blinds is the short stack's most
        total += step.rewards.sum(axis=0)
    assert env.stacks == (150, 40) and env.scale == 2.0


def test_spaces_and_shapes() -> None:
    env = VectorEnv("F2L3D", 5, players=6, seed=0)
    assert (env.num_actions, env.num_sizes, env.first_discard, env.obs_size) == (35, 1, 3, 27 + 85 + 126)
    nl = VectorEnv("N2L1D", 2, seed=0, fractions=(0.25, 0.5, 1, 3))
    assert (nl.num_actions, nl.num_sizes, nl.first_discard) == (2 + 5 + 32, 5, 7)
    assert VectorEnv("FB", 1, players=8).num_actions == 3 + 16
    s = env.reset()
    assert s.observation.shape == (5, 238) and s.observation.dtype == np.float32
    assert s.legal_action_mask.shape == (5, 35) and s.legal_action_mask.dtype == bool
    assert s.current_player.dtype == np.int8 and list(s.current_player) == [2] * 5  # left of the big blind
    assert s.rewards.shape == (5, 6) and s.terminated.shape == (5,)
    assert env.state.shape == (5, env.state_bytes)
    assert [env.action_name(a) for a in (0, 1, 2, 3, 4, 34)] == [
        "fold",
        "check or call",
        "bet or raise the limit",
        "stand pat",
        "discard 10000",
        "discard 11111",
    ]
    assert [nl.action_name(a) for a in (2, 5, 6)] == [
        "bet or raise 0.25 pot",
        "bet or raise 3 pot",
        "bet or raise the most allowed",
    ]
    assert VectorEnv("F2L3D", 1, observe=False).reset().observation.shape == (1, 0)


def test_buffers_without_copy_are_read_only_and_with_copy_independent() -> None:
    env = VectorEnv("F2L3D", 3, seed=0, copy=False)
    s = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        s.legal_action_mask[0, 0] = True
    copied = VectorEnv("F2L3D", 3, seed=0)
    c = copied.reset()
    c.legal_action_mask[:] = True  # the environment's own mask is untouched
    with pytest.raises(IllegalActionError):
        copied.step(np.full(3, 30))


# -- the packed legal actions and the random legal action --------------------------------------


@pytest.mark.parametrize(("code", "players"), [("F2L3D", 6), ("N2L1D", 2), ("FB", 6), ("P2L3D", 3)])
def test_the_legal_action_indices_are_the_mask_packed(code: str, players: int) -> None:
    env = VectorEnv(code, 64, players=players, seed=3, copy=False)
    step = env.reset()
    rng = np.random.default_rng(5)
    seen_counts = set()
    for _ in range(120):
        mask, count, indices = step.legal_action_mask, env.legal_action_count, env.legal_action_indices
        assert count.dtype == np.uint8 and indices.dtype == np.int8
        assert indices.shape == (64, env.num_actions)
        assert np.array_equal(count, mask.sum(axis=1))
        for i in range(64):
            k = int(count[i])
            assert indices[i, :k].tolist() == np.flatnonzero(mask[i]).tolist()
            assert (indices[i, k:] == -1).all()
        seen_counts.update(count.tolist())
        step = env.step(env.random_legal_actions(rng))
    discards = 2**env.variant.hand_size
    assert discards in seen_counts  # a full draw: every discard legal
    assert 2 in seen_counts or 3 in seen_counts  # betting rows


def test_the_legal_action_buffers_follow_copy() -> None:
    env = VectorEnv("F2L3D", 4, players=3, seed=0, copy=False)
    with pytest.raises(EnvInputError, match=r"call reset\(\) before step\(\)"):
        env.legal_action_count  # noqa: B018 - the property raises
    with pytest.raises(EnvInputError, match=r"call reset\(\) before step\(\)"):
        env.random_legal_actions(np.random.default_rng(0))
    env.reset()
    with pytest.raises(ValueError, match="read-only"):
        env.legal_action_indices[0, 0] = 5
    with pytest.raises(ValueError, match="read-only"):
        env.legal_action_count[0] = 5
    copied = VectorEnv("F2L3D", 4, players=3, seed=0)
    copied.reset()
    indices = copied.legal_action_indices
    indices[:] = 30  # the environment's own indexes are untouched
    assert copied.legal_action_indices[0].tolist()[:4] == [0, 1, 2, -1]
    with pytest.raises(EnvInputError, match=r"rng = 7: expected a numpy.random.Generator"):
        copied.random_legal_actions(7)  # type: ignore[arg-type]


def _chi_square_bound(df: int) -> float:
    """The chi-square statistic of ``df`` degrees of freedom exceeded with probability 0.001
    (Wilson and Hilferty's cube-root normal approximation, z = 3.0902 the normal 0.999 point)."""
    z = 3.0902
    return float(df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3)


@pytest.mark.parametrize(("code", "players"), [("F2L3D", 6), ("N2L1D", 2), ("FB", 6)])
def test_random_legal_actions_are_legal_and_uniform_over_the_legal_actions(code: str, players: int) -> None:
    """For each kind of legal actions (the same count), how often each place of the packed list
    is chosen, over many draws on the same hands: uniform by a chi-square test at 0.001."""
    env = VectorEnv(code, 512, players=players, seed=11, copy=False)
    env.reset()
    rng = np.random.default_rng(2)
    for _ in range(7):  # hands in every phase: some betting, some drawing
        env.step(env.random_legal_actions(rng))
    count = env.legal_action_count.astype(np.int64)
    indices = env.legal_action_indices
    tally: dict[int, np.ndarray] = {int(c): np.zeros(int(c), np.int64) for c in np.unique(count)}
    draws = 400
    for _ in range(draws):
        actions = env.random_legal_actions(rng)
        assert actions.dtype == np.int64
        place = (indices == actions[:, None].astype(np.int8)).argmax(axis=1)
        assert (indices[np.arange(512), place] == actions).all()  # every action legal in its hand
        for c, t in tally.items():
            t += np.bincount(place[count == c], minlength=c)
    assert max(tally) == 2**env.variant.hand_size  # full draws among them
    for c, t in tally.items():
        if c == 1:
            continue
        expected = t.sum() / c
        statistic = float(((t - expected) ** 2 / expected).sum())
        assert statistic < _chi_square_bound(c - 1), (c, t.tolist())
    env.step(env.random_legal_actions(rng))  # the environment takes them


def test_random_legal_actions_are_the_documented_pick_of_one_double_a_hand() -> None:
    """``random_legal_actions`` is ``legal_action_indices[i, floor(u[i] * legal_action_count[i])]``
    for ``u = rng.random(num_envs)``, computed again here with numpy on a copy of the generator,
    and takes exactly those doubles from it."""
    env = VectorEnv("N2L1D", 257, players=2, seed=5, copy=False)
    env.reset()
    rng = np.random.default_rng(9)
    for _ in range(6):
        twin = copy.deepcopy(rng)
        actions = env.random_legal_actions(rng)
        u = twin.random(env.num_envs)
        k = np.floor(u * env.legal_action_count).astype(np.intp)
        assert np.array_equal(actions, env.legal_action_indices[np.arange(257), k].astype(np.int64))
        assert rng.random() == twin.random()
        env.step(actions)
    for bad in (1.0, -0.25, float("nan")):  # what would index outside a hand's row
        u = np.full(257, 0.5)
        u[200] = bad
        with pytest.raises(ValueError, match=r"u\[200\]"):
            env._batch.pick(u)


# -- bad input ---------------------------------------------------------------------------------


def _snapshot(env: VectorEnv) -> tuple[np.ndarray, np.ndarray]:
    return env.state, env.episodes


@pytest.mark.parametrize(
    ("actions", "error", "message"),
    [
        (
            np.ones(4, dtype=np.float64),
            EnvInputError,
            r"VectorEnv\(2-7 triple draw, fixed limit, 4 hands of 3\): actions of dtype float64: expected integers",
        ),
        (np.ones(4, dtype=bool), EnvInputError, "actions of dtype bool: expected integers"),
        (np.ones(3, dtype=np.int64), EnvInputError, r"actions of shape \(3,\): expected \(4,\)"),
        (np.ones((4, 1), dtype=np.int64), EnvInputError, r"actions of shape \(4, 1\): expected \(4,\)"),
        (np.array([1, 1, 99, 1]), IllegalActionError, r"hand 2: action 99 is not an action index 0\.\.34"),
        (np.array([1, 1, 1, -1]), IllegalActionError, r"hand 3: action -1 is not an action index"),
        (
            np.array([1, 4, 1, 1], dtype=np.int32),
            IllegalActionError,
            r"hand 1: action 4 \(discard 10000\) is not legal: position 0 \(p1\) is to bet; "
            r"legal: fold, check or call, bet or raise the limit",
        ),
        (np.array([1, 1, 1, 2**63], dtype=np.uint64), IllegalActionError, "is not an action index"),
        (["a", "b", "c", "d"], EnvInputError, "actions of dtype <U1: expected integers"),
    ],
)
def test_bad_actions_name_the_environment_and_the_action_and_change_nothing(
    actions: object, error: type[Exception], message: str
) -> None:
    env = VectorEnv("F2L3D", 4, players=3, seed=0)
    env.reset()
    env.step(np.ones(4, dtype=np.int64))  # everyone calls: mid-round states
    before = _snapshot(env)
    with pytest.raises(error, match=message):
        env.step(actions)  # type: ignore[arg-type]
    after = _snapshot(env)
    assert np.array_equal(before[0], after[0]) and np.array_equal(before[1], after[1])
    env.step(np.ones(4, dtype=np.int64))  # still plays


def test_an_illegal_action_late_in_a_batch_leaves_the_earlier_hands_unstepped() -> None:
    env = VectorEnv("N2L3D", 50, players=2, seed=4)
    s = env.reset()
    actions = np.array([np.flatnonzero(m)[0] for m in s.legal_action_mask])
    actions[49] = env.first_discard  # a discard in a betting round
    before = env.state
    with pytest.raises(IllegalActionError, match=r"hand 49: action 5 \(stand pat\) is not legal"):
        env.step(actions)
    assert np.array_equal(env.state, before)


def test_step_before_reset_and_bad_construction_are_named() -> None:
    with pytest.raises(EnvInputError, match=r"call reset\(\) before step\(\)"):
        VectorEnv("F2L3D", 2).step(np.ones(2, dtype=np.int64))
    with pytest.raises(UnsupportedVariantError, match="variant = 'F2L9D': expected a lowball Variant or the code"):
        VectorEnv("F2L9D", 2)
    with pytest.raises(UnsupportedVariantError, match="variant = 3"):
        VectorEnv(3, 2)  # type: ignore[arg-type]
    with pytest.raises(EnvInputError, match="num_envs"):
        VectorEnv("F2L3D", 0)
    with pytest.raises(VariantError, match="players"):
        VectorEnv("F2L3D", 2, players=7)
    with pytest.raises(VariantError, match=r"stacks = \[1, 2\]: expected 3 stacks"):
        VectorEnv("F2L3D", 2, players=3, stacks=[1, 2])
    with pytest.raises(UnsupportedVariantError, match="2-7 single draw, no limit: stacks of 2305843009213693952 chips"):
        VectorEnv("N2L1D", 2, stacks=2**60)
    with pytest.raises(VariantError, match=r"fractions\[1\] = -1"):
        VectorEnv("N2L1D", 2, fractions=(0.5, -1))
    huge = Variant(name="huge", draws=1, betting=NoLimit(min_bet=2**61), forced=ForcedBets(small_blind=1, big_blind=2))
    assert unsupported(huge) == "min_bet = 2305843009213693952 is not below 2**60, the C engine's limit"
    with pytest.raises(UnsupportedVariantError, match="huge: the C engine cannot play it: min_bet"):
        VectorEnv(huge, 1)
    capped = F2L3D.replace(betting=FixedLimit(small_bet=2, big_bet=4, max_raises=2**30))
    assert unsupported(capped) == "max_raises = 1073741824 is not below 2**30, the C engine's count of raises"
    assert unsupported(F2L3D) is None
    assert unsupported("F2L3D") == "'F2L3D' is not a lowball Variant"


# -- one hand -----------------------------------------------------------------------------------


def test_chand_refuses_illegal_actions_by_name_and_changes_nothing() -> None:
    c = CHand(F2L3D, [100, 100, 100], seed=1)
    before = c.fields()
    with pytest.raises(
        IllegalActionError, match=r"check is not allowed for position 2 \(p3\): it may fold, call, raise to 4\.\.4"
    ):
        c.check()
    with pytest.raises(IllegalActionError, match="a wager to 5 is not allowed"):
        c.bet_or_raise(5)
    with pytest.raises(IllegalActionError, match="discard mask 1 is not allowed"):
        c.discard(1)
    with pytest.raises(IllegalActionError, match="discard mask"):
        c.discard(32)
    with pytest.raises(IllegalActionError, match="action 3 is not allowed now"):
        c.act(3)
    assert c.fields() == before
    c.call()
    c.call()
    c.check()
    assert c.phase == "drawing" and c.legal_actions().max_discards == 5
    with pytest.raises(
        IllegalActionError, match="fold is not allowed.*this is a draw, where it may discard 0 to 5 cards"
    ):
        c.fold()
    assert len(c.discard(0b10011)) == 3
    ref = c.reference()
    ref.call(), ref.call(), ref.check()
    ref.discard([c for i, c in enumerate(ref.hand(0)) if 0b10011 >> i & 1])
    assert c.events == ref.events
    assert c.to_hand_state().to_dict()["deck"] == ref.to_dict()["deck"]


def test_a_stacked_deck_is_dealt_and_a_bad_one_refused() -> None:
    from lowball.cards import parse_cards
    from lowball.errors import InvalidCardError

    top = [int(c) for c in parse_cards("7s5h4d3c2s")]
    order = top + [c for c in range(52) if c not in top]
    c = CHand(VARIANTS["N2L1D"], [50, 50], order=order)
    # one card to each position in turn: cards 0, 2, 4, 6, 8 of the order (2c, 2d follow 2s)
    assert [str(x) for x in c.hand(0)] == ["7s", "4d", "2s", "2d", "3d"]
    assert c.reference().events == c.events
    with pytest.raises(InvalidCardError, match="a deck order needs all 52 cards, got 51"):
        CHand(VARIANTS["N2L1D"], [50, 50], order=order[:51])
    with pytest.raises(InvalidCardError, match="appears twice"):
        CHand(VARIANTS["N2L1D"], [50, 50], order=order[:51] + order[:1])


def test_an_exported_hand_plays_on_as_the_reference() -> None:
    """A C hand exported mid-hand (after a reshuffle's worth of draws) continues, in HandState,
    exactly as the reference does: the same cards, reshuffles included."""
    c = CHand(F2L3D, [500] * 6, seed=8)
    ref = c.reference()
    for _ in range(5):
        c.call(), ref.call()
    c.check(), ref.check()
    for _ in range(6):  # everybody draws five: the stub runs out at the fifth
        c.discard(31), ref.discard(ref.hand(ref.actor))
    exported = c.to_hand_state()
    exported.validate()
    assert exported.to_dict() == ref.to_dict()
    assert c.fields()["deck"]["reshuffles"] == 1
