// Recording for `.transcribe`: the microphone through MediaRecorder into memory (never saved), its level for the
// meter, and the browser's refusals told apart (denied, no microphone, insecure page).
import { DictationError, reasonOf } from './types.js';

/** The container types tried in order; Chromium and Firefox record WebM/Opus, Safari MP4. */
const PREFERRED_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
];

export interface RecordingOptions {
  /** Called about once a frame with the input's level, from 0 (silence) to 1. */
  onLevel(level: number): void;
}

/** A recording under way. */
export interface Recording {
  /** Ends it: the audio as one Blob whose `type` is the recorder's MIME type. */
  stop(): Promise<Blob>;
  /** Ends it and drops what was recorded. */
  cancel(): void;
}

/** The first container type this browser records, or '' (the recorder then picks its own). */
export function recordingType(): string {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return '';
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** The problem behind a getUserMedia rejection. */
export function microphoneError(error: unknown): DictationError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return new DictationError({ kind: 'denied' });
  }
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError'
  ) {
    return new DictationError({ kind: 'no-microphone' });
  }
  return new DictationError({ kind: 'failed', reason: reasonOf(error) });
}

/** Asks for the microphone (an insecure page has none to ask for) and starts recording. */
export async function startRecording(options: RecordingOptions): Promise<Recording> {
  if (!globalThis.isSecureContext) throw new DictationError({ kind: 'insecure' });
  const devices = globalThis.navigator?.mediaDevices;
  if (typeof devices?.getUserMedia !== 'function' || typeof MediaRecorder === 'undefined') {
    throw new DictationError({ kind: 'unsupported' });
  }
  let stream: MediaStream;
  try {
    stream = await devices.getUserMedia({ audio: true });
  } catch (error) {
    throw microphoneError(error);
  }
  let recorder: MediaRecorder;
  try {
    const type = recordingType();
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
    recorder.start(250);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw new DictationError({ kind: 'failed', reason: reasonOf(error) });
  }
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const stopLevel = followLevel(stream, options.onLevel);
  const release = () => {
    stopLevel();
    for (const track of stream.getTracks()) track.stop();
  };
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        const done = () => {
          release();
          // The recorder's own type (with its codec) is what the hook is told and what the Blob says.
          resolve(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' }));
        };
        if (recorder.state === 'inactive') {
          done();
          return;
        }
        recorder.addEventListener('stop', done, { once: true });
        recorder.stop();
      }),
    cancel: () => {
      if (recorder.state !== 'inactive') recorder.stop();
      chunks.length = 0;
      release();
    },
  };
}

/**
 * The microphone's level alone, for the meter while the browser's engine listens (it records nothing): resolves with
 * the function that ends it, or rejects when the microphone is not given (then there is simply no meter).
 */
export async function followMicrophone(onLevel: (level: number) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const stop = followLevel(stream, onLevel);
  return () => {
    stop();
    for (const track of stream.getTracks()) track.stop();
  };
}

/** Reads the stream's level once a frame (RMS of the waveform) until the returned function is called. */
function followLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  if (typeof AudioContext === 'undefined') return () => undefined;
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch {
    return () => undefined;
  }
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let frame = 0;
  const read = () => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    // RMS of speech sits around 0.05–0.3: scaled so ordinary speech fills most of the meter.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    frame = requestAnimationFrame(read);
  };
  frame = requestAnimationFrame(read);
  return () => {
    cancelAnimationFrame(frame);
    void context.close().catch(() => undefined);
  };
}
