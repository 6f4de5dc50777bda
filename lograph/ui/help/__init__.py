"""The Help menu: shortcut tooltips, Getting Started (with pictures drawn by
`lograph.ui.picture`) and the About box. The analysis dock's "?" explanations are the dock's
own (`lograph.ui.analysis.figure_help`)."""
