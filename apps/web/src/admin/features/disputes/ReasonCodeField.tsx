import { findReasonCode, REASON_CODES } from '@eta/shared';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField.tsx';
import { DISPUTE_TEXT, NETWORK_LABEL } from './texts.ts';

const LIST_ID = 'reason-code-list';

/** "Visa · Other fraud: card-absent environment": how a code is offered and, once typed, confirmed. */
const describe = (entry: (typeof REASON_CODES)[number]) => `${NETWORK_LABEL[entry.network]} · ${entry.label}`;

interface ReasonCodeFieldProps {
  id: string;
  /** what is typed now, to name the code it matches */
  value: string;
  error: string | undefined;
  /** react-hook-form's register() for the field */
  input: UseFormRegisterReturn;
}

/**
 * The reason code (DESIGN §14): a text box with the networks' common codes offered as a list, since
 * processors also send codes of their own ("fraudulent") that must stay typeable. A known code is
 * named under the box, so a member sees at once which network's reason they picked.
 */
export function ReasonCodeField({ id, value, error, input }: ReasonCodeFieldProps) {
  const entry = findReasonCode(value);
  return (
    <FormField
      id={id}
      label={DISPUTE_TEXT.reasonCode}
      error={error}
      hint={entry ? describe(entry) : DISPUTE_TEXT.reasonHint}
    >
      <Form.Control id={id} list={LIST_ID} autoComplete="off" isInvalid={Boolean(error)} {...input} />
      <datalist id={LIST_ID}>
        {REASON_CODES.map((code) => (
          <option key={`${code.network}-${code.code}`} value={code.code}>
            {describe(code)}
          </option>
        ))}
      </datalist>
    </FormField>
  );
}
