// RunAgentInputs for every branch of the fixture dispatcher, shared by the fixture and endpoint tests.

import type { Message, RunAgentInput } from '@ag-ui/core';
import { AWAITED_INSPECT_SUFFIX, FINAL_SERVICES } from '../../src/fixtures/index.js';
import { runInput } from './fixture-server.js';

export const user = (content: string, id = 'u-1'): Message => ({ id, role: 'user', content });

export const scenarioInput = (scenario: unknown, runId = 'run-1'): RunAgentInput =>
  runInput(runId, { forwardedProps: { scenario } });

export const chatInput = (text: string, parts: Partial<RunAgentInput> = {}): RunAgentInput =>
  runInput('run-7', { messages: [user(text)], ...parts });

/** One input per branch of the dispatcher, chat intent and approval answer. */
export function allInputs(): Array<[string, RunAgentInput]> {
  const interruptId = 'run-5-work-order-approval';
  return [
    ['scenario normal', scenarioInput('normal')],
    ['scenario invalid', scenarioInput('invalid')],
    ['scenario slow', scenarioInput('slow')],
    ['no scenario, no message', runInput('run-0')],
    ['chat analyse', chatInput('Run the analysis')],
    ['chat latency', chatInput('Why is API latency up?')],
    ['chat diagnose', chatInput('Diagnose the services')],
    [
      'chat diagnose, host answers inspect_services',
      chatInput('Diagnose the services', {
        tools: [{ name: 'inspect_services', description: 'Reads services' }],
      }),
    ],
    ['diagnosis continued', continuationInput(JSON.stringify({ services: FINAL_SERVICES }))],
    ['diagnosis continued, bad result', continuationInput('not json')],
    ['chat work order', chatInput('Open a work order')],
    ['chat help', chatInput('Tell me a joke')],
    ['chat delegate', chatInput('Delegate the checks to subagents')],
    [
      'resume approved',
      runInput('run-6', {
        resume: [
          { interruptId, status: 'resolved', payload: { approved: true, comment: 'Go ahead' } },
        ],
      }),
    ],
    [
      'resume denied',
      runInput('run-6', {
        resume: [{ interruptId, status: 'resolved', payload: { approved: false } }],
      }),
    ],
    ['resume cancelled', runInput('run-6', { resume: [{ interruptId, status: 'cancelled' }] })],
    [
      'resume unknown',
      runInput('run-6', { resume: [{ interruptId: 'other', status: 'cancelled' }] }),
    ],
  ];
}

/** The follow-up run after a diagnose run that waited on the host's inspect_services. */
export function continuationInput(content: string): RunAgentInput {
  const callId = `run-3${AWAITED_INSPECT_SUFFIX}`;
  return runInput('run-4', {
    tools: [{ name: 'inspect_services', description: 'Reads services' }],
    messages: [
      user('Diagnose the services'),
      {
        id: 'run-3-msg-1',
        role: 'assistant',
        content: 'I will read the measurements.',
        toolCalls: [
          { id: callId, type: 'function', function: { name: 'inspect_services', arguments: '{}' } },
        ],
      },
      { id: 'tool-1', role: 'tool', toolCallId: callId, content },
    ],
  });
}
