import {
  TEMPLE_DESCRIPTION_LIMIT,
  TEMPLE_NAME_LIMIT,
  truncate,
} from "~/domain/text";

export interface TempleCardProps {
  name: string;
  imageUrl: string;
  description?: string;
  place: string;
  href: string | null;
  onlineBooking: boolean;
  isAssisted: boolean;
  children?: React.ReactNode;
}

/** The shared temple card: image, cut name (full name in the title), place, badges. */
export function TempleCard(props: TempleCardProps) {
  const name = truncate(props.name, TEMPLE_NAME_LIMIT);
  const heading = props.href ? (
    <a href={props.href} rel="noopener" title={props.name}>
      {name}
    </a>
  ) : (
    <span title={props.name}>{name}</span>
  );
  return (
    <article className={props.isAssisted ? "card temple-card temple-card--assisted" : "card temple-card"}>
      <img src={props.imageUrl} alt="" width="400" height="300" loading="lazy" decoding="async" />
      <div className="card__body">
        <h3 className="card__title">{heading}</h3>
        <p className="card__context">{props.place}</p>
        {props.description ? (
          <p className="card__text">{truncate(props.description, TEMPLE_DESCRIPTION_LIMIT)}</p>
        ) : null}
        <p className="card__badges">
          {props.onlineBooking ? <span className="badge badge--booking">Online booking available</span> : null}
          {props.isAssisted ? <span className="badge badge--assisted">Assisted temple</span> : null}
        </p>
        {props.children}
      </div>
    </article>
  );
}
