// The basic catalog as this product renders it: `@a2ui/lit`'s v0.9 components, each registered again under an
// `agui-a2ui-*` tag that leaves out the global sheet the originals adopt into the document (it sets the page's own
// `color-scheme` and `--a2ui-*` on `:root`; ours map the chat's tokens on the surface instead), with our Text and
// TextField in place of theirs and the media components held to the chat's URL rules. One component list answers to both basic catalog ids.
import { css, type CSSResult, type CSSResultGroup, type PropertyValues } from 'lit';
import { A2uiLitElement, Catalog, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/lit/v0_9';
import { AguiA2uiText } from './text.js';
import { AguiA2uiTextField } from './text-field.js';
import { withMediaRules } from './media.js';

/** The id `@ag-ui/a2ui-middleware` and CopilotKit give the basic catalog. */
export const MIDDLEWARE_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** The id `@a2ui/lit` gives it. */
export const LIT_BASIC_CATALOG_ID = basicCatalog.id;

/** Our components, by catalog name. */
const OWN: Readonly<
  Record<string, { readonly tag: string; readonly element: CustomElementConstructor }>
> = {
  Text: { tag: 'agui-a2ui-text', element: AguiA2uiText },
  TextField: { tag: 'agui-a2ui-textfield', element: AguiA2uiTextField },
};

type LitComponentClass = typeof A2uiLitElement & (new () => A2uiLitElement);

/** What our copies add to a component's styles: nothing overflows 390 px, a row wraps. */
const FIT = css`
  :host {
    min-inline-size: 0;
    max-inline-size: 100%;
  }
`;
const EXTRA_STYLES: Readonly<Record<string, CSSResult>> = {
  Row: css`
    :host {
      flex-wrap: wrap;
    }
  `,
  Slider: css`
    .a2ui-slider {
      box-sizing: border-box;
      margin-inline: 0;
    }
  `,
};

/**
 * `base` without the document-wide sheet its connectedCallback adopts (everything else it does stays), fitting
 * narrow chats, and with its control named by its `label` where the original leaves the label unattached (Slider,
 * DateTimeInput).
 */
function withoutGlobalSheet(base: LitComponentClass, name: string): CustomElementConstructor {
  const styles = [base.styles, FIT, EXTRA_STYLES[name]].filter(Boolean) as CSSResultGroup;
  return class extends base {
    static override styles = styles;

    override connectedCallback(): void {
      A2uiLitElement.prototype.connectedCallback.call(this);
    }

    protected override updated(changed: PropertyValues): void {
      super.updated(changed);
      const label = (this.controller?.props as { label?: unknown } | undefined)?.label;
      if (typeof label !== 'string' || !label.trim()) return;
      for (const control of this.querySelectorAll('input, select, textarea')) {
        if (!control.closest('label') && !control.hasAttribute('aria-label')) {
          control.setAttribute('aria-label', label);
        }
      }
    }
  } as unknown as CustomElementConstructor;
}

function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

function component(api: ComponentApi & { readonly tagName?: string }): ComponentApi {
  const own = OWN[api.name];
  if (own) {
    define(own.tag, own.element);
    return { ...api, tagName: own.tag } as ComponentApi;
  }
  const base = api.tagName ? customElements.get(api.tagName) : undefined;
  if (!base) return api;
  const tag = `agui-a2ui-${api.tagName!.replace(/^a2ui-(?:basic-)?/, '')}`;
  const element = withoutGlobalSheet(base as unknown as LitComponentClass, api.name);
  define(
    tag,
    api.name === 'Image' || api.name === 'Video' || api.name === 'AudioPlayer'
      ? (withMediaRules(api.name, element as never) as unknown as CustomElementConstructor)
      : element,
  );
  return { ...api, tagName: tag } as ComponentApi;
}

const components = [...basicCatalog.components.values()].map((api) => component(api));
const functions = [...basicCatalog.functions.values()];

/** The basic catalog under each of its two ids. */
export const BASIC_CATALOGS: readonly Catalog<ComponentApi>[] = [
  MIDDLEWARE_BASIC_CATALOG_ID,
  LIT_BASIC_CATALOG_ID,
].map((id) => new Catalog(id, components, functions, basicCatalog.themeSchema));
