"""The Qt-free core of lograph: board model, GF(p) algebra, chasing and file formats."""
