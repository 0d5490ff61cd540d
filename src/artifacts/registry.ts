// The artifact registry: a component name (any form) -> its props schema (zod, loaded lazily) -> its element tag.
import type { z } from 'zod/v4';
import { componentName, componentWords, renderToolName } from './names.js';

/** A zod (`zod/v4`) schema of an artifact's props. */
export type PropsSchema = z.ZodType;

/** A schema, or a function that loads one (so zod loads with the first artifact, not with the page). */
export type SchemaSource = PropsSchema | (() => PropsSchema | Promise<PropsSchema>);

/** Where props came from: a render tool call, the `ui_render` channel, or a host's own use. */
export type ArtifactOrigin = 'tool-call' | 'ui_render' | 'element';

/** What a host (or this package) registers for one artifact. */
export interface ArtifactDefinition {
  /** The component name in any form (`signal-chart`, `signal_chart`, `SignalChart`); stored as kebab case. */
  readonly component: string;
  /** The tag of the element that shows it; the element receives the validated props as its `props` property. */
  readonly tag: string;
  /** What the artifact shows: the description of its render tool. */
  readonly description: string;
  /** The props schema, or a function that loads it. */
  readonly schema: SchemaSource;
  /** The name people read (default: the component name in words, `signal chart`). */
  readonly label?: string;
  /** Offer it to models as the `render_<component>` tool (default true); false: it only arrives by `ui_render`. */
  readonly tool?: boolean;
  /** A reason to refuse props before validation (null accepts them), shown in the fallback. */
  readonly refuse?: (props: unknown) => string | null;
}

/** A definition as the registry holds it. */
export interface RegisteredArtifact {
  readonly component: string;
  readonly tag: string;
  readonly description: string;
  readonly label: string;
  readonly tool: boolean;
  /** `render_<component>` with underscores. */
  readonly toolName: string;
  readonly schema: SchemaSource;
  readonly refuse: ((props: unknown) => string | null) | null;
}

/** The outcome of checking props against the registry. */
export type ArtifactCheck =
  | { readonly status: 'valid'; readonly definition: RegisteredArtifact; readonly props: unknown }
  | { readonly status: 'unknown'; readonly name: string }
  | {
      readonly status: 'invalid' | 'refused' | 'error';
      readonly definition: RegisteredArtifact;
      /** What is wrong, one sentence each (`cell_id is required`). */
      readonly problems: readonly string[];
    };

interface IssueLike {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
}

const MAX_PROBLEMS = 8;

