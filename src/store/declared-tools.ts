// The tools a store declares in each run's input. Part of the shell: `store.declaredTools()` answers before any run.
import type { Tool } from '@ag-ui/core';
import type { ToolDefinition } from './types.js';

/** The tools declared in a run's input. */
export function declaredTools(tools: ReadonlyMap<string, ToolDefinition>): Tool[] {
  return [...tools.values()].map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters ?? { type: 'object', properties: {} },
  }));
}
