import type { ClientProjects } from '#src/web/lib/use-projects.ts';

// The options of a project picker: one group per client, so two clients' "Website" projects are told apart.
export function ProjectOptions({ groups }: { groups: readonly ClientProjects[] }) {
  return groups.map((group) => (
    <optgroup key={group.clientId} label={group.clientName}>
      {group.projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.name}
        </option>
      ))}
    </optgroup>
  ));
}
