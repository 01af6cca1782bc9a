import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSingleKeys } from './shortcutPrefs.ts';

/** Account page: single-key shortcuts can be turned off (WCAG 2.1.4), e.g. for speech input. */
export function ShortcutSettings() {
  const [on, setOn] = useSingleKeys();
  return (
    <Card className="shadow-sm border-0 mb-3">
      <Card.Body>
        <h2 className="h5">Keyboard shortcuts</h2>
        <p className="text-secondary small">
          Keys such as <kbd>/</kbd>, <kbd>j</kbd> and <kbd>k</kbd> act at once when you are not typing in a field. Turn
          them off if you use speech input or press keys by accident; <kbd>Ctrl</kbd> + <kbd>K</kbd> still finds an
          order. Press <kbd>?</kbd> to see them all. This setting is kept in this browser.
        </p>
        <Form.Check
          type="switch"
          id="single-key-shortcuts"
          label="Single-key shortcuts"
          checked={on}
          onChange={(event) => setOn(event.currentTarget.checked)}
        />
      </Card.Body>
    </Card>
  );
}
