// The local tools as the assistant sees them (seed §4.2, §5.1 localToolDefinitions): each tool's `parameters` is
// its arguments' schema from specs/protocol/tools.schema.json, the very schema the generated validators check a
// call against before it runs.
import toolSchemas from '../../specs/protocol/tools.schema.json';

export const LOCAL_TOOL_NAMES = [
  'tab_read_dom', 'tab_info', 'tab_scroll', 'tab_click', 'tab_type', 'tab_screenshot',
] as const;
export type LocalToolName = (typeof LOCAL_TOOL_NAMES)[number];

export type LocalToolDefinition = { name: LocalToolName; description: string; parameters: Record<string, unknown> };

const ARGUMENT_SCHEMAS: Record<LocalToolName, keyof typeof toolSchemas.$defs> = {
  tab_read_dom: 'TabReadDomArgs',
  tab_info: 'TabInfoArgs',
  tab_scroll: 'TabScrollArgs',
  tab_click: 'TabClickArgs',
  tab_type: 'TabTypeArgs',
  tab_screenshot: 'TabScreenshotArgs',
};

export function localToolDefinitions(): LocalToolDefinition[] {
  return LOCAL_TOOL_NAMES.map((name) => {
    const { description, ...parameters } = toolSchemas.$defs[ARGUMENT_SCHEMAS[name]] as Record<string, unknown>;
    return { name, description: String(description), parameters };
  });
}

export function isLocalToolName(name: string): name is LocalToolName {
  return (LOCAL_TOOL_NAMES as readonly string[]).includes(name);
}
