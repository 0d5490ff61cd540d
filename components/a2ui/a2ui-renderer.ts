// The A2UI part (loaded with the first painted `a2ui-surface`, never before): one `@a2ui/web_core` MessageProcessor
// per chat holds every surface of the conversation, so a later message's `updateComponents` or `updateDataModel`
// reaches a surface an earlier one created. Each activity message shows the surfaces it created, in place, through
// `@a2ui/lit`'s <a2ui-surface>; what cannot render (an unknown catalog, an invalid component, a surface that does not
// exist) is a sentence in the turn, and the last valid surface stays.
import { html, nothing, type TemplateResult } from 'lit';
import {
  MessageProcessor,
  type A2uiClientAction,
  type Catalog,
  type ComponentApi,
  type SurfaceModel,
} from '@a2ui/web_core/v0_9';
import '@a2ui/lit/v0_9';
import {
  onA2uiCatalogRegistered,
  registeredA2uiCatalogs,
  type A2uiCatalogLike,
} from '../../src/a2ui/catalogs.js';
import type { A2uiOperation } from '../../src/a2ui/content.js';
import { BASIC_CATALOGS } from './catalog.js';
import { surfaceOptions, type SafeUrls, type TextRenderer } from './surface-options.js';

export { a2uiStyles } from './a2ui.styles.js';

/** What the chat gives the renderer. */
export interface A2uiHost {
  /** A surface's body text as the chat's markdown. */
  readonly renderText: TextRenderer;
  /** Whether Image, Video and AudioPlayer may load http(s) URLs (`allow-remote-images`). */
  remoteMedia(): boolean;
  /** The chat's URL rules (from its markdown module; null until that has loaded: then no media loads). */
  urls(): SafeUrls | null;
  /** A component's action on a surface `messageId` created. */
  action(messageId: string, action: A2uiClientAction): void;
  /** The person's edits to one surface (JSON Pointer path to value; `obscured` fields left out). */
  edited(messageId: string, surfaceId: string, edits: Readonly<Record<string, unknown>>): void;
  /** Something shown changed outside a render (a catalog arrived). */
  changed(): void;
}

/** What the chat passes for one activity message. */
export interface A2uiMessage {
  readonly id: string;
  readonly operations: readonly A2uiOperation[];
  readonly edits: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
}

/** The words of the notes a surface can show. */
export interface A2uiNoteStrings {
  readonly a2uiCatalogMissing: string;
  readonly a2uiSurfaceMissing: string;
  readonly a2uiInvalid: string;
  readonly a2uiDeleted: string;
  readonly a2uiUpdated: string;
}

interface Surface {
  readonly model: SurfaceModel;
  /** The message that created it (where it shows). */
  readonly owner: string;
  readonly edits: Map<string, unknown>;
  saveTimer: ReturnType<typeof setTimeout> | null;
}

type Note =
  | { readonly key: 'a2uiCatalogMissing'; readonly catalog: string }
  | { readonly key: 'a2uiSurfaceMissing'; readonly surface: string }
  | { readonly key: 'a2uiInvalid'; readonly reason: string }
  | { readonly key: 'a2uiDeleted' }
  | { readonly key: 'a2uiUpdated'; readonly surface: string };

interface View {
  readonly operations: readonly A2uiOperation[];
  /** The surfaces this message created, in order (deleted ones stay, as a note). */
  readonly owned: string[];
  readonly notes: Note[];
  /** A catalog this message waits for. */
  waiting: string | null;
}

