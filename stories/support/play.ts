// Play-function helpers: reach into an element's shadow root, and wait for the story's stores to settle.
import { expect } from 'storybook/test';
import { storiesSettled } from './store-states.js';

/** The first element matching `selector` inside the shadow root of the first `host` in the canvas. */
export function inShadow<T extends Element = HTMLElement>(
  canvas: HTMLElement,
  host: string,
  selector: string,
): T {
  const element = canvas.querySelector(host)?.shadowRoot?.querySelector<T>(selector);
  if (!element) throw new Error(`No ${selector} in <${host}>`);
  return element;
}

/** Waits for the story's stores, then checks what `<run-controls>` announces in its status region. */
export async function expectStatus(canvas: HTMLElement, text: string | RegExp): Promise<void> {
  await storiesSettled(canvas);
  const status = inShadow(canvas, 'run-controls', '[role="status"]');
  if (typeof text === 'string') await expect(status.textContent?.trim()).toBe(text);
  else await expect(status.textContent?.trim()).toMatch(text);
}
