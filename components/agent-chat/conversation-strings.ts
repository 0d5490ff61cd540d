// The strings of the conversation features: subagent blocks, Edit, version navigation and feedback.

export interface ConversationStrings {
  readonly subagent: string;
  readonly subagentWaiting: string;
  readonly subagentSeconds: string;
  readonly edit: string;
  readonly editMessage: string;
  readonly saveAndSend: string;
  readonly cancelEditing: string;
  readonly versions: string;
  readonly previousVersion: string;
  readonly nextVersion: string;
  readonly versionOf: string;
  readonly goodResponse: string;
  readonly badResponse: string;
  readonly addComment: string;
  readonly saveComment: string;
}

export const CONVERSATION_STRINGS: ConversationStrings = {
  subagent: 'Subagent',
  subagentWaiting: 'Waiting for input',
  subagentSeconds: '{seconds} s',
  edit: 'Edit',
  editMessage: 'Edit message',
  saveAndSend: 'Save and send',
  cancelEditing: 'Cancel editing',
  versions: 'Versions',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: '{current} / {count}',
  goodResponse: 'Good response',
  badResponse: 'Bad response',
  addComment: 'Add a comment',
  saveComment: 'Save comment',
};
