import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useShortcut } from '../keys/index.ts';

/** The remark box and the eTA file picker, by the ids their forms give them (CommentPanel, UploadDocument). */
const REMARK_ID = 'remark-text';
const FILE_ID = 'upload-file';

/**
 * The order detail from the keyboard (DESIGN §23): `r` the remark box, Ctrl+Enter in it saves the
 * remark, `u` chooses the eTA file, Escape goes back where the member came from (the queue), or to
 * the dashboard when the detail was opened directly. A modal open takes Escape itself.
 */
export function useDetailKeys() {
  const navigate = useNavigate();
  useShortcut('r', () => {
    const box = document.getElementById(REMARK_ID);
    if (!(box instanceof HTMLTextAreaElement) || box.disabled) return false;
    box.focus();
    return true;
  });
  useShortcut('u', () => {
    const picker = document.getElementById(FILE_ID);
    if (!(picker instanceof HTMLInputElement) || picker.disabled) return false;
    picker.click();
    return true;
  });
  useShortcut('Escape', () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/admin');
    return true;
  });
  // Ctrl+Enter is typed in the remark box itself, so it is heard here rather than by the shell's keys
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      const box = event.target;
      if (!(box instanceof HTMLTextAreaElement) || box.id !== REMARK_ID) return;
      event.preventDefault();
      box.form?.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
