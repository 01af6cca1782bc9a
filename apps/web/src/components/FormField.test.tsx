import { cleanup, render, screen } from '@testing-library/react';
import Form from 'react-bootstrap/Form';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './FormField.tsx';

afterEach(cleanup);

/** WCAG 1.3.1 and 3.3.1 (DESIGN §24): a field's error is tied to its control, so it is read with it. */
describe('FormField', () => {
  it('ties the error to the control: aria-invalid, and aria-describedby naming the message', () => {
    render(
      <FormField id="remark" label="Remark" error="Please enter your remark">
        <Form.Control id="remark" />
      </FormField>,
    );
    const field = screen.getByLabelText('Remark');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Please enter your remark');
  });

  it('describes the control by its hint while there is no error, and keeps its own description', () => {
    render(
      <FormField id="file" label="Document" hint="PDF at most 10 MB.">
        <Form.Control id="file" type="file" aria-describedby="elsewhere" />
        <datalist id="beside" />
      </FormField>,
    );
    const field = screen.getByLabelText('Document');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBe('elsewhere file-hint');
    expect(document.getElementById('file-hint')?.textContent).toBe('PDF at most 10 MB.');
  });
});
