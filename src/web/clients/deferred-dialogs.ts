import { deferredComponent } from '#src/web/lib/deferred-component.tsx';

// The client pages' dialogs carry the form library and its schemas, which a page's figures and lists do
// not need: each page preloads them once it is idle (usePreloadWhenIdle) and mounts one when first opened.
export const AddClientDialog = deferredComponent(() => import('./add-client-dialog.tsx').then((module) => module.AddClientDialog));
export const CampaignDialog = deferredComponent(() => import('./campaign-dialog.tsx').then((module) => module.CampaignDialog));
