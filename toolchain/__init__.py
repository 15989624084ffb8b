"""xtk: a toolchain for cross-browser web extensions."""

__version__ = "0.1.0"
