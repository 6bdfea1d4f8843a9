import { Plus, Search } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { TASK_PRIORITIES, TASK_SEARCH_MAX } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { cn } from '#src/web/ui/cn.ts';
import { ON_DEMAND_WIDTH, ProjectOptions, useOptionsOnDemand } from '#src/web/ui/project-options.tsx';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';
import { FILTER_NAMES, isFiltering, NOBODY, readFilters, withFilter, type FilterName } from './board-filters.ts';
import type { LiveStatus } from './use-board.ts';

function FilterSelect({
  label,
  value,
  onChange,
  children,
  selectProps,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  selectProps?: ComponentProps<'select'>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={cn(controlClass, selectProps?.className)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

// Product rules TB2: filter by assignee, label, priority, project and client, search by title; all of it in the address.
export function BoardToolbar({
  members,
  labels,
  projects,
  live,
  onNewTask,
}: {
  members: WorkspaceMember[];
  labels: string[];
  projects: readonly ClientProjects[];
  live: LiveStatus;
  onNewTask: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const searchId = useId();
  const set = (name: FilterName, value: string, replace = false) => setParams(withFilter(params, name, value), { replace });
  const projectChoices = useOptionsOnDemand(filters.project);
  const clientChoices = useOptionsOnDemand(filters.client);

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label={boardUi.filters}>
      <div className="flex min-w-48 flex-1 flex-col gap-1 sm:max-w-xs">
        <label htmlFor={searchId} className="text-xs font-medium text-slate-600">
          {boardUi.search}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            maxLength={TASK_SEARCH_MAX}
            placeholder={boardUi.searchPlaceholder}
            className={`${controlClass} w-full pl-8`}
            value={params.get('q') ?? ''}
            // Typing replaces the address rather than stacking one history entry per letter.
            onChange={(event) => set('q', event.target.value, true)}
          />
        </div>
      </div>
      <FilterSelect label={boardUi.assigneeFilter} value={filters.assignee} onChange={(value) => set('assignee', value)}>
        <option value="">{boardUi.anyone}</option>
        <option value={NOBODY}>{boardUi.unassigned}</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={boardUi.labelFilter} value={filters.label} onChange={(value) => set('label', value)}>
        <option value="">{boardUi.anyLabel}</option>
        {labels.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={boardUi.priorityFilter} value={filters.priority} onChange={(value) => set('priority', value)}>
        <option value="">{boardUi.anyPriority}</option>
        {TASK_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {boardUi.priorityNames[priority]}
          </option>
        ))}
      </FilterSelect>
      {projects.length > 0 || filters.project || filters.client ? (
        <>
          <FilterSelect
            label={boardUi.projectFilter}
            value={filters.project}
            onChange={(value) => set('project', value)}
            selectProps={{ ...projectChoices.selectProps, className: ON_DEMAND_WIDTH }}
          >
            <option value="">{boardUi.anyProject}</option>
            <ProjectOptions groups={projects} offers={projectChoices.offers} />
          </FilterSelect>
          <FilterSelect
            label={boardUi.clientFilter}
            value={filters.client}
            onChange={(value) => set('client', value)}
            selectProps={{ ...clientChoices.selectProps, className: ON_DEMAND_WIDTH }}
          >
            <option value="">{boardUi.anyClient}</option>
            {projects
              .filter((group) => clientChoices.offers(group.clientId))
              .map((group) => (
                <option key={group.clientId} value={group.clientId}>
                  {group.clientName}
                </option>
              ))}
          </FilterSelect>
        </>
      ) : null}
      {isFiltering(filters) ? (
        <Button
          variant="ghost"
          onClick={() => {
            const next = new URLSearchParams(params);
            for (const name of FILTER_NAMES) next.delete(name);
            setParams(next);
          }}
        >
          {boardUi.clearFilters}
        </Button>
      ) : null}
      <div className="ml-auto flex items-center gap-3">
        <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600" data-testid="live-status">
          <span className={`size-2 rounded-full ${live === 'live' ? 'bg-green-600' : 'bg-amber-500'}`} aria-hidden="true" />
          {boardUi.liveStatus[live]}
        </span>
        <Button onClick={onNewTask}>
          <Plus className="size-4" aria-hidden="true" />
          {boardUi.newTask}
        </Button>
      </div>
    </div>
  );
}
