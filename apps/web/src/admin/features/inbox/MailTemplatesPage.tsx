import { can, findFolder, type MailTemplateRecord, SCREENS } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useAppSelector } from '../../../store/index.ts';
import { useDeleteMailTemplateMutation, useGetMailTemplatesQuery } from './api.ts';
import { TemplateForm } from './TemplateForm.tsx';
import { INBOX_TEXT } from './texts.ts';

/** DESIGN §25: every member reads the templates; templates.manage writes them. */
export function MailTemplatesPage() {
  const role = useAppSelector((state) => state.auth.role);
  const mayWrite = role !== null && can(role, 'templates.manage');
  const templates = useGetMailTemplatesQuery();
  const [remove] = useDeleteMailTemplateMutation();
  // null: no form; 'new': a new template; else the one being edited
  const [editing, setEditing] = useState<MailTemplateRecord | 'new' | null>(null);

  const confirmDelete = (t: MailTemplateRecord) => {
    if (window.confirm(INBOX_TEXT.confirmDelete(t.name))) void remove(t.id);
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
                      <Button size="sm" variant="outline-danger" onClick={() => confirmDelete(t)}>
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
    </>
  );
}
