// What other parts of the admin may use from saved views (docs/architecture/boundaries.md, Boundaries: the web).
export { useDeleteViewMutation, useGetViewsQuery } from './api.ts';
export { DeleteViewButton } from './DeleteViewButton.tsx';
export { SaveViewButton } from './SaveViewButton.tsx';
export { SidebarViews } from './SidebarViews.tsx';
