"""The PySide6 application (never imported by lograph.core or the headless CLI)."""
