"""The drawing store's hit tests and bookkeeping, against brute force on random boards."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lograph.ui.canvas.store import DrawingStore, edge_key


def random_store(seed: int, n: int = 30, m: int = 40, directed: bool = False):
    rng = np.random.default_rng(seed)
    ids = [f"n{i}" for i in range(n)]
    pos = rng.uniform(0, 400, (n, 2))
    store = DrawingStore(directed)
    store.add_buttons(ids, pos, rng.integers(0, 3, n).tolist(), [0] * n)
    pairs = {(ids[a], ids[b]) for a, b in rng.integers(0, n, (m, 2)).tolist() if a != b}
    store.add_edges(sorted(pairs))
    return store, dict(zip(ids, map(tuple, pos), strict=True)), pairs, rng


def point_segment(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    t = (
        0.0
        if dx == dy == 0
        else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    )
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.floats(0, 400), st.floats(0, 400))
def test_button_at_is_the_nearest_disc_containing_the_point(seed, x, y):
    store, pos, _, _ = random_store(seed)
    dist = {b: math.hypot(px - x, py - y) for b, (px, py) in pos.items()}
    nearest = min(dist, key=dist.get)
    expected = nearest if dist[nearest] <= 30 else None
    assert store.button_at(x, y, 30.0) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.floats(0, 400), st.floats(0, 400))
def test_edge_at_agrees_with_brute_force(seed, x, y):
    store, pos, pairs, _ = random_store(seed)
    keys = {edge_key(u, v, False) for u, v in pairs}
    dist = {k: point_segment((x, y), pos[k[0]], pos[k[1]]) for k in keys}
    best = min(dist, key=dist.get)
    got = store.edge_at(x, y, 8.0)
    if dist[best] > 8.0:
        assert got is None
    else:
        assert got is not None
        assert dist[got] == pytest.approx(min(dist.values()))


def test_buttons_in_rectangle():
    store, pos, _, _ = random_store(5, n=200)
    inside = {b for b, (x, y) in pos.items() if 100 <= x <= 250 and 50 <= y <= 300}
    assert set(store.buttons_in((100, 50, 250, 300))) == inside


def test_removing_buttons_drops_their_edges_and_hits():
    store, pos, pairs, _ = random_store(7)
    gone = {"n1", "n2", "n3"}
    store.remove_buttons(sorted(gone))
    left = {edge_key(u, v, False) for u, v in pairs if u not in gone and v not in gone}
    assert {store.edge_ids[s] for s in store.live_edge_slots()} == left
    assert len(store) == 27
    x, y = pos["n1"]
    assert store.button_at(x, y, 0.5) in (None, *(b for b in pos if b not in gone))
    assert not any(b in gone for b in store.buttons_in((0, 0, 400, 400)))


def test_directed_keys_keep_direction_and_undirected_ones_do_not():
    assert edge_key("b", "a", True) == ("b", "a")
    assert edge_key("b", "a", False) == ("a", "b")
    store = DrawingStore(directed=True)
    store.add_buttons(["a", "b"], np.array([[0.0, 0.0], [1.0, 0.0]]), [0, 0], [0, 0])
    store.add_edges([("a", "b"), ("b", "a"), ("a", "b")])
    assert len(store.live_edge_slots()) == 2
    store.remove_edges([("b", "a")])
    assert store.has_edge("a", "b")
    assert not store.has_edge("b", "a")


def test_bounds_are_the_extremes_of_the_positions():
    store, pos, _pairs, _ = random_store(11)
    xs, ys = zip(*pos.values(), strict=True)
    assert store.bounds() == (min(xs), min(ys), max(xs), max(ys))
