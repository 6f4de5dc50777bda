"""JSON-ready records of analyses and the full analysis report (Markdown or JSON)."""
