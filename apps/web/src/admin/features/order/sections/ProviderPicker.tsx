import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, type MailProvider } from '@eta/shared';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { ORDER_TEXT, providerLabel } from '../texts.ts';

interface ProviderPickerProps {
  value: MailProvider;
  onChange: (provider: MailProvider) => void;
  disabled?: boolean;
  /** a second picker on the page (the conversation's) needs its own radio group and ids */
  name?: string;
}

/** SPEC §4: the selected provider, which the plain Upload and Resend Mail buttons use. */
export function ProviderPicker({ value, onChange, disabled = false, name = 'mail-provider' }: ProviderPickerProps) {
  return (
    <fieldset className="provider-picker" disabled={disabled}>
      <legend className="form-label fs-6">{ORDER_TEXT.providerLegend}</legend>
      <ToggleButtonGroup
        type="radio"
        name={name}
        value={value}
        onChange={(next: MailProvider) => onChange(next)}
        className="provider-toggle"
      >
        {MAIL_PROVIDERS.map((provider) => (
          <ToggleButton key={provider} id={`${name}-${provider}`} value={provider} variant="outline-primary">
            {providerLabel(provider)}
            {provider === DEFAULT_MAIL_PROVIDER && (
              <span className="provider-default"> {ORDER_TEXT.providerDefault}</span>
            )}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </fieldset>
  );
}
