import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = 'src/server';
const DOOR = join(SERVER, 'workspace-access');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// A read of where someone stands in a workspace, a membership or a portal guest's place: Kysely's
// selectFrom or a join naming the table, or SQL text that does. Writes (insertInto, updateTable,
// deleteFrom) are changes of membership, which the workspaces and clients domains own.
const STANDING_READ = [
  /\b(selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*['"`](memberships|client_guests)\b/,
  /\b(from|join)\s+"?(memberships|client_guests)\b/i,
];

// Taking the workspace lock: the no-op update of the workspace row (a column set to itself), or a row
// lock on it. A real change of the row inside the door's transaction (the next task number) is no lock.
const WORKSPACE_LOCK = [
  /updateTable\(\s*['"`]workspaces['"`]\s*\)\s*\.set\(\s*\(\s*(\w+)\s*\)\s*=>\s*\(\{\s*(\w+):\s*\1\.ref\(\s*['"`]\2['"`]\s*\)/,
  /selectFrom\(\s*['"`]workspaces\b[^;]*?\.forUpdate\(/,
  /\bfrom\s+"?workspaces"?\b[^;]*?\bfor\s+(no\s+key\s+)?update\b/i,
];

function outsideTheDoor(patterns: RegExp[], root = SERVER): string[] {
  return sources(root)
    .filter((path) => !path.startsWith(`${DOOR}/`))
    .filter((path) => patterns.some((pattern) => pattern.test(readFileSync(path, 'utf8'))))
    .map((path) => relative(SERVER, path));
}

// Decision 024: who may act on a workspace, and in which role (owner, member, or a client's guest), is
// decided in one module. Another module that read memberships or guests could decide it again, its own
// way; another that locked the workspace could change it outside the door's re-check under that lock.
// Display lists go through what the door exports.
describe('the workspace door', () => {
  it('is the only server module that reads the memberships and client_guests tables', () => {
    expect(outsideTheDoor(STANDING_READ)).toEqual([]);
  });

  it('is the only server module that takes the workspace lock', () => {
    expect(outsideTheDoor(WORKSPACE_LOCK)).toEqual([]);
  });

  it('recognises each way of reading a role or taking the lock', () => {
    const reads = [
      "db.selectFrom('memberships as m')",
      "k.selectFrom('x').leftJoin('client_guests as g', 'g.contact_id', 'k.id')",
      'sql`select role from memberships where user_id = ${id}`',
    ];
    const locks = [
      "tx.updateTable('workspaces').set((eb) => ({ name: eb.ref('name') }))",
      "tx.selectFrom('workspaces').select('id').where('id', '=', id).forUpdate()",
      'sql`select id from workspaces where id = ${id} for update`',
    ];
    expect(reads.map((text) => STANDING_READ.some((pattern) => pattern.test(text)))).toEqual([true, true, true]);
    expect(locks.map((text) => WORKSPACE_LOCK.some((pattern) => pattern.test(text)))).toEqual([true, true, true]);
    expect(WORKSPACE_LOCK.some((pattern) => pattern.test("tx.updateTable('workspaces').set({ currency })"))).toBe(false);
    const counter = "tx.updateTable('workspaces').set((eb) => ({ last_task_number: eb('last_task_number', '+', 1) }))";
    expect(WORKSPACE_LOCK.some((pattern) => pattern.test(counter))).toBe(false);
  });
});
