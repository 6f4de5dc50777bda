"""Every numba-compiled inner loop, behind the one cached `jit` wrapper
(`lograph.core.kernels.jit`): bit-packed GF(2) rows, the symbolic chase over GF(2) and GF(p),
banded elimination, chase-plan loops, BFS, and the press-table loops of the optimisers."""
