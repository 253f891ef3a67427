/**
 * What may be uploaded, in one place: the server enforces it (by the file's bytes), the web checks
 * it first so a person hears at once. Plain constants, no zod: the web's first load may import it.
 */
export const imageFileTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageFileType = keyof typeof imageFileTypes;

export const documentFileTypes = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
export type DocumentFileType = keyof typeof documentFileTypes;

const megabyte = 1024 * 1024;

/** Each kind of upload: its size limit, accepted types (content type → file extension) and how to name them to a person. */
export const fileKinds = {
  resume: { maxBytes: 5 * megabyte, types: documentFileTypes, typesLabel: 'a PDF or Word (DOCX) document', folder: 'resumes' },
  photo: { maxBytes: 2 * megabyte, types: imageFileTypes, typesLabel: 'a JPEG, PNG or WebP image', folder: 'photos' },
  logo: { maxBytes: 2 * megabyte, types: imageFileTypes, typesLabel: 'a JPEG, PNG or WebP image', folder: 'logos' },
} as const;
export type FileKind = keyof typeof fileKinds;

/** "5 MB", "2 MB": a limit as people read it. */
export const formatFileLimit = (bytes: number) => `${Math.round(bytes / megabyte)} MB`;
