from toolchain.cli import run

run()
