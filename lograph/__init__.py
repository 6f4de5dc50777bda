"""lograph: Lights Out on any graph."""

__version__ = "0.1.0"
