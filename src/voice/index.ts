// The voice part (loaded when a Dictate or Read aloud control is first used): recording, the browser's recognition,
// sending a recording to `.transcribe`, and speaking an answer.
export { startRecording, recordingType, type Recording } from './recorder.js';
export { startRecognition, type Recognition } from './recognition.js';
export { transcribeRecording } from './transcription.js';
export { problemOf } from './types.js';
export { startSpeaking, spokenText, voiceFor, type Speaking } from './speech.js';
