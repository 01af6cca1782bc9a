import { type MentionableMember, mentionCandidates, mentionQueryAt } from '@eta/shared';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useGetMentionableQuery } from './api.ts';
import './notifications.css';

interface Typed {
  start: number;
  end: number;
  query: string;
}

export interface MentionBox {
  /** the textarea's element, for the caret */
  ref(element: HTMLTextAreaElement | null): void;
  /** call after each change and caret move */
  update(element: HTMLTextAreaElement): void;
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
  /**
   * What the textarea carries for the suggestions: it stays a textbox (a textarea may take no other
   * role in ARIA in HTML), whose `aria-autocomplete`, `aria-controls` and `aria-activedescendant`
   * tell a screen reader of the list and the member picked
   */
  inputProps: Record<string, string | boolean | undefined>;
  /** the suggestions, drawn under the textarea */
  list: ReactNode;
}

/**
 * The remark box's @-autocomplete (DESIGN §23): typing `@` and the start of a name offers the active
 * members whose name (or one of its words) starts with it; ↑/↓ choose, Enter or Tab write the whole
 * name, Escape closes. The members are read the first time an `@` is typed.
 */
export function useMentionBox(write: (text: string, caret: number) => void): MentionBox {
  const listId = useId();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [typed, setTyped] = useState<Typed | null>(null);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);
  const members = useGetMentionableQuery(undefined, { skip: !wanted });
  const all: readonly MentionableMember[] = members.error ? [] : (members.data?.data ?? []);
  const shown = typed ? mentionCandidates(typed.query, all) : [];
  const open = typed !== null && shown.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const update = (textarea: HTMLTextAreaElement) => {
    const caret = textarea.selectionStart ?? textarea.value.length;
    const found = mentionQueryAt(textarea.value, caret);
    if (found) setWanted(true);
    setTyped(found ? { start: found.start, end: caret, query: found.query } : null);
    setActive(0);
  };

  const pick = (member: MentionableMember) => {
    const textarea = element.current;
    if (!typed || !textarea) return;
    const value = textarea.value;
    const inserted = `@${member.name} `;
    const text = value.slice(0, typed.start) + inserted + value.slice(typed.end).replace(/^ /, '');
    write(text, typed.start + inserted.length);
    setTyped(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault();
      const member = shown[active];
      if (member) pick(member);
    } else if (event.key === 'Escape') {
      // closes the suggestions only, not what the page does with Escape
      event.preventDefault();
      event.stopPropagation();
      setTyped(null);
    }
  };

  const list = open ? (
    <div className="mention-list list-group" id={listId} role="listbox" aria-label="Members to mention">
      {shown.map((member, i) => (
        <div
          key={member.id}
          id={optionId(i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
          // keeps the focus in the textarea
          onMouseDown={(event) => {
            event.preventDefault();
            pick(member);
          }}
        >
          {member.name}
        </div>
      ))}
    </div>
  ) : null;

  return {
    ref: (el) => {
      element.current = el;
    },
    update,
    onKeyDown,
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
    },
    list,
  };
}
