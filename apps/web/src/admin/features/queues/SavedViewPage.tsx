import { can, findFolder } from '@eta/shared';
import { useParams } from 'react-router';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useAppSelector } from '../../../store/index.ts';
import { useGetViewsQuery } from '../views/index.ts';
import { QueuePage } from './QueuePage.tsx';

/** A saved view at its own address (DESIGN §23): reopening /admin/views/{id} reopens the view. */
export function SavedViewPage() {
  const { viewId } = useParams();
  const role = useAppSelector((state) => state.auth.role);
  const { data, isLoading, error } = useGetViewsQuery();
  if (isLoading) return <Loading />;
  const view = data?.data?.find((v) => String(v.id) === viewId);
  const folder = view ? findFolder(view.folder) : undefined;
  if (!view || !folder) {
    return (
      <p className="text-danger" role="alert">
        {error ? 'The views could not be loaded.' : 'This view does not exist, or is not shared with you.'}
      </p>
    );
  }
  if (!can(role, folder.capability)) return <Forbidden />;
  // keyed by view, so moving between views mounts a fresh queue as moving between folders does
  return <QueuePage key={`view-${view.id}`} folder={folder} savedView={view} />;
}
