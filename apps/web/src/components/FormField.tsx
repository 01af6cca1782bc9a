import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/**
 * Label bound with htmlFor (so tests and screen readers find fields by name) and the
 * SPEC §5 error in red under the field. The control itself carries `isInvalid`.
 */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {children}
      {hint && !error && <Form.Text muted>{hint}</Form.Text>}
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </Form.Group>
  );
}
