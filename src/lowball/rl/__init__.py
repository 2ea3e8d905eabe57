"""Placeholder; filled in below."""
from lowball.rl._chand import CHand, hand_generator, hand_key
from lowball.rl._rules import DEFAULT_FRACTIONS, MAX_CHIPS, UnsupportedVariantError, rules_of, unsupported