function formatPath(path: readonly PropertyKey[] | undefined): string {
  let out = '';
  for (const key of path ?? []) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** One readable sentence per zod issue: `cell_id is required`, `bars[2].value: Invalid input: …`. */
export function describeIssues(issues: readonly IssueLike[]): string[] {
  const lines = issues.map((issue) => {
    const path = formatPath(issue.path);
    const message = issue.message ?? 'Invalid value';
    if (/received undefined$/.test(message)) return `${path || 'props'} is required`;
    return path ? `${path}: ${message}` : message;
  });
  const unique = [...new Set(lines)];
  return unique.length > MAX_PROBLEMS
    ? [...unique.slice(0, MAX_PROBLEMS), `…and ${unique.length - MAX_PROBLEMS} more`]
    : unique;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isSchema(source: SchemaSource): source is PropsSchema {
  return typeof source === 'object' && source !== null && 'safeParse' in source;
}

/**
 * Maps component names to props schemas and element tags. Names are looked up in any form (`render_signal_chart`,
 * `signal_chart`, `signal-chart`, `SignalChart`). Schemas given as loaders load on the first check that needs them.
 * Checking never throws: a schema that fails to load or throws is reported as an `error` check.
 */
export class ArtifactRegistry {
  private readonly entries = new Map<string, RegisteredArtifact>();
  private readonly loaded = new WeakMap<RegisteredArtifact, PropsSchema>();
  private readonly loading = new WeakMap<RegisteredArtifact, Promise<PropsSchema>>();
  private readonly listeners = new Set<() => void>();

  constructor(definitions: readonly ArtifactDefinition[] = []) {
    for (const definition of definitions) this.entries.set(...this.entry(definition));
  }

  /** Registers (or replaces) an artifact. Returns a function that removes it and restores what it replaced. */
  register(definition: ArtifactDefinition): () => void {
    const [key, entry] = this.entry(definition);
    const previous = this.entries.get(key);
    this.entries.set(key, entry);
    this.notify();
    return () => {
      if (this.entries.get(key) !== entry) return;
      if (previous) this.entries.set(key, previous);
      else this.entries.delete(key);
      this.notify();
    };
  }

  /** The artifact of a component or render tool name in any form, or undefined. */
  get(name: string): RegisteredArtifact | undefined {
    return this.entries.get(componentName(name));
  }

  /** Every registered artifact, in registration order. */
  definitions(): RegisteredArtifact[] {
    return [...this.entries.values()];
  }

  /** Calls the listener whenever an artifact is registered or removed. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads (once) the props schema of an artifact. Rejects for an unknown name or a loader that fails. */
  loadSchema(name: string): Promise<PropsSchema> {
    const entry = this.get(name);
    if (!entry) return Promise.reject(new Error(`No artifact is registered as ${name}.`));
    const ready = this.loaded.get(entry);
    if (ready) return Promise.resolve(ready);
    let pending = this.loading.get(entry);
    if (!pending) {
      const source = entry.schema;
      pending = (async () => (isSchema(source) ? source : await source()))().then(
        (schema) => {
          this.loaded.set(entry, schema);
          return schema;
        },
        (error: unknown) => {
          // A later check may try again (a chunk that failed to load over a flaky network).
          this.loading.delete(entry);
          throw error;
        },
      );
      this.loading.set(entry, pending);
    }
    return pending;
  }

  /**
   * Checks props at once when the schema is already loaded (or given directly); null when it still has to load.
   * An unknown name is answered at once.
   */
  checkNow(name: string, props: unknown, origin: ArtifactOrigin = 'element'): ArtifactCheck | null {
    const entry = this.get(name);
    if (!entry) return { status: 'unknown', name };
    const early = this.precheck(entry, props, origin);
    if (early) return early;
    const schema = this.loaded.get(entry) ?? (isSchema(entry.schema) ? entry.schema : undefined);
    return schema ? this.validate(entry, schema, props) : null;
  }

  /** Checks props, loading the schema first when needed. Never rejects. */
  async check(
    name: string,
    props: unknown,
    origin: ArtifactOrigin = 'element',
  ): Promise<ArtifactCheck> {
    const now = this.checkNow(name, props, origin);
    if (now) return now;
    const entry = this.get(name) as RegisteredArtifact;
    try {
      const schema = await this.loadSchema(entry.component);
      return this.validate(entry, schema, props);
    } catch (error) {
      return {
        status: 'error',
        definition: entry,
        problems: [`The props schema could not be loaded: ${messageOf(error)}`],
      };
    }
  }

  private precheck(
    entry: RegisteredArtifact,
    props: unknown,
    origin: ArtifactOrigin,
  ): ArtifactCheck | null {
    if (origin === 'tool-call' && !entry.tool) {
      return {
        status: 'refused',
        definition: entry,
        problems: [
          `The ${entry.label} is not offered as a tool: it only arrives on the ui_render channel.`,
        ],
      };
    }
    if (!entry.refuse) return null;
    let reason: string | null;
    try {
      reason = entry.refuse(props);
    } catch (error) {
      reason = messageOf(error);
    }
    return reason === null ? null : { status: 'refused', definition: entry, problems: [reason] };
  }

  private validate(entry: RegisteredArtifact, schema: PropsSchema, props: unknown): ArtifactCheck {
    try {
      const result = schema.safeParse(props);
      if (result.success) return { status: 'valid', definition: entry, props: result.data };
      return {
        status: 'invalid',
        definition: entry,
        problems: describeIssues(result.error.issues),
      };
    } catch (error) {
      return { status: 'error', definition: entry, problems: [messageOf(error)] };
    }
  }

  private entry(definition: ArtifactDefinition): [string, RegisteredArtifact] {
    const component = componentName(definition.component);
    if (!component) throw new Error('An artifact needs a component name.');
    return [
      component,
      {
        component,
        tag: definition.tag,
        description: definition.description,
        label: definition.label ?? componentWords(component),
        tool: definition.tool ?? true,
        toolName: renderToolName(component),
        schema: definition.schema,
        refuse: definition.refuse ?? null,
      },
    ];
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
