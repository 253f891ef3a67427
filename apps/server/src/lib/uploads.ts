import path from 'node:path';
import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export const imageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof imageTypes;

export const documentTypes = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
export type DocumentType = keyof typeof documentTypes;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by the file's first bytes (never its name or declared type), or undefined. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/**
 * The names in a ZIP file's central directory, or undefined when the bytes are not a readable ZIP.
 * The directory sits at the end: its record is found by its signature within the last 64 KB.
 */
export function zipEntryNames(data: Buffer): string[] | undefined {
  const endRecord = 0x06054b50;
  const entryRecord = 0x02014b50;
  if (data.length < 22) return undefined;
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let end = data.length - 22; end >= lowest; end--) {
    if (data.readUInt32LE(end) !== endRecord) continue;
    const entries = data.readUInt16LE(end + 10);
    const size = data.readUInt32LE(end + 12);
    const offset = data.readUInt32LE(end + 16);
    if (offset + size > end) return undefined;
    const names: string[] = [];
    let at = offset;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > offset + size || data.readUInt32LE(at) !== entryRecord) return undefined;
      const nameLength = data.readUInt16LE(at + 28);
      const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
      if (at + 46 + nameLength > offset + size) return undefined;
      names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + skip;
    }
    return names;
  }
  return undefined;
}

/** PDF or Word (DOCX) by the file's bytes: `%PDF-`, or a ZIP whose directory has a DOCX's parts. */
export function sniffDocumentType(data: Buffer): DocumentType | undefined {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(data);
    if (names?.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'))) {
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    }
  }
  return undefined;
}

export const imageTypeOfKey = (key: string): ImageType | undefined =>
  (Object.keys(imageTypes) as ImageType[]).find((type) => key.endsWith(`.${imageTypes[type]}`));

/**
 * A file name safe to show and to offer for download: no folders, control or reserved characters,
 * at most 100 characters, ending in the extension of the type the bytes have.
 */
export function cleanFileName(original: string | undefined, extension: string, fallback = 'file'): string {
  const base = path.posix.basename((original ?? '').replace(/\\/g, '/')).normalize('NFC');
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}\p{Cf}"<>:|?*/\\]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const short = Array.from(stem).slice(0, 100).join('').trim();
  return `${short || fallback}.${extension}`;
}

/** A Content-Disposition value for a download: an ASCII name for old clients, the real one in filename*. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What one file field of a form accepts. */
export interface FileRule {
  maxBytes: number;
  /** The content type the bytes show, or undefined when they are not of an accepted type. */
  sniff(data: Buffer): string | undefined;
  /** Said when the type is wrong: "That file is not …". */
  wrongTypeDetail: string;
  /** Used when the client sent no usable name. */
  fallbackName: string;
  /** "image", "resume": in the messages. */
  noun: string;
}

export const imageRule = (maxBytes: number, noun = 'image'): FileRule => ({
  maxBytes,
  sniff: sniffImageType,
  wrongTypeDetail: 'That file is not a JPEG, PNG or WebP image.',
  fallbackName: noun,
  noun,
});

export const documentRule = (maxBytes: number, noun = 'resume'): FileRule => ({
  maxBytes,
  sniff: sniffDocumentType,
  wrongTypeDetail: 'That file is not a PDF or Word (DOCX) document.',
  fallbackName: noun,
  noun,
});

const extensionOf = (type: string) =>
  (imageTypes as Record<string, string>)[type] ?? (documentTypes as Record<string, string>)[type] ?? 'bin';

export interface FormFile {
  data: Buffer;
  /** Decided from the bytes. */
  contentType: string;
  /** The cleaned original name, with the extension of `contentType`. */
  name: string;
}

export interface MultipartForm {
  /** Text parts by name (parts sent as application/json arrive parsed). */
  fields: Record<string, unknown>;
  files: Record<string, FormFile>;
}

// Errors met half-way through a body end the connection after the answer: the rest of the body is never read.
const midBody = { connection: 'close' };
const badForm = (detail: string, fields?: Record<string, string[]>) =>
  new AppError('validation_error', detail, { headers: midBody, ...(fields ? { fields } : {}) });

