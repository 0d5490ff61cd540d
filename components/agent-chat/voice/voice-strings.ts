// The sentences of dictation and Read aloud in <agent-chat> (part of its `strings`).

export interface VoiceStrings {
  readonly dictate: string;
  readonly stopDictation: string;
  readonly microphoneLevel: string;
  readonly dictationElapsed: string;
  readonly dictationListening: string;
  readonly dictationTranscribing: string;
  readonly dictationStarted: string;
  readonly dictationStopped: string;
  readonly dictationLimit: string;
  readonly dictationCancelled: string;
  readonly dictationDenied: string;
  readonly dictationNoMicrophone: string;
  readonly dictationInsecure: string;
  readonly dictationUnsupported: string;
  readonly dictationFailed: string;
  readonly dictationTimeout: string;
  readonly dictationRecognitionFailed: string;
  readonly dictationTryAgain: string;
  readonly dictationDismiss: string;
  readonly voiceUnavailable: string;
  readonly readAloud: string;
  readonly stopReading: string;
  readonly readAloudFailed: string;
}

export const VOICE_STRINGS: VoiceStrings = {
  dictate: 'Dictate',
  stopDictation: 'Stop dictation',
  microphoneLevel: 'Microphone level',
  dictationElapsed: 'Recording {time}',
  dictationListening: 'Listening {time}',
  dictationTranscribing: 'Turning the recording into words…',
  dictationStarted: 'Dictation started. Press Escape to cancel.',
  dictationStopped: 'Dictation stopped.',
  dictationLimit: 'Dictation stopped at the {seconds}-second limit.',
  dictationCancelled: 'Dictation cancelled. Nothing was kept.',
  dictationDenied:
    "This page may not use the microphone. To dictate, allow the microphone in the browser's site settings (the icon beside the address), then press Dictate again.",
  dictationNoMicrophone: 'No microphone was found. Connect one, then press Dictate again.',
  dictationInsecure:
    'Dictation needs a secure page: browsers give the microphone only to pages served over HTTPS (or from this computer).',
  dictationUnsupported: 'This browser cannot record audio here.',
  dictationFailed: 'The recording could not be turned into words: {reason}. The recording is kept.',
  dictationTimeout:
    'The recording was not turned into words within {seconds} seconds. The recording is kept.',
  dictationRecognitionFailed: "The browser's speech recognition failed: {reason}.",
  dictationTryAgain: 'Try again',
  dictationDismiss: 'Discard the recording',
  voiceUnavailable: 'Voice is unavailable: could not load {where}.',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  readAloudFailed: 'This answer could not be read aloud: {reason}.',
};
