import { can, type ListSortColumn, type SortOrder, savedViewPath } from '@eta/shared';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { fieldErrors } from '../../../lib/api.ts';
import { refusalOf } from '../../../lib/apiError.ts';
import { useAppSelector } from '../../../store/index.ts';
import { useCreateViewMutation } from './api.ts';

interface Props {
  folderName: string;
  filters: Readonly<Record<string, string>>;
  /** the sort to keep with the view; null: the folder's own */
  sort: { column: ListSortColumn; order: SortOrder } | null;
}

/**
 * "Save view" (DESIGN §23): the queue as it stands (folder, filters, sort) under a name, personal,
 * or shared with everyone by a member who may share views; then opens the view at its own address.
 */
export function SaveViewButton({ folderName, filters, sort }: Props) {
  const role = useAppSelector((state) => state.auth.role);
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateViewMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const reply = await create({ name, folder: folderName, filters, sort, shared }).unwrap();
      toast.success(reply.message);
      setShow(false);
      setName('');
      if (reply.data) navigate(savedViewPath(reply.data.id));
    } catch (caught) {
      const refusal = refusalOf(caught);
      setError(fieldErrors(refusal).name ?? refusal.message);
    }
  };

  return (
    <>
      <Button variant="outline-secondary" size="sm" onClick={() => setShow(true)}>
        Save view
      </Button>
      <Modal show={show} onHide={() => setShow(false)} size="sm" aria-labelledby="save-view-title">
        <Form onSubmit={submit} noValidate>
          <Modal.Header closeButton>
            <Modal.Title id="save-view-title">Save view</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group controlId="view-name" className="mb-3">
              <Form.Label>Name</Form.Label>
              <Form.Control
                value={name}
                maxLength={80}
                autoFocus
                isInvalid={error !== null}
                aria-describedby="view-name-error"
                onChange={(e) => setName(e.target.value)}
              />
              <Form.Control.Feedback type="invalid" id="view-name-error">
                {error}
              </Form.Control.Feedback>
            </Form.Group>
            {can(role, 'views.share') && (
              <Form.Check
                id="view-shared"
                label="Share with everyone"
                checked={shared}
                onChange={(e) => setShared(e.target.checked)}
              />
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setShow(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              Save
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
