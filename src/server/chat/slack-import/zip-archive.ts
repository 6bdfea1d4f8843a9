import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { slackImportError } from '#src/shared/chat/slack-import-messages.ts';
import {
  SLACK_EXPORT_MAX_ENTRIES,
  SLACK_EXPORT_MAX_FILE_BYTES,
  SLACK_EXPORT_MAX_UNPACKED_BYTES,
} from '#src/shared/chat/slack-import-paths.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { lazy } from '#src/server/lazy.ts';

export interface ZipLimits {
  maxEntries: number;
  maxFileBytes: number;
  maxUnpackedBytes: number;
}

export const EXPORT_LIMITS: ZipLimits = {
  maxEntries: SLACK_EXPORT_MAX_ENTRIES,
  maxFileBytes: SLACK_EXPORT_MAX_FILE_BYTES,
  maxUnpackedBytes: SLACK_EXPORT_MAX_UNPACKED_BYTES,
};

// A local file header, or the end record of an empty archive: what every zip starts with.
const ZIP_MAGIC = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('PK\u0005\u0006', 'latin1')];

// A name that could land outside the folder it was unpacked in: absolute (either slash, a drive letter),
// a `..` segment, a backslash (a separator on Windows), a NUL. Nothing is ever written to disk here, but a
// name like that is no Slack export's, so the whole archive is refused.
export function unsafeEntryName(name: string): boolean {
  return (
    name.length === 0 ||
    name.length > 512 ||
    name.includes('\\') ||
    name.includes('\u0000') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

const refusal = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error;
  const message = error instanceof Error ? error.message : '';
  // yauzl's own name checks, which run before an entry reaches us.
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message))
    return new HttpError(400, slackImportError.unsafePath);
  return new HttpError(400, slackImportError.damaged);
};

export interface ExportArchive {
  // The files of the archive (folders left out), in the archive's order.
  names: string[];
  has(name: string): boolean;
  // A file's bytes, read and counted as they unpack: past the per-file or the archive's total bound the
  // stream is destroyed and the archive refused, whatever its headers claimed.
  read(name: string): Promise<Buffer>;
}

function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let seen = 0;
    zip.on('error', (error: unknown) => reject(refusal(error)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      seen += 1;
      if (seen > limits.maxEntries) return reject(new HttpError(413, slackImportError.tooManyFiles));
      if (unsafeEntryName(entry.fileName)) return reject(new HttpError(400, slackImportError.unsafePath));
      if (entry.isEncrypted()) return reject(new HttpError(400, slackImportError.damaged));
      if (!entry.fileName.endsWith('/')) {
        if (entries.has(entry.fileName)) return reject(new HttpError(400, slackImportError.duplicate));
        entries.set(entry.fileName, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

async function readCounted(stream: Readable, name: string, limits: ZipLimits, total: { bytes: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      total.bytes += chunk.length;
      if (bytes > limits.maxFileBytes) throw new HttpError(413, slackImportError.fileTooLarge(name));
      if (total.bytes > limits.maxUnpackedBytes) throw new HttpError(413, slackImportError.unpackedTooLarge);
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    throw refusal(error);
  }
  return Buffer.concat(chunks, bytes);
}

// The zip reader loads with the first upload or import run.
const zipReader = lazy(() => import('yauzl'));

// Opens an uploaded export in memory, checked as a zip before anything is unpacked: the magic bytes, then
// the central directory (entry count, names, encryption). Entries are unpacked one at a time, on demand.
export async function openExportArchive(buffer: Buffer, limits: ZipLimits = EXPORT_LIMITS): Promise<ExportArchive> {
  if (!ZIP_MAGIC.some((magic) => buffer.subarray(0, 4).equals(magic))) throw new HttpError(400, slackImportError.notZip);
  const { default: yauzl } = await zipReader();
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw refusal(error);
  }
  if (zip.entryCount > limits.maxEntries) throw new HttpError(413, slackImportError.tooManyFiles);
  const entries = await listEntries(zip, limits);
  const total = { bytes: 0 };
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    async read(name) {
      const entry = entries.get(name);
      if (!entry) throw new HttpError(400, slackImportError.notSlackExport);
      // The header's size may lie; a file claiming more than a file may hold is refused unread.
      if (entry.uncompressedSize > limits.maxFileBytes) throw new HttpError(413, slackImportError.fileTooLarge(name));
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw refusal(error);
      }
      return readCounted(stream, name, limits, total);
    },
  };
}
