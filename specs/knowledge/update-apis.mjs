// Regenerates apis.json: every WebExtension API namespace and member with its availability per browser (from
// @mdn/browser-compat-data, BCD) and the permission / manifest-version / host-access facts BCD does not carry (from
// api-permissions.overlay.json, compiled from Chromium's _api_features.json / _permission_features.json /
// _manifest_features.json and Firefox's schema files, each fact citing its source).
// Usage (from a scratch folder outside the repository):
//   npm install @mdn/browser-compat-data && node /path/to/specs/knowledge/update-apis.mjs > /path/to/specs/knowledge/apis.json
// The output depends only on the BCD copy and the two JSON files beside this script, so it is reproducible.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const bcd = require("@mdn/browser-compat-data");
const readJson = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"));
const overlay = readJson("./api-permissions.overlay.json");
const permissionRows = readJson("./permissions.json").permissions;

const BROWSERS = ["chrome", "edge", "firefox", "firefox_android"];
const FAMILY = { chrome: "chrome", edge: "chrome", firefox: "firefox", firefox_android: "firefox" };
const FAMILIES = ["chrome", "firefox"];
const K = overlay.kinds;
const problems = [];

/** The value a per-browser overlay map gives one browser: its own key, else its family's, else '*'. */
const pick = (map, browser) => {
  if (!map) return undefined;
  for (const key of [browser, FAMILY[browser], "*"]) if (map[key] !== undefined) return map[key];
  return undefined;
};
const asList = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
const parentOf = (name) => name.split(".").slice(0, -1).join(".");
const ancestry = (name) => {
  const chain = [];
  for (let n = name; n; n = parentOf(n)) chain.push(n);
  return chain;
};

// -- BCD: one entry per feature, plus entries for alternative names (menus.create -> contextMenus.create) ------------
const entries = new Map(); // name -> { bcd: path, statements: { browser: statement } }
const entry = (name, bcdPath) => {
  if (!entries.has(name)) entries.set(name, { bcd: bcdPath, statements: {}, earlier: {} });
  return entries.get(name);
};
const alternativePath = (path, alt) => (alt.includes(".") ? alt : [...path.split(".").slice(0, -1), alt].join("."));
// Namespaces a browser has only under another name (Chrome: menus -> contextMenus). BCD sometimes forgets the
// alternative name on a member (menus.OnClickData.srcUrl in Chrome); such statements belong to the other name too.
const renamedNamespaces = {}; // namespace -> { browser: other name }
const hasMain = (support, browser) => asList(support[browser]).some((s) => !s.alternative_name && !s.prefix && s.version_added);

(function walk(node, path) {
  for (const [key, child] of Object.entries(node)) {
    if (key === "__compat") continue;
    const name = path ? `${path}.${key}` : key;
    if (child.__compat) {
      entry(name, name);
      const support = child.__compat.support;
      if (!path) {
        for (const browser of BROWSERS) {
          const alt = asList(support[browser]).find((s) => s.alternative_name && !s.version_removed);
          if (alt && !hasMain(support, browser)) (renamedNamespaces[name] ??= {})[browser] = alt.alternative_name;
        }
      }
      const namespace = name.split(".")[0];
      for (const browser of BROWSERS) {
        for (const statement of asList(support[browser])) {
          if (statement.prefix) continue;
          let target = name;
          if (statement.alternative_name) {
            if (statement.version_removed) continue; // a historical name, gone
            target = alternativePath(name, statement.alternative_name);
          } else if (renamedNamespaces[namespace]?.[browser] && name !== namespace) {
            target = [renamedNamespaces[namespace][browser], ...name.split(".").slice(1)].join(".");
          }
          const e = entry(target, name);
          if (!e.statements[browser]) e.statements[browser] = statement; // BCD lists the current statement first
          else if (target === name) (e.earlier[browser] ??= []).push(statement); // older statements, newest first
        }
      }
    }
    walk(child, name);
  }
})(bcd.webextensions.api, "");

