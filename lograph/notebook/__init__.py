"""lograph in Jupyter: boards and answers drawn as SVG (`display`), and the widget that
plays a board (`widget`)."""
