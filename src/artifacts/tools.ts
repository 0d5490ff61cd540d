// The render tools as AG-UI `Tool`s (JSON Schema generated from the props schemas) and their declaration to a store.
import type { Tool } from '@ag-ui/core';
import type { ToolDefinition } from '../store/types.js';
import { artifactRegistry } from './builtins.js';
import type { ArtifactRegistry, RegisteredArtifact } from './registry.js';

export interface RenderToolOptions {
  /** The registry to read (default: the built-in one plus what the host registered). */
  readonly registry?: ArtifactRegistry;
  /** Only these components (any name form); default every artifact offered as a tool. */
  readonly components?: readonly string[];
}

/** What `declareRenderTools` needs of a store. */
export interface ToolRegistrar {
  registerTool(definition: ToolDefinition): () => void;
}

interface LoadedTool {
  readonly entry: RegisteredArtifact;
  readonly tool: Tool;
}

async function loadTools(options: RenderToolOptions): Promise<LoadedTool[]> {
  const registry = options.registry ?? artifactRegistry;
  const wanted = options.components?.map((name) => registry.get(name)?.component ?? name);
  const entries = registry
    .definitions()
    .filter((entry) => entry.tool && (!wanted || wanted.includes(entry.component)));
  const { jsonSchemaOf } = await import('./schemas/json-schema.js');
  return Promise.all(
    entries.map(async (entry) => {
      const schema = await registry.loadSchema(entry.component);
      return {
        entry,
        tool: {
          name: entry.toolName,
          description: entry.description,
          parameters: jsonSchemaOf(schema),
        },
      };
    }),
  );
}

/**
 * The render tools as AG-UI `Tool`s, with JSON Schema parameters generated from the same zod schemas the front end
 * validates with, so a backend declares exactly what the page accepts. Artifacts that only arrive by `ui_render`
 * (the alert banner) are never among them. Loads zod.
 */
export async function renderToolDefinitions(options: RenderToolOptions = {}): Promise<Tool[]> {
  return (await loadTools(options)).map((loaded) => loaded.tool);
}

/**
 * Declares the render tools to a store as frontend tools (`render: true`). Each call is answered at once with
 * `"rendered"`, or with the validation error when its props are invalid (the artifact then shows the same error);
 * the answer rides along with the next run and never starts one. Resolves, once the schemas have loaded, with a
 * function that removes the tools again.
 */
export async function declareRenderTools(
  store: ToolRegistrar,
  options: RenderToolOptions = {},
): Promise<() => void> {
  const registry = options.registry ?? artifactRegistry;
  const loaded = await loadTools(options);
  const removers = loaded.map(({ entry, tool }) =>
    store.registerTool({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as Record<string, unknown>,
      render: true,
      handler: (args: unknown) => {
        const check = registry.checkNow(entry.component, args, 'tool-call');
        if (check?.status === 'valid') return 'rendered';
        const problems =
          check && 'problems' in check ? check.problems : [`${tool.name} has no schema loaded`];
        throw new Error(`${tool.name} was not rendered: ${problems.join('; ')}`);
      },
    }),
  );
  return () => {
    for (const remove of removers) remove();
  };
}
