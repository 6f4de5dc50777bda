"""Help inside the window: the figure explanations, shortcut tooltips, Getting Started and
the About box."""
