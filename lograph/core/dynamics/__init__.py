"""Board dynamics: the solution and press maps of any board, iterated by algebra.

LightsOutWeb replaces a board by its solution (or by the lights its presses make) again and
again, one step a frame, to find *periods*. Here the periods, tails, the maps' orders, the
fixed boards and stability come from minimal polynomials instead (docs/math.md, "Board
dynamics"), on any graph and any k. One topic per module:

- `maps`: `MapKind`, `image` (one step), `step` (any number, backwards too);
- `orbits`: `Orbit`, `orbit` (a board's tail and period);
- `order`: `MapOrder`, `map_order` (the lcm of all periods, the longest tail);
- `fixed`: `fixed_boards`, `eigenboards`;
- `stability`: `stable_cells`;
- `krylov`, `polys`, `factoring`: the algebra they share.
"""

from lograph.core.dynamics.fixed import eigenboards, fixed_boards
from lograph.core.dynamics.maps import MapKind, image, is_invertible, step
from lograph.core.dynamics.orbits import Orbit, orbit
from lograph.core.dynamics.order import MapOrder, map_order
from lograph.core.dynamics.stability import stable_cells

__all__ = [
    "MapKind",
    "MapOrder",
    "Orbit",
    "eigenboards",
    "fixed_boards",
    "image",
    "is_invertible",
    "map_order",
    "orbit",
    "stable_cells",
    "step",
]
