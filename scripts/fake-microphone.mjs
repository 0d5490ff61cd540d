// The voice tests' microphone: a WAV written from code (16-bit PCM, mono, 48 kHz) that Chromium's fake capture device
// plays in a loop (--use-file-for-fake-audio-capture). A voice-like sound: a 140 Hz buzz with its harmonics, its
// loudness rising and falling four times a second like syllables, so the level meter has something to show.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const RATE = 48_000;

/** The WAV's bytes: `seconds` of the voice-like sound. */
export function fakeMicrophoneWav(seconds = 2) {
  const samples = Math.round(RATE * seconds);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16); // fmt chunk size
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(RATE, 24);
  bytes.writeUInt32LE(RATE * 2, 28); // byte rate
  bytes.writeUInt16LE(2, 32); // block align
  bytes.writeUInt16LE(16, 34); // bits per sample
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    const time = index / RATE;
    const syllables = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * time);
    let value = 0;
    for (let harmonic = 1; harmonic <= 6; harmonic += 1) {
      value += Math.sin(2 * Math.PI * 140 * harmonic * time) / harmonic;
    }
    bytes.writeInt16LE(Math.round(value * syllables * 0.35 * 32767 * 0.4), 44 + index * 2);
  }
  return bytes;
}

/** Writes the WAV to `path` (its folder made first) and returns the path. */
export function writeFakeMicrophone(path) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, fakeMicrophoneWav());
  return path;
}
