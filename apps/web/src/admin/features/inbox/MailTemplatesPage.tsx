import { can, findFolder, type MailTemplateRecord, SCREENS } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/apiError.ts';
import { useAppSelector } from '../../../store/index.ts';
import { useDeleteMailTemplateMutation, useGetMailTemplatesQuery } from './api.ts';
import { TemplateForm } from './TemplateForm.tsx';
import { INBOX_TEXT } from './texts.ts';

/** DESIGN §25: every member reads the templates; templates.manage writes them. */
export function MailTemplatesPage() {
  const role = useAppSelector((state) => state.auth.role);
  const mayWrite = role !== null && can(role, 'templates.manage');
  const templates = useGetMailTemplatesQuery();
  const [remove, removing] = useDeleteMailTemplateMutation();
  // null: no form; 'new': a new template; else the one being edited
  const [editing, setEditing] = useState<MailTemplateRecord | 'new' | null>(null);
  // the template a member asked to delete, asked once more in the product's own dialog
  const [deleting, setDeleting] = useState<MailTemplateRecord | null>(null);

  const deleteAsked = async () => {
    if (!deleting) return;
    try {
      const reply = await remove(deleting.id).unwrap();
      toast.success(reply.message);
    } catch (refusal) {
      toast.error(isApiError(refusal) ? refusal.message : String(refusal));
    }
    setDeleting(null);
  };
  const rows = templates.data?.data ?? [];

  return (
    <>
      <PageHeader title={SCREENS.mailTemplates.title}>
        {mayWrite && editing === null && <Button onClick={() => setEditing('new')}>{INBOX_TEXT.newTemplate}</Button>}
      </PageHeader>
      {!mayWrite && <p className="text-secondary">{INBOX_TEXT.readOnly}</p>}
      {editing !== null && (
        <Card body className="shadow-sm border-0 mb-3">
          <TemplateForm
            key={editing === 'new' ? 'new' : editing.id}
            template={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Card>
      )}
      {templates.isLoading ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="text-secondary">{INBOX_TEXT.noTemplates}</p>
      ) : (
        <Card className="shadow-sm border-0">
          <Table className="mb-0 stack-sm" data-testid="mail-templates">
            <thead>
              <tr>
                <th scope="col">{INBOX_TEXT.name}</th>
                <th scope="col">{INBOX_TEXT.subject}</th>
                <th scope="col">Folders</th>
                {mayWrite && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id}>
                  <td data-label={INBOX_TEXT.name}>{t.name}</td>
                  <td data-label={INBOX_TEXT.subject} className="text-break">
                    {t.subject}
                  </td>
                  <td data-label="Folders">
                    {t.folders.length ? t.folders.map((n) => findFolder(n)?.label ?? n).join(', ') : 'All'}
                  </td>
                  {mayWrite && (
                    <td data-label="Actions" className="text-nowrap">
                      <Button size="sm" variant="outline-primary" onClick={() => setEditing(t)}>
                        {INBOX_TEXT.edit}
                      </Button>{' '}
                      <Button size="sm" variant="outline-danger" onClick={() => setDeleting(t)}>
                        {INBOX_TEXT.delete}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      <ConfirmModal
        show={deleting !== null}
        message={deleting ? INBOX_TEXT.confirmDelete(deleting.name) : ''}
        busy={removing.isLoading}
        onConfirm={() => void deleteAsked()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
