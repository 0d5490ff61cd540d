// The voice part (loaded when a Dictate or Read aloud control is first used): a dictation from its press to its
// words (recording for `.transcribe`, or the browser's recognition), and speaking an answer.
export { Dictation, type DictationHost, type DictationView } from './dictation.js';
export { startSpeaking, spokenText, type Speaking } from './speech.js';
