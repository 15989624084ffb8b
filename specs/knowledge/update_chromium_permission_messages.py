"""Regenerate specs/knowledge/chromium-permission-messages.json: the data Chromium uses to compute the install
warnings ("permission messages") it shows for an extension, with the English text of every warning.

How Chromium computes them (ChromePermissionMessageProvider): every API permission and manifest permission
contributes APIPermissionIDs (`GetPermissions()`), the host permissions contribute `kHostsAll` or one
`kHostReadWrite` per distinct host (`AddHostPermissions`), and then the ordered rule list
`ChromePermissionMessageRule::GetAllRules()` is applied (`GetPermissionMessagesHelper`): a rule fires when all its
required IDs are still unused, and consumes its required and optional IDs, so earlier rules suppress later ones.

Sources (paths relative to the root of a Chromium source checkout, `src/`)
    chrome/common/extensions/permissions/chrome_permission_message_rules.cc
        `GetAllRules()`: each rule's message id(s), formatter, required and optional APIPermissionIDs, in order.
        Formatters: a bare IDS_ id (DefaultPermissionMessageFormatter) -> "default"; HostListFormatter (ids for
        1, 2, 3 and more hosts) -> "hosts"; SingleParameterFormatter -> "single_parameter";
        SpaceSeparatedListFormatter (ids for one and several) -> "space_separated"; USBDevicesFormatter (its
        message ids are read from the class body) -> "usb"; `GetEnterpriseReportingPrivatePermissionMessageId()`
        -> "default" with its #if branches in "platform_messages".
    chrome/common/extensions/permissions/chrome_api_permissions.cc and
    extensions/common/permissions/extensions_api_permissions.cc
        `permissions_to_register[]` ({APIPermissionID::kTab, "tabs", flags, factory}) and `GetPermissionAliases()`;
        names given as constants are resolved from extensions/common/api/declarative_net_request/constants.cc
        (or constants.h).
    chrome/app/generated_resources.grd (and chrome/app/extensions_strings.grdp when present)
        the English <message>s; `<ph name="X">$1<ex>..</ex></ph>` becomes `{1}`; messages inside platform
        `<if expr>` blocks are recorded with their condition.
    chrome/common/extensions/permissions/chrome_permission_message_provider.cc (`AddHostPermissions`),
    extensions/common/permissions/permission_set.cc (`ShouldWarnAllHosts`),
    extensions/common/permissions/permission_message_util.cc (`GetDistinctHosts`),
    extensions/common/manifest_handlers/automation.cc (optional: the read-only host IDs and kFullAccess),
    extensions/common/url_pattern.cc and url_pattern_set.cc (optional)
        the host rule. It is written out by hand in host_rule() because it is code, not data, but every claim
        is checked against these files (the script fails if a checked fragment is gone) and the numbers and
        message ids in it are read from the sources.

Usage
    python specs/knowledge/update_chromium_permission_messages.py --chromium <path to a chromium source checkout>
        [--output PATH] [--commit SHA] [--repository OWNER/NAME] [--file-commit PATH=SHA ...]
        [--file-note PATH=TEXT ...]
    Standard library only (Python 3.11). --commit defaults to `git rev-parse HEAD` in the checkout (else
    "unknown"); --file-commit / --file-note record, per source file, a different commit or a remark (for a tree
    assembled from several commits, or a file that is an excerpt). A summary goes to stderr. The output is
    deterministic (indent 1, trailing newline).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent

RULES = "chrome/common/extensions/permissions/chrome_permission_message_rules.cc"
CHROME_PERMISSIONS = "chrome/common/extensions/permissions/chrome_api_permissions.cc"
EXTENSIONS_PERMISSIONS = "extensions/common/permissions/extensions_api_permissions.cc"
CONSTANTS = (
    "extensions/common/api/declarative_net_request/constants.cc",
    "extensions/common/api/declarative_net_request/constants.h",
)
GRD = "chrome/app/generated_resources.grd"
GRDP = "chrome/app/extensions_strings.grdp"
PROVIDER = "chrome/common/extensions/permissions/chrome_permission_message_provider.cc"
PERMISSION_SET = "extensions/common/permissions/permission_set.cc"
MESSAGE_UTIL = "extensions/common/permissions/permission_message_util.cc"
AUTOMATION = "extensions/common/manifest_handlers/automation.cc"
URL_PATTERN = "extensions/common/url_pattern.cc"
URL_PATTERN_SET = "extensions/common/url_pattern_set.cc"
REQUIRED = (RULES, CHROME_PERMISSIONS, EXTENSIONS_PERMISSIONS, GRD, PROVIDER, PERMISSION_SET, MESSAGE_UTIL)
OPTIONAL = (*CONSTANTS, GRDP, AUTOMATION, URL_PATTERN, URL_PATTERN_SET)

MESSAGE_PREFIX = "IDS_EXTENSION_PROMPT_WARNING_"
# Build-wide grit conditions that every desktop Chrome build satisfies; not worth recording.
BUILD_WIDE_CONDITIONS = {"enable_extensions", "enable_extensions_core"}

FORMATTERS = {
    "HostListFormatter": "hosts",
    "SingleParameterFormatter": "single_parameter",
    "SpaceSeparatedListFormatter": "space_separated",
    "USBDevicesFormatter": "usb",
    "SimpleListFormatter": "simple_list",
}

COMMENT = (
    "What Chromium shows as install warnings (permission messages) for an extension. Made by "
    "specs/knowledge/update_chromium_permission_messages.py from a Chromium checkout; 'source' names the repository, "
    "the main commit and each file with the commit it was read at (parsed: false marks a file read by hand, not by "
    "the script; 'note' says when a file was only an excerpt). 'messages': English text of every "
    "IDS_EXTENSION_PROMPT_WARNING_* id the rules use, grit placeholders as {1}, {2}...; 'message_conditions' "
    "gives the grit <if expr> of messages that exist only on some "
    "platforms, 'message_variants' the texts of messages defined differently per condition (the text in 'messages' "
    "is the unconditional or 'not ...' one). 'permissions': manifest permission name (and alias) -> the "
    "APIPermissionID it grants, from permissions_to_register[] in chrome_api_permissions.cc and "
    "extensions_api_permissions.cc; 'permission_aliases' alias -> name; 'permission_flags' the APIPermissionInfo "
    "flags of each permission that has any; 'permission_classes' permissions built by a custom APIPermission class "
    "whose GetPermissions() emits other or parameterized IDs (socket -> kSocketAnyHost/kSocketDomainHosts/"
    "kSocketSpecificHosts, usbDevices -> kUsbDevice*, homepage/searchProvider/startupPages -> the same id with the "
    "URL as parameter); 'implies_all_hosts' the permissions with kFlagImpliesFullURLAccess, which add kHostsAll "
    "(PermissionSet::ShouldWarnAllHosts); 'permissions_without_message' names whose id no rule uses and that add "
    "nothing else, i.e. granted without any warning. 'rules': ChromePermissionMessageRule::GetAllRules() in "
    "Chromium's order. Apply them in order: a rule fires when every 'required' id is present and not yet used; it "
    "then uses up its required ids and whichever 'optional' ids are present (so those produce no further message), "
    "and shows its message. 'formatter': default (the one message); hosts (messages = ids for 1, 2, 3 and more "
    "than 3 hosts, the hosts being the kHostReadWrite/kHostReadOnly parameters, see 'hosts'); single_parameter "
    "(the id's parameter fills {1}); space_separated (messages = [one, several]; the parameters joined by spaces "
    "fill {1}); usb (all the USBDevicesFormatter ids). 'platform_messages' (enterprise.reportingPrivate) maps the C++ "
    "#if condition to the id used there. 'hosts': how host permissions become kHostsAll / kHostReadWrite "
    "(+host) / kHostsAllReadOnly / kHostReadOnly ids, quoting the Chromium functions; 'uses_messages' lists its "
    "message ids and 'verified_in' the functions its claims were checked against."
)


# --------------------------------------------------------------------------------------------------------------
# C++ helpers


def strip_comments(code: str) -> str:
    """Remove // and /* */ comments, leaving string and character literals alone (newlines are kept)."""
    out: list[str] = []
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c in "\"'":
            j = i + 1
            while j < n and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            out.append(code[i : j + 1])
            i = j + 1
        elif code.startswith("//", i):
            j = code.find("\n", i)
            i = n if j < 0 else j
        elif code.startswith("/*", i):
            j = code.find("*/", i + 2)
            out.append("\n" * code.count("\n", i, n if j < 0 else j))
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


