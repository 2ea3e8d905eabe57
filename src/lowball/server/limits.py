"""What ``lowball serve`` bounds for one client so that it cannot cost everyone else, free of any
web framework and on the server's clock (so tests move time by hand): the nesting of a JSON
message, a request rate per client address (token buckets), repeated bad tokens from one address,
and a small least-recently-used cache.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["MAX_DEPTH", "too_deep", "RateLimit", "BadTokens", "LRU"]

MAX_DEPTH = 32  # the deepest nesting of arrays and objects a client message may have
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string, escapes and all
_BRACKET = re.compile(r"[\[\]{}]")

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays and objects more than ``limit`` levels deep
    (brackets inside strings do not count), found without parsing it: ``json.loads`` recurses
    once per level and fails with ``RecursionError`` near a thousand. A text with no more than
    ``limit`` opening brackets in all is answered at once; bytes are read as ``json.loads``
    reads them (UTF-8, -16 or -32)."""
    if isinstance(text, bytes):
        if text.count(b"[") + text.count(b"{") <= limit:
            return False
        try:
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        except (UnicodeDecodeError, LookupError):
            return False  # not text: json.loads says so
    elif text.count("[") + text.count("{") <= limit:
        return False
    plain = _STRING.sub("", text)  # the strings, left to right, as a JSON reader finds them
    quote = plain.find('"')
    if quote >= 0:
        plain = plain[:quote]  # an unterminated string: what follows is inside it
    depth = 0
    for m in _BRACKET.finditer(plain):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class RateLimit:
    """Requests per client (a key, the client's address) as token buckets: each key may make
    ``burst`` requests at once and ``rate`` a second after that, on ``clock`` (seconds). The
    ``keys`` most recently seen are remembered (a key forgotten starts with a full bucket)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float], keys: int = 10_000) -> None:
        self.rate = float(rate)
        self.burst = float(burst)
        self.clock = clock
        self.keys = keys
        self._buckets: OrderedDict[Any, tuple[float, float]] = OrderedDict()  # key: (tokens, at)

    def take(self, key: Any) -> float:
        """Take one request for ``key``: 0.0 when it may go on, else the seconds until it may."""
        now = self.clock()
        tokens, at = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + max(0.0, now - at) * self.rate)
        if tokens >= 1.0:
            tokens -= 1.0
            wait = 0.0
        else:
            wait = (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return wait


class BadTokens:
    """Repeated bad tokens from one client address: after ``limit`` within ``window`` seconds,
    every token from that address is refused for ``lockout`` seconds (a token cannot be guessed,
    but trying costs the server a hash and a look-up each time), on ``clock`` (seconds)."""

    def __init__(
        self, limit: int, window: float, lockout: float, clock: Callable[[], float], keys: int = 10_000
    ) -> None:
        self.limit = limit
        self.window = float(window)
        self.lockout = float(lockout)
        self.clock = clock
        self.keys = keys
        self._failures: OrderedDict[Any, deque[float]] = OrderedDict()
        self._locked: dict[Any, float] = {}  # key: until

    def refused(self, key: Any) -> float:
        """The seconds ``key`` is still locked out for (0.0: its tokens are looked at)."""
        until = self._locked.get(key)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left > 0:
            return left
        del self._locked[key]
        return 0.0

    def failed(self, key: Any) -> None:
        """``key`` gave a bad token: the ``limit``-th within ``window`` locks it out."""
        now = self.clock()
        times = self._failures.pop(key, None) or deque(maxlen=self.limit)
        while times and now - times[0] >= self.window:
            times.popleft()
        times.append(now)
        if len(times) >= self.limit:
            self._locked[key] = now + self.lockout
            times.clear()
        self._failures[key] = times
        while len(self._failures) > self.keys:
            self._failures.popitem(last=False)
        if len(self._locked) > self.keys:
            for k in [k for k, until in self._locked.items() if until <= now]:
                del self._locked[k]


class LRU(Generic[K, V]):
    """The ``size`` values most recently used, by key; ``hits`` and ``misses`` count look-ups."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is None:
            self.misses += 1
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)
