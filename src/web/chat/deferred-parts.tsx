import { deferredComponent, withPlaceholder } from '#src/web/lib/deferred-component.tsx';

// The chat's forms carry the form library and its schemas, which the list of messages does not need
// for its first paint. The composer's code is asked for as the page opens (it is wanted at once), the
// dialogs and the edit form's once the page is idle; each mounts when its code is in.
const LoadedComposer = deferredComponent(() => import('./composer.tsx').then((module) => module.Composer));
export const EditMessageForm = deferredComponent(() => import('./edit-message-form.tsx').then((module) => module.EditMessageForm));
export const CreateChannelDialog = deferredComponent(() =>
  import('./create-channel-dialog.tsx').then((module) => module.CreateChannelDialog),
);
export const NewDirectDialog = deferredComponent(() => import('./new-direct-dialog.tsx').then((module) => module.NewDirectDialog));

export const preloadComposer = LoadedComposer.preload;
export const LATER = [EditMessageForm, CreateChannelDialog, NewDirectDialog];

// Until its code is in, the composer's place is kept at its size, so the messages above do not move.
export const Composer = withPlaceholder(
  LoadedComposer,
  <div className="border-t border-slate-200 p-3" aria-hidden="true">
    <div className="h-[3.625rem] rounded-control border border-slate-200 bg-slate-50" />
  </div>,
);
