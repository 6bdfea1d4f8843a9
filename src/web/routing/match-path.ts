// Path patterns of the route table: fixed segments and `:name` segments (`/invitations/:token`), each
// `:name` taking one whole segment of the address, decoded.
export type Params = Readonly<Record<string, string>>;

// '/about/' is '/about'; '/' stays '/'.
export const trimTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

export const hasParams = (pattern: string) => pattern.split('/').some((segment) => segment.startsWith(':'));

// The decoded params when the pathname fits the pattern, else null. A segment that is not valid
// percent-encoding (`%E0%A4%A`) fits nothing, and an empty one fits no `:name`.
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = pattern.split('/');
  const given = trimTrailingSlash(pathname).split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!;
    if (!segment.startsWith(':')) {
      if (segment !== value) return null;
      continue;
    }
    if (value === '') return null;
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

// Finds the row for a pathname: a fixed path before any pattern (`/tasks/new` wins over
// `/tasks/:taskId`), otherwise the first in the table's order.
export function routeMatcher<Row extends { path: string }>(rows: readonly Row[]) {
  const ordered = [...rows.filter((row) => !hasParams(row.path)), ...rows.filter((row) => hasParams(row.path))];
  return (pathname: string): { route: Row; params: Params } | undefined => {
    for (const route of ordered) {
      const params = matchPath(route.path, pathname);
      if (params) return { route, params };
    }
    return undefined;
  };
}
