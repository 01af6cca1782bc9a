import type { DefenceLetter } from '@eta/shared';

/** The defence letter (SPEC §1) as the PDF prints it: the same object, laid out as a letter. */
export function LetterView({ letter }: { letter: DefenceLetter }) {
  const [name, ...from] = letter.from;
  const [signer, ...signature] = letter.signature;
  return (
    <article className="defence-letter" data-testid="defence-letter" aria-label="Defence letter">
      <header className="defence-letterhead">
        <div>
          <div className="defence-business">{name}</div>
          <div className="defence-muted">{from.join(' · ')}</div>
        </div>
        <div className="defence-date">{letter.date}</div>
      </header>
      <address className="mb-3">
        {letter.to.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      <h3 className="defence-subject">{letter.subject}</h3>
      <dl className="defence-reference">
        {letter.reference.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <p>{letter.salutation}</p>
      {letter.sections.map((section, i) => (
        <section key={section.heading ?? i}>
          {section.heading && <h4 className="defence-heading">{section.heading}</h4>}
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <h4 className="defence-heading">Enclosures</h4>
      <ol className="defence-enclosures">
        {letter.enclosures.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
      <p className="mb-4">{letter.closing}</p>
      <div className="fw-semibold">{signer}</div>
      {signature.map((line) => (
        <div key={line} className="defence-muted">
          {line}
        </div>
      ))}
    </article>
  );
}
