"""The library behind ``import lograph``: the door that turns any graph into a board
(`inputs`), the questions (`questions`) and their answers as values (`results`).

Everything public is exported by `lograph` itself; these modules are internals.
"""
