// Helpers for <agent-chat> tests: controls by accessible name, waiting for frames, and event builders.
import { fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import type { RunStore } from '../../src/store/run-store.js';
import { finished, started } from './agents.js';
import { allInShadow, nextFrame, until } from './elements.js';

/** The accessible name of a control as a person hears it (aria-label, else its text). */
export function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Every button in the chat with exactly this accessible name. */
export function buttonsNamed(chat: AgentChat, name: string): HTMLButtonElement[] {
  return allInShadow<HTMLButtonElement>(chat, 'button').filter(
    (button) => accessibleName(button) === name,
  );
}

/** The one button with this name, or a failed test. */
export function button(chat: AgentChat, name: string): HTMLButtonElement {
  const found = buttonsNamed(chat, name);
  if (found.length !== 1) {
    throw new Error(`Expected one button named "${name}", found ${found.length}`);
  }
  return found[0] as HTMLButtonElement;
}

/** The Message textbox. */
export function messageBox(chat: AgentChat): HTMLTextAreaElement {
  const box = chat.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea#message');
  if (!box) throw new Error('No Message textbox');
  return box;
}

/** Waits until the chat rendered what the store holds now (renders come once per frame). */
export async function settle(chat: AgentChat): Promise<void> {
  await nextFrame();
  await chat.updateComplete;
  await nextFrame();
  await chat.updateComplete;
}

/** Waits until the predicate holds after a render. */
export async function renderedUntil(chat: AgentChat, predicate: () => boolean): Promise<void> {
  await until(() => predicate());
  await chat.updateComplete;
}

/** The live region's text. */
export function liveText(chat: AgentChat): string {
  return (chat.shadowRoot?.querySelector('[aria-live="polite"]')?.textContent ?? '').trim();
}

export function textStart(messageId: string, role = 'assistant'): BaseEvent {
  return { type: 'TEXT_MESSAGE_START', messageId, role } as BaseEvent;
}

export function textDelta(messageId: string, delta: string): BaseEvent {
  return { type: 'TEXT_MESSAGE_CONTENT', messageId, delta } as BaseEvent;
}

export function textEnd(messageId: string): BaseEvent {
  return { type: 'TEXT_MESSAGE_END', messageId } as BaseEvent;
}

export function toolStart(toolCallId: string, name: string, parentMessageId?: string): BaseEvent {
  return {
    type: 'TOOL_CALL_START',
    toolCallId,
    toolCallName: name,
    ...(parentMessageId ? { parentMessageId } : {}),
  } as BaseEvent;
}

export function toolArgs(toolCallId: string, delta: string): BaseEvent {
  return { type: 'TOOL_CALL_ARGS', toolCallId, delta } as BaseEvent;
}

export function toolEnd(toolCallId: string): BaseEvent {
  return { type: 'TOOL_CALL_END', toolCallId } as BaseEvent;
}

export function toolResult(
  toolCallId: string,
  content: string,
  messageId = `${toolCallId}-result`,
) {
  return { type: 'TOOL_CALL_RESULT', toolCallId, messageId, content } as BaseEvent;
}

export function reasoning(messageId: string, ...deltas: string[]): BaseEvent[] {
  return [
    { type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning' } as BaseEvent,
    ...deltas.map(
      (delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta }) as BaseEvent,
    ),
    { type: 'REASONING_MESSAGE_END', messageId } as BaseEvent,
  ];
}

export function runError(message: string): BaseEvent {
  return { type: 'RUN_ERROR', message } as BaseEvent;
}

/** The last user message of a run's input. */
export function lastUserText(input: RunAgentInput | undefined): string | undefined {
  const users = (input?.messages ?? []).filter((message) => message.role === 'user');
  const last = users[users.length - 1];
  return typeof last?.content === 'string' ? last.content : undefined;
}

/** A chat on this store (and these preset prompts), rendered. */
export async function chatFor(
  store: RunStore | null,
  prompts: readonly string[] = [],
): Promise<AgentChat> {
  const el = await fixture<AgentChat>(
    html`<agent-chat .store=${store} .prompts=${prompts}></agent-chat>`,
  );
  await settle(el);
  return el;
}

/** A whole run that answers with one assistant message made of these deltas. */
export function answer(input: RunAgentInput, id: string, ...deltas: string[]): BaseEvent[] {
  return [
    started(input),
    textStart(id),
    ...deltas.map((delta) => textDelta(id, delta)),
    textEnd(id),
    finished(input),
  ];
}

/** A subagent event (`SUBAGENT_STARTED`, …) of the lane `subagentRunId`. */
export const sub = (type: string, subagentRunId: string, extra: Record<string, unknown> = {}) =>
  ({ type, subagentRunId, ...extra }) as BaseEvent;
