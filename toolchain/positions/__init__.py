"""Where a value sits in a text file: line and column of JSON pointers and keys (`json.py`), and of TOML keys
(`toml.py`). At the bottom of the package: the config loader, the manifest checks, the protocol and the lint all
name positions, and none of them owns the parsing of positions."""