const stripHtml = (text) =>
  text
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** Availability of one browser from its current BCD statement: first version, true (unknown version) or false.
 * The first version is that of the unbroken run of statements ending in the current one, through older ones that
 * are partial implementations or carry no notes: management.setEnabled is "140" (any extension, partial) after
 * "55"–"139" (themes only, partial), so it exists from Firefox 55; action.openPopup's "118"–"126" (notes: policy-
 * installed extensions only) is not followed. */
function availabilityOf(statement, earlier = []) {
  const out = { value: false };
  if (!statement) return out;
  const added = statement.version_added;
  if (statement.notes) out.notes = asList(statement.notes).map(stripHtml);
  if (statement.partial_implementation) out.partial = true;
  if (added === false || added === null || added === undefined) return out;
  if (statement.flags) {
    out.flags = statement.flags.map((f) => f.name).join(", ");
    return out;
  }
  if (added === "preview") {
    out.flags = "preview";
    return out;
  }
  if (statement.version_removed) {
    out.removed = statement.version_removed === true ? "unknown" : statement.version_removed;
    return out;
  }
  out.value = added;
  for (const older of earlier) {
    if (older.flags || older.prefix || older.alternative_name || older.version_removed !== out.value) break;
    // a restriction told only in notes ("only for policy-installed extensions") may mean absent: not followed
    if (older.notes && !older.partial_implementation) break;
    if (typeof older.version_added !== "string" || older.version_added === "preview") break;
    out.value = older.version_added;
  }
  return out;
}

// -- APIs BCD does not list (overlay extra_apis) --------------------------------------------------------------------
const extras = new Map(); // name -> { kind, availability, source, notes }
for (const [name, spec] of Object.entries(overlay.extra_apis)) {
  if (name.startsWith("$")) continue;
  let availability = spec.availability;
  if (!availability) {
    const required = asList(pick(overlay.namespaces[name]?.permissions, "chrome"))[0];
    const permission = Array.isArray(required) ? required[0] : required;
    const row = permissionRows[permission];
    if (!row) problems.push(`extra API ${name}: no availability and no permissions.json row for '${permission}'`);
    availability = Object.fromEntries(BROWSERS.map((b) => [b, row ? row[b] : false]));
  }
  extras.set(name, { kind: spec.kind, availability, source: spec.source, notes: spec.notes });
  for (const [member, memberSpec] of Object.entries(spec.members || {})) {
    const m = typeof memberSpec === "string" ? { kind: memberSpec } : memberSpec;
    extras.set(`${name}.${member}`, { kind: m.kind, availability: m.availability || availability, source: spec.source });
  }
}
for (const name of extras.keys()) {
  if (entries.has(name)) problems.push(`extra API ${name} is in BCD already`);
}

// -- kinds ----------------------------------------------------------------------------------------------------------
const kinds = new Map();
function kindOf(name) {
  if (kinds.has(name)) return kinds.get(name);
  let kind;
  const e = entries.get(name);
  const basis = e ? e.bcd : name; // an alternative name has the kind of the feature it names
  if (extras.has(name)) kind = extras.get(name).kind;
  else if (basis !== name) kind = kindOf(basis);
  else if (K.overrides[name]) kind = K.overrides[name];
  else if (!name.includes(".") || K.sub_namespaces.includes(name)) kind = "namespace";
  else {
    const parent = parentOf(name);
    const last = name.split(".").at(-1);
    const parentKind = kindOf(parent);
    if (parentKind === "namespace") {
      if (K.property_parents.includes(parent)) kind = "property";
      else if (/^on[A-Z]/.test(last)) kind = "event";
      else if (/^[A-Z][A-Z0-9_]+$/.test(last)) kind = "property";
      else if (/^[A-Z]/.test(last)) kind = "type";
      else kind = "function";
    } else if (parentKind === "type") {
      if (K.enum_types.includes(parent)) kind = "value";
      else if ((K.type_methods[parent] || []).includes(last)) kind = "function";
      else if (/^on[A-Z]/.test(last)) kind = "event";
      else kind = "property";
    } else if (parentKind === "property") kind = "property";
    else kind = "parameter"; // below a function or event: parameters, options, return values, behaviours
  }
  kinds.set(name, kind);
  return kind;
}

