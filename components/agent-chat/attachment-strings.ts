// The visible sentences of attachments in <agent-chat> (merged into its strings, replaceable the same way).

/** Attachment strings; `{…}` placeholders are filled in. */
export interface AttachmentStrings {
  readonly attachFiles: string;
  readonly attachments: string;
  readonly dropFiles: string;
  readonly removeFile: string;
  readonly refusedType: string;
  readonly refusedSize: string;
  readonly refusedCount: string;
  readonly refusedUnreadable: string;
  readonly dismissRefusals: string;
  readonly uploading: string;
  readonly uploadFailed: string;
  readonly uploadCancelled: string;
  readonly readFailed: string;
  readonly openImage: string;
  readonly closeImage: string;
  readonly attachmentOmitted: string;
  readonly attachmentAtProvider: string;
  readonly attachmentLink: string;
}

export const ATTACHMENT_STRINGS: AttachmentStrings = {
  attachFiles: 'Attach files',
  attachments: 'Attachments',
  dropFiles: 'Drop files to attach',
  removeFile: 'Remove {name}',
  refusedType: '{name} was not attached: {type} is not a type this chat accepts ({accept}).',
  refusedSize: '{name} was not attached: it is {size}, over the limit of {limit} per file.',
  refusedCount: '{name} was not attached: at most {max} files go with one message.',
  refusedUnreadable: '{name} was not attached: the file could not be read.',
  dismissRefusals: 'Dismiss',
  uploading: 'Uploading {percent}%',
  uploadFailed:
    'Not sent: {name} could not be uploaded ({reason}). Your message and files are still here.',
  uploadCancelled: 'Upload stopped: nothing was sent. Your message and files are still here.',
  readFailed: 'Not sent: {name} could not be read. Your message and files are still here.',
  openImage: 'Open {name}',
  closeImage: 'Close',
  attachmentOmitted: '{name} ({size}) was not kept with the saved thread',
  attachmentAtProvider: '{name} (held by the agent’s provider)',
  attachmentLink: '{name} (not loaded: open the link)',
};
