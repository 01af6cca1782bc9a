import { FOLDERS, type MailTemplateRecord } from '@eta/shared';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../../lib/apiError.ts';
import { useCreateMailTemplateMutation, useUpdateMailTemplateMutation } from './api.ts';
import { INBOX_TEXT } from './texts.ts';

/** The folders a template can be offered in: the real ones, not My Orders or Overdue (views over them). */
const OFFERABLE = FOLDERS.filter((f) => !f.mine && !f.overdue && f.statuses !== null);

/** Create or edit a template; the server checks the variables and answers with the field at fault. */
export function TemplateForm({ template, onDone }: { template: MailTemplateRecord | null; onDone: () => void }) {
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [folders, setFolders] = useState<string[]>(template?.folders ?? []);
  const [publicNote, setPublicNote] = useState(template?.public_note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateMailTemplateMutation();
  const [update, updated] = useUpdateMailTemplateMutation();
  const busy = created.isLoading || updated.isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = { name, subject, body, folders, publicNote: publicNote.trim() || null };
    try {
      await (template ? update({ id: template.id, body: input }) : create(input)).unwrap();
      onDone();
    } catch (refusal) {
      if (!isApiError(refusal)) return setError(String(refusal));
      const fields = (refusal.data as { errors?: Record<string, string> } | undefined)?.errors;
      setError(fields ? Object.values(fields).join(' ') : refusal.message);
    }
  };

  return (
    <Form onSubmit={submit} className="template-form" aria-label={template ? INBOX_TEXT.edit : INBOX_TEXT.newTemplate}>
      <fieldset disabled={busy}>
        <Form.Group className="mb-2" controlId="template-name">
          <Form.Label>{INBOX_TEXT.name}</Form.Label>
          <Form.Control value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-2" controlId="template-subject">
          <Form.Label>{INBOX_TEXT.subject}</Form.Label>
          <Form.Control value={subject} maxLength={300} onChange={(e) => setSubject(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-2" controlId="template-body">
          <Form.Label>{INBOX_TEXT.body}</Form.Label>
          <Form.Control as="textarea" rows={6} value={body} onChange={(e) => setBody(e.target.value)} />
          <Form.Text>{INBOX_TEXT.variablesHint}</Form.Text>
        </Form.Group>
        <fieldset className="mb-2">
          <legend className="form-label fs-6">{INBOX_TEXT.folders}</legend>
          {OFFERABLE.map((f) => (
            <Form.Check
              key={f.name}
              inline
              id={`template-folder-${f.name}`}
              label={f.label}
              checked={folders.includes(f.name)}
              onChange={(e) =>
                setFolders(e.target.checked ? [...folders, f.name] : folders.filter((n) => n !== f.name))
              }
            />
          ))}
        </fieldset>
        <Form.Group className="mb-2" controlId="template-note">
          <Form.Label>{INBOX_TEXT.publicNote}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            value={publicNote}
            onChange={(e) => setPublicNote(e.target.value)}
          />
        </Form.Group>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit">{INBOX_TEXT.save}</Button>{' '}
        <Button variant="outline-secondary" onClick={onDone}>
          {INBOX_TEXT.cancel}
        </Button>
      </fieldset>
    </Form>
  );
}
