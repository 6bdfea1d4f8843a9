import { describe, expect, it } from 'vitest';
import { slackImportError } from '#src/shared/chat/slack-import-messages.ts';
import { writeZip } from '../../../../tests/support/zip-writer.ts';
import { openExportArchive, unsafeEntryName, type ZipLimits } from './zip-archive.ts';

const small: ZipLimits = { maxEntries: 5, maxFileBytes: 1000, maxUnpackedBytes: 2500 };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { statusCode: number; message: string }) => ({ status: error.statusCode, message: error.message }),
  );

describe('the export archive', () => {
  it('reads files within the bounds', async () => {
    const archive = await openExportArchive(
      writeZip([
        { name: 'a/', data: '', stored: true },
        { name: 'a/one.json', data: '[1]' },
      ]),
      small,
    );
    expect(archive.names).toEqual(['a/one.json']);
    expect((await archive.read('a/one.json')).toString()).toBe('[1]');
  });

  it('counts the bytes it unpacks across files, whatever the headers say', async () => {
    const files = ['1', '2', '3'].map((n) => ({ name: `${n}.json`, data: Buffer.alloc(900, 0x20) }));
    const archive = await openExportArchive(writeZip(files), small);
    await archive.read('1.json');
    await archive.read('2.json');
    expect(await refusal(archive.read('3.json'))).toEqual({ status: 413, message: slackImportError.unpackedTooLarge });
    const lying = await openExportArchive(writeZip([{ name: 'x.json', data: Buffer.alloc(5000, 0x20), claimedSize: 10 }]), small);
    expect((await refusal(lying.read('x.json')))?.status).toBeGreaterThanOrEqual(400);
    const big = await openExportArchive(writeZip([{ name: 'x.json', data: Buffer.alloc(1001, 0x20) }]), small);
    expect(await refusal(big.read('x.json'))).toEqual({ status: 413, message: slackImportError.fileTooLarge('x.json') });
  });

  it('refuses too many entries, duplicates, and names that leave the folder', async () => {
    const many = Array.from({ length: 6 }, (_, n) => ({ name: `${n}.json`, data: '[]' }));
    expect(await refusal(openExportArchive(writeZip(many), small))).toEqual({ status: 413, message: slackImportError.tooManyFiles });
    const twice = writeZip([
      { name: 'a.json', data: '[]' },
      { name: 'a.json', data: '[]' },
    ]);
    expect(await refusal(openExportArchive(twice, small))).toEqual({ status: 400, message: slackImportError.duplicate });
    for (const name of ['../x.json', 'a/../../x.json', '/etc/passwd', 'C:/x.json', 'a\\..\\x.json']) {
      expect(unsafeEntryName(name)).toBe(true);
      expect(await refusal(openExportArchive(writeZip([{ name, data: '[]' }]), small))).toEqual({
        status: 400,
        message: slackImportError.unsafePath,
      });
    }
    expect(unsafeEntryName('general/2024-01-01.json')).toBe(false);
    expect(unsafeEntryName('a..b/c.json')).toBe(false);
  });
});
