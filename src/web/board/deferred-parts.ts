import { deferredComponent } from '#src/web/lib/deferred-component.tsx';

// What the board shows only when asked (a task's sheet, the new task and column dialogs) carries the
// form library, the Markdown renderer and the quick-add parser, which the columns and cards do not need:
// the board preloads them once it is idle (usePreloadWhenIdle), and a link that opens a task or the new
// task dialog fetches its part at once.
export const TaskSheet = deferredComponent(() => import('./task-sheet.tsx').then((module) => module.TaskSheet));
export const NewTaskDialog = deferredComponent(() => import('./new-task-dialog.tsx').then((module) => module.NewTaskDialog));
export const ColumnNameDialog = deferredComponent(() => import('./column-name-dialog.tsx').then((module) => module.ColumnNameDialog));

export const LATER = [TaskSheet, NewTaskDialog, ColumnNameDialog];
