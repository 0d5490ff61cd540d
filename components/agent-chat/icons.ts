// The chat's icons: small inline SVGs that inherit the text colour and are hidden from assistive technology.
import { svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';

/**
 * An icon from its SVG shapes: constant markup (an `svg` literal without bindings), so the shapes become part of one
 * static template and each icon on screen is a single clone, with no nested template or part to set up (a long
 * transcript shows thousands of them).
 */
export function icon(paths: SVGTemplateResult): TemplateResult {
  if (paths.values.length > 0)
    throw new Error('An icon is constant markup: its shapes take no bindings.');
  return staticHtml`<svg
    class="icon"
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >${unsafeStatic(paths.strings.join(''))}</svg>`;
}

export const sendIcon = icon(svg`<path d="M12 19V5"></path><path d="m5 12 7-7 7 7"></path>`);
export const stopIcon = icon(
  svg`<rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor"></rect>`,
);
export const copyIcon = icon(
  svg`<rect x="9" y="9" width="12" height="12" rx="2"></rect><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"></path>`,
);
export const checkIcon = icon(svg`<path d="m5 12 5 5 9-10"></path>`);
export const regenerateIcon = icon(
  svg`<path d="M3 12a9 9 0 0 1 15.5-6.2L21 8"></path><path d="M21 3v5h-5"></path><path d="M21 12a9 9 0 0 1-15.5 6.2L3 16"></path><path d="M3 21v-5h5"></path>`,
);
export const newThreadIcon = icon(
  svg`<path d="M12 20h9"></path><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"></path>`,
);
export const downloadIcon = icon(
  svg`<path d="M12 4v11"></path><path d="m7 10 5 5 5-5"></path><path d="M5 20h14"></path>`,
);
export const arrowDownIcon = icon(svg`<path d="M12 5v14"></path><path d="m19 12-7 7-7-7"></path>`);
export const workflowIcon = icon(
  svg`<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4Z"></path>`,
);
export const presentationIcon = icon(
  svg`<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"></path><circle cx="12" cy="12" r="3"></circle>`,
);
export const renderIcon = icon(
  svg`<rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path><path d="M9 21V9"></path>`,
);
export const frontendIcon = icon(
  svg`<rect x="2" y="4" width="20" height="14" rx="2"></rect><path d="M8 21h8"></path><path d="M12 18v3"></path>`,
);
export const approvalIcon = icon(
  svg`<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z"></path><path d="m9 12 2 2 4-4"></path>`,
);
export const errorIcon = icon(
  svg`<circle cx="12" cy="12" r="9"></circle><path d="M12 8v5"></path><path d="M12 16h.01"></path>`,
);
export const activityIcon = icon(svg`<path d="M3 12h4l3 8 4-16 3 8h4"></path>`);
export const chevronIcon = icon(svg`<path d="m9 6 6 6-6 6"></path>`);
export const thinkingIcon = icon(
  svg`<path d="M9 18h6"></path><path d="M10 22h4"></path><path d="M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2Z"></path>`,
);
