// <agent-run> renders only its slot and takes no box of its own.
import { css } from 'lit';

export const agentRunStyles = css`
  :host {
    display: contents;
  }

  :host([hidden]) {
    display: none;
  }
`;
