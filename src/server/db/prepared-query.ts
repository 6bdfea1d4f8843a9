import type { Compilable, CompiledQuery } from 'kysely';

// A query built and compiled once at start-up, its parameters filled by name at each run: hot paths
// skip Kysely's per-call building, which costs more than the database work itself.
export interface PreparedQuery<Row, Params> {
  bind: (values: Params) => CompiledQuery<Row>;
}

// A named placeholder typed by what it stands for, so Kysely checks it against the column it meets.
export type Slot<Params> = <Name extends keyof Params & string>(name: Name) => Params[Name];

const SLOT = '\u0000slot:';

// The callback names its parameters' types (`(slot: Slot<{ id: string }>) => …`); bind then takes
// exactly those. A placeholder Kysely did not pass on as a parameter (inlined into the SQL, or glued
// into a longer value) would run as text, so it fails here, at start-up, rather than at the database.
export function prepareQuery<Row, Params>(build: (slot: Slot<Params>) => Compilable<Row>): PreparedQuery<Row, Params> {
  const query = build(((name: string) => `${SLOT}${name}`) as Slot<Params>).compile();
  if (query.sql.includes(SLOT)) throw new Error(`A prepared query placeholder leaked into its SQL: ${JSON.stringify(query.sql)}`);
  const names = query.parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.includes(SLOT)) return null;
    if (!parameter.startsWith(SLOT) || parameter.indexOf(SLOT, 1) !== -1) {
      throw new Error(`A prepared query placeholder was joined into a larger value: ${JSON.stringify(parameter)}`);
    }
    return parameter.slice(SLOT.length) as keyof Params;
  });
  return {
    bind: (values) =>
      ({
        ...query,
        parameters: query.parameters.map((constant, index) => {
          const name = names[index];
          if (name === null || name === undefined) return constant;
          const value = values[name];
          // An absent value would reach the database as NULL and quietly match nothing.
          if (value === undefined) throw new Error(`The prepared query parameter "${String(name)}" was given no value.`);
          return value;
        }),
      }) as CompiledQuery<Row>,
  };
}
