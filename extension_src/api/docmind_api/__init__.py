"""The DocMind API: the small HTTP service the DocMind extension asks (seed 000 §6.2, §6.3, Phase 4)."""

__version__ = "0.1.0"
