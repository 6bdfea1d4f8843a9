import type { Compilable, CompiledQuery } from 'kysely';

// A query built and compiled once at start-up, its parameters filled by name at each run: hot paths
// skip Kysely's per-call building, which costs more than the database work itself.
export interface PreparedQuery<Row, Name extends string> {
  bind: (values: Record<Name, unknown>) => CompiledQuery<Row>;
}

const SLOT = '\u0000slot:';

export function prepareQuery<Row, Name extends string>(build: (slot: (name: Name) => never) => Compilable<Row>): PreparedQuery<Row, Name> {
  const query = build((name) => `${SLOT}${name}` as never).compile();
  const names = query.parameters.map((parameter) =>
    typeof parameter === 'string' && parameter.startsWith(SLOT) ? (parameter.slice(SLOT.length) as Name) : null,
  );
  return {
    bind: (values) => ({
      ...query,
      parameters: query.parameters.map((constant, index) => (names[index] === null ? constant : values[names[index]!])),
    }),
  };
}
