"""manifest.json: per-browser conversions, rendering, and the schema check every generated manifest passes."""