/** Reads a file part into memory, refusing it (413) as soon as it passes `rule.maxBytes`: never more is held. */
async function readBounded(stream: Readable & { truncated?: boolean }, rule: FileRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () =>
    new AppError('payload_too_large', `The ${rule.noun} is larger than ${megabytes(rule.maxBytes)}. Choose a smaller one.`, {
      headers: midBody,
    });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rule.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
}

/** The multipart plugin's own errors (limits, broken bodies) as 4xx answers. */
function formError(error: unknown, limits: { maxFields: number; fileFields: string[] }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    const files = limits.fileFields.length ? ` and one file in each of ${limits.fileFields.join(', ')}` : '';
    return badForm(`The form has too many parts. Send at most ${limits.maxFields} text fields${files}.`);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', 'The file is too large.', { headers: midBody });
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badForm('A form field sent as application/json is not valid JSON.');
  if (code === 'FST_PROTO_VIOLATION') return badForm('A form field has a name that is not allowed.');
  const message = error instanceof Error ? error.message : String(error);
  return badForm(`The form data could not be read (${message}).`);
}

/**
 * Reads a whole multipart/form-data body: its text fields, and one file in each field of `rules`,
 * each checked by its bytes (415), its size while it streams (413), and given a cleaned name.
 * A file field sent empty (an unchosen file input) counts as absent. Anything unexpected (a file
 * in another field, a field twice, too many parts, a broken body) is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
  options: { maxFieldBytes: number; maxFields: number },
): Promise<MultipartForm> {
  const fileFields = Object.keys(rules);
  const largest = Math.max(0, ...Object.values(rules).map((r) => r.maxBytes));
  const fields: Record<string, unknown> = {};
  const files: Record<string, FormFile> = {};
  try {
    const parts = request.parts({
      limits: {
        // One byte over the largest allowed file, so a larger file shows as too large rather than cut.
        fileSize: largest + 1,
        // One file more than expected, so a second file in a field is told apart from too many parts.
        files: fileFields.length + 1,
        fields: options.maxFields,
        parts: options.maxFields + fileFields.length + 1,
        fieldSize: options.maxFieldBytes,
      },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw new AppError('payload_too_large', `The field "${name}" is too long.`, { headers: midBody });
        }
        if (Object.hasOwn(fields, name)) throw badForm(`Send the field "${name}" once.`, { [name]: ['Send this field once.'] });
        fields[name] = part.value;
        continue;
      }
      const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
      if (!rule) {
        part.file.resume();
        const expected = fileFields.length ? `Files go in ${fileFields.map((f) => `"${f}"`).join(' or ')}.` : 'No file is expected here.';
        throw badForm(`The form has a file in "${name}". ${expected}`, { [name]: ['No file is expected here.'] });
      }
      if (files[name]) {
        part.file.resume();
        throw badForm(`Send one file in "${name}".`, { [name]: ['Send one file.'] });
      }
      const data = await readBounded(part.file, rule);
      if (data.length === 0) {
        if (!part.filename) continue;
        throw badForm(`The ${rule.noun} file is empty.`, { [name]: ['The file is empty.'] });
      }
      const contentType = rule.sniff(data);
      if (!contentType) throw new AppError('unsupported_media_type', rule.wrongTypeDetail, { headers: midBody });
      files[name] = { data, contentType, name: cleanFileName(part.filename, extensionOf(contentType), rule.fallbackName) };
    }
  } catch (error) {
    throw formError(error, { maxFields: options.maxFields, fileFields });
  }
  return { fields, files };
}

/**
 * Reads the one image file of a multipart request from `field`: JPEG, PNG or WebP by its bytes,
 * at most `maxBytes`. Wrong type answers 415, too large 413, a missing file 400.
 */
export async function readImageUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ data: Buffer; type: ImageType }> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the image as multipart/form-data in the field "${field}".`);
  }
  const { files } = await readMultipartForm(request, { [field]: imageRule(maxBytes) }, { maxFieldBytes: 1000, maxFields: 10 });
  const file = files[field];
  if (!file) {
    throw new AppError('validation_error', `Choose an image file to upload in the field "${field}".`, {
      fields: { [field]: ['Choose an image file.'] },
    });
  }
  return { data: file.data, type: file.contentType as ImageType };
}
