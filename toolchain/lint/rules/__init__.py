"""The lint rules: one module, one rule (see toolchain/lint/model.py)."""
