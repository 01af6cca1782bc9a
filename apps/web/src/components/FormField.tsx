import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** the group's own class (its place in a grid) */
  className?: string;
  children: ReactNode;
}

interface DescribedProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** The ids of a field's error and hint, for fields that are not a FormField's only child. */
export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;

/**
 * Label bound with htmlFor (so tests and screen readers find fields by name) and the SPEC §5 error
 * in red under the field. The error and hint are tied to the control (WCAG 1.3.1, 3.3.1): a single
 * child control gets `aria-describedby` and `aria-invalid` here, so no form has to remember them.
 */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const describedBy = error ? fieldErrorId(id) : hint ? fieldHintId(id) : undefined;
  const describe = (control: ReactElement<DescribedProps>) =>
    cloneElement(control, {
      'aria-describedby': [control.props['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined,
      'aria-invalid': error ? true : undefined,
    });
  // The control is the child carrying the field's id (a datalist may sit beside it), or the only child.
  const single = Children.count(children) === 1;
  const control = Children.map(children, (child) =>
    isValidElement<DescribedProps>(child) && (single || child.props.id === id) ? describe(child) : child,
  );
  return (
    <Form.Group className={className ? `mb-3 ${className}` : 'mb-3'}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {control}
      {hint && !error && (
        <Form.Text muted id={fieldHintId(id)}>
          {hint}
        </Form.Text>
      )}
      {error && (
        <div className="invalid-feedback d-block" id={fieldErrorId(id)}>
          {error}
        </div>
      )}
    </Form.Group>
  );
}
