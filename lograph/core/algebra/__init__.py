"""Finite-field linear algebra: elimination over GF(p), closed forms for grids, and the
`Analysis` result type with the `Solver` interface every engine implements."""
