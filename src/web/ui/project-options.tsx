import { useState } from 'react';
import type { ClientProjects } from '#src/web/lib/use-projects.ts';

// A closed select still styles and measures every option it holds: the calendar's filter of 5,000
// projects kept the page busy 200–250 ms after its paint (script, style and layout in Chromium's trace),
// so a click away waited for it. A long list's select holds its chosen option only until it is first
// focused or pressed; both come before the list opens or a key moves through it. Such a select takes
// ON_DEMAND_WIDTH rather than its longest option's, so it keeps its size when the list arrives.
export const ON_DEMAND_WIDTH = 'w-48';

// `offers(value)`: whether the select holds that option now; `chosen` is the select's value.
export function useOptionsOnDemand(chosen: string) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return { offers: (value: string) => wanted || value === chosen, selectProps: { onFocus: want, onPointerDown: want } };
}

// The options of a project picker: one group per client, so two clients' "Website" projects are told
// apart; only the projects `offers` names, and the groups that hold one.
export function ProjectOptions({ groups, offers }: { groups: readonly ClientProjects[]; offers: (projectId: string) => boolean }) {
  const shown = groups.flatMap((group) => {
    const offered = group.projects.filter((project) => offers(project.id));
    return offered.length > 0 ? [{ ...group, projects: offered }] : [];
  });
  return shown.map((group) => (
    <optgroup key={group.clientId} label={group.clientName}>
      {group.projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.name}
        </option>
      ))}
    </optgroup>
  ));
}
