"""A project's message protocol between its contexts (popup, background, content scripts…): JSON Schemas per
channel (`model`), and the TypeScript types and validators `xtk protocol codegen` generates from them (`codegen`).
See docs/protocol.md."""
