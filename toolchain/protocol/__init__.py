"""The message protocol between DocMind's contexts: JSON Schemas per channel (`model`), and the TypeScript types and
validators `xtk protocol codegen` generates from them (`codegen`). See docs/protocol.md."""
