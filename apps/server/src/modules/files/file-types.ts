import path from 'node:path';
import { fileKinds, formatFileLimit, type DocumentFileType, type FileKind, type ImageFileType } from '@jobportal/shared';
import { AppError } from '../../lib/app-error';

/** A content type the server knows by its bytes. */
export type KnownFileType = ImageFileType | DocumentFileType;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by the file's first bytes (never its name or declared type), or undefined. */
export function sniffImageType(data: Buffer): ImageFileType | undefined {
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
export function sniffDocumentType(data: Buffer): DocumentFileType | undefined {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(data);
    if (names?.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'))) {
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    }
  }
  return undefined;
}

/** The type the bytes show, if it is one this kind accepts (`fileKinds[kind].types`). */
export function sniffFileType(kind: FileKind, data: Buffer): KnownFileType | undefined {
  const type = sniffImageType(data) ?? sniffDocumentType(data);
  return type && Object.hasOwn(fileKinds[kind].types, type) ? type : undefined;
}

/** The file extension this kind stores a type under. */
export const extensionOf = (kind: FileKind, type: KnownFileType): string => (fileKinds[kind].types as Record<string, string>)[type]!;

/** The type a stored key of this kind holds, by its extension (logos have no row that says it). */
export function typeOfKey(kind: FileKind, key: string): KnownFileType | undefined {
  const types = fileKinds[kind].types as Record<KnownFileType, string>;
  return (Object.keys(types) as KnownFileType[]).find((type) => key.endsWith(`.${types[type]}`));
}

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

/** An upload that passed its kind's checks: its type decided from its bytes, its name cleaned. */
export interface CheckedFile {
  kind: FileKind;
  data: Buffer;
  contentType: KnownFileType;
  /** The cleaned original name, with the extension of `contentType`. */
  name: string;
}

// Errors met half-way through a body end the connection after the answer: the rest of the body is never read.
export const midBody = { connection: 'close' };

/** The 413 for a file over its kind's limit, naming the limit. */
export const tooLarge = (kind: FileKind) =>
  new AppError('payload_too_large', `The ${kind} is larger than ${formatFileLimit(fileKinds[kind].maxBytes)}. Choose a smaller one.`, {
    headers: midBody,
  });

/** The 415 for bytes of a type the kind does not accept, naming what it accepts. */
export const wrongType = (kind: FileKind) =>
  new AppError(
    'unsupported_media_type',
    `That file is not ${fileKinds[kind].typesLabel}. A ${kind} is ${fileKinds[kind].typesLabel} of at most ${formatFileLimit(fileKinds[kind].maxBytes)}.`,
    { headers: midBody },
  );

/**
 * Checks a whole (non-empty) file against its kind's rules: its size (413) and its type by its
 * bytes (415), never by its name or declared type; gives it with a cleaned name.
 */
export function checkFile(kind: FileKind, data: Buffer, originalName: string | undefined): CheckedFile {
  if (data.length > fileKinds[kind].maxBytes) throw tooLarge(kind);
  const contentType = sniffFileType(kind, data);
  if (!contentType) throw wrongType(kind);
  return { kind, data, contentType, name: cleanFileName(originalName, extensionOf(kind, contentType), kind) };
}
