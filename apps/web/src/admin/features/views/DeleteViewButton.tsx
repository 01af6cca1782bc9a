import { findFolder, folderRoute, type SavedView } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteViewMutation } from './api.ts';

/** "Delete view" on a view the member may change (DESIGN §23): asked once, then back to its folder. */
export function DeleteViewButton({ view }: { view: SavedView }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const [remove, { isLoading }] = useDeleteViewMutation();
  if (!view.editable) return null;
  const confirm = async () => {
    const reply = await remove(view.id).unwrap().catch(refused);
    setAsking(false);
    if (!reply) return;
    notify(reply);
    const folder = findFolder(view.folder);
    navigate(folder ? folderRoute(folder.path) : '/admin');
  };
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
        Delete view
      </Button>
      <ConfirmModal
        show={asking}
        message={view.shared ? 'Delete this view for everyone?' : 'Delete this view?'}
        detail={`${view.name}. Its orders stay where they are.`}
        confirmLabel="Delete view"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
