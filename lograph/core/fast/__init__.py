"""Bit-packed GF(2) kernels of the fast analysis engine (numba-compiled).

`chase_kernel` runs a chase plan symbolically; `banded` does forward elimination over a
bandwidth-reducing order; `bits` holds the shared packing and small dense elimination.
The engine that chooses between them lives in `lograph.core.fast_engine`.
"""
