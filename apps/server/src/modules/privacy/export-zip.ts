import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import { exportKinds, findExportFiles, readPage, type ExportFile, type ExportKind } from './export-data.repository';

const pageSize = 500;

/** A kind's rows as JSON text, read and written a page at a time. */
async function* jsonOf(db: Db, kind: ExportKind, userId: number): AsyncGenerator<string> {
  if (kind.shape === 'object') {
    const [row] = await readPage(db, kind, userId, 0, 1);
    yield `${JSON.stringify(row ?? null, null, 2)}\n`;
    return;
  }
  let after = 0;
  let first = true;
  yield '[';
  for (;;) {
    const rows = await readPage(db, kind, userId, after, pageSize);
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
    if (rows.length < pageSize) break;
    after = Number(rows[rows.length - 1]!.id);
  }
  yield first ? ']\n' : '\n]\n';
}

/** A name for a file in the zip: its id keeps two "resume.pdf" apart; nothing of a path survives. */
export const zipPathOf = (file: Pick<ExportFile, 'id' | 'name'>) => {
  const safe = [...file.name].map((c) => (c < ' ' || '/\\:*?"<>|'.includes(c) ? '_' : c)).join('');
  return `files/${file.id ? `${file.id}-` : ''}${safe.slice(0, 120) || 'file'}`;
};

function readmeOf(name: string, productName: string, madeAt: Date, files: ExportFile[]): string {
  const lines = [
    `Your data on ${productName}`,
    '',
    `Made for ${name} on ${madeAt.toISOString()}. Everything ${productName} holds about you, as of that moment.`,
    'Each JSON file holds one kind of data; times are in UTC (ISO 8601). An empty list means there was nothing of that kind.',
    '',
    ...exportKinds.map((k) => `${k.file.padEnd(20)} ${k.holds}`),
    `${'files.json'.padEnd(20)} The list of the files below: their names, kinds and when you uploaded them.`,
    `${'files/'.padEnd(20)} The files themselves (${files.length}): your photo, your resumes (also those sent with applications), your company's logo.`,
    '',
    'Nothing in this zip is about another person beyond a name: the other side of a conversation or an interview is named only.',
    `Your data is kept as described on ${productName}'s privacy page (#/privacy).`,
    '',
  ];
  return lines.join('\n');
}

export interface ExportZipInput {
  db: Db;
  userId: number;
  fullName: string;
  productName: string;
  openStored(key: string): Promise<Readable | undefined>;
  now?: Date;
}

/**
 * The zip of a person's data as a stream: a README, one JSON file per kind of data, files.json and
 * the files. Entries are produced one after another as the zip is read (yazl's lazy streams), so
 * neither the data nor the files are ever held whole; JSON is deflated, the files (already packed:
 * PDF, DOCX, images) are stored as they are.
 */
export async function exportZipStream(input: ExportZipInput): Promise<Readable> {
  const { db, userId } = input;
  const madeAt = input.now ?? new Date();
  const files = await findExportFiles(db, userId);
  const zip = new ZipFile();
  const options = { mtime: madeAt };
  zip.addBuffer(Buffer.from(readmeOf(input.fullName, input.productName, madeAt, files)), 'README.txt', options);
  for (const kind of exportKinds) {
    zip.addReadStreamLazy(kind.file, options, (done) => done(null, Readable.from(jsonOf(db, kind, userId))));
  }
  const fileList = files.map((f) => ({
    name: f.name,
    what: f.what,
    content_type: f.contentType,
    size_bytes: f.sizeBytes,
    uploaded_at: f.uploadedAt,
    path: zipPathOf(f),
  }));
  zip.addBuffer(Buffer.from(`${JSON.stringify(fileList, null, 2)}\n`), 'files.json', options);
  for (const file of files) {
    zip.addReadStreamLazy(zipPathOf(file), { ...options, compress: false }, (done) => {
      input.openStored(file.storageKey).then(
        // A file whose bytes went missing is an empty entry, not a failed export.
        (stream) => done(null, stream ?? Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return output;
}
