import type { ComponentProps } from 'react';
import Modal from 'react-bootstrap/Modal';

/**
 * SPEC §9: modals default to size xl. Fade (300 ms) and backdrop (150 ms) timings are Bootstrap's
 * own, so react-bootstrap's defaults are kept rather than re-stated.
 */
export function AppModal({ size = 'xl', ...props }: ComponentProps<typeof Modal>) {
  return <Modal size={size} {...props} />;
}
