// Small pieces of the chat's MCP Apps side: the app's frame as it is made, the directive that puts it in the
// template (its session follows it in and out of the DOM), and a list of words in the chat's language.
import { AsyncDirective, directive } from 'lit/async-directive.js';

/** An app's title from its tool's name: "service_latency_explorer" -> "Service latency explorer". */
export const titleOf = (tool: string) => {
  const words = tool.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "the camera and your location", in the chat's language. */
export function listOf(items: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

export function newFrame(title = ''): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  // Scripts only: no allow-same-origin (an opaque origin), no top navigation, no popups, no `allow` permissions.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.className = 'mcp-app-frame';
  frame.title = title;
  return frame;
}

/** An app as the directive sees it: the element that holds its frame. */
interface FramedApp {
  readonly view: HTMLElement;
}

/** Who starts an app's session when its frame enters the DOM, and ends it when the frame leaves. */
export interface FrameOwner {
  attach(app: FramedApp): void;
  detach(app: FramedApp): void;
}

/** Puts an app's frame in the template; its session follows the frame in and out of the DOM. */
class AppFrame extends AsyncDirective {
  private owner: FrameOwner | null = null;
  private app: FramedApp | null = null;

  render(owner: FrameOwner, app: FramedApp) {
    if (this.app !== app) {
      this.owner = owner;
      this.app = app;
      queueMicrotask(() => this.isConnected && owner.attach(app));
    }
    return app.view;
  }

  protected override disconnected(): void {
    if (this.app && this.owner) this.owner.detach(this.app);
  }

  protected override reconnected(): void {
    const { owner, app } = this;
    if (!owner || !app) return;
    this.setValue(app.view);
    queueMicrotask(() => this.isConnected && owner.attach(app));
  }
}

export const appFrame = directive(AppFrame);
