import {
  ADMIN_ROUTE,
  encodeOrderRef,
  FIND_LIMIT_DEFAULT,
  FIND_QUERY_MAX,
  FIND_QUERY_MIN,
  type FindItem,
  statusLabel,
} from '@eta/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../../lib/useDebounced.ts';
import { useShortcut } from '../keys/index.ts';
import { useFindOrdersQuery } from './api.ts';
import './find.css';

/** Shorter than the queues' 500 ms (SPEC §9 is theirs): a caller waits on the line. */
const DEBOUNCE_MS = 250;

/**
 * Find anything (DESIGN §23) in the top bar: focused by `/` or Ctrl+K, matches in a list box under
 * it (the ARIA combobox pattern: arrows move, Enter opens, Escape closes). Enter with one match
 * opens it, even when pressed before the answer came.
 */
export function FindBox() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [enterWaiting, setEnterWaiting] = useState(false);
  const q = text.trim();
  const settled = useDebounced(q, DEBOUNCE_MS);
  const asked = settled.length >= FIND_QUERY_MIN;
  const found = useFindOrdersQuery({ q: settled, limit: FIND_LIMIT_DEFAULT }, { skip: !asked });
  const current = asked && settled === q && !found.isFetching && !found.error ? found.data : undefined;
  const items = current?.data ?? [];

  const focusBox = () => {
    input.current?.focus();
    input.current?.select();
  };
  useShortcut('/', focusBox);
  useShortcut('mod+k', focusBox);

  const openOrder = useCallback(
    (item: FindItem) => {
      setOpen(false);
      setText('');
      setEnterWaiting(false);
      input.current?.blur();
      void navigate(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(item.order_id)}`);
    },
    [navigate],
  );

  // Enter pressed while the matches were on their way: one match opens when it comes
  useEffect(() => {
    if (!enterWaiting || !current) return;
    setEnterWaiting(false);
    const [only, another] = current.data ?? [];
    if (only && !another) openOrder(only);
  }, [enterWaiting, current, openOrder]);

  // new matches: nothing chosen among them yet
  useEffect(() => {
    void current;
    setActive(-1);
  }, [current]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = items[active] ?? (items.length === 1 ? items[0] : undefined);
      if (chosen) openOrder(chosen);
      else if (q.length >= FIND_QUERY_MIN && !current) setEnterWaiting(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && text) setOpen(false);
      else {
        setText('');
        input.current?.blur();
      }
    }
  };

  const showList = open && q.length > 0;
  // a list box with no option is not one (ARIA): it is there only while it holds matches
  const showOptions = showList && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;
  let status: string;
  if (q.length < FIND_QUERY_MIN) status = `Type at least ${FIND_QUERY_MIN} characters.`;
  else if (found.error && settled === q) status = 'The search could not be made. Try again.';
  else if (!current) status = 'Searching…';
  else if (items.length === 0) status = 'No orders found.';
  else
    status =
      (current.total ?? 0) > items.length ? `${items.length} of ${current.total} orders` : `${items.length} found`;

  return (
    <search className="find-box" aria-label="Find an order">
      <input
        ref={input}
        type="search"
        className="form-control form-control-sm find-input"
        placeholder="Find an order (/)"
        aria-label="Find an order by id, name, email, phone or payment reference"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showOptions}
        aria-controls={showOptions ? listId : undefined}
        aria-activedescendant={showOptions && active >= 0 ? optionId(active) : undefined}
        maxLength={FIND_QUERY_MAX}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setEnterWaiting(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className={`find-results${showList ? ' show' : ''}`}>
        <div className="find-status small text-secondary" aria-live="polite">
          {showList ? status : ''}
        </div>
        {showOptions && (
          <div id={listId} role="listbox" aria-label="Orders found" className="find-list">
            {items.map((item, i) => (
              <div
                key={item.order_id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`find-option${i === active ? ' active' : ''}`}
                // mousedown, not click: the box's blur would close the list before a click lands
                onMouseDown={(event) => {
                  event.preventDefault();
                  openOrder(item);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="find-option-id">{item.order_id}</span>
                <span className="badge find-status-label">{statusLabel(item.process_status)}</span>
                <span className="find-option-name">{item.full_name || '-'}</span>
                <span className="find-option-contact">
                  {[item.contact_email_address, item.phone_number].filter(Boolean).join(' · ')}
                </span>
                {item.assign_to && <span className="find-option-holder">Held by {item.assign_to}</span>}
              </div>
            ))}
          </div>
        )}
      </div>
    </search>
  );
}
