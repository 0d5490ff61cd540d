// A WAV for the browser (the same voice-like sound the fake microphone plays, built here without Node's Buffer).
export function fakeMicrophoneWav(seconds = 1): Uint8Array<ArrayBuffer> {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const ascii = (at: number, text: string) =>
    [...text].forEach((char, index) => view.setUint8(at + index, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let index = 0; index < samples; index += 1) {
    const value = Math.sin((2 * Math.PI * 140 * index) / rate) * 0.2;
    view.setInt16(44 + index * 2, Math.round(value * 32767), true);
  }
  return new Uint8Array(view.buffer);
}
