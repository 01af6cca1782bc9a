// What other parts of the admin may use from invoices (docs/architecture/boundaries.md, Boundaries: the web).
export { SendInvoiceButton } from './SendInvoiceButton.tsx';
