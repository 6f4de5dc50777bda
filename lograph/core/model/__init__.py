"""The board model: the editable `Board` (networkx underneath), its checks and conversions,
the press matrix `PressSystem`, its number system `Ring`, layouts and board generators. The
lowest layer of the core."""
