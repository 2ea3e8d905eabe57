"""The public ranking API: evaluate, evaluate_batch, categories, showdowns, Hand."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from reference import reference_class

import lowball
from lowball import Hand, HandCategory, InvalidCardError

five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@given(five_cards, st.randoms())
def test_card_order_never_changes_the_class(cards: list[int], rnd) -> None:
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    assert lowball.evaluate(cards) == lowball.evaluate(tuple(shuffled))
    assert lowball.evaluate(cards) == reference_class(tuple(cards))


@settings(max_examples=200)
@given(st.lists(five_cards, min_size=0, max_size=50), st.sampled_from(["uint8", "int16", "int64", "uint32"]))
def test_batch_agrees_with_single(hands: list[list[int]], dtype: str) -> None:
    arr = np.array(hands, dtype=dtype).reshape(-1, 5)
    got = lowball.evaluate_batch(arr)
    assert got.dtype == np.uint16 and got.shape == (len(hands),)
    assert got.tolist() == [lowball.evaluate(h) for h in hands]
    assert lowball.evaluate_batch(arr, check=False).tolist() == got.tolist()


@given(hnp.arrays(np.int64, st.tuples(st.integers(1, 20), st.just(5)), elements=st.integers(-3, 60)))
def test_batch_check_reports_first_bad_row(arr: np.ndarray) -> None:
    def bad(row: np.ndarray) -> bool:
        return bool((row < 0).any() or (row > 51).any() or len(set(row.tolist())) < 5)

    bad_rows = [i for i in range(len(arr)) if bad(arr[i])]
    before = arr.copy()
    if bad_rows:
        with pytest.raises(InvalidCardError, match=rf"^row {bad_rows[0]}: "):
            lowball.evaluate_batch(arr)
    else:
        assert lowball.evaluate_batch(arr).tolist() == [lowball.evaluate(r.tolist()) for r in arr]
    assert np.array_equal(arr, before)  # the input is never modified


def test_batch_errors() -> None:
    with pytest.raises(InvalidCardError, match=r"row 1: card 3 appears twice: \[0, 1, 2, 3, 3\]"):
        lowball.evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]])
    with pytest.raises(InvalidCardError, match=r"row 0: card 300 is out of range"):
        lowball.evaluate_batch(np.array([[0, 1, 2, 3, 300]], dtype=np.int32))
    with pytest.raises(InvalidCardError, match=r"row 0: card 52 is out of range"):
        lowball.evaluate_batch(np.array([[0, 1, 2, 3, 52]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match=r"shape \(N, 5\), got \(3, 4\)"):
        lowball.evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(InvalidCardError, match=r"got \(5,\)"):
        lowball.evaluate_batch(np.arange(5))
    with pytest.raises(TypeError, match="integer array, got dtype float64"):
        lowball.evaluate_batch(np.zeros((2, 5)))
    assert lowball.evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)


def test_batch_unchecked_garbage_is_safe() -> None:
    """check=False on bad rows reads only inside the tables: some value 0..7462, no crash."""
    rng = np.random.default_rng(7)
    garbage = rng.integers(0, 256, size=(20000, 5), dtype=np.uint8)
    garbage[:10] = 255
    garbage[10:20] = 51  # five aces of spades: the largest possible key sum
    out = lowball.evaluate_batch(garbage, check=False)
    assert out.shape == (20000,) and int(out.max()) <= 7462
    with pytest.raises(InvalidCardError, match="row 0: card 255 is out of range"):
        lowball.evaluate_batch(garbage)


def test_batch_noncontiguous_input() -> None:
    hands = np.array(list(itertools.islice(itertools.combinations(range(52), 5), 0, 5000, 7)))
    wide = np.zeros((len(hands), 10), dtype=np.int64)
    wide[:, ::2] = hands
    view = wide[:, ::2]
    assert not view.flags.c_contiguous
    assert lowball.evaluate_batch(view).tolist() == lowball.evaluate_batch(hands).tolist()


def test_categories() -> None:
    assert lowball.category("7s5h4d3c2s") is HandCategory.HIGH_CARD
    assert lowball.category(1) is HandCategory.HIGH_CARD
    assert lowball.category(7462) is HandCategory.STRAIGHT_FLUSH
    assert lowball.category("6s5h4d3c2s") is HandCategory.STRAIGHT
    assert lowball.category("As5h4d3c2s") is HandCategory.HIGH_CARD  # not a straight
    assert lowball.category("As5s4s3s2s") is HandCategory.FLUSH  # not a straight flush
    assert HandCategory.THREE_OF_A_KIND.label == "three of a kind"
    firsts = [1, 1279, 4139, 4997, 5855, 5864, 7142, 7298, 7454]
    for cat, first in zip(HandCategory, firsts):
        assert lowball.category(first) is cat
        if first > 1:
            assert lowball.category(first - 1) is HandCategory(cat - 1)
    for bad in (0, 7463, -1):
        with pytest.raises(ValueError, match=rf"^hand class = {bad}: expected a whole number 1\.\.7462$"):
            lowball.category(bad)
        with pytest.raises(ValueError, match=rf"^hand class = {bad}: expected a whole number 1\.\.7462$"):
            lowball.describe(bad)


def test_winners_and_splits() -> None:
    assert lowball.winners(["8s5h4d3c2s", "7s5h4d3c2s", "7s6h4d3c2s"]) == [1]
    assert lowball.winners(["7s5h4d3c2s", "7c5d4h3s2d", "9s8h6d4c2s"]) == [0, 1]  # split
    assert lowball.winners(["2s2h3d4c5s", "AsKhQdJc9s"]) == [1]  # no pair beats any pair
    assert lowball.winners(["As5h4d3c2s", "Ks5h4d3c2d"]) == [1]  # the wheel is ace high
    assert lowball.winners([5, 3, 3]) == [1, 2]
    with pytest.raises(ValueError, match="at least one hand"):
        lowball.winners([])


def test_hand_object_better_is_unmistakable() -> None:
    best, worse = Hand("7s5h4d3c2s"), Hand("8s5h4d3c2s")
    assert best.beats(worse) and not worse.beats(best)
    assert best.hand_class < worse.hand_class  # lower class = better hand
    assert best.ties("7c5d4h3s2d") and not best.ties(worse)
    assert best.category is HandCategory.HIGH_CARD
    assert best.describe() == "7-5-4-3-2: number one (the wheel)"
    with pytest.raises(TypeError, match="use Hand.beats"):
        _ = best < worse  # type: ignore[operator]
    with pytest.raises(TypeError, match="use Hand.beats"):
        sorted([worse, best])  # type: ignore[type-var]
    assert [str(h) for h in sorted([worse, best], key=lambda h: h.hand_class)] == ["7s5h4d3c2s", "8s5h4d3c2s"]
    assert best == Hand("7s 5h 4d 3c 2s") and hash(best) == hash(Hand("7s5h4d3c2s"))


def test_evaluate_all_shape() -> None:
    out = lowball.evaluate_all()
    assert out.shape == (2_598_960,) and out.dtype == np.uint16
    assert out[0] == lowball.evaluate((0, 1, 2, 3, 4))
    # The last combination is Ks Ac Ad Ah As: four aces with a king, the worst four of a kind.
    assert out[-1] == lowball.evaluate((47, 48, 49, 50, 51)) == 7453


def test_batch_input_a_new_user_gives() -> None:
    """An empty list is no hands; ragged rows and huge card numbers get plain messages that
    name the problem (from a new-user test: numpy's own text and 'dtype object' leaked)."""
    empty = lowball.evaluate_batch([])
    assert empty.dtype == np.uint16 and empty.shape == (0,)
    with pytest.raises(InvalidCardError) as e:
        lowball.evaluate_batch([[1, 2, 3, 4, 5], [1, 2]])
    assert str(e.value) == "cards must be an array of shape (N, 5): its rows are of different lengths"
    for big in (2**70, 2**63, 2**64 - 1):  # numpy makes these objects or floats
        with pytest.raises(InvalidCardError) as e:
            lowball.evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, big]])
        assert str(e.value) == f"row 1: card number {big} is out of range: expected 0..51"
    with pytest.raises(InvalidCardError, match=r"got \(0,\)"):
        lowball.evaluate_batch(np.zeros(0))  # an empty float array is not "no hands"
    with pytest.raises(lowball.InvalidTypeError, match="got dtype float64"):
        lowball.evaluate_batch([[0.0, 1, 2, 3, 4]])
