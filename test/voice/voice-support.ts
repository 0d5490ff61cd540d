// Helpers of the voice tests: the chat on a store, the microphone permission through CDP (a test-runner command), and
// recording stubs for SpeechRecognition and speechSynthesis (offline headless Chromium has neither service nor voices).
import { fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { RunAgentInput } from '@ag-ui/core';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat/agent-chat.js';
import { RunStore } from '../../src/store/run-store.js';
import { finished, scriptedAgent, started, text, type RecordingAgent } from '../support/agents.js';
import { settle } from '../support/chat.js';

/** Sets this page's microphone permission the way a person's answer to the prompt would. */
export async function microphone(setting: 'granted' | 'denied' | 'prompt'): Promise<void> {
  await executeServerCommand('set-microphone-permission', { setting, origin: location.origin });
}

/** An agent answering each run with one markdown message (`answers[index]`, else the last). */
export function answeringAgent(...answers: string[]): RecordingAgent {
  return scriptedAgent((input: RunAgentInput, index) => [
    started(input),
    ...text(`a${index}`, answers[Math.min(index, answers.length - 1)] ?? 'Done.'),
    finished(input),
  ]);
}

export async function chatOn(
  agent: RecordingAgent,
  props: Partial<AgentChat> = {},
  lang = 'en-GB',
): Promise<{ chat: AgentChat; store: RunStore }> {
  const store = new RunStore({ agent, threadId: 'thread-voice' });
  const wrapper = await fixture<HTMLDivElement>(
    html`<div lang=${lang}><agent-chat .store=${store}></agent-chat></div>`,
  );
  const chat = wrapper.querySelector('agent-chat') as AgentChat;
  Object.assign(chat, props);
  await settle(chat);
  return { chat, store };
}

/** Replaces a property of `target` for one test; the returned function puts the original back. */
export function replace<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: unknown,
): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else delete target[key];
  };
}

/** A recording SpeechRecognition: each instance is kept; a test plays results and the end by hand. */
export class FakeRecognition extends EventTarget {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  calls: string[] = [];

  constructor() {
    super();
    FakeRecognition.instances.push(this);
  }

  start(): void {
    this.calls.push('start');
  }

  stop(): void {
    this.calls.push('stop');
    // As the real one does: the end follows a stop.
    setTimeout(() => this.dispatchEvent(new Event('end')), 10);
  }

  abort(): void {
    this.calls.push('abort');
    setTimeout(() => this.dispatchEvent(new Event('end')), 10);
  }

  /** Plays a result event: `[words, isFinal]` per result, starting at `resultIndex`. */
  hear(results: readonly (readonly [string, boolean])[], resultIndex = 0): void {
    const list = results.map(([words, isFinal]) =>
      Object.assign([{ transcript: words, confidence: 0.9 }], { isFinal }),
    );
    const event = Object.assign(new Event('result'), { results: list, resultIndex });
    this.dispatchEvent(event);
  }

  fail(error: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { error, message: '' }));
    this.dispatchEvent(new Event('end'));
  }
}

/**
 * A recording SpeechSynthesisUtterance: the real one only takes a real SpeechSynthesisVoice, and offline headless
 * Chromium has none to give.
 */
export class FakeUtterance extends EventTarget {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;

  constructor(readonly text: string) {
    super();
  }
}

/** Replaces speechSynthesis and SpeechSynthesisUtterance with the recording stubs; returns the undo. */
export function fakeSynthesis(synth: FakeSynthesis): () => void {
  const puts = [
    replace(window, 'speechSynthesis', synth),
    replace(window, 'SpeechSynthesisUtterance', FakeUtterance),
  ];
  return () => puts.reverse().forEach((put) => put());
}

/** A recording speechSynthesis: what was spoken (text, lang, voice) and every cancel; the test ends an utterance. */
export class FakeSynthesis {
  spoken: FakeUtterance[] = [];
  cancels = 0;
  speaking = false;
  readonly voices = [
    { lang: 'en-US', name: 'US English', default: true, localService: true, voiceURI: 'en-US' },
    { lang: 'fr-FR', name: 'Français', default: false, localService: true, voiceURI: 'fr-FR' },
  ] as unknown as SpeechSynthesisVoice[];

  getVoices(): SpeechSynthesisVoice[] {
    return this.voices;
  }

  speak(utterance: FakeUtterance): void {
    this.spoken.push(utterance);
    this.speaking = true;
  }

  cancel(): void {
    this.cancels += 1;
    const current = this.speaking ? this.spoken.at(-1) : undefined;
    this.speaking = false;
    current?.dispatchEvent(Object.assign(new Event('error'), { error: 'interrupted' }));
  }

  /** The current utterance finishes by itself. */
  finish(): void {
    this.speaking = false;
    this.spoken.at(-1)?.dispatchEvent(new Event('end'));
  }
}
