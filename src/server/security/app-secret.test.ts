import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';

// Codes are keyed with APP_SECRET, kept outside the database; `npm start` still needs no variable.
describe('APP_SECRET', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dataDir = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'tessera-secret-')), 'data');
    dirs.push(join(dir, '..'));
    return dir;
  };

  it('is generated into the data folder on first start, readable by its owner only, and kept on later starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'app-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).appSecret).not.toBe(first);
  });

  it('takes the variable when set, and refuses one too short to be a secret', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, APP_SECRET: 's'.repeat(40) }).appSecret).toBe('s'.repeat(40));
    expect(() => loadConfig({ DATA_DIR: dir, APP_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
});
