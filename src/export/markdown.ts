// A conversation as Markdown, to take away: the current branch's turns in order, tool calls as short quoted lines,
// artifacts by title, attachments by name. Framework-free and pure: a function of the store's state.
import { componentName, componentWords } from '../artifacts/names.js';
import type {
  Artifact,
  ChatMessage,
  MessagePart,
  RunStoreState,
  ToolCallPart,
} from '../store/types.js';

/** The words an export writes (English by default; a chat passes its own). */
export interface ExportLabels {
  readonly title: string;
  readonly user: string;
  readonly assistant: string;
  readonly system: string;
  readonly tool: string;
  readonly artifact: string;
  readonly attachment: string;
  readonly approval: string;
  readonly approved: string;
  readonly denied: string;
  readonly failed: string;
  readonly subagent: string;
  readonly activity: string;
}

export const EXPORT_LABELS: ExportLabels = {
  title: 'Conversation',
  user: 'You',
  assistant: 'Agent',
  system: 'System',
  tool: 'Tool call',
  artifact: 'Artifact',
  attachment: 'Attachment',
  approval: 'Approval',
  approved: 'approved',
  denied: 'denied',
  failed: 'Failed',
  subagent: 'Subagent',
  activity: 'Activity',
};

/** Longest argument text a tool call's line carries before it is cut. */
const ARGS_LIMIT = 120;

/** One line of text with no line breaks, cut at `limit` characters. */
function oneLine(text: string, limit = ARGS_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/** An inline code span that holds any text (a longer run of backticks than the text has). */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 || text.startsWith(' ')
    ? `${fence} ${text} ${fence}`
    : `${fence}${text}${fence}`;
}

function artifactTitle(artifact: Artifact | undefined): string {
  if (!artifact) return '';
  const props = artifact.props as { title?: unknown } | undefined;
  if (typeof props?.title === 'string' && props.title.trim()) return oneLine(props.title);
  return componentWords(componentName(artifact.name));
}

function toolLine(part: ToolCallPart, labels: ExportLabels): string {
  return `> ${labels.tool}: ${code(`${part.name}(${oneLine(part.argsText || '{}')})`)}, ${part.status}`;
}

function partLines(
  part: MessagePart,
  artifacts: ReadonlyMap<string, Artifact>,
  labels: ExportLabels,
): string[] {
  switch (part.kind) {
    case 'text':
      return part.text.trim() ? [part.text.trim()] : [];
    case 'reasoning':
      return [];
    case 'tool-call':
      // A render tool's call is the artifact it shows.
      return part.family === 'render'
        ? [`> ${labels.artifact}: ${artifactTitle(artifacts.get(part.id)) || part.name}`]
        : [toolLine(part, labels)];
    case 'artifact':
      return [`> ${labels.artifact}: ${artifactTitle(artifacts.get(part.artifactId))}`];
    case 'attachment':
      return [`> ${labels.attachment}: ${part.name} (${part.mimeType})`];
    case 'approval': {
      const { answer } = part.approval;
      const outcome = answer ? (answer.approved ? labels.approved : labels.denied) : '…';
      const what = part.approval.message ?? part.approval.toolName ?? part.approval.reason;
      return [`> ${labels.approval}: ${oneLine(what)}, ${outcome}`];
    }
    case 'error':
      return [`> ${labels.failed}: ${oneLine(part.failure.reason)}`];
    case 'subagent':
      return [`> ${labels.subagent}: ${part.name}, ${part.status}`];
    default: {
      const unknownPart: never = part;
      void unknownPart;
      return [];
    }
  }
}

function roleLabel(message: ChatMessage, labels: ExportLabels): string | null {
  switch (message.role) {
    case 'user':
      return labels.user;
    case 'assistant':
    case 'activity':
      return labels.assistant;
    case 'system':
    case 'developer':
      return labels.system;
    case 'reasoning':
      return null;
    default:
      return null;
  }
}

/** The conversation's current branch as Markdown. */
export function conversationMarkdown(
  state: Pick<RunStoreState, 'messages' | 'artifacts'>,
  labels: ExportLabels = EXPORT_LABELS,
): string {
  const artifacts = new Map(state.artifacts.map((artifact) => [artifact.id, artifact]));
  const sections: string[] = [`# ${labels.title}`];
  let speaker: string | null = null;
  for (const message of state.messages) {
    const role = roleLabel(message, labels);
    if (role === null) continue;
    const lines = message.parts.flatMap((part) => partLines(part, artifacts, labels));
    if (message.role === 'activity' && message.activityType) {
      lines.push(`> ${labels.activity}: ${message.activityType}`);
    }
    if (lines.length === 0) continue;
    // Consecutive messages of one speaker (a reply's text, tool calls and artifacts) are one turn.
    if (role !== speaker) sections.push(`## ${role}`);
    speaker = role;
    sections.push(...lines);
  }
  return `${sections.join('\n\n')}\n`;
}
