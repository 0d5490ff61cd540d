// Styles of <agent-chat>: header, scrolling transcript in a centred column, message parts, and the composer,
// composed in this order (later modules refine earlier ones) from one module per region.
import { css } from 'lit';
import { chatTranscriptStyles } from './transcript.styles.js';
import { chatProseStyles } from './prose.styles.js';
import { chatToolCallStyles } from './tool-call.styles.js';
import { chatApprovalStyles } from './approval.styles.js';
import { chatComposerStyles } from './composer.styles.js';

export const agentChatStyles = css`
  ${chatTranscriptStyles}${chatProseStyles}${chatToolCallStyles}${chatApprovalStyles}${chatComposerStyles}
`;
