"""Kept for `tests/ui/gf.py` until it moves to `tests.references` (the one home of the
independent references); nothing else should import this module."""

from tests.references import rank_mod_p

__all__ = ["rank_mod_p"]
