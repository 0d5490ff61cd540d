// Text the transcript shows or copies: pretty JSON for tool arguments and results, a message's own text.
import type { ChatMessage, ToolCallPart } from '../../src/store/types.js';

/** A tool call's arguments as indented JSON: the parsed (possibly partial) value, else the raw text so far. */
export function prettyArguments(part: ToolCallPart): string {
  if (part.args !== undefined) {
    try {
      return JSON.stringify(part.args, null, 2);
    } catch {
      return part.argsText;
    }
  }
  return part.argsText;
}

/** A result as indented JSON when it is JSON, else as sent. */
export function prettyResult(result: string): string {
  const trimmed = result.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return result;
  try {
    return JSON.stringify(JSON.parse(trimmed) as unknown, null, 2);
  } catch {
    return result;
  }
}

/** The text parts of a message, as written (markdown stays markdown). */
export function messageText(message: ChatMessage): string {
  return message.parts
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** A person's message, or every assistant message of an answer's run (what Copy copies and Read aloud reads). */
export function answerText(messages: readonly ChatMessage[], message: ChatMessage): string {
  return message.role === 'user'
    ? messageText(message)
    : messages
        .filter((item) => item.run === message.run && item.role === 'assistant')
        .map(messageText)
        .filter(Boolean)
        .join('\n\n');
}

/** The reasoning parts of a message. */
export function reasoningText(message: ChatMessage): string {
  return message.parts
    .map((part) => (part.kind === 'reasoning' ? part.text : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** Collapses whitespace and cuts long text at a word, for a live-region announcement. */
export function announcement(text: string, limit = 1200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${space > limit * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A short summary of structured activity content: its text-like field, else its keys. */
export function activitySummary(content: Readonly<Record<string, unknown>> | undefined): string {
  if (!content) return '';
  for (const key of ['title', 'text', 'message', 'status', 'summary']) {
    const value = content[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return Object.keys(content).join(', ');
}

/** Markdown as the words a reader hears: no markers, link and image syntax reduced to their text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}(?:```|~~~).*$/gm, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