// -- facts from the overlay (permissions, manifest versions, host access, manifest keys) ----------------------------
const factNode = (name) => overlay.members[name] || overlay.namespaces[name];
for (const name of [...Object.keys(overlay.members), ...Object.keys(overlay.namespaces)]) {
  if (!entries.has(name) && !extras.has(name)) problems.push(`overlay fact for unknown API ${name}`);
}

for (const name of Object.keys(overlay.availability_overrides)) {
  if (!name.startsWith("$") && !entries.has(name)) problems.push(`availability override for unknown API ${name}`);
}

const MV_NOTES = [
  [/Available for use in Manifest V2 only/i, [2]],
  [/Only available for use in extensions using Manifest V2/i, [2]],
  [/Available for use in Manifest V3 or later/i, [3]],
  [/Available for use with Manifest V3 only/i, [3]],
];
const intersect = (a, b) => (a === undefined ? b : a.filter((v) => b.includes(v)));

function factsFor(name, browser) {
  const sources = new Set();
  const chain = ancestry(name);
  let permissions, hostAccess, manifestKeys, manifestVersions;
  for (const n of chain) {
    const node = factNode(n);
    if (!node) continue;
    let used = false;
    const p = pick(node.permissions, browser);
    if (permissions === undefined && p !== undefined) [permissions, used] = [p, true];
    if (hostAccess === undefined && node.host_access !== undefined) [hostAccess, used] = [node.host_access, true];
    const keys = pick(node.manifest_keys, browser);
    if (manifestKeys === undefined && keys !== undefined) [manifestKeys, used] = [keys, true];
    const mv = pick(node.manifest_versions, browser);
    if (mv !== undefined) [manifestVersions, used] = [intersect(manifestVersions, mv), true];
    if (used || n === name) for (const s of asList(pick(node.source, browser))) sources.add(s);
  }
  for (const n of chain) {
    const e = entries.get(n);
    const statement = e && e.statements[browser];
    for (const note of statement ? asList(statement.notes) : []) {
      for (const [pattern, mv] of MV_NOTES) {
        if (pattern.test(note)) {
          manifestVersions = intersect(manifestVersions, mv);
          sources.add("bcd-note");
        }
      }
    }
  }
  if (manifestVersions !== undefined && manifestVersions.length === 0) problems.push(`${name}/${browser}: contradictory manifest versions`);
  return { permissions, hostAccess, manifestKeys, manifestVersions: manifestVersions || [2, 3], sources };
}

// -- assemble -------------------------------------------------------------------------------------------------------
const MEMBER_KINDS = new Set(["namespace", "function", "event", "property", "type"]);
const sortStrings = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const names = [...new Set([...entries.keys(), ...extras.keys()])].sort(sortStrings);
const apis = {};
const counts = { namespaces: 0, members: 0, parameters: 0, values: 0, with_permissions: 0, alternative_names: 0, not_in_bcd: 0 };

