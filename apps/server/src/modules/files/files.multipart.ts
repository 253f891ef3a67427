import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileKinds, type FileKind } from '@jobportal/shared';
import { AppError } from '../../lib/app-error';
import { checkFile, midBody, tooLarge, type CheckedFile } from './file-types';

export interface MultipartForm {
  /** Text parts by name (parts sent as application/json arrive parsed). */
  fields: Record<string, unknown>;
  files: Record<string, CheckedFile>;
}

const badForm = (detail: string, fields?: Record<string, string[]>) =>
  new AppError('validation_error', detail, { headers: midBody, ...(fields ? { fields } : {}) });

/** Reads a file part into memory, refusing it (413) as soon as it passes its kind's limit: never more is held. */
async function readBounded(stream: Readable & { truncated?: boolean }, kind: FileKind): Promise<Buffer> {
  const { maxBytes } = fileKinds[kind];
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(kind);
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge(kind);
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
 * Reads a whole multipart/form-data body: its text fields, and one file in each field of `kinds`,
 * each checked against its kind's rules in `fileKinds` (by its bytes, 415; its size while it
 * streams, 413) and given a cleaned name. A file field sent empty (an unchosen file input) counts
 * as absent. Anything unexpected (a file in another field, a field twice, too many parts, a
 * broken body) is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  kinds: Record<string, FileKind>,
  options: { maxFieldBytes: number; maxFields: number },
): Promise<MultipartForm> {
  const fileFields = Object.keys(kinds);
  const largest = Math.max(0, ...Object.values(kinds).map((kind) => fileKinds[kind].maxBytes));
  const fields: Record<string, unknown> = {};
  const files: Record<string, CheckedFile> = {};
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
      const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined;
      if (!kind) {
        part.file.resume();
        const expected = fileFields.length ? `Files go in ${fileFields.map((f) => `"${f}"`).join(' or ')}.` : 'No file is expected here.';
        throw badForm(`The form has a file in "${name}". ${expected}`, { [name]: ['No file is expected here.'] });
      }
      if (files[name]) {
        part.file.resume();
        throw badForm(`Send one file in "${name}".`, { [name]: ['Send one file.'] });
      }
      const data = await readBounded(part.file, kind);
      if (data.length === 0) {
        if (!part.filename) continue;
        throw badForm(`The ${kind} file is empty.`, { [name]: ['The file is empty.'] });
      }
      files[name] = checkFile(kind, data, part.filename);
    }
  } catch (error) {
    throw formError(error, { maxFields: options.maxFields, fileFields });
  }
  return { fields, files };
}

/**
 * Reads the one file of a multipart request from `field`, checked as a `kind`. Not multipart is
 * 415, a wrong type 415, too large 413, a missing file 400.
 */
export async function readSingleUpload(request: FastifyRequest, field: string, kind: FileKind): Promise<CheckedFile> {
  const { typesLabel } = fileKinds[kind];
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the ${kind} as multipart/form-data in the field "${field}".`);
  }
  const { files } = await readMultipartForm(request, { [field]: kind }, { maxFieldBytes: 1000, maxFields: 10 });
  const file = files[field];
  if (!file) {
    throw new AppError('validation_error', `Choose ${typesLabel} to upload in the field "${field}".`, {
      fields: { [field]: [`Choose ${typesLabel}.`] },
    });
  }
  return file;
}
