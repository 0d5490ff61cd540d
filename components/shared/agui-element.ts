// The thin base class of the elements that show a run: theme, language and direction, and the three ways to find a
// store.
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { RunStore } from '../../src/store/run-store.js';
import { LocaleController } from './locale-controller.js';

/** `light` or `dark` forces a colour scheme; without it the element follows `prefers-color-scheme`. */
export type Theme = 'light' | 'dark';

/** An element bound to a RunStore by `.store`, by `run="ID"`, or by the nearest `<agent-run>` around it. */
export class AguiElement extends LitElement {
  /** The element's language and direction (from the nearest `lang` and `dir`) and its tables in that language. */
  protected readonly locale = new LocaleController(this);

  /** Forces the light or dark theme; without it the element follows the page's `prefers-color-scheme`. */
  @property({ reflect: true }) theme: Theme | undefined;

  /** A RunStore to bind to directly; wins over `run` and over an enclosing `<agent-run>`. */
  @property({ attribute: false }) store: RunStore | null = null;

  /** The id of an `<agent-run>` elsewhere on the page to bind to, like `<label for>`. */
  @property({ reflect: true }) run: string | null = null;
}
