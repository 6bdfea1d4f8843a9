import { ChevronLeft, ChevronRight } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_ROLES, ADMIN_SEARCH_MAX, ADMIN_STATUS_FILTERS, type AdminUser } from '#src/shared/admin/paths.ts';
import { adminUi } from '#src/shared/admin/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Spinner } from '#src/web/ui/spinner.tsx';
import { PersonCell } from '#src/web/ui/data-table.tsx';
import { PanelCard } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { adminApi, adminKeys, type UserQuery } from './admin-api.ts';
import { formatDate } from '#src/web/lib/format-time.ts';

const SEARCH_PAUSE_MS = 250;
const selectClass =
  'block w-full rounded-control border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none';

// spec 2's User Management table over real accounts: search, filters and pages are the server's.
export function UsersPanel({ onOpen }: { onOpen: (user: AdminUser) => void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<UserQuery>({ q: '', role: '', status: '', page: 1 });
  // A search goes out once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((was) => (was.q === typed ? was : { ...was, q: typed, page: 1 })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A new search keeps the last page on show until its answer arrives.
  const users = useQuery({ queryKey: adminKeys.users(query), queryFn: () => adminApi.users(query), placeholderData: keepPreviousData });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <PanelCard
      title={workspaceCopy.userManagement}
      className="min-w-0 lg:col-span-2"
      action={users.isFetching ? <Spinner size="sm" /> : null}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_9rem_9rem]">
        <div>
          <label htmlFor="admin-user-search" className="sr-only">
            {adminUi.searchLabel}
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={typed}
            maxLength={ADMIN_SEARCH_MAX}
            placeholder={adminUi.searchPlaceholder}
            onChange={(event) => setTyped(event.target.value)}
            className={selectClass}
          />
        </div>
        <Filter
          label={adminUi.roleFilter}
          value={query.role}
          options={ADMIN_ROLES.map((role) => [role, adminUi.roleNames[role]!])}
          onChange={(role) => setQuery((was) => ({ ...was, role, page: 1 }))}
        />
        <Filter
          label={adminUi.statusFilter}
          value={query.status}
          options={ADMIN_STATUS_FILTERS.map((status) => [status, adminUi.statusNames[status]!])}
          onChange={(status) => setQuery((was) => ({ ...was, status, page: 1 }))}
        />
      </div>
      {users.isError ? (
        <RetryAlert className="mt-4" retryLabel={adminUi.tryAgain} onRetry={() => void users.refetch()}>
          {problemText(users.error, adminUi.usersFailed)}
        </RetryAlert>
      ) : null}
      <div className="-mx-5 mt-4 overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {Object.values(adminUi.columns).map((header) => (
                <th key={header} scope="col" className="px-5 py-3">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.data?.users.map((user) => (
              <tr key={user.id} className="hover:bg-slate-50">
                <td className="px-5 py-3">
                  <button
                    type="button"
                    className="rounded-sm text-left focus-visible:ring-2 focus-visible:ring-accent-600/40 focus-visible:outline-none"
                    aria-label={adminUi.open(user.name)}
                    onClick={() => onOpen(user)}
                  >
                    <PersonCell name={user.name} email={user.email} />
                  </button>
                </td>
                <td className="px-5 py-3">
                  <StatusBadge value={user.role} />
                </td>
                <td className="px-5 py-3">
                  <StatusBadge value={user.status} />
                </td>
                <td className="px-5 py-3 text-slate-700">{formatDate(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.isSuccess && !users.isPlaceholderData && users.data.users.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600">{adminUi.noUsers}</p>
        ) : null}
        {users.isPending ? <p className="px-5 py-6 text-sm text-slate-600">{adminUi.loading}</p> : null}
      </div>
      {users.data ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-xs text-slate-600" aria-live="polite">
            {adminUi.pageOf(users.data.page, pages, users.data.total)}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={query.page <= 1} onClick={() => setQuery((was) => ({ ...was, page: was.page - 1 }))}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              {adminUi.previous}
            </Button>
            <Button variant="secondary" disabled={query.page >= pages} onClick={() => setQuery((was) => ({ ...was, page: was.page + 1 }))}>
              {adminUi.next}
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : null}
    </PanelCard>
  );
}

function Filter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[value: string, label: string]>;
  onChange: (value: string) => void;
}) {
  const id = `admin-filter-${label.toLowerCase()}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        <option value="">
          {label}: {adminUi.any}
        </option>
        {options.map(([option, name]) => (
          <option key={option} value={option}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
