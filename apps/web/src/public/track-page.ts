import { decodeOrderRef, MSG, PUBLIC_ROUTE, PUBLIC_TRACK_TITLE } from '@eta/shared';
import { trackOrder } from './api.ts';
import type { Chrome } from './chrome.ts';
import { h } from './dom.ts';
import { saveAccess } from './session.ts';
import { TEXT } from './texts.ts';
import { clearToasts, showToast } from './toast.ts';

function field(id: string, label: string, input: HTMLInputElement) {
  const error = h('div', { class: 'pub-field-error', id: `${id}-error` });
  input.id = id;
  input.setAttribute('aria-describedby', error.id);
  return { error, el: h('div', { class: 'pub-field' }, h('label', { for: id }, label), input, error) };
}

function setError(input: HTMLInputElement, error: HTMLElement, message: string) {
  error.textContent = message;
  input.classList.toggle('pub-invalid', message !== '');
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
}

/**
 * /track-order/{ref} (SPEC §2, §5, §8): Order ID (pre-filled from the path) and Email ID, SPEC's
 * messages under the fields, TRACK ORDER; status 1 resets the form, toasts and opens the details page.
 */
export function renderTrackPage(chrome: Chrome, ref: string, navigate: (path: string) => void): void {
  document.title = PUBLIC_TRACK_TITLE;
  const orderInput = h('input', {
    name: 'orderId',
    type: 'text',
    autocomplete: 'off',
    // Order ids match exactly (eTA-… is not ETA-…): a phone keyboard must not capitalise or correct them.
    autocapitalize: 'off',
    autocorrect: 'off',
    spellcheck: 'false',
    placeholder: TEXT.orderIdPlaceholder,
  });
  orderInput.value = decodeOrderRef(ref) ?? '';
  const emailInput = h('input', {
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    placeholder: TEXT.emailPlaceholder,
  });
  const orderField = field('orderId', TEXT.orderIdLabel, orderInput);
  const emailField = field('email', TEXT.emailLabel, emailInput);
  const submit = h('button', { type: 'submit', class: 'pub-button' }, TEXT.trackButton);
  const form = h('form', { class: 'pub-form', novalidate: true }, orderField.el, emailField.el, submit);
  const contact = h('a', { href: chrome.contactUrl(), 'data-contact': 'true' }, TEXT.contactSupport);

  const validate = (): boolean => {
    const orderId = orderInput.value.trim() ? '' : MSG.trackOrderIdRequired;
    const email = emailInput.value.trim() ? '' : MSG.trackEmailRequired;
    setError(orderInput, orderField.error, orderId);
    setError(emailInput, emailField.error, email);
    return !orderId && !email;
  };
  let submitted = false;
  for (const input of [orderInput, emailInput]) input.addEventListener('input', () => submitted && validate());

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submitted = true;
    if (!validate()) return (orderInput.value.trim() ? emailInput : orderInput).focus();
    submit.disabled = true;
    submit.textContent = TEXT.tracking;
    const orderId = orderInput.value.trim();
    const reply = await trackOrder(orderId, emailInput.value.trim());
    submit.disabled = false;
    submit.textContent = TEXT.trackButton;
    if (reply.status === 1 && reply.data) {
      form.reset();
      submitted = false;
      clearToasts(); // the failed tries' messages stay behind
      showToast('success', reply.message);
      saveAccess(decodeOrderRef(reply.data.orderRef) ?? orderId, reply.data.accessToken);
      navigate(`${PUBLIC_ROUTE.getNewOrderDetails}/${reply.data.orderRef}`);
    } else {
      showToast('error', reply.message);
    }
  });

  chrome.main.replaceChildren(
    h(
      'section',
      { class: 'pub-card pub-card-narrow', 'aria-labelledby': 'track-title' },
      h('h1', { id: 'track-title' }, PUBLIC_TRACK_TITLE),
      h('p', { class: 'pub-lead' }, TEXT.trackIntro),
      form,
      h('p', { class: 'pub-help' }, `${TEXT.needHelp} `, contact),
    ),
  );
  // On a phone the keyboard would cover the page at once: focus only on wider screens.
  if (window.matchMedia('(min-width: 768px)').matches) (orderInput.value ? emailInput : orderInput).focus();
}
