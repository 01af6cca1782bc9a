import { type ApiEnvelope, PRIVACY_API } from '@eta/shared';
import { toast } from 'react-toastify';
import { requestBlob } from '../../../lib/api.ts';

/** Saves a blob under `name`, as a browser download. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const refused = (reply: Blob | ApiEnvelope): reply is ApiEnvelope => !(reply instanceof Blob);

/** A log as CSV, with the screen's filters: the token goes in the header, so a fetch, not a link. */
export async function downloadCsv(which: 'access' | 'audit', params: Record<string, string | undefined>) {
  const path = which === 'access' ? PRIVACY_API.accessLogCsv.path : PRIVACY_API.auditLogCsv.path;
  const reply = await requestBlob(path, { params });
  if (refused(reply)) return void toast.error(reply.message);
  save(reply, which === 'access' ? 'access-log.csv' : 'audit-log.csv');
}

/** Everything held about a person, as the ZIP the server builds (DESIGN §16). */
export async function downloadSubjectExport(email: string): Promise<boolean> {
  const reply = await requestBlob(PRIVACY_API.subjectExport.path, { method: 'POST', body: { email } });
  if (refused(reply)) {
    toast.error(reply.message);
    return false;
  }
  save(reply, `subject-export-${email.toLowerCase()}.zip`);
  return true;
}
