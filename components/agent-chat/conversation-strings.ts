// The strings of the conversation features: subagent blocks, Edit, version navigation and feedback.

export interface ConversationStrings {
  readonly subagent: string;
  readonly subagentRunning: string;
  readonly subagentWaiting: string;
  readonly subagentDone: string;
  readonly subagentFailed: string;
  readonly subagentStopped: string;
  readonly subagentError: string;
  readonly subagentSeconds: string;
  readonly subagentMinutes: string;
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
  readonly feedbackComment: string;
  readonly addComment: string;
  readonly saveComment: string;
  readonly announceFeedback: string;
}

export const CONVERSATION_STRINGS: ConversationStrings = {
  subagent: 'Subagent',
  subagentRunning: 'Running',
  subagentWaiting: 'Waiting for input',
  subagentDone: 'Done',
  subagentFailed: 'Failed',
  subagentStopped: 'Stopped',
  subagentError: 'The subagent failed: {reason}',
  subagentSeconds: '{seconds} s',
  subagentMinutes: '{minutes} min {seconds} s',
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
  feedbackComment: 'Comment on this answer (optional)',
  addComment: 'Add a comment',
  saveComment: 'Save comment',
  announceFeedback: 'Feedback saved.',
};
