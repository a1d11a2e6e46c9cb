import { data } from "react-router";
import { Link } from "~/components/localized";
import { MoreLess } from "~/components/more-less";
import { listCurrentMessages } from "~/domain/content.server";
import { longDate, MESSAGE_BODY_LIMIT } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events";

/** Serves both /events and /news; `?more=<id>` opens one text without JavaScript. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.startsWith("/news") ? "news" : "event";
  const more = Number(url.searchParams.get("more")) || null;
  const items = await listCurrentMessages(dbFrom(context), kind, todayInIndia());
  return data({ kind, more, items }, { headers: publicCacheHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.kind === "news"
    ? pageMeta("News", "News from temples on Sannidhi: festivals, new pujas, prasad and temple works.")
    : pageMeta("Events", "Festivals and events coming up at temples on Sannidhi.");

export default function Events({ loaderData }: Route.ComponentProps) {
  const { kind, more, items } = loaderData;
  const title = kind === "news" ? "News" : "Events";
  const path = kind === "news" ? "/news" : "/events";
  return (
    <section className="page page--narrow" aria-labelledby="messages-title">
      <h1 id="messages-title">{title}</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">No news</p>
          <p>
            {kind === "news" ? "There is no news from the temples just now." : "No events are coming up just now."}{" "}
            <Link to="/temples">Browse temples</Link> while you wait.
          </p>
        </div>
      ) : (
        <ul className="message-list">
          {items.map((item) => (
            <li key={item.id} id={`message-${item.id}`}>
              <article className="message">
                <h2>{item.header}</h2>
                <p className="message__date">
                  {kind === "news" ? longDate(item.startDate) : `${longDate(item.startDate)} – ${longDate(item.endDate)}`}
                </p>
                <MoreLess
                  text={item.body}
                  limit={MESSAGE_BODY_LIMIT}
                  expanded={more === item.id}
                  moreHref={`${path}?more=${item.id}#message-${item.id}`}
                  lessHref={`${path}#message-${item.id}`}
                  subject={item.header}
                />
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
