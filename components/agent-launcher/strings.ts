// Every visible sentence of <agent-launcher>, replaceable through its `strings` property.

import { formatMessage, type PluralStrings } from '../../src/i18n/messages.js';

export type { PluralStrings } from '../../src/i18n/messages.js';

/** Every visible string of `<agent-launcher>`. */
export interface AgentLauncherStrings {
  /** The button's name while the panel is closed. */
  readonly openChat: string;
  /** The button's name while the panel is open, and the full-screen panel's close button. */
  readonly closeChat: string;
  /** The panel's name when neither `heading` nor the chat's `strings.title` names it. */
  readonly heading: string;
  /** The greeting's close button. */
  readonly dismissGreeting: string;
  /** The badge: replies that finished while the panel was closed. */
  readonly newReplies: PluralStrings;
  /** The badge while an approval waits for the person. */
  readonly needsAnswer: string;
}

export const AGENT_LAUNCHER_STRINGS: AgentLauncherStrings = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  heading: 'Conversation',
  dismissGreeting: 'Dismiss greeting',
  newReplies: { one: '{count} new reply', other: '{count} new replies' },
  needsAnswer: 'Needs your answer',
};

/** The wording of `count` in the language `lang` (the `other` form when the table has no form of its category). */
export function formatCount(forms: PluralStrings, count: number, lang: string): string {
  return formatMessage(forms, { count }, lang);
}
