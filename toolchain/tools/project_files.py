"""The files of a JS project whose content changes what the tools do: esbuild, tsc and the component compilers.

Both caches key on them (the build's recipe cache and the lint's result cache): a project with .svelte/.vue
components is keyed on the installed svelte, vue and @vue/compiler-sfc too.
"""

from __future__ import annotations

from toolchain.tools.components import COMPILER_PACKAGE_FILES

#: relative to the project's root
PROJECT_FILES = (
    "tsconfig.json",
    "package.json",
    "package-lock.json",
    "node_modules/esbuild/package.json",
    "node_modules/typescript/package.json",
    *COMPILER_PACKAGE_FILES,
)
