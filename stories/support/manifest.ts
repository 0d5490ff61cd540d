// Controls from custom-elements.json: argTypes for a tag's attributes, and a directive that applies a story's args
// to the element (attributes, properties, CSS custom properties and event handlers).
import type { ArgTypes } from '@storybook/web-components-vite';
import { nothing } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';
import manifest from '../../custom-elements.json';

interface ManifestItem {
  readonly name: string;
  readonly kind?: string;
  readonly privacy?: string;
  readonly static?: boolean;
  readonly fieldName?: string;
  readonly type?: { readonly text?: string };
}

interface Declaration {
  readonly tagName?: string;
  readonly attributes?: readonly ManifestItem[];
  readonly members?: readonly ManifestItem[];
  readonly events?: readonly ManifestItem[];
  readonly cssProperties?: readonly ManifestItem[];
}

const declarations = (manifest as { modules: { declarations?: Declaration[] }[] }).modules.flatMap(
  (module) => module.declarations ?? [],
);

function declarationOf(tag: string): Declaration {
  const declaration = declarations.find((candidate) => candidate.tagName === tag);
  if (!declaration) throw new Error(`<${tag}> is not in custom-elements.json`);
  return declaration;
}

/** `run-start` → `onRunStart`, the arg name Storybook gives an event from the manifest. */
export function eventArgName(event: string): string {
  const camel = event.replace(/[-_:.\s]+(.)?/g, (_match, chr: string | undefined) =>
    chr ? chr.toUpperCase() : '',
  );
  return `on${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}

/** Arg values a select offers for "not set": the attribute is removed. */
export const UNSET = '(not set)';

/** Controls for attribute types the manifest names by alias. */
const OPTIONS: Record<string, readonly string[]> = {
  'Theme | undefined': [UNSET, 'light', 'dark'],
  RunControlsScenario: ['normal', 'invalid', 'slow'],
  'AgentRunSource | null': [UNSET, 'replay'],
};

/** Properties with no attribute that a JSON control can edit; the others (store, agent…) are docs only. */
const OBJECT_CONTROL = new Set(['strings', 'props']);

/**
 * argTypes for a tag from the manifest: a fitting control per attribute, a text control per CSS custom property,
 * a JSON control for `strings` and `props`; other properties (those that mirror an attribute, `.store`, `.agent`…)
 * and events are listed without a control; private and protected members are hidden.
 */
export function manifestArgTypes(tag: string): Partial<ArgTypes> {
  const declaration = declarationOf(tag);
  const argTypes: Partial<ArgTypes> = {};
  for (const member of declaration.members ?? []) {
    if (member.privacy === 'private' || member.privacy === 'protected' || member.static) {
      argTypes[member.name] = { table: { disable: true }, control: false };
    } else if (!OBJECT_CONTROL.has(member.name)) {
      argTypes[member.name] = { control: false };
    }
  }
  for (const event of declaration.events ?? []) {
    argTypes[event.name] = { control: false };
  }
  for (const property of declaration.cssProperties ?? []) {
    argTypes[property.name] = { control: 'text' };
  }
  for (const attribute of declaration.attributes ?? []) {
    const type = attribute.type?.text ?? 'string';
    const options = OPTIONS[type];
    if (options) {
      argTypes[attribute.name] = { control: 'select', options: [...options] };
    } else if (type === 'boolean') {
      argTypes[attribute.name] = { control: 'boolean' };
    } else if (/\bnumber\b/.test(type)) {
      argTypes[attribute.name] = { control: 'number' };
    } else {
      // Text, including a list attribute (a JSON array or one item per line).
      argTypes[attribute.name] = { control: 'text' };
    }
  }
  return argTypes;
}

type Args = Readonly<Record<string, unknown>>;

interface Applied {
  attributes: Set<string>;
  styles: Set<string>;
  listeners: Map<string, EventListener>;
}

/** Applies a story's args to the element it sits on, by the manifest's names. */
class ManifestArgsDirective extends Directive {
  /** The handler each event's listener calls (the arg), to tell when an arg changed. */
  private readonly handlers = new Map<string, unknown>();
  private readonly applied: Applied = {
    attributes: new Set(),
    styles: new Set(),
    listeners: new Map(),
  };

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('manifestArgs goes on an element');
  }

  render(_tag: string, _args: Args) {
    return nothing;
  }

  override update(part: ElementPart, [tag, args]: [string, Args]) {
    const element = part.element as HTMLElement & Record<string, unknown>;
    const declaration = declarationOf(tag);
    const attributes = new Set((declaration.attributes ?? []).map((item) => item.name));
    const properties = new Set(
      (declaration.members ?? [])
        .filter(
          (item) =>
            item.kind === 'field' &&
            item.privacy !== 'private' &&
            item.privacy !== 'protected' &&
            !item.static,
        )
        .map((item) => item.name),
    );
    const cssProperties = new Set((declaration.cssProperties ?? []).map((item) => item.name));
    const events = new Map(
      (declaration.events ?? []).map((item) => [eventArgName(item.name), item.name] as const),
    );
    for (const [key, value] of Object.entries(args)) {
      if (attributes.has(key)) {
        this.setAttribute(element, key, value);
      } else if (cssProperties.has(key)) {
        this.setStyle(element, key, value);
      } else if (events.has(key)) {
        this.setListener(element, events.get(key) as string, value);
      } else if (properties.has(key) && value !== undefined) {
        element[key] = value;
      }
    }
    return nothing;
  }

  private setAttribute(element: HTMLElement, name: string, value: unknown): void {
    if (value === undefined || value === null || value === false || value === UNSET) {
      if (this.applied.attributes.delete(name)) element.removeAttribute(name);
      return;
    }
    const text = value === true ? '' : Array.isArray(value) ? JSON.stringify(value) : String(value);
    if (element.getAttribute(name) !== text) element.setAttribute(name, text);
    this.applied.attributes.add(name);
  }

  private setStyle(element: HTMLElement, name: string, value: unknown): void {
    if (typeof value === 'string' && value.trim()) {
      element.style.setProperty(name, value);
      this.applied.styles.add(name);
    } else if (this.applied.styles.delete(name)) {
      element.style.removeProperty(name);
    }
  }

  private setListener(element: HTMLElement, event: string, value: unknown): void {
    if (this.handlers.get(event) === value) return;
    this.handlers.set(event, value);
    const previous = this.applied.listeners.get(event);
    if (previous) element.removeEventListener(event, previous);
    this.applied.listeners.delete(event);
    if (typeof value === 'function') {
      // The Actions panel cannot show a CustomEvent's detail (a prototype getter): hand it over as data.
      const handler = value as (payload: unknown) => void;
      const listener: EventListener = (fired) =>
        handler(fired instanceof CustomEvent ? { type: fired.type, detail: fired.detail } : fired);
      element.addEventListener(event, listener);
      this.applied.listeners.set(event, listener);
    }
  }
}

/**
 * `<run-controls ${manifestArgs('run-controls', args)}>`: the story's args as attributes (by attribute name),
 * properties (by property name), CSS custom properties and event handlers (`onRunStart` for `run-start`).
 */
export const manifestArgs = directive(ManifestArgsDirective);
