import { type SubjectExportInput, subjectExportSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { downloadSubjectExport } from './download.ts';

/** A subject access request (DESIGN §16): everything held about an email, as a ZIP to send the person. */
export function SubjectExportModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubjectExportInput>({ resolver: zodResolver(subjectExportSchema), defaultValues: { email: '' } });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async ({ email }) => {
    if (!(await downloadSubjectExport(email))) return;
    toast.success('Export downloaded. It is logged in the access and audit logs.');
    close();
  });
  return (
    <AppModal show={show} onHide={close} centered aria-labelledby="subject-export-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="subject-export-title" className="h5">
            Subject access export
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-secondary">
            A ZIP of every order, mail, download, remark and event held about this email, with the person&apos;s images,
            documents and invoices still kept.
          </p>
          <FormField id="export-email" label="Email address" error={errors.email?.message}>
            <Form.Control id="export-email" type="email" isInvalid={!!errors.email} {...register('email')} />
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            Download ZIP
          </Button>
        </Modal.Footer>
      </Form>
    </AppModal>
  );
}
