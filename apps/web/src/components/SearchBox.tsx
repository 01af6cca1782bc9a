import { SEARCH_DEBOUNCE_MS } from '@eta/shared';
import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { WEB_TEXT } from '../lib/texts.ts';
import { useDebounced } from '../lib/useDebounced.ts';
import './table.css';

interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  label?: string;
}

/**
 * SPEC §2 search box: the list searches 500 ms after the last keystroke; emptying it restores the
 * list. Typing stays local until then, so a fast typist sends one request, not one per letter.
 */
export function SearchBox({ value, onSearch, placeholder, label }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const sent = useRef(value);

  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);

  // The address can change under us (the sidebar link to this same queue drops the search).
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  return (
    <Form.Control
      type="search"
      className="queue-search"
      placeholder={placeholder ?? WEB_TEXT.searchPlaceholder}
      aria-label={label ?? WEB_TEXT.searchLabel}
      value={text}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
