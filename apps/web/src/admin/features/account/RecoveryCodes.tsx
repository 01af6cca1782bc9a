import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/**
 * The ten recovery codes, shown this once (DESIGN §17: the server keeps only their hashes): copy,
 * download as a text file, and close only once the member says they are kept.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  const text = [
    `eTA Desk recovery codes for ${email}`,
    'Each works once, in place of a code from the app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'eta-desk-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert variant="success">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: they are shown only now.
      </Alert>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          Download
        </Button>
      </div>
      <Form.Check
        id="codes-kept"
        label="I have saved my recovery codes"
        checked={kept}
        onChange={(event) => setKept(event.target.checked)}
        className="mb-2"
      />
      <Button variant="primary" disabled={!kept} onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
