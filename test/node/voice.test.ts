// The voice part's framework-free pieces: the transcription hook's bounds, the words Read aloud speaks, the voice
// it picks, and which recognition errors are problems. Importing it in Node touches no browser global.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spokenText, voiceFor } from '../../src/voice/speech.js';
import { transcribeRecording } from '../../src/voice/transcription.js';
import { recognitionProblem } from '../../src/voice/recognition.js';
import { DictationError } from '../../src/voice/types.js';

const audio = new Blob([new Uint8Array(8)], { type: 'audio/webm;codecs=opus' });

describe('transcribeRecording', () => {
  it('passes the MIME type, the language and a signal, and trims the words', async () => {
    let seen: { lang: string; mimeType: string; aborted: boolean } | null = null;
    const words = await transcribeRecording(
      async (_, { lang, mimeType, signal }) => {
        seen = { lang, mimeType, aborted: signal.aborted };
        return '  Why did the pump trip?  ';
      },
      audio,
      { lang: 'en-GB' },
    );
    assert.equal(words, 'Why did the pump trip?');
    assert.deepEqual(seen, { lang: 'en-GB', mimeType: 'audio/webm;codecs=opus', aborted: false });
  });

  it('times out, aborting the hook’s signal', async () => {
    let signal: AbortSignal | null = null;
    await assert.rejects(
      transcribeRecording(
        (_, options) => {
          signal = options.signal;
          return new Promise<string>(() => undefined);
        },
        audio,
        { lang: 'en', timeoutMs: 20 },
      ),
      (error: unknown) => error instanceof DictationError && error.problem.kind === 'timeout',
    );
    assert.equal((signal as AbortSignal | null)?.aborted, true);
  });

  it('turns a throw (even a synchronous one) or a non-text answer into a failure with its reason', async () => {
    const failed = (reason: RegExp) => (error: unknown) =>
      error instanceof DictationError &&
      error.problem.kind === 'failed' &&
      reason.test(error.problem.reason);
    await assert.rejects(
      transcribeRecording(
        () => {
          throw new Error('quota exceeded');
        },
        audio,
        { lang: 'en' },
      ),
      failed(/quota exceeded/),
    );
    await assert.rejects(
      transcribeRecording(async () => 42 as unknown as string, audio, { lang: 'en' }),
      failed(/not text/),
    );
  });
});

describe('spokenText', () => {
  it('reads words, not markdown syntax or code blocks', () => {
    const markdown = [
      '## Result',
      '',
      'The **north pump** tripped at _02:14_; see [the log](https://example.com/log).',
      '',
      '```json',
      '{"pressure": 7.2}',
      '```',
      '',
      '- First check the `valve`',
      '- Then ![a chart](chart.png)',
    ].join('\n');
    assert.equal(
      spokenText(markdown),
      'Result The north pump tripped at 02:14; see the log. First check the valve Then a chart',
    );
  });

  it('reads a table row by row, without its rule', () => {
    assert.equal(
      spokenText('| Pump | State |\n| --- | --- |\n| North | Tripped |'),
      'Pump, State North, Tripped',
    );
  });
});

describe('voiceFor', () => {
  const voice = (lang: string, isDefault = false) =>
    ({ lang, name: lang, default: isDefault }) as SpeechSynthesisVoice;

  it('takes the exact language first, then the same primary language, else none', () => {
    const voices = [voice('en-US', true), voice('fr-CA'), voice('fr-FR')];
    assert.equal(voiceFor(voices, 'fr-FR')?.lang, 'fr-FR');
    assert.equal(voiceFor(voices, 'fr-BE')?.lang, 'fr-CA');
    assert.equal(voiceFor(voices, 'de'), null);
  });
});

describe('recognitionProblem', () => {
  it('tells denied and no microphone apart, and ignores silence and aborts', () => {
    assert.deepEqual(recognitionProblem('not-allowed'), { kind: 'denied' });
    assert.deepEqual(recognitionProblem('audio-capture'), { kind: 'no-microphone' });
    assert.equal(recognitionProblem('no-speech'), null);
    assert.equal(recognitionProblem('aborted'), null);
    assert.deepEqual(recognitionProblem('network', 'offline'), {
      kind: 'failed',
      reason: 'network: offline',
    });
  });
});