const SAVE_DELAY_MS = 300;

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** Every surface of one chat's conversation. */
export class A2uiSurfaces {
  private readonly catalogs: Catalog<ComponentApi>[] = [...BASIC_CATALOGS];
  private readonly processor = new MessageProcessor(this.catalogs, (action) =>
    this.onAction(action),
  );
  private readonly surfaces = new Map<string, Surface>();
  private readonly views = new Map<string, View>();
  /** True while the server's operations are applied (data model writes then are not the person's). */
  private applying = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly host: A2uiHost) {
    this.addRegistered();
    this.unsubscribe = onA2uiCatalogRegistered(() => {
      this.addRegistered();
      // Messages that waited for a catalog are processed again with their next render.
      for (const [id, view] of this.views) if (view.waiting) this.views.delete(id);
      this.host.changed();
    });
  }

  /** The surfaces a message created, and its notes. */
  render(message: A2uiMessage, strings: A2uiNoteStrings): TemplateResult {
    const view = this.view(message);
    return html`${view.owned.map((surfaceId) => {
      const surface = this.surfaces.get(surfaceId);
      if (!surface) return html`<p class="a2ui-note">${strings.a2uiDeleted}</p>`;
      return surface.owner === message.id
        ? html`<a2ui-surface
            class="a2ui-surface"
            data-surface-id=${surfaceId}
            .surface=${surface.model}
          ></a2ui-surface>`
        : nothing;
    })}
    ${view.notes.map((note) => html`<p class="a2ui-note">${this.noteText(note, strings)}</p>`)}`;
  }

  /** The surface ids a message created that still exist. */
  ownedSurfaces(messageId: string): string[] {
    return (this.views.get(messageId)?.owned ?? []).filter(
      (id) => this.surfaces.get(id)?.owner === messageId,
    );
  }

  /** Saves every edit still waiting for its delay (before an action is sent). */
  flush(surfaceId: string): void {
    const surface = this.surfaces.get(surfaceId);
    if (surface?.saveTimer) {
      clearTimeout(surface.saveTimer);
      surface.saveTimer = null;
      this.save(surfaceId, surface);
    }
  }

  dispose(): void {
    this.unsubscribe();
    for (const surface of this.surfaces.values()) {
      if (surface.saveTimer) clearTimeout(surface.saveTimer);
    }
    this.processor.model.dispose();
  }

  private addRegistered(): void {
    for (const catalog of registeredA2uiCatalogs().values() as Iterable<A2uiCatalogLike>) {
      const index = this.catalogs.findIndex((item) => item.id === catalog.id);
      if (index === -1) this.catalogs.push(catalog as Catalog<ComponentApi>);
      else this.catalogs[index] = catalog as Catalog<ComponentApi>;
    }
  }

  private view(message: A2uiMessage): View {
    const held = this.views.get(message.id);
    if (held && held.operations === message.operations) return held;
    const view: View = {
      operations: message.operations,
      owned: held?.owned ?? [],
      notes: [],
      waiting: null,
    };
    this.views.set(message.id, view);
    this.process(message, view);
    return view;
  }

  private process(message: A2uiMessage, view: View): void {
    const blocked = new Set<string>();
    const touched = new Set<string>();
    // The processor keeps (and the person's typing mutates) the objects it is given: never the store's.
    for (const operation of structuredClone(message.operations) as A2uiOperation[]) {
      const surfaceId = surfaceIdOf(operation);
      if (surfaceId === undefined || blocked.has(surfaceId)) continue;
      try {
        if (this.apply(message, view, operation, surfaceId)) touched.add(surfaceId);
        else blocked.add(surfaceId);
      } catch (error) {
        view.notes.push({
          key: 'a2uiInvalid',
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    for (const surfaceId of touched) {
      const surface = this.surfaces.get(surfaceId);
      if (!surface) continue;
      if (surface.owner !== message.id) view.notes.push({ key: 'a2uiUpdated', surface: surfaceId });
      this.reapplyEdits(surface);
    }
  }

  /** Applies one operation; false when the rest of this surface's operations must wait (its catalog is missing). */
  private apply(
    message: A2uiMessage,
    view: View,
    operation: A2uiOperation,
    surfaceId: string,
  ): boolean {
    const existing = this.processor.model.getSurface(surfaceId);
    if ('createSurface' in operation) {
      // A repeated createSurface (each snapshot of a streamed surface repeats it) updates what exists.
      if (existing) return true;
      const catalogId = String(
        (operation.createSurface as { catalogId?: unknown }).catalogId ?? '',
      );
      if (!this.catalogs.some((catalog) => catalog.id === catalogId)) {
        view.waiting = catalogId;
        view.notes.push({ key: 'a2uiCatalogMissing', catalog: catalogId });
        return false;
      }
      this.processor.processMessages([operation as never]);
      const model = this.processor.model.getSurface(surfaceId);
      if (!model) return false;
      const surface: Surface = {
        model,
        owner: message.id,
        edits: new Map(Object.entries(message.edits?.[surfaceId] ?? {})),
        saveTimer: null,
      };
      this.watchEdits(surfaceId, surface);
      surfaceOptions.set(model, {
        renderText: this.host.renderText,
        remoteMedia: () => this.host.remoteMedia(),
        urls: () => this.host.urls(),
      });
      this.surfaces.set(surfaceId, surface);
      if (!view.owned.includes(surfaceId)) view.owned.push(surfaceId);
      return true;
    }
    if (!existing) {
      view.notes.push({ key: 'a2uiSurfaceMissing', surface: surfaceId });
      return false;
    }
    if ('deleteSurface' in operation) {
      this.processor.processMessages([operation as never]);
      const surface = this.surfaces.get(surfaceId);
      this.surfaces.delete(surfaceId);
      if (surface?.saveTimer) clearTimeout(surface.saveTimer);
      if (surface?.owner !== message.id) view.notes.push({ key: 'a2uiDeleted' });
      return false;
    }
    if ('updateComponents' in operation) this.checkComponents(existing, operation);
    this.applying = true;
    try {
      this.processor.processMessages([operation as never]);
    } finally {
      this.applying = false;
    }
    return true;
  }

  /** Refuses an update with a component its catalog rejects, before the processor logs it to the console. */
  private checkComponents(surface: SurfaceModel, operation: A2uiOperation): void {
    const { components } = operation.updateComponents as { components?: unknown };
    if (!Array.isArray(components)) throw new Error('updateComponents has no component list.');
    for (const item of components as Record<string, unknown>[]) {
      const { id, component, ...properties } = item ?? {};
      const type =
        typeof component === 'string' ? component : surface.componentsModel.get(String(id))?.type;
      if (typeof id !== 'string' || !id) throw new Error(`A ${String(type)} component has no id.`);
      if (!type) throw new Error(`Component ${id} has no type.`);
      const api = surface.catalog.components.get(type);
      if (!api)
        throw new Error(`Component ${id} is a ${type}, which catalog ${surface.catalog.id} lacks.`);
      const checked = api.schema.safeParse(properties);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new Error(
          `Component ${id} (${type}) is not valid: ${issue ? `${issue.path.join('.') || 'its properties'}: ${issue.message}` : 'its properties'}.`,
        );
      }
    }
  }

  /** Records the person's writes to the data model (the processor's writes happen while `applying`). */
  private watchEdits(surfaceId: string, surface: Surface): void {
    const model = surface.model.dataModel;
    const set = model.set.bind(model);
    model.set = (path: string, value: unknown) => {
      const result = set(path, value);
      if (!this.applying) {
        surface.edits.set(path.startsWith('/') ? path : `/${path}`, value);
        if (surface.saveTimer) clearTimeout(surface.saveTimer);
        surface.saveTimer = setTimeout(() => {
          surface.saveTimer = null;
          this.save(surfaceId, surface);
        }, SAVE_DELAY_MS);
      }
      return result;
    };
  }

  /** The person's edits win over the agent's data wherever they typed. */
  private reapplyEdits(surface: Surface): void {
    this.applying = true;
    try {
      for (const [path, value] of surface.edits) {
        try {
          surface.model.dataModel.set(path, structuredClone(value));
        } catch {
          surface.edits.delete(path);
        }
      }
    } finally {
      this.applying = false;
    }
  }

  private save(surfaceId: string, surface: Surface): void {
    const obscured = obscuredPaths(surface.model);
    const edits: Record<string, unknown> = {};
    for (const [path, value] of surface.edits) if (!obscured.has(path)) edits[path] = value;
    this.host.edited(surface.owner, surfaceId, edits);
  }

  private onAction(action: A2uiClientAction): void {
    const surface = this.surfaces.get(action.surfaceId);
    if (!surface) return;
    this.flush(action.surfaceId);
    this.host.action(surface.owner, action);
  }

  private noteText(note: Note, strings: A2uiNoteStrings): string {
    switch (note.key) {
      case 'a2uiCatalogMissing':
        return fill(strings.a2uiCatalogMissing, { catalog: note.catalog });
      case 'a2uiSurfaceMissing':
        return fill(strings.a2uiSurfaceMissing, { surface: note.surface });
      case 'a2uiUpdated':
        return fill(strings.a2uiUpdated, { surface: note.surface });
      case 'a2uiInvalid':
        return fill(strings.a2uiInvalid, { reason: note.reason });
      case 'a2uiDeleted':
        return strings.a2uiDeleted;
    }
  }
}

const OPERATIONS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'];

/** The surface an operation names. */
function surfaceIdOf(operation: A2uiOperation): string | undefined {
  for (const key of OPERATIONS) {
    const id = (operation[key] as { surfaceId?: unknown } | undefined)?.surfaceId;
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/** The data paths of a surface's `obscured` text fields (their values are never saved). */
function obscuredPaths(surface: SurfaceModel): Set<string> {
  const paths = new Set<string>();
  for (const [, component] of surface.componentsModel.entries) {
    if (component.type !== 'TextField') continue;
    const properties = component.properties as { variant?: unknown; value?: unknown };
    const value = properties.value as { path?: unknown } | undefined;
    if (properties.variant === 'obscured' && typeof value?.path === 'string') {
      paths.add(value.path.startsWith('/') ? value.path : `/${value.path}`);
    }
  }
  return paths;
}
