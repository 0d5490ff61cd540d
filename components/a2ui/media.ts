// The catalog's Image, Video and AudioPlayer, held to the chat's URL rules: an image shows inline bytes, or an
// http(s) URL when the host allowed remote images; audio and video load only then. Otherwise the component is a
// link the person may follow (named by its description), never a request the page did not allow.
import { html, nothing, type TemplateResult } from 'lit';
import type { A2uiLitElement } from '@a2ui/web_core/v0_9';
import { surfaceOptions } from './surface-options.js';

type MediaKind = 'Image' | 'Video' | 'AudioPlayer';

const WORDS: Readonly<Record<MediaKind, string>> = {
  Image: 'Image',
  Video: 'Video',
  AudioPlayer: 'Audio',
};

type Rendering = A2uiLitElement & { render(): unknown };

/** `base` (the catalog's element for `kind`) rendering only the URLs the chat allows. */
export function withMediaRules(kind: MediaKind, base: new () => Rendering): new () => Rendering {
  return class extends base {
    override render(): unknown {
      const props = this.controller?.props as { url?: unknown; description?: unknown } | undefined;
      if (!props) return nothing;
      const url = typeof props.url === 'string' ? props.url : '';
      const options = surfaceOptions.get(this.context.dataContext.surface);
      const urls = options?.urls() ?? null;
      const remote = options?.remoteMedia() ?? false;
      const allowed =
        urls === null
          ? null
          : kind === 'Image'
            ? urls.imageSource(url, remote)
            : urls.mediaSource(url, remote);
      return allowed === null
        ? mediaLink(kind, url, props.description, urls?.safeHref(url) ?? null)
        : super.render();
    }
  };
}

function mediaLink(
  kind: MediaKind,
  url: string,
  description: unknown,
  href: string | null,
): TemplateResult {
  const label = typeof description === 'string' && description.trim() ? description : url;
  const text = `${WORDS[kind]}: ${label}`;
  return href
    ? html`<a class="a2ui-media-link" href=${href} target="_blank" rel="noopener noreferrer"
        >${text}</a
      >`
    : html`<span class="a2ui-media-link">${text}</span>`;
}
