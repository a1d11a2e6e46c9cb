import type { Policy } from "~/domain/content/policy-links";

/** A policy's sections as headings, paragraphs and lists. */
export function PolicyText({ policy, headingLevel = 3 }: { policy: Policy; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="policy-text">
      {policy.updated ? <p className="policy-text__updated">{policy.updated}</p> : null}
      {policy.sections.map((section, index) => (
        <section key={index}>
          {section.heading ? <Heading>{section.heading}</Heading> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items?.length ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
