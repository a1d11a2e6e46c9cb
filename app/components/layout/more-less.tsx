import { useEffect, useId, useState } from "react";
import { m } from "~/paraglide/messages";
import { isTruncated, truncate } from "~/domain/text";
import { pagePath } from "~/lib/i18n";

interface MoreLessProps {
  text: string;
  limit: number;
  /** Open when the page was asked for with this text expanded (the no-JavaScript path). */
  expanded: boolean;
  /** Addresses (as written in English: the page's language is kept) that show the text open / cut without JavaScript. */
  moreHref: string;
  lessHref: string;
  /** Names what the toggle opens, for screen readers ("More about …"). */
  subject: string;
}

/**
 * Long text cut at `limit` characters with a More/Less toggle. Without JavaScript the
 * toggle is a link to the page with the text open; with it, a button that toggles in
 * place.
 */
export function MoreLess({ text, limit, expanded, moreHref, lessHref, subject }: MoreLessProps) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(expanded);
  const textId = useId();
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOpen(expanded), [expanded]);

  if (!isTruncated(text, limit)) return <p className="message__body">{text}</p>;
  const label = (
    <>
      {open ? m.temples_less() : m.temples_more()}
      <span className="visually-hidden"> {m.temples_more_about({ subject })}</span>
    </>
  );
  return (
    <>
      <p id={textId} className="message__body">
        {open ? text : truncate(text, limit)}
      </p>
      {hydrated ? (
        <button type="button" className="link-button" aria-expanded={open} aria-controls={textId} onClick={() => setOpen(!open)}>
          {label}
        </button>
      ) : (
        <a className="link-button" href={pagePath(open ? lessHref : moreHref)}>
          {label}
        </a>
      )}
    </>
  );
}
