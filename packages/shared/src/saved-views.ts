/**
 * Saved views (DESIGN §23): a folder with filters and a sort, kept under a name. A personal view is
 * seen by its owner; a shared one, made by a member who may share views (`views.share`), by everyone
 * who may open its folder. Each has its own URL and its count in the sidebar.
 */

/** A view's own address under /admin: reopening it reopens the view. */
export const SAVED_VIEW_PATH = 'views';
export const savedViewPath = (id: number): string => `/admin/${SAVED_VIEW_PATH}/${id}`;

/** Personal views a member may keep: each is counted on every sidebar refresh. */
export const SAVED_VIEWS_PER_MEMBER = 20;
/** Shared views in all, for the same reason. */
export const SHARED_VIEWS_MAX = 30;

export const SAVED_VIEW_MSG = {
  listed: 'Views listed.',
  created: 'View saved.',
  updated: 'View updated.',
  deleted: 'View deleted.',
  name: 'Please enter a name for the view.',
  nameTooLong: 'A view name is at most 80 characters.',
  notFound: 'No such view.',
  shareNotAllowed: 'Only Admin and Manager members can share a view.',
  tooMany: `A member keeps at most ${SAVED_VIEWS_PER_MEMBER} views: delete one first.`,
  tooManyShared: `At most ${SHARED_VIEWS_MAX} shared views: delete one first.`,
  id: 'id must be a view id.',
} as const;
