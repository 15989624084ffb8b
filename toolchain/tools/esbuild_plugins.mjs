// `[[esbuild_plugins]]` in xtk.toml: esbuild plugins a project names from its own packages (an unplugin's
// `<name>/esbuild` build, such as unplugin-icons'), run by the Node path before xtk's own plugins, so what they
// resolve (`~icons/mdi/eye`) is theirs. Each entry: `package` (the module, resolved from the project), `export`
// ("default" unless named) and `options` (the factory's argument; a plugin object is used as it is).

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function projectPlugins(projectDir, specs) {
  const plugins = [];
  for (const spec of specs ?? []) {
    let resolved;
    try {
      resolved = createRequire(path.join(projectDir, 'package.json')).resolve(spec.package);
    } catch {
      throw new Error(`[[esbuild_plugins]] ${spec.package}: not installed in the project (npm install it), or not a module it exports`);
    }
    const module = await import(pathToFileURL(resolved).href);
    const name = spec.export ?? 'default';
    let found = module[name] ?? module.default?.[name];
    if (name === 'default' && found && typeof found === 'object' && typeof found.default === 'function') found = found.default;
    if (typeof found === 'function') found = found(spec.options ?? {});
    if (!found || typeof found.setup !== 'function') {
      throw new Error(`[[esbuild_plugins]] ${spec.package}: its export ${JSON.stringify(name)} is not an esbuild plugin (nor a function that makes one)`);
    }
    plugins.push(withProjectResolveDir(found, projectDir));
  }
  return plugins;
}

/** A module a plugin makes up (`~icons/mdi/eye`, in its own namespace) has no folder to resolve its imports from
 * (none, or a relative one): esbuild then cannot find `vue` in it. Such a module's imports resolve from the project, as Vite resolves them. */
function withProjectResolveDir(plugin, projectDir) {
  return {
    ...plugin,
    setup(build) {
      const onLoad = build.onLoad.bind(build);
      const patched = {}; // esbuild's own methods, callable unbound (unplugin destructures them)
      for (const [key, value] of Object.entries(build)) patched[key] = typeof value === 'function' ? value.bind(build) : value;
      patched.onLoad = (options, callback) =>
        onLoad(options, async (args) => {
          const result = await callback(args);
          const folder = result?.resolveDir; // unplugin gives the virtual id's "folder" (`~icons/mdi`): not one
          return result && !(folder && path.isAbsolute(folder)) ? { ...result, resolveDir: projectDir } : result;
        });
      return plugin.setup(patched);
    },
  };
}
