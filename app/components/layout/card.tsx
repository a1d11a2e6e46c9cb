import { Link } from "~/components/layout/localized";
import { truncate } from "~/domain/text";

export interface CardProps {
  title: string;
  /** Cut the title at this many characters; the full title stays in a title attribute. */
  titleLimit?: number;
  href: string | null;
  /** An address outside the portal (a temple's website, the packages site). */
  external?: boolean;
  imageUrl: string;
  imageWidth?: number;
  imageHeight?: number;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /** The page's largest image above the fold (its LCP): loaded first, at high priority. */
  priority?: boolean;
  context?: React.ReactNode;
  children?: React.ReactNode;
  badges?: React.ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}

/**
 * The one card (temples, deities, packages, priests): image, name, a line of context,
 * badges. The whole card is clickable through its title link.
 */
export function Card(props: CardProps) {
  const shown = props.titleLimit ? truncate(props.title, props.titleLimit) : props.title;
  const cut = shown !== props.title;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  const linkProps = { className: "card__link", title: cut ? props.title : undefined };
  const heading = !props.href ? (
    <span title={cut ? props.title : undefined}>{shown}</span>
  ) : props.external ? (
    <a href={props.href} rel="noopener" {...linkProps}>
      {shown}
    </a>
  ) : (
    <Link to={props.href} prefetch="intent" {...linkProps}>
      {shown}
    </Link>
  );
  return (
    <article className={["card", props.href ? "card--link" : null, props.className].filter(Boolean).join(" ")}>
      <img
        src={props.imageUrl}
        alt=""
        width={props.imageWidth ?? 400}
        height={props.imageHeight ?? 300}
        loading={props.eager || props.priority ? "eager" : "lazy"}
        fetchPriority={props.priority ? "high" : undefined}
        decoding="async"
      />
      <div className="card__body">
        <Heading className="card__title">{heading}</Heading>
        {props.context ? <p className="card__context">{props.context}</p> : null}
        {props.children}
        {props.badges ? <p className="card__badges">{props.badges}</p> : null}
      </div>
    </article>
  );
}
