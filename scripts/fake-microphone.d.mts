// Types of fake-microphone.mjs (the voice tests' WAV, written from code).
export declare function fakeMicrophoneWav(seconds?: number): Buffer;
export declare function writeFakeMicrophone(path: string): string;
