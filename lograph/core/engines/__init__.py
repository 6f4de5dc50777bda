"""The analysis engines (fast GF(2) chase and banded elimination, GF(p) chase, dense
elimination, the galois reference) and their explicit registry
(`lograph.core.engines.registry`); shared limits and plan checks in
`lograph.core.engines.common`."""
