"""The build plan: what each browser's build contains and where, derived from the project alone.

The manifest renderer and the bundler both read it, so they agree on every output path.
"""

from toolchain.plan.build_plan import (
    AssetCopy,
    BuildPlan,
    Context,
    Format,
    Mode,
    PagePlan,
    ScriptEntry,
    StyleEntry,
    plan_build,
)

__all__ = ["AssetCopy", "BuildPlan", "Context", "Format", "Mode", "PagePlan", "ScriptEntry", "StyleEntry", "plan_build"]