for (const name of names) {
  const kind = kindOf(name);
  const out = { kind };
  const e = entries.get(name);
  const extra = extras.get(name);
  const availability = {};
  const notes = {};
  const partial = [];
  const removed = {};
  const flags = {};
  for (const browser of BROWSERS) {
    if (extra) {
      availability[browser] = extra.availability[browser];
      continue;
    }
    const a = availabilityOf(e.statements[browser], e.earlier[browser]);
    // A member cannot outlive its namespace (BCD occasionally lists a member for a browser lacking its parent).
    const parent = parentOf(name);
    availability[browser] = parent && apis[parent] && apis[parent].availability[browser] === false ? false : a.value;
    if (a.notes) notes[browser] = a.notes;
    if (a.partial) partial.push(browser);
    if (a.removed) removed[browser] = a.removed;
    if (a.flags) flags[browser] = a.flags;
  }
  const override = overlay.availability_overrides[name];
  if (override) {
    for (const browser of BROWSERS) if (override[browser] !== undefined) availability[browser] = override[browser];
    for (const browser of Object.keys(flags)) if (override[browser] !== undefined) delete flags[browser];
  }
  out.availability = availability;
  if (extra) {
    out.bcd = null;
    counts.not_in_bcd++;
  } else if (e.bcd !== name) {
    out.bcd = e.bcd;
    counts.alternative_names++;
  }

  if (MEMBER_KINDS.has(kind)) {
    kind === "namespace" ? counts.namespaces++ : counts.members++;
    const permissions = {};
    const manifestVersions = {};
    const manifestKeys = {};
    const source = { availability: extra ? extra.source : override ? ["bcd", ...asList(override.source)] : "bcd" };
    let hostAccess;
    for (const browser of BROWSERS) {
      if (availability[browser] === false) {
        permissions[browser] = null;
        manifestVersions[browser] = null;
        continue;
      }
      const f = factsFor(name, browser);
      if (f.permissions === undefined) problems.push(`${name}: no permission facts for ${browser}`);
      permissions[browser] = f.permissions === undefined ? null : f.permissions;
      manifestVersions[browser] = f.manifestVersions;
      if (f.manifestKeys !== undefined) manifestKeys[browser] = f.manifestKeys;
      if (f.hostAccess !== undefined) hostAccess = f.hostAccess;
      const family = FAMILY[browser];
      source[family] = [...new Set([...(source[family] || []), ...f.sources])].sort(sortStrings);
    }
    out.manifest_versions = manifestVersions;
    out.permissions = permissions;
    if (Object.values(permissions).some((p) => p !== null)) counts.with_permissions++;
    if (hostAccess) out.host_access = hostAccess;
    if (Object.keys(manifestKeys).length) out.manifest_keys = manifestKeys;
    const remarks = [...asList(factNode(name)?.notes), ...asList(extra?.notes), ...asList(override?.note)];
    if (remarks.length) out.remarks = remarks;
    for (const family of FAMILIES) if (source[family] && !source[family].length) delete source[family];
    out.source = source;
  } else {
    kind === "value" ? counts.values++ : counts.parameters++;
  }
  if (Object.keys(notes).length) out.notes = notes;
  if (partial.length) out.partial = partial;
  if (Object.keys(removed).length) out.removed = removed;
  if (Object.keys(flags).length) out.flags = flags;
  apis[name] = out;
}

if (problems.length) {
  process.stderr.write(problems.map((p) => `update-apis: ${p}\n`).join(""));
  process.exit(1);
}

const head = {
  $comment: [
    "WebExtension API knowledge for xtk lint, generated by update-apis.mjs from @mdn/browser-compat-data (availability) and api-permissions.overlay.json (permissions, manifest versions, host access; compiled from Chromium's and Firefox's API definition files). Do not edit by hand: edit the overlay and regenerate.",
    "availability[browser]: first version (string; '≤N' means 'N or earlier'), true (supported, version unknown) or false (unsupported, removed, behind a flag or preview; see removed/flags).",
    "manifest_versions[browser]: the manifest versions the API exists in; null where the API is unavailable.",
    "permissions[browser]: requirements that must all be met; a requirement is a permission or a list of alternatives. [] = no permission needed; null = not applicable (unavailable).",
    "host_access: 'required' (needs host access to the target page too: host permissions or activeTab) or 'alternative' (host access to the tab replaces the listed permissions).",
    "Entries of kind 'parameter' (parameters, options, behaviours of a function or event) and 'value' (enum values) carry availability only; they take everything else from their parent.",
    "bcd: the BCD feature an entry comes from when its name differs (alternative names such as contextMenus.create for menus.create), null for APIs BCD does not list.",
  ],
  bcd_version: bcd.__meta.version,
  browsers: BROWSERS,
  counts,
  sources: overlay.sources,
  namespace_aliases: overlay.namespace_aliases,
  permission_relations: overlay.permission_relations,
};
const lines = Object.entries(apis).map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
const text = JSON.stringify(head, null, 2).replace(/\n}$/, `,\n  "apis": {\n${lines.join(",\n")}\n  }\n}\n`);
process.stdout.write(text);