_OPEN, _CLOSE = "({[", ")}]"


def _outside_strings(code: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, character, bracket depth after it) for each character outside string literals, from `start`."""
    depth, i = 0, start
    while i < len(code):
        c = code[i]
        if c in "\"'":
            j = i + 1
            while code[j] != c:
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        depth += (c in _OPEN) - (c in _CLOSE)
        yield i, c, depth
        i += 1


def balanced(code: str, open_at: int) -> tuple[str, int]:
    """The text inside the bracket at `open_at` and the index just after its closing bracket."""
    for i, c, depth in _outside_strings(code, open_at):
        if c in _CLOSE and depth == 0:
            return code[open_at + 1 : i], i + 1
    raise ValueError(f"unbalanced bracket at {open_at}")


def split_top(code: str, sep: str = ",") -> list[str]:
    """Split at `sep` where no bracket is open; empty pieces (a trailing comma) are dropped."""
    parts, start = [], 0
    for i, c, depth in _outside_strings(code):
        if c == sep and depth == 0:
            parts.append(code[start:i])
            start = i + 1
    parts.append(code[start:])
    return [p.strip() for p in parts if p.strip()]


def array_body(code: str, name: str, where: str) -> str:
    match = re.search(rf"\b{re.escape(name)}\[\]\s*=\s*\{{", code)
    if not match:
        raise SystemExit(f"{where}: no `{name}[] = {{` initializer; Chromium changed, update this script")
    return balanced(code, match.end() - 1)[0]


def function_body(code: str, name: str, where: str) -> str:
    """Body of the definition of `name` (a plain or Class:: qualified function name)."""
    for match in re.finditer(rf"\b{re.escape(name)}\s*\(", code):
        _, after = balanced(code, match.end() - 1)
        rest = re.match(r"\s*(?:const\s*)?(?:override\s*)?\{", code[after:])
        if rest:
            return balanced(code, after + rest.end() - 1)[0]
    raise SystemExit(f"{where}: no definition of {name}(); Chromium changed, update this script")


def require(text: str, fragment: str, where: str) -> None:
    """Fail loudly when a fragment the host rule description relies on is no longer in the source."""
    if re.search(fragment, text) is None:
        raise SystemExit(f"{where}: expected {fragment!r}; Chromium changed, re-check host_rule() in this script")


def ids_in(text: str) -> list[str]:
    return re.findall(r"APIPermissionID::(k\w+)", text)


def unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


# --------------------------------------------------------------------------------------------------------------
# Rules


def describe_formatter(expr: str, code: str) -> dict[str, object]:
    expr = " ".join(expr.split())
    if re.fullmatch(r"IDS_\w+", expr):
        return {"messages": [expr], "formatter": "default"}
    made = re.fullmatch(r"std::make_unique<(\w+)>\((.*)\)", expr)
    if made:
        cls, args = made.groups()
        if cls not in FORMATTERS:
            raise SystemExit(f"{RULES}: unknown formatter {cls}; update FORMATTERS in this script")
        messages = re.findall(r"IDS_\w+", args)
        if cls == "USBDevicesFormatter":
            start = re.search(r"class USBDevicesFormatter\b[^{]*\{", code)
            if not start:
                raise SystemExit(f"{RULES}: no class USBDevicesFormatter")
            messages = unique(re.findall(r"IDS_\w+", balanced(code, start.end() - 1)[0]))
        expected = {"HostListFormatter": 4, "SingleParameterFormatter": 1, "SpaceSeparatedListFormatter": 2}
        if cls in expected and len(messages) != expected[cls]:
            raise SystemExit(f"{RULES}: {cls} with {len(messages)} message ids: {expr}")
        if not messages:
            raise SystemExit(f"{RULES}: no message id in {expr}")
        return {"messages": messages, "formatter": FORMATTERS[cls]}
    call = re.fullmatch(r"(\w+)\(\)", expr)
    if call:
        body = function_body(code, call.group(1), RULES)
        platform: dict[str, str] = {}
        condition = None
        for line in body.splitlines():
            line = line.strip()
            directive = re.match(r"#\s*(if|elif)\s+(.*)", line)
            if directive:
                condition = " ".join(directive.group(2).split())
            elif re.match(r"#\s*else\b", line):
                condition = "else"
            elif re.match(r"#\s*endif\b", line):
                condition = None
            else:
                returned = re.match(r"return\s+(IDS_\w+)\s*;", line)
                if returned:
                    platform[condition or "always"] = returned.group(1)
        if not platform:
            raise SystemExit(f"{RULES}: {call.group(1)}() returns no IDS_ id")
        default = platform.get("else") or platform.get("always") or next(iter(platform.values()))
        return {
            "messages": [default],
            "formatter": "default",
            "message_function": call.group(1) + "()",
            "platform_messages": platform,
        }
    raise SystemExit(f"{RULES}: cannot read the message part of a rule: {expr}")


def read_rules(source: str) -> tuple[list[dict[str, object]], dict[str, object]]:
    code = strip_comments(source)
    rules = []
    for entry in split_top(array_body(code, "rules_arr", RULES)):
        if not (entry.startswith("{") and entry.endswith("}")):
            raise SystemExit(f"{RULES}: unexpected rule syntax: {entry[:80]}")
        parts = split_top(entry[1:-1])
        if len(parts) != 3 or not all(p.startswith("{") for p in parts[1:]):
            raise SystemExit(f"{RULES}: a rule is not {{message, {{required}}, {{optional}}}}: {entry[:120]}")
        rule = describe_formatter(parts[0], code)
        rule["required"] = ids_in(parts[1])
        rule["optional"] = ids_in(parts[2])
        if not rule["required"]:
            raise SystemExit(f"{RULES}: a rule without required ids: {entry[:120]}")
        rules.append(
            {k: rule[k] for k in ("messages", "formatter", "required", "optional")}
            | {k: v for k, v in rule.items() if k not in ("messages", "formatter", "required", "optional")}
        )
    host_list = balanced(code, re.search(r"class HostListFormatter\b[^{]*\{", code).end() - 1)[0]
    details = {
        "max_hosts_in_main_message": int(re.search(r"kMaxHostsInMainMessage\s*=\s*(\d+)", host_list).group(1)),
        "subdomain_messages": re.findall(r"IDS_\w+", function_body(host_list, "GetHostMessages", RULES)),
    }
    require(host_list, r"host\[0\] == '\*' && host\[1\] == '\.'", RULES + " HostListFormatter::GetHostMessages")
    if len(details["subdomain_messages"]) != 2:
        raise SystemExit(f"{RULES}: GetHostMessages no longer picks between two message ids")
    return rules, details


# --------------------------------------------------------------------------------------------------------------
# Permissions


def read_constants(texts: list[str]) -> dict[str, str]:
    constants: dict[str, str] = {}
    for text in texts:
        for name, value in re.findall(r'\bchar\s+(k\w+)\[\]\s*=\s*"((?:[^"\\]|\\.)*)"', strip_comments(text)):
            constants[name] = value
    return constants


def read_permissions(source: str, where: str, constants: dict[str, str]) -> tuple[list[dict], dict[str, str]]:
    code = strip_comments(source)
    entries = []
    for entry in split_top(array_body(code, "permissions_to_register", where)):
        parts = split_top(entry.strip()[1:-1])
        pid = re.fullmatch(r"APIPermissionID::(k\w+)", parts[0])
        if not pid or len(parts) < 2:
            raise SystemExit(f"{where}: unexpected permission entry: {entry[:120]}")
        name_expr = parts[1]
        if re.fullmatch(r'"[^"]*"', name_expr):
            name = name_expr[1:-1]
        else:
            constant = name_expr.split("::")[-1]
            if constant not in constants:
                raise SystemExit(f"{where}: cannot resolve the permission name {name_expr}; add its file to CONSTANTS")
            name = constants[constant]
        flags = [f for f in re.findall(r"APIPermissionInfo::(kFlag\w+)", " ".join(parts[2:3])) if f != "kFlagNone"]
        factory = re.search(r"CreateAPIPermission<(\w+)>", " ".join(parts[3:]))
        entries.append(
            {"name": name, "id": pid.group(1), "flags": flags, "class": factory.group(1) if factory else None}
        )
    aliases = dict(re.findall(r'Alias\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\)', code))
    return entries, aliases


# --------------------------------------------------------------------------------------------------------------
# Messages


def message_text(element: ET.Element) -> str:
    parts = [element.text or ""]
    for child in element:
        if child.tag == "ph":
            number = re.search(r"\$(\d+)", child.text or "")
            parts.append("{%s}" % (number.group(1) if number else child.get("name")))
        else:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    text = "".join(parts).strip()
    if text.startswith("'''"):
        text = text[3:]
    if text.endswith("'''"):
        text = text[:-3]
    return re.sub(r"[ \t]*\n[ \t]*", "\n", text)


def read_grit(path: Path) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """name -> [(platform conditions, text)] for every IDS_EXTENSION_PROMPT_WARNING_* message in a .grd/.grdp."""
    found: dict[str, list[tuple[tuple[str, ...], str]]] = {}

    def walk(element: ET.Element, conditions: tuple[str, ...]) -> None:
        for child in element:
            if child.tag == "if":
                expr = " ".join((child.get("expr") or "").split())
                inner = conditions if expr in BUILD_WIDE_CONDITIONS else conditions + (expr,)
                branches = [c for c in child if c.tag in ("then", "else")]
                if branches:
                    for branch in branches:
                        walk(branch, inner if branch.tag == "then" else conditions + (f"not ({expr})",))
                else:
                    walk(child, inner)
            elif child.tag == "message":
                name = child.get("name", "")
                if name.startswith(MESSAGE_PREFIX):
                    found.setdefault(name, []).append((conditions, message_text(child)))
            else:
                walk(child, conditions)

    walk(ET.parse(path).getroot(), ())
    return found


def choose_messages(found: dict[str, list[tuple[tuple[str, ...], str]]], used: list[str]):
    messages, conditions, variants = {}, {}, {}
    for name in used:
        occurrences = found.get(name)
        if not occurrences:
            continue
        ranked = sorted(
            occurrences, key=lambda o: 0 if not o[0] else 1 if all(c.startswith("not ") for c in o[0]) else 2
        )
        chosen_conditions, text = ranked[0]
        messages[name] = text
        # Defined under both `X` and `not X` (or unconditionally): available everywhere, whatever the wording.
        defined_under = {" and ".join(c) for c, _ in occurrences}
        everywhere = "" in defined_under or any(f"not {c}" in defined_under for c in defined_under)
        if chosen_conditions and not everywhere:
            conditions[name] = " and ".join(chosen_conditions)
        texts = {" and ".join(c) or "always": t for c, t in occurrences}
        if len(set(texts.values())) > 1:
            variants[name] = texts
    return messages, conditions, variants


# --------------------------------------------------------------------------------------------------------------
# Host rule


def host_rule(texts: dict[str, str], rules: list[dict], details: dict, implies_all_hosts: list[str]) -> dict:
    provider = strip_comments(texts[PROVIDER])
    add_hosts = function_body(provider, "ChromePermissionMessageProvider::AddHostPermissions", PROVIDER)
    for fragment in (
        r"Manifest::Type::kPlatformApp",
        r"permissions\.ShouldWarnAllHosts\(\)",
        r"insert\(APIPermissionID::kHostsAll\)",
        r"FilterHostPermissions\(\s*permissions\.effective_hosts\(\)",
        r"GetDistinctHosts\(regular_hosts, true, true\)",
        r"APIPermissionID::kHostReadWrite",
    ):
        require(add_hosts, fragment, PROVIDER + " AddHostPermissions")
    permission_set = strip_comments(texts[PERMISSION_SET])
    require(
        function_body(permission_set, "PermissionSet::InitEffectiveHosts", PERMISSION_SET),
        r"CreateUnion\(explicit_hosts\(\), scriptable_hosts\(\)\)",
        PERMISSION_SET + " InitEffectiveHosts",
    )
    require(
        function_body(permission_set, "PermissionSet::CleanExplicitHostPaths", PERMISSION_SET),
        r'SetPath\("/\*"\)',
        PERMISSION_SET + " CleanExplicitHostPaths",
    )
    for_hosts = function_body(permission_set, "PermissionSet::InitShouldWarnAllHostsForHostPermissions", PERMISSION_SET)
    require(for_hosts, r"effective_hosts\(\)\.MatchesAllURLs\(\)", PERMISSION_SET)
    require(for_hosts, r"pattern\.MatchesEffectiveTld\(\)", PERMISSION_SET)
    require(
        function_body(permission_set, "PermissionSet::InitShouldWarnAllHostsForAPIPermissions", PERMISSION_SET),
        r"implies_full_url_access\(\)",
        PERMISSION_SET,
    )
    util = strip_comments(texts[MESSAGE_UTIL])
    distinct = function_body(util, "GetDistinctHosts", MESSAGE_UTIL)
    for fragment in (
        r"exclude_file_scheme && pattern\.scheme\(\) == url::kFileScheme",
        r"FormatUrlForSecurityDisplay",
        r'host = "\*\." \+ host',
        r"PermissiveGetHostRegistryLength",
        r"EXCLUDE_UNKNOWN_REGISTRIES",
        r"EXCLUDE_PRIVATE_REGISTRIES",
        r"RcdBetterThan\(rcd, it->second\)",
        r"std::set<std::string>",
    ):
        require(distinct, fragment, MESSAGE_UTIL + " GetDistinctHosts")
    rcd_order = re.findall(r'if \(a == "(\w+)"\)', function_body(util, "RcdBetterThan", MESSAGE_UTIL))
    verified = [
        f"{PROVIDER}: ChromePermissionMessageProvider::AddHostPermissions",
        f"{PERMISSION_SET}: PermissionSet::ShouldWarnAllHosts, InitShouldWarnAllHostsForHostPermissions, "
        "InitShouldWarnAllHostsForAPIPermissions, InitEffectiveHosts, CleanExplicitHostPaths",
        f"{MESSAGE_UTIL}: permission_message_util::GetDistinctHosts, RcdBetterThan",
        f"{RULES}: HostListFormatter",
    ]
    if AUTOMATION in texts:
        automation = function_body(
            strip_comments(texts[AUTOMATION]), "AutomationManifestPermission::GetPermissions", AUTOMATION
        )
        for fragment in (r"kFullAccess", r"kHostsAllReadOnly", r"kHostReadOnly", r"GetDistinctHosts"):
            require(automation, fragment, AUTOMATION)
        verified.append(f"{AUTOMATION}: AutomationManifestPermission::GetPermissions")
    if URL_PATTERN in texts:
        tld = function_body(strip_comments(texts[URL_PATTERN]), "URLPattern::MatchesEffectiveTld", URL_PATTERN)
        require(tld, r"match_all_urls_ \|\| \(match_subdomains_ && host_\.empty\(\)\)", URL_PATTERN)
        require(tld, r"HostHasRegistryControlledDomain", URL_PATTERN)
        verified.append(f"{URL_PATTERN}: URLPattern::MatchesEffectiveTld")
    if URL_PATTERN_SET in texts:
        all_urls = function_body(
            strip_comments(texts[URL_PATTERN_SET]), "URLPatternSet::MatchesAllURLs", URL_PATTERN_SET
        )
        require(all_urls, r"match_all_urls\(\)\s*\|\|\s*\(\s*host(?:\.|->)match_subdomains\(\)", URL_PATTERN_SET)
        verified.append(f"{URL_PATTERN_SET}: URLPatternSet::MatchesAllURLs")

    def rule_for(required: str, formatter: str) -> dict:
        for rule in rules:
            if rule["required"] == [required] and rule["formatter"] == formatter:
                return rule
        raise SystemExit(f"{RULES}: no {formatter} rule requiring {required}")

    all_hosts, all_read_only = rule_for("kHostsAll", "default"), rule_for("kHostsAllReadOnly", "default")
    read_write, read_only = rule_for("kHostReadWrite", "hosts"), rule_for("kHostReadOnly", "hosts")
    inline, listed = details["subdomain_messages"]
    limit = details["max_hosts_in_main_message"]
    return {
        "summary": (
            "ChromePermissionMessageProvider::AddHostPermissions: nothing for platform apps; if "
            "PermissionSet::ShouldWarnAllHosts() the single id kHostsAll (message "
            f"{all_hosts['messages'][0]}); otherwise one kHostReadWrite id per host string from "
            "permission_message_util::GetDistinctHosts(hosts, include_rcd=true, exclude_file_scheme=true), shown "
            f"by HostListFormatter ({', '.join(read_write['messages'])}); a '*.example.com' host is worded with "
            f"{inline} ('all example.com sites') or, in the list form, {listed}."
        ),
        "effective_hosts": (
            "PermissionSet::InitEffectiveHosts: the union of the explicit hosts (host permissions: MV3 "
            "host_permissions, MV2 host entries in permissions) and the scriptable hosts (content_scripts matches) "
            "of the permission set shown (at install: the required permissions; optional ones are asked for when "
            "requested). Paths never matter (CleanExplicitHostPaths sets every explicit path to '/*'; the checks "
            "below ignore paths). Ports and schemes are ignored too."
        ),
        "platform_apps": "AddHostPermissions returns at once for Manifest::Type::kPlatformApp: no host warning.",
        "all_hosts": {
            "permission_id": "kHostsAll",
            "message": all_hosts["messages"][0],
            "when": [
                "URLPatternSet::MatchesAllURLs() on the effective hosts: some pattern is <all_urls> "
                "(match_all_urls) or has the wildcard host '*' (match_subdomains with an empty host), whatever its "
                "scheme or path: '<all_urls>', '*://*/*', 'http://*/*', 'https://*/*', 'https://*/'.",
                "URLPattern::MatchesEffectiveTld() for some effective pattern: its host is '*.' followed by a public "
                "suffix alone, i.e. a registry-controlled domain with nothing before it (net::registry_controlled_"
                "domains, EXCLUDE_PRIVATE_REGISTRIES and EXCLUDE_UNKNOWN_REGISTRIES by default): '*://*.com/*', "
                "'https://*.co.uk/*' count; '*://*.example.com/*' and the private registry '*://*.appspot.com/*' do "
                "not.",
                "An API permission whose APIPermissionInfo has kFlagImpliesFullURLAccess (PermissionSet::"
                "InitShouldWarnAllHostsForAPIPermissions; ShouldWarnAllHosts(include_api_permissions = true) is "
                "what AddHostPermissions calls): " + ", ".join(implies_all_hosts) + ".",
            ],
            "absorbs": all_hosts["optional"],
            "note": "kHostsAll carries no parameter; its rule consumes every kHostReadWrite/kHostReadOnly id, so no "
            "per-host message appears next to it. The debugger permission shows both its own "
            "IDS_EXTENSION_PROMPT_WARNING_DEBUGGER message (first rule) and, through kFlagImpliesFullURLAccess, "
            "the all-hosts message. kFullAccess is not produced by debugger: in the sources read it comes only "
            "from the 'automation' manifest key with desktop: true.",
        },
        "specific_hosts": {
            "permission_id": "kHostReadWrite",
            "parameter": "the host string from GetDistinctHosts",
            "filter": "ExtensionsClient::FilterHostPermissions (ChromeExtensionsClient) first drops chrome:// "
            "patterns, except chrome://favicon/ which adds kFavicon instead (IDS_EXTENSION_PROMPT_WARNING_FAVICON "
            "unless a rule absorbs it).",
            "distinct_hosts": [
                "file:// patterns are skipped (exclude_file_scheme).",
                "The host is put in display form (url_formatter::FormatUrlForSecurityDisplay of http://<host>); "
                "scheme, port and path are dropped, so http and https patterns for one host give one entry.",
                "A pattern that matches subdomains gets '*.' in front ('*://*.example.com/*' -> '*.example.com').",
                "The registry suffix (net::registry_controlled_domains::PermissiveGetHostRegistryLength, excluding "
                "unknown and private registries) is split off; hosts equal apart from that suffix are merged into "
                "one, keeping the suffix preferred by RcdBetterThan ("
                + " > ".join(rcd_order)
                + " > the first one seen): 'www.google.com' + 'www.google.co.uk' -> 'www.google.com'. Hosts without "
                "a known registry (localhost, IP addresses) are kept whole.",
                "The result is a std::set<std::string>, so hosts come out sorted by byte value ('*.a.com' before "
                "'a.com').",
            ],
            "messages": {
                "1": read_write["messages"][0],
                "2": read_write["messages"][1],
                "3": read_write["messages"][2],
                "more": read_write["messages"][3],
            },
            "max_hosts_in_main_message": limit,
            "formatting": f"HostListFormatter: up to {limit} hosts fill {{1}}..{{{limit}}} of the message for that "
            f"count; with more, the 'more' message is shown with one submessage per host. A host starting with '*.' "
            f"is replaced by {inline} with the rest of the host ('all example.com sites') when it is inline, by "
            f"{listed} ('All example.com sites') when it is a submessage; other hosts are shown as they are.",
        },
        "read_only": {
            "permission_ids": {"all": "kHostsAllReadOnly", "per_host": "kHostReadOnly"},
            "messages": {
                "all": all_read_only["messages"][0],
                "1": read_only["messages"][0],
                "2": read_only["messages"][1],
                "3": read_only["messages"][2],
                "more": read_only["messages"][3],
            },
            "source": "Not from host permissions: AutomationManifestPermission::GetPermissions (the 'automation' "
            "manifest key) gives kFullAccess for desktop: true, else kHostsAll / kHostsAllReadOnly when its matches "
            "MatchesAllURLs() (interact true / false), else one kHostReadWrite / kHostReadOnly per "
            "GetDistinctHosts(matches, true, true) host.",
        },
        "uses_messages": sorted(
            {
                all_hosts["messages"][0],
                all_read_only["messages"][0],
                *read_write["messages"],
                *read_only["messages"],
                inline,
                listed,
            }
        ),
        "verified_in": verified,
    }


# --------------------------------------------------------------------------------------------------------------


def git_head(checkout: Path) -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def pairs(values: list[str], option: str) -> dict[str, str]:
    out = {}
    for value in values:
        if "=" not in value:
            raise SystemExit(f"{option} wants PATH=VALUE, not {value!r}")
        key, _, text = value.partition("=")
        out[key] = text
    return out


def build(
    checkout: Path, commit: str, repository: str, file_commits: dict[str, str], file_notes: dict[str, str]
) -> dict[str, object]:
    texts: dict[str, str] = {}
    for relative in (*REQUIRED, *OPTIONAL):
        path = checkout / relative
        if path.is_file():
            texts[relative] = path.read_text(encoding="utf-8")
        elif relative in REQUIRED:
            raise SystemExit(f"{path}: missing; is --chromium the src/ directory of a Chromium checkout?")

    rules, details = read_rules(texts[RULES])
    constants = read_constants([texts[c] for c in CONSTANTS if c in texts])
    entries, aliases = [], {}
    for relative in (CHROME_PERMISSIONS, EXTENSIONS_PERMISSIONS):
        more, more_aliases = read_permissions(texts[relative], relative, constants)
        entries += more
        aliases |= more_aliases
    permissions = {e["name"]: e["id"] for e in entries}
    if len(permissions) != len(entries):
        raise SystemExit("a permission name is registered twice")
    for alias, real in aliases.items():
        permissions.setdefault(alias, permissions[real])
    used_ids = {i for rule in rules for i in (*rule["required"], *rule["optional"])}
    implies_all_hosts = sorted(e["name"] for e in entries if "kFlagImpliesFullURLAccess" in e["flags"])
    silent = sorted(
        e["name"]
        for e in entries
        if e["id"] not in used_ids and e["class"] is None and e["name"] not in implies_all_hosts
    )

    used_messages = unique(
        [m for rule in rules for m in (*rule["messages"], *rule.get("platform_messages", {}).values())]
        + details["subdomain_messages"]
    )
    found: dict[str, list] = {}
    for relative in (GRD, GRDP):
        if relative in texts:
            for name, occurrences in read_grit(checkout / relative).items():
                found.setdefault(name, []).extend(occurrences)
    messages, conditions, variants = choose_messages(found, used_messages)
    missing = [m for m in used_messages if m not in messages]
    if missing:
        raise SystemExit(f"no English text for {missing}: look for them in another .grd/.grdp and add it to GRDP")

    files = []
    # Files the script read, then files only named on the command line (read by hand, for the record).
    for relative in unique([r for r in (*REQUIRED, *OPTIONAL) if r in texts] + [*file_commits, *file_notes]):
        entry = {"path": relative, "commit": file_commits.get(relative, commit)}
        if relative not in texts:
            entry["parsed"] = False
        if relative in file_notes:
            entry["note"] = file_notes[relative]
        files.append(entry)
    return {
        "$comment": COMMENT,
        "source": {"repository": repository, "commit": commit, "files": files},
        "messages": dict(sorted(messages.items())),
        "message_conditions": dict(sorted(conditions.items())),
        "message_variants": dict(sorted(variants.items())),
        "permissions": dict(sorted(permissions.items())),
        "permission_aliases": dict(sorted(aliases.items())),
        "permission_flags": {e["name"]: e["flags"] for e in sorted(entries, key=lambda e: e["name"]) if e["flags"]},
        "permission_classes": {e["name"]: e["class"] for e in sorted(entries, key=lambda e: e["name"]) if e["class"]},
        "implies_all_hosts": implies_all_hosts,
        "permissions_without_message": silent,
        "rules": rules,
        "hosts": host_rule(texts, rules, details, implies_all_hosts),
        "_unused_messages": sorted(set(found) - set(used_messages)),
    }


def check(data: dict) -> None:
    """The facts xtk relies on; a failure means the sources changed shape."""
    permissions, messages = data["permissions"], data["messages"]
    expected = {
        "tabs": "kTab",
        "history": "kHistory",
        "bookmarks": "kBookmark",
        "windows": "kTab",
        "declarativeNetRequest": "kDeclarativeNetRequest",
        "debugger": "kDebugger",
    }
    wrong = {k: permissions.get(k) for k, v in expected.items() if permissions.get(k) != v}
    if wrong:
        raise SystemExit(f"unexpected permission ids: {wrong}")
    for rule in data["rules"]:
        for message in (*rule["messages"], *rule.get("platform_messages", {}).values()):
            if message not in messages:
                raise SystemExit(f"no text for {message}")
    if "debugger" not in data["implies_all_hosts"]:
        raise SystemExit("debugger no longer implies all hosts")
    if data["hosts"]["all_hosts"]["message"] != "IDS_EXTENSION_PROMPT_WARNING_ALL_HOSTS":
        raise SystemExit("the all-hosts rule changed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", type=Path, required=True, help="the src/ directory of a Chromium checkout")
    parser.add_argument("--output", type=Path, default=HERE / "chromium-permission-messages.json")
    parser.add_argument("--commit", help="the commit read (default: git rev-parse HEAD in the checkout)")
    parser.add_argument("--repository", default="chromium/chromium")
    parser.add_argument("--file-commit", action="append", default=[], metavar="PATH=SHA")
    parser.add_argument("--file-note", action="append", default=[], metavar="PATH=TEXT")
    args = parser.parse_args()
    data = build(
        args.chromium,
        args.commit or git_head(args.chromium),
        args.repository,
        pairs(args.file_commit, "--file-commit"),
        pairs(args.file_note, "--file-note"),
    )
    unused = data.pop("_unused_messages")
    check(data)
    args.output.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    rules = data["rules"]
    print(
        f"{args.output}: {len(data['messages'])} messages, {len(data['permissions'])} permissions "
        f"({len(data['permission_aliases'])} aliases), {len(rules)} rules "
        f"({', '.join(f'{n} {f}' for f, n in sorted(_count(r['formatter'] for r in rules).items()))}); "
        f"{len(data['implies_all_hosts'])} permissions imply all hosts, {len(data['permissions_without_message'])} "
        f"have no message; {len(unused)} {MESSAGE_PREFIX}* strings unused by the rules",
        file=sys.stderr,
    )
    return 0


def _count(items) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


if __name__ == "__main__":
    raise SystemExit(main())
