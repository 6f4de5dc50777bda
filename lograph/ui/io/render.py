"""The old path of `lograph.ui.picture.render`, kept because ``lograph render``
(`lograph/cli/render_cmd.py`) imports its names from here. New code imports
`lograph.ui.picture.render`; once the CLI does too, this module goes.
"""

from lograph.ui.picture.render import (
    IMAGE_TYPES,
    MARK_MODES,
    Layer,
    chase_layers,
    check_folder,
    image_size,
    marks_for_export,
    render_bytes,
    scene_for,
    solution_layers,
    write_image,
)

__all__ = [
    "IMAGE_TYPES",
    "MARK_MODES",
    "Layer",
    "chase_layers",
    "check_folder",
    "image_size",
    "marks_for_export",
    "render_bytes",
    "scene_for",
    "solution_layers",
    "write_image",
]
