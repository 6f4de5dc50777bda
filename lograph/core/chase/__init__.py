"""Light chasing: vertex orders, the chase plan heuristic, and the person's lookup table."""
