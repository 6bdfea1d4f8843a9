import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

// Several reads that must agree, as of one moment. PostgreSQL's default (read committed) gives each
// statement a snapshot of its own, so the transaction asks for repeatable read; SQLite reads one
// snapshot within any transaction (ours begin IMMEDIATE, ignoring both settings; see connect.ts), where
// outside one another request's commit could land between two reads on the shared connection.
export function inSnapshot<T>(db: Kysely<Database>, work: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}
